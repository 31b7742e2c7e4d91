/**
 * Portfolio Tracker (spec §2, §3, §7): GET /api/portfolio/:address, GET /api/wallet-stats/:address
 * and GET /api/demo-wallet (the scenario's demo wallet in local mode; in Base mode the wallet
 * passed as `demoWallet`, else 404).
 */
import type { FastifyInstance } from 'fastify';
import { parseAddress } from '../../../shared/address';
import type { DemoWallet, Portfolio, WalletStats } from '../../../shared/portfolio';
import type { ScenarioManifest } from '../../../shared/scenario';
import { createSerialiseMemo } from '../../engine/serialised';
import { NotFoundError } from '../../errors';
import { createRefreshedResults } from '../../jobs/refreshed-results';
import { gatherPortfolio, gatherWalletStats } from '../../portfolio/gather';
import type { AppContext } from '../context';
import { addressParam } from '../params';
import { sendSerialised } from '../send-serialised';

export type PortfolioRouteOptions = {
  /** The local scenario (its demo wallet); undefined in Base mode. */
  manifest?: Pick<ScenarioManifest, 'wallets'> | undefined;
  /** Base mode's demo wallet (e.g. from a DEMO_WALLET setting). */
  demoWallet?: string | undefined;
  /** Keep the demo wallet's figures fresh in the background (the running app). */
  background?: boolean;
};

/** A wallet's figures younger than this are served as is; older ones while they are recomputed. */
const FRESH_MS = 15_000;
const STALE_MS = 5 * 60_000;
const MAX_WALLETS = 200;

export function registerPortfolioRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: PortfolioRouteOptions = {},
): void {
  const demo = (): string | undefined =>
    (ctx.network.mode === 'local' ? opts.manifest?.wallets.demo?.toLowerCase() : undefined) ??
    parseAddress(opts.demoWallet) ??
    undefined;
  const background = opts.background
    ? { keys: () => [demo()].filter((w): w is string => !!w), intervalMs: FRESH_MS }
    : undefined;
  // Both figures per wallet follow the same freshness rules and the same background wallets.
  const perWallet = <T>(name: string, compute: (wallet: `0x${string}`) => Promise<T>) =>
    createRefreshedResults<T>({
      name,
      freshMs: FRESH_MS,
      staleMs: STALE_MS,
      maxEntries: MAX_WALLETS,
      log: ctx.log,
      background,
      shared: ctx.sharedResults,
      compute: (wallet) => compute(wallet as `0x${string}`),
    });
  const portfolios = perWallet<Portfolio>('portfolio', (wallet) => gatherPortfolio(ctx, wallet));
  const walletStats = perWallet<WalletStats>('wallet stats', (wallet) => gatherWalletStats(ctx, wallet));
  // Background work starts once the server listens: start-up itself is not slowed by it.
  app.addHook('onListen', async () => {
    portfolios.start();
    walletStats.start();
  });
  app.addHook('onClose', async () => {
    await portfolios.stop();
    await walletStats.stop();
  });

  const memo = createSerialiseMemo();
  app.get<{ Params: { address: string } }>('/api/portfolio/:address', async (req, reply) =>
    sendSerialised(req, reply, memo.of(await portfolios.get(addressParam(req.params.address)))),
  );

  app.get<{ Params: { address: string } }>('/api/wallet-stats/:address', async (req, reply) =>
    sendSerialised(req, reply, memo.of(await walletStats.get(addressParam(req.params.address)))),
  );

  app.get('/api/demo-wallet', async (): Promise<DemoWallet> => {
    const local = ctx.network.mode === 'local' ? opts.manifest?.wallets.demo : undefined;
    if (local) return { address: local.toLowerCase(), source: 'the local scenario’s demo wallet' };
    const configured = parseAddress(opts.demoWallet);
    if (configured) return { address: configured, source: 'the configured DEMO_WALLET' };
    throw new NotFoundError(
      ctx.network.mode === 'base'
        ? 'No demo wallet is configured for Base mode (set DEMO_WALLET).'
        : 'The local scenario has no demo wallet.',
    );
  });
}
