/**
 * The token engine: makes sure the index is current, gathers facts (cached briefly, shared by
 * simultaneous requests) and runs the pure analysers. One engine serves the API and the CLI.
 */
import { type Address, BaseError } from 'viem';
import { analyseToken } from '../analysis/report';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { Db } from '../db/client';
import { ChainUnavailableError, isAppError } from '../errors';
import { type GatherDeps, gatherTokenFacts } from '../facts/gather';
import type { TokenReportFacts } from '../facts/types';
import type { Indexer } from '../indexer/indexer';
import type { Logger } from '../logger';
import { createTokenBackfill } from './backfill';
import { createSharedCache } from './cache';

export const FACTS_TTL_MS = 10_000;
/** How long a request waits for the indexer to reach the head before using what it has. */
const INDEX_WAIT_MS = 3_000;
export const DEFAULT_AMOUNT_USD = 1000;

export type TokenEngine = {
  facts(address: Address): Promise<TokenReportFacts>;
  report(address: Address, opts?: { amountUsd?: number }): Promise<ReturnType<typeof analyseToken>>;
  /** Number of analyses actually run (not served from cache) — for benchmarks and tests. */
  stats(): { analyses: number };
  /** Forgets the cached facts of one token (e.g. after its source was verified). */
  invalidate(address: Address): void;
};

export type CreateTokenEngineOptions = {
  db: Db;
  chain: ChainClients;
  network: NetworkDescription;
  indexer: Indexer | undefined;
  log: Logger;
  now?: () => number;
  ttlMs?: number;
  blockscoutUrl?: string | undefined;
};

export function createTokenEngine(opts: CreateTokenEngineOptions): TokenEngine {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  const deps: GatherDeps = {
    db: opts.db,
    chain: opts.chain,
    network: opts.network,
    log: opts.log,
    now,
    blockscoutUrl: opts.blockscoutUrl,
  };
  const cache = createSharedCache<TokenReportFacts>({ ttlMs: opts.ttlMs ?? FACTS_TTL_MS });
  let analyses = 0;

  // Base: index each analysed token from its creation block (the local chain is indexed whole).
  const backfill =
    opts.network.mode === 'base' && opts.indexer
      ? createTokenBackfill({
          client: opts.chain.public,
          network: opts.network,
          indexer: opts.indexer,
          log: opts.log,
        })
      : undefined;
  let head = -1n;
  deps.holdersComplete = (token) => (backfill ? backfill.complete(token as Address, head) : true);

  const facts = (address: Address) =>
    cache.get(address.toLowerCase(), async () => {
      analyses++;
      const started = Date.now();
      head = await opts.chain.public.getBlockNumber({ cacheTime: 0 }).catch(() => head);
      if (opts.indexer && !backfill && head >= 0n && opts.indexer.indexedBlock() < head) {
        await opts.indexer.waitForBlock(head, INDEX_WAIT_MS);
      }
      // Base: index the token first (bounded wait), then gather once. A backfill that is not done
      // in time leaves a partial result ("holders: indexing, N% done"), never a wrong count.
      if (backfill && head >= 0n && !backfill.complete(address, head)) {
        await backfill.ensure(address, { head });
      }
      let f: TokenReportFacts;
      try {
        f = await gatherTokenFacts(deps, address);
      } catch (e) {
        // An RPC failure that escaped a reader is the chain's fault: a retryable 503, not a 500.
        if (!isAppError(e) && e instanceof BaseError) {
          throw new ChainUnavailableError('The chain RPC failed while reading the token.', e);
        }
        throw e;
      }
      if (backfill) f.holders.index = backfill.status(address, head);
      opts.log.debug({ msg: 'token facts gathered', token: address, duration_ms: Date.now() - started });
      return f;
    });

  return {
    facts,
    async report(address, o = {}) {
      const f = await facts(address);
      return analyseToken(f, { amountUsd: o.amountUsd ?? DEFAULT_AMOUNT_USD });
    },
    stats: () => ({ analyses }),
    invalidate: (address) => cache.delete(address.toLowerCase()),
  };
}
