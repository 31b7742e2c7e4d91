/** The HTTP app: JSON API under /api and the built web app with a single-page fallback. */
import fs from 'node:fs';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { ScenarioManifest } from '../../shared/scenario';
import { createBadgeService } from '../badge/service';
import { createChainLiveness } from '../chain/liveness';
import { createProviderCheck, type ProviderCheck } from '../chain/provider-check';
import { createLeasedSlots, createSharedBuckets } from '../db/cold-limits';
import { type EventLoopMonitor, startEventLoopMonitor } from '../event-loop';
import { installChainGuard } from './chain-guard';
import { type ColdGuard, coldGuard, createColdGate } from './cold-gate';
import type { AppContext } from './context';
import { registerApiDocs } from './docs';
import { installErrorHandling } from './error-handler';
import { registerOpenApiRoutes } from './openapi';
import { registerAirdropRoutes } from './routes/airdrops';
import { registerBadgeRoutes } from './routes/badge';
import { registerCandleRoutes } from './routes/candles';
import { registerContractRoutes } from './routes/contracts';
import { registerGamingRoutes } from './routes/gaming';
import { registerLocalFaucetRoutes } from './routes/local-faucet';
import { registerPortfolioRoutes } from './routes/portfolio';
import { registerPumpRoutes } from './routes/pump';
import { registerSearchRoutes } from './routes/search';
import { registerSecurityRoutes } from './routes/security';
import { registerSystemRoutes } from './routes/system';
import { registerTokenRoutes } from './routes/tokens';
import { registerTradingCallsRoutes } from './routes/trading-calls';
import { registerTradingJournalRoutes } from './routes/trading-journal';
import { registerWalletAuthRoutes } from './routes/wallet-auth';
import { registerWatchlistRoutes } from './routes/watchlist';
import { registerYieldRoutes } from './routes/yield';
import { installSecurityHeaders } from './security-headers';
import { clockedWriteLimitStore } from './write-limit-store';

export type CreateAppOptions = AppContext & {
  /** Directory of the built web app (dist/web); omitted in API-only tests. */
  webDir?: string;
  /** The local scenario (staking/lending contracts, demo wallet); absent in Base mode. */
  localChain?:
    | {
        manifest: ScenarioManifest;
        /** The embedded chain's process: health answers 503 the moment it is known down. */
        anvil?: { status(): 'up' | 'down' | 'stopped' };
      }
    | undefined;
  /** Bearer token that protects airdrop catalogue writes; writes are refused without it. */
  airdropAdminToken?: string | undefined;
  /** The configured community links (config.community), served at /api/site. */
  community?: { telegram: string | null; x: string | null };
  /**
   * Recompute yield, pump and the demo wallet's portfolio in the background (the running app), so
   * no request waits for them; tests leave it off and compute on first request.
   */
  backgroundRefresh?: boolean;
  /** Event-loop delay reported on /api/health (one is started with the app when omitted). */
  eventLoop?: EventLoopMonitor;
  /** The provider's head age, chain id and eth_simulateV1 for /api/health (made here when omitted). */
  providerCheck?: ProviderCheck;
  /** The webhook delivery job, woken when a test event is queued (omitted: the next poll sends it). */
  webhooks?: { wake(): void } | undefined;
  /**
   * Limits on cold analyses (COLD_RATE_PER_MIN, COLD_CONCURRENCY). The app (main.ts) always passes
   * the configured ones; omitted, there are none — for tests and benches that are not about them
   * and analyse many tokens from one address.
   */
  coldLimits?: {
    ratePerMinute: number;
    concurrency: number;
    /** COLD_QUEUE_MAX and COLD_QUEUE_WAIT_MS: the fair line's size and a request's wait in it. */
    maxQueued?: number;
    waitMs?: number;
    /**
     * Several processes on one Postgres: both limits kept in the database for all of them
     * (db/cold-limits.ts). `leaseMs`: how long a dead process's slot stays taken.
     */
    shared?: { leaseMs: number; holder: string };
  };
  /** TRUST_PROXY: whose X-Forwarded-* headers give the client's address, scheme and host. */
  trustProxy?: boolean | number | string[];
  /**
   * The clock the per-client write limit's one-minute windows run on (Date.now when omitted):
   * tests move it instead of racing a real minute.
   */
  writeLimitClock?: () => number;
};

const routeLists = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

/** Every route the app registered (method, URL pattern): the contract test compares them to the document. */
export function registeredRoutes(app: FastifyInstance): { method: string; url: string }[] {
  return routeLists.get(app) ?? [];
}

/** Fastify's trustProxy: a hop count becomes "trust the nearest N hops" (its types take no number). */
function trustProxyOption(
  t: boolean | number | string[] | undefined,
): boolean | string[] | ((a: string, hop: number) => boolean) {
  if (typeof t === 'number') return (_address, hop) => hop < t;
  return t ?? false;
}

export async function createApp(opts: CreateAppOptions): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: opts.log.child({ component: 'http' }) as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 256 * 1024,
    // Hostile or huge path parameters get a 414 instead of reaching route code.
    routerOptions: { maxParamLength: 200 },
    // Off unless configured: behind a TLS proxy the scheme (Secure cookies, the sign-in message)
    // and the client IP (rate limits) come from X-Forwarded-*, which only a trusted proxy may set.
    trustProxy: trustProxyOption(opts.trustProxy),
    // Plugins load in milliseconds, but a start on a loaded 2-core machine can stall them for more
    // than Fastify's default 10 s; failing the start for that helps nobody.
    pluginTimeout: 60_000,
  });
  const routes: { method: string; url: string }[] = [];
  routeLists.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routes.push({ method: String(method), url: r.url });
  });
  installErrorHandling(app);
  installSecurityHeaders(app);
  // Writes opt in per route (`config: { rateLimit: {...} }`); reads stay unlimited.
  await app.register(fastifyRateLimit, {
    global: false,
    store: clockedWriteLimitStore(opts.writeLimitClock),
  });

  // Chain amounts are bigint; JSON has no bigint, so they travel as decimal strings.
  app.setReplySerializer((payload) =>
    JSON.stringify(payload, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)),
  );

  const ctx: AppContext = {
    database: opts.database,
    chain: opts.chain,
    network: opts.network,
    engine: opts.engine,
    log: opts.log,
    sharedResults: opts.sharedResults,
  };
  const anvil = opts.localChain?.anvil;
  const liveness = createChainLiveness(ctx.chain, {
    processUp: anvil ? () => anvil.status() === 'up' : undefined,
  });
  installChainGuard(app, liveness);
  const eventLoop = opts.eventLoop ?? startEventLoopMonitor();
  if (!opts.eventLoop) app.addHook('onClose', async () => eventLoop.stop());
  const provider =
    opts.providerCheck ?? ctx.engine.provider ?? createProviderCheck(ctx.chain.public, ctx.network.mode);
  registerSystemRoutes(app, ctx, { eventLoop, liveness, provider, community: opts.community });
  const limits = opts.coldLimits;
  const sharedLimits = limits?.shared;
  const cold: ColdGuard = limits
    ? coldGuard(
        ctx.engine,
        createColdGate({
          ...limits,
          shared: sharedLimits
            ? {
                slots: createLeasedSlots({
                  db: ctx.database.db,
                  cap: limits.concurrency,
                  leaseMs: sharedLimits.leaseMs,
                  holder: sharedLimits.holder,
                }),
                buckets: createSharedBuckets({ db: ctx.database.db, ratePerMinute: limits.ratePerMinute }),
                onError: (e) =>
                  ctx.log.warn({
                    msg: 'shared cold-analysis limits failed; this process limits alone',
                    err: (e as Error).message,
                  }),
              }
            : undefined,
        }),
      )
    : (_client, _address, analyse) => analyse();
  registerTokenRoutes(app, ctx.engine, cold);
  registerSearchRoutes(app, ctx);
  registerCandleRoutes(app, ctx);
  registerTradingJournalRoutes(app, ctx);
  registerTradingCallsRoutes(app, ctx);
  registerWalletAuthRoutes(app, ctx);
  registerGamingRoutes(app, ctx);
  const manifest = opts.localChain?.manifest;
  if (manifest) registerLocalFaucetRoutes(app, ctx, { manifest });
  const background = opts.backgroundRefresh ?? false;
  registerPortfolioRoutes(app, ctx, { manifest, background });
  registerYieldRoutes(app, ctx, { manifest, background });
  registerSecurityRoutes(app, ctx);
  registerPumpRoutes(app, ctx, { background });
  registerAirdropRoutes(app, ctx, { adminToken: opts.airdropAdminToken, contracts: manifest?.contracts });
  registerContractRoutes(app, ctx);
  const webhooks = opts.webhooks;
  registerWatchlistRoutes(app, ctx, { onDeliveriesQueued: webhooks ? () => webhooks.wake() : undefined });
  registerBadgeRoutes(app, createBadgeService({ engine: ctx.engine, log: ctx.log }), cold);
  registerOpenApiRoutes(app);
  await registerApiDocs(app);

  if (opts.webDir && fs.existsSync(opts.webDir)) {
    await app.register(fastifyStatic, { root: opts.webDir, wildcard: false, index: ['index.html'] });
  } else {
    app.get('/', async (_req, reply) =>
      reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run "npm run build" (npm start does it for you).'),
    );
  }
  return app;
}
