/**
 * Chain guard: endpoints whose answer depends on the chain answer 503 `chain_unavailable` while the
 * chain does not answer, instead of an empty list that reads as "you hold nothing" or "no
 * opportunities" (issue 11). One cheap eth_blockNumber with a short deadline, remembered briefly
 * so a busy page does not double its RPC load; a frozen chain (accepts the connection, never
 * answers) fails within the deadline instead of the client's long RPC timeout.
 */
import type { FastifyInstance } from 'fastify';
import { type ChainClients, readHead } from '../chain/client';
import { ChainUnavailableError } from '../errors';

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
];

export type ChainGuardOptions = {
  /** How long a head read may take before the chain counts as down. */
  deadlineMs?: number;
  /** How long a good answer is trusted. */
  freshMs?: number;
  now?: () => number;
};

export function createChainProbe(
  chain: Pick<ChainClients, 'public'> & Partial<Pick<ChainClients, 'headCacheMs'>>,
  opts: ChainGuardOptions = {},
) {
  const deadlineMs = opts.deadlineMs ?? 3_000;
  const freshMs = opts.freshMs ?? 1_000;
  const now = opts.now ?? Date.now;
  let okAt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;
  const probe = async (): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        readHead(chain, chain.headCacheMs ?? 0),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
        }),
      ]);
      okAt = now();
    } catch (cause) {
      throw new ChainUnavailableError(
        'The chain is not answering; this figure cannot be computed now.',
        cause,
      );
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    /** Resolves when the chain answers; throws ChainUnavailableError (503) when it does not. */
    async require(): Promise<void> {
      if (now() - okAt < freshMs) return;
      inFlight ??= probe().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}

export function installChainGuard(
  app: FastifyInstance,
  chain: Pick<ChainClients, 'public'>,
  opts: ChainGuardOptions = {},
): void {
  const probe = createChainProbe(chain, opts);
  app.addHook('onRequest', async (req) => {
    if (req.method !== 'GET' && req.method !== 'POST' && req.method !== 'HEAD') return;
    const path = req.url.split('?')[0] ?? '';
    if (req.method === 'POST' && path === '/api/airdrops') return; // catalogue write: DB only
    if (CHAIN_BOUND_ROUTES.some((r) => r.test(path))) await probe.require();
  });
}
