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
import { type Address, BaseError } from 'viem';
import type { TokenReport } from '../../shared/analysis';
import { DEFAULT_AMOUNT_USD } from '../../shared/vocabulary';
import { analyseToken } from '../analysis/report';
import { type ChainClients, readHead } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import { inRpcStage } from '../chain/rpc-stage';
import type { Db } from '../db/client';
import { ChainUnavailableError, isAppError } from '../errors';
import { type GatherDeps, gatherTokenFacts } from '../facts/gather';
import { type RuggedPool, readRuggedPools } from '../facts/holders/index-reads';
import { quotedPriceImpactPct } from '../facts/pools/price-impact';
import { readTokenBasics } from '../facts/token-reads';
import type { TokenReportFacts } from '../facts/types';
import type { Indexer } from '../indexer/indexer';
import type { Logger } from '../logger';
import { createVenueRegistry, type VenueRegistry } from '../venues/registry';
import { BACKFILL_WAIT_MS, createTokenBackfill, type TokenBackfill } from './backfill';
import { createSharedCache } from './cache';
import { type Serialised, serialise } from './serialised';
import type { SharedAnswers } from './shared-answers';

export const FACTS_TTL_MS = 10_000;
/** How long past the TTL facts may still be served while they are re-gathered in the background. */
export const FACTS_STALE_MS = 50_000;
/**
 * Background re-gathers of stale facts at once (see createSharedCache): the tokens a page polls
 * were gathered together and go stale together; two at a time spreads their CPU over the TTL.
 */
const REFRESH_SLOTS = 2;
/** Distinct liquidity amounts kept analysed per facts version (each is a full analysis). */
const MAX_AMOUNTS = 8;
/** How long one read of the chain's rugged pools is shared between gathers (see ruggedPools). */
const RUGGED_POOLS_MS = 5_000;
/** How long a request waits for the indexer to reach the head before using what it has. */
const INDEX_WAIT_MS = 3_000;
/** The whole report's time budget unless configured (REPORT_BUDGET_MS). */
export const REPORT_BUDGET_MS = 8_000;
/**
 * Shares of the budget: a first-seen token's backfill is waited for at most until BACKFILL_SHARE
 * of it has gone (then holders read "indexing, N% done"); simulations are given up on at
 * SIMULATION_SHARE, leaving the rest for the reads after them.
 */
const BACKFILL_SHARE = 0.5;
const SIMULATION_SHARE = 0.7;

/** The parts of a report that endpoints serve on their own, and the whole report. */
export type ReportPart = 'scanner' | 'rug' | 'whales' | 'liquidity' | 'flabScore' | 'health' | 'report';
type AmountOpts = { amountUsd?: number };

export type TokenEngine = {
  facts(address: Address): Promise<TokenReportFacts>;
  report(address: Address, opts?: AmountOpts): Promise<TokenReport>;
  /** One part of the report as JSON bytes with its ETag, serialised once per facts version. */
  serialised(address: Address, part: ReportPart, opts?: AmountOpts): Promise<Serialised>;
  /** The same, only if it is at hand right now (fresh facts, already serialised); never loads. */
  peekSerialised(address: Address, part: ReportPart, opts?: AmountOpts): Serialised | undefined;
  /**
   * Whether a request for this token would be answered without a gather of its own (facts fresh,
   * within the stale window, or being gathered for someone else): the API limits the others.
   */
  warm(address: Address): boolean;
  /**
   * Several API replicas: the part as another replica published it (fresh), read from Postgres —
   * not cold work, so the API serves it without the cold-analysis limits. Undefined otherwise.
   */
  sharedSerialised?(address: Address, part: ReportPart, opts?: AmountOpts): Promise<Serialised | undefined>;
  /**
   * Work actually done (not served from cache) — for benchmarks and tests: `gathers` of facts,
   * `analyses` (runs of all analysers over one facts version and amount), `serialisations`.
   */
  stats(): { gathers: number; analyses: number; serialisations: number };
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
  /** Stale-while-revalidate window past the TTL (0 = always wait for fresh facts). */
  staleMs?: number;
  blockscoutUrl?: string | undefined;
  /** The whole report's time budget (REPORT_BUDGET_MS). */
  budgetMs?: number;
  /**
   * Base mode without an indexer in this process (ROLE=api): backfills requested through the work
   * queue (jobs/backfill-queue.ts). Default: the in-process backfill over `indexer`.
   */
  backfill?: TokenBackfill;
  /** Told where a token's in-process backfill starts (recorded for the other processes). */
  onBackfillTracked?: (token: Address, fromBlock: bigint) => Promise<void>;
  /** Several API replicas: answers published to and served from Postgres (ADR 0030). */
  shared?: SharedAnswers;
  /** Base mode: told of every read of a token (keeps it followed, engine/request-log.ts). */
  onRequested?: (token: string) => void;
  /** Base mode: a token left idle, to catch up from its pause (engine/backfill-state.ts). */
  pausedBackfill?: (
    token: Address,
  ) => Promise<{ addresses: string[]; fromBlock: bigint; at: bigint } | undefined>;
};

/**
 * The gather, or a 503 once the budget is spent: its core reads (token, pools, prices) are needed
 * for any answer, so a chain too slow for them gets "try again", not a report built on guesses.
 */
async function withinBudget<T>(p: Promise<T>, at: number, budgetMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ChainUnavailableError(
            `The chain RPC is too slow: the report could not be gathered within its ${(budgetMs / 1000).toFixed(1)} s budget. Try again shortly.`,
          ),
        ),
      Math.max(0, at - Date.now()),
    );
    timer.unref();
  });
  p.catch(() => {});
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export function createTokenEngine(opts: CreateTokenEngineOptions): TokenEngine {
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  // Built on first use: tests hand the engine stub networks it never gathers from.
  let venues: VenueRegistry | undefined;
  const venuesOf = () => {
    venues ??= createVenueRegistry(opts.network);
    return venues;
  };
  // Reports read through the batched client: their independent calls share round trips.
  const reads = opts.chain.reads ?? opts.chain.public;
  const deps: GatherDeps = {
    db: opts.db,
    chain: { ...opts.chain, public: reads },
    network: opts.network,
    log: opts.log,
    now,
    blockscoutUrl: opts.blockscoutUrl,
  };
  // The chain's rugged pools are the same for every token at one indexed block: the gathers of a
  // block share one read of them (each gather had scanned every Sync twice; under the mixed load
  // that was a sixth of the database thread). Without an indexer, at most RUGGED_POOLS_MS old.
  const ruggedPools = createSharedCache<RuggedPool[]>({ ttlMs: RUGGED_POOLS_MS, maxEntries: 2 });
  deps.ruggedPools = () =>
    ruggedPools.get(String(opts.indexer?.indexedBlock() ?? 'latest'), () =>
      readRuggedPools(opts.db, opts.network),
    );
  const cache = createSharedCache<TokenReportFacts>({
    ttlMs: opts.ttlMs ?? FACTS_TTL_MS,
    staleMs: opts.staleMs ?? FACTS_STALE_MS,
    onRefreshError: (token, err) =>
      opts.log.warn({ msg: 'refreshing token facts failed', token, err: (err as Error).message }),
    // Facts missing a part the budget cut off are served once, never kept: gathered again next time.
    keep: (f) => !f.incomplete?.length,
    refreshSlots: REFRESH_SLOTS,
  });
  const budgetMs = opts.budgetMs ?? REPORT_BUDGET_MS;
  let gathers = 0;
  let analyses = 0;
  let serialisations = 0;

  type Derived = {
    reports: Map<number, TokenReport>;
    bytes: Map<string, Serialised>;
    /** The main pool venue's quoted impact per amount (undefined entry: V2, formula applies). */
    impacts: Map<number, number | null | undefined>;
  };
  const derived = new WeakMap<TokenReportFacts, Derived>();
  const derivedOf = (f: TokenReportFacts): Derived => {
    let d = derived.get(f);
    if (!d) {
      d = { reports: new Map(), bytes: new Map(), impacts: new Map() };
      derived.set(f, d);
    }
    return d;
  };
  /** Bounded per facts version: the oldest amount goes first (amounts come from the query string). */
  const remember = <K, V>(m: Map<K, V>, key: K, value: V, max: number) => {
    m.set(key, value);
    while (m.size > max) {
      const oldest = m.keys().next().value;
      if (oldest === undefined) break;
      m.delete(oldest);
    }
  };
  const analysed = (f: TokenReportFacts, amountUsd: number): TokenReport => {
    const d = derivedOf(f);
    const hit = d.reports.get(amountUsd);
    if (hit) return hit;
    analyses++;
    const r = analyseToken(f, { amountUsd, quotedImpactPct: d.impacts.get(amountUsd) });
    remember(d.reports, amountUsd, r, MAX_AMOUNTS);
    return r;
  };
  const amountOf = (o: AmountOpts | undefined) => o?.amountUsd ?? DEFAULT_AMOUNT_USD;
  /**
   * A concentrated-liquidity pool's impact needs the venue's quote (one eth_call), fetched before
   * the synchronous analysis; V2 pools skip it (undefined).
   */
  const quoteImpact = async (f: TokenReportFacts, amountUsd: number): Promise<void> => {
    const d = derivedOf(f);
    if (d.impacts.has(amountUsd) || !f.mainPool || f.mainPool.venue === 'uniswap-v2') return;
    const q = await inRpcStage('price-impact', () =>
      quotedPriceImpactPct(reads, venuesOf(), f, amountUsd),
    ).catch(() => null);
    remember(d.impacts, amountUsd, q, MAX_AMOUNTS);
  };
  const bytesOf = (f: TokenReportFacts, part: ReportPart, amountUsd: number): Serialised => {
    const d = derivedOf(f);
    const key = `${part}:${amountUsd}`;
    const hit = d.bytes.get(key);
    if (hit) return hit;
    const r = analysed(f, amountUsd);
    serialisations++;
    // Every part carries the token's one verdict, so no view of a token goes without it.
    const s = serialise(part === 'report' ? r : { ...r[part], verdict: r.verdict });
    remember(d.bytes, key, s, MAX_AMOUNTS * 7);
    return s;
  };

  // Base: index each analysed token from its creation block (the local chain is indexed whole).
  const backfill =
    opts.backfill ??
    (opts.network.mode === 'base' && opts.indexer
      ? createTokenBackfill({
          client: opts.chain.public,
          network: opts.network,
          indexer: opts.indexer,
          log: opts.log,
          onTracked: opts.onBackfillTracked,
          paused: opts.pausedBackfill,
        })
      : undefined);
  const sharedFlights = new Map<string, Promise<Serialised>>();
  /** Each gather's facts version (when it was gathered, ms): shared answers name the version they came from. */
  const versions = new WeakMap<TokenReportFacts, number>();
  let head = -1n;
  deps.holdersComplete = (token) => (backfill ? backfill.complete(token as Address, head) : true);

  const requested = opts.onRequested ?? (() => {});
  const facts = (address: Address) => {
    requested(address);
    return gathered(address);
  };
  const gathered = (address: Address) =>
    cache.get(address.toLowerCase(), async () => {
      gathers++;
      const started = Date.now();
      // Local chain: the token's basics (code, name, supply, owner, block) need nothing from the
      // index, so they leave with the head read in one JSON-RPC batch (one round trip, not two).
      // Base mode keeps them with the factories' pool look-up (gather.ts), which needs no head.
      const basics =
        opts.network.mode === 'local'
          ? inRpcStage('basics', () => readTokenBasics(reads, address.toLowerCase() as Address))
          : undefined;
      basics?.catch(() => {});
      head = await inRpcStage('head', () =>
        readHead(opts.chain, opts.chain.headCacheMs, basics ? reads : opts.chain.public),
      ).catch(() => head);
      if (opts.indexer && !backfill && head >= 0n && opts.indexer.indexedBlock() < head) {
        await opts.indexer.waitForBlock(head, INDEX_WAIT_MS);
      }
      // Base: index the token first (bounded wait), then gather once. A backfill that is not done
      // in time leaves a partial result ("holders: indexing, N% done"), never a wrong count.
      if (backfill?.refresh && head >= 0n) await backfill.refresh(address, head);
      if (backfill && head >= 0n && !backfill.complete(address, head)) {
        const waitMs = Math.min(BACKFILL_WAIT_MS, started + budgetMs * BACKFILL_SHARE - Date.now());
        await backfill.ensure(address, { head, waitMs: Math.max(0, waitMs) });
      }
      let f: TokenReportFacts;
      try {
        const deadline = { at: started + budgetMs * SIMULATION_SHARE, budgetMs };
        f = await withinBudget(
          gatherTokenFacts({ ...deps, deadline, ...(basics ? { basics } : {}) }, address),
          started + budgetMs,
          budgetMs,
        );
      } catch (e) {
        // An RPC failure that escaped a reader is the chain's fault: a retryable 503, not a 500.
        if (!isAppError(e) && e instanceof BaseError) {
          throw new ChainUnavailableError('The chain RPC failed while reading the token.', e);
        }
        throw e;
      }
      if (backfill) f.holders.index = backfill.status(address, head);
      versions.set(f, Date.now());
      opts.log.debug({ msg: 'token facts gathered', token: address, duration_ms: Date.now() - started });
      return f;
    });

  return {
    facts,
    async report(address, o) {
      const f = await facts(address);
      await quoteImpact(f, amountOf(o));
      return analysed(f, amountOf(o));
    },
    async serialised(address, part, o) {
      requested(address);
      const amount = amountOf(o);
      const shared = opts.shared;
      if (!shared) {
        const f = await facts(address);
        await quoteImpact(f, amount);
        return bytesOf(f, part, amount);
      }
      // Several replicas: serve the answer one of them published for this facts version, so every
      // replica answers the same bytes and ETag; the database failing only costs the sharing.
      const token = address.toLowerCase();
      const hit = shared.peek(token, part, amount);
      if (hit) return hit;
      // One look-up (and at most one publish) per answer at a time: the requests of a load that
      // arrive as the in-process copy expires wait for it instead of each asking Postgres.
      const key = `${token}:${part}:${amount}`;
      let flight = sharedFlights.get(key);
      if (!flight) {
        flight = (async () => {
          const stored = await shared.get(token, part, amount).catch(() => undefined);
          if (stored) return stored;
          const f = await facts(address);
          await quoteImpact(f, amount);
          const s = bytesOf(f, part, amount);
          if (!f.incomplete?.length) {
            await shared
              .publish(token, part, amount, versions.get(f) ?? 0, s)
              .catch((e) =>
                opts.log.warn({ msg: 'publishing a shared answer failed', token, err: (e as Error).message }),
              );
          }
          return s;
        })().finally(() => sharedFlights.delete(key));
        sharedFlights.set(key, flight);
      }
      return flight;
    },
    peekSerialised(address, part, o) {
      requested(address);
      if (opts.shared) return opts.shared.peek(address.toLowerCase(), part, amountOf(o));
      const f = cache.peek(address.toLowerCase());
      if (!f) return undefined;
      return derived.get(f)?.bytes.get(`${part}:${amountOf(o)}`);
    },
    warm: (address) => cache.warm(address.toLowerCase()),
    sharedSerialised: opts.shared
      ? async (address, part, o) => {
          requested(address);
          return opts.shared?.get(address.toLowerCase(), part, amountOf(o)).catch(() => undefined);
        }
      : undefined,
    stats: () => ({ gathers, analyses, serialisations }),
    invalidate: (address) => cache.delete(address.toLowerCase()),
  };
}
