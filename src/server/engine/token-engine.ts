/**
 * The token engine: makes sure the index is current, gathers facts (cached briefly, shared by
 * simultaneous requests) and runs the pure analysers. One engine serves the API and the CLI.
 *
 * Analyse once per facts version: the analysed report (per amount) and the serialised bytes of each
 * endpoint's part hang off the facts object they came from (a WeakMap), so they are computed at
 * most once per gather and forgotten with it. A cached answer is then a map lookup and a write.
 * Facts past their TTL are still served for a while as a background gather refreshes them
 * (stale-while-revalidate), so a request only waits for a token nobody asked about recently.
 */

import type { Address } from 'viem';
import { createProviderCheck } from '../chain/provider-check';
import type { GatherDeps } from '../facts/gather';
import { type RuggedPool, readRuggedPools } from '../facts/holders/index-reads';
import type { TokenReportFacts } from '../facts/types';
import { createVenueRegistry, type VenueRegistry } from '../venues/registry';
import { createTokenBackfill, type TokenBackfill } from './backfill';
import { createSharedCache } from './cache';
import { amountOf, analysed, partBytes, quoteImpact } from './derived';
import type { EngineState } from './engine-state';
import { gatherFacts } from './gather-token';
import { sharedSerialised } from './shared-serialised';
import type { CreateTokenEngineOptions, TokenEngine } from './token-engine-types';

export type { CreateTokenEngineOptions, ReportPart, TokenEngine } from './token-engine-types';

export const FACTS_TTL_MS = 10_000;
/** How long past the TTL facts may still be served while they are re-gathered in the background. */
export const FACTS_STALE_MS = 50_000;
/**
 * Background re-gathers of stale facts at once (see createSharedCache): the tokens a page polls
 * were gathered together and go stale together; two at a time spreads their CPU over the TTL.
 */
const REFRESH_SLOTS = 2;
/** How long one read of the chain's rugged pools is shared between gathers (see ruggedPools). */
const RUGGED_POOLS_MS = 5_000;
/** The whole report's time budget unless configured (REPORT_BUDGET_MS). */
export const REPORT_BUDGET_MS = 8_000;
/** What every gather reads through, with the rugged-pools read shared per indexed block. */
function gatherDeps(opts: CreateTokenEngineOptions, reads: EngineState['reads']): GatherDeps {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  // The chain's rugged pools are the same for every token at one indexed block: the gathers of a
  // block share one read of them (each gather had scanned every Sync twice; under the mixed load
  // that was a sixth of the database thread). Without an indexer, at most RUGGED_POOLS_MS old.
  const ruggedPools = createSharedCache<RuggedPool[]>({ ttlMs: RUGGED_POOLS_MS, maxEntries: 2 });
  return {
    db: opts.db,
    chain: { ...opts.chain, public: reads },
    network: opts.network,
    log: opts.log,
    now,
    blockscoutUrl: opts.blockscoutUrl,
    ruggedPools: () =>
      ruggedPools.get(String(opts.indexer?.indexedBlock() ?? 'latest'), () =>
        readRuggedPools(opts.db, opts.network),
      ),
  };
}

/** Base: index each analysed token from its creation block (the local chain is indexed whole). */
function backfillOf(opts: CreateTokenEngineOptions): TokenBackfill | undefined {
  if (opts.backfill) return opts.backfill;
  if (opts.network.mode !== 'base' || !opts.indexer) return undefined;
  return createTokenBackfill({
    client: opts.chain.public,
    network: opts.network,
    indexer: opts.indexer,
    log: opts.log,
    onTracked: opts.onBackfillTracked,
    paused: opts.pausedBackfill,
  });
}

function createEngineState(opts: CreateTokenEngineOptions): EngineState {
  // Built on first use: tests hand the engine stub networks it never gathers from.
  let venues: VenueRegistry | undefined;
  // Reports read through the batched client: their independent calls share round trips.
  const reads = opts.chain.reads ?? opts.chain.public;
  const state: EngineState = {
    opts,
    reads,
    venuesOf: () => {
      venues ??= createVenueRegistry(opts.network);
      return venues;
    },
    deps: gatherDeps(opts, reads),
    cache: createSharedCache<TokenReportFacts>({
      ttlMs: opts.ttlMs ?? FACTS_TTL_MS,
      staleMs: opts.staleMs ?? FACTS_STALE_MS,
      onRefreshError: (token, err) =>
        opts.log.warn({ msg: 'refreshing token facts failed', token, err: (err as Error).message }),
      // Facts missing a part the budget cut off are served once, never kept: gathered again next time.
      keep: (f) => !f.incomplete?.length,
      refreshSlots: REFRESH_SLOTS,
    }),
    backfill: backfillOf(opts),
    budgetMs: opts.budgetMs ?? REPORT_BUDGET_MS,
    counts: { gathers: 0, analyses: 0, serialisations: 0 },
    derived: new WeakMap(),
    versions: new WeakMap(),
    sharedFlights: new Map(),
    provider:
      opts.network.mode === 'base' ? createProviderCheck(opts.chain.public, opts.network.mode) : undefined,
    head: -1n,
    requested: opts.onRequested ?? (() => {}),
  };
  const { backfill } = state;
  state.deps.holdersComplete = (token) => (backfill ? backfill.complete(token as Address, state.head) : true);
  const { indexer } = opts;
  state.deps.indexComplete = (token) =>
    backfill
      ? backfill.complete(token as Address, state.head)
      : !indexer || state.head < 0n || indexer.indexedBlock() >= state.head;
  return state;
}

export function createTokenEngine(opts: CreateTokenEngineOptions): TokenEngine {
  const state = createEngineState(opts);
  const { cache, requested, counts } = state;
  const gathered = (address: Address) => cache.get(address.toLowerCase(), () => gatherFacts(state, address));
  const facts = (address: Address) => {
    requested(address);
    return gathered(address);
  };
  return {
    facts,
    provider: state.provider,
    async report(address, o) {
      const f = await facts(address);
      await quoteImpact(state, f, amountOf(o));
      return analysed(state, f, amountOf(o));
    },
    async serialised(address, part, o) {
      requested(address);
      const amount = amountOf(o);
      if (!opts.shared) return partBytes(state, await facts(address), part, amount);
      return sharedSerialised(state, { shared: opts.shared, facts, address, part, amount });
    },
    peekSerialised(address, part, o) {
      requested(address);
      if (opts.shared) return opts.shared.peek(address.toLowerCase(), part, amountOf(o));
      const f = cache.peek(address.toLowerCase());
      if (!f) return undefined;
      return state.derived.get(f)?.bytes.get(`${part}:${amountOf(o)}`);
    },
    warm: (address) => cache.warm(address.toLowerCase()),
    sharedSerialised: opts.shared
      ? async (address, part, o) => {
          requested(address);
          return opts.shared?.get(address.toLowerCase(), part, amountOf(o)).catch(() => undefined);
        }
      : undefined,
    stats: () => ({ ...counts }),
    invalidate: (address) => cache.delete(address.toLowerCase()),
  };
}
