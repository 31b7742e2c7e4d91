/**
 * Chain guard: endpoints whose answer depends on the chain answer 503 `chain_unavailable` while the
 * chain does not answer, instead of an empty list that reads as "you hold nothing" or "no
 * opportunities" (issue 11). Whether it answers is the app's one liveness reading
 * (chain/liveness.ts): the last head read, refreshed in the background, with a deadline, so a
 * frozen chain (accepts the connection, never answers) fails within seconds instead of the
 * client's long RPC timeout, and a chain busy saving its state does not hold pages up.
 */
import type { FastifyInstance } from 'fastify';
import type { ChainLiveness } from '../chain/liveness';

/** GET/POST paths (without query) whose answers are read from the chain or its live index. */
export const CHAIN_BOUND_ROUTES: readonly RegExp[] = [
  /^\/api\/portfolio\/[^/]+$/,
  /^\/api\/wallet-stats\/[^/]+$/,
  /^\/api\/yield-opportunities$/,
  /^\/api\/yield-strategies$/,
  /^\/api\/security-alerts$/,
  /^\/api\/security-stats$/,
  /^\/api\/monitored-tokens$/,
  /^\/api\/monitor-token$/,
  /^\/api\/pump-opportunities$/,
  /^\/api\/airdrops$/,
  /^\/api\/airdrops\/summary$/,
  /^\/api\/airdrops\/[^/]+\/eligibility$/,
  // A visitor's alerts: an empty list while the chain is down would read "all clear".
  /^\/api\/watchlist\/alerts$/,
];

export function installChainGuard(app: FastifyInstance, liveness: ChainLiveness): void {
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') return;
    const path = req.url.split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/api/airdrops') return; // catalogue write: DB only
    if (CHAIN_BOUND_ROUTES.some((r) => r.test(path))) await liveness.require();
  });
}
