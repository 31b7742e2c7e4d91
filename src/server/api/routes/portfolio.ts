/**
 * Portfolio Tracker (spec §2, §3, §7): GET /api/portfolio/:address, GET /api/wallet-stats/:address
 * and GET /api/demo-wallet (the scenario's demo wallet in local mode; in Base mode the wallet
 * passed as `demoWallet`, else 404).
 */
import type { FastifyInstance } from 'fastify';
import { parseAddress } from '../../../shared/address';
import type { DemoWallet, Portfolio, WalletStats } from '../../../shared/portfolio';
import type { ScenarioManifest } from '../../../shared/scenario';
import { NotFoundError } from '../../errors';
import { gatherPortfolio, gatherWalletStats } from '../../portfolio/gather';
import type { AppContext } from '../context';
import { addressParam } from '../params';

export type PortfolioRouteOptions = {
  /** The local scenario (its demo wallet); undefined in Base mode. */
  manifest?: Pick<ScenarioManifest, 'wallets'> | undefined;
  /** Base mode's demo wallet (e.g. from a DEMO_WALLET setting). */
  demoWallet?: string | undefined;
};

export function registerPortfolioRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: PortfolioRouteOptions = {},
): void {
  app.get<{ Params: { address: string } }>(
    '/api/portfolio/:address',
    async (req): Promise<Portfolio> => gatherPortfolio(ctx, addressParam(req.params.address)),
  );

  app.get<{ Params: { address: string } }>(
    '/api/wallet-stats/:address',
    async (req): Promise<WalletStats> => gatherWalletStats(ctx, addressParam(req.params.address)),
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
