/**
 * Per-token backfill on Base. The local chain is indexed whole; on Base we index a token (and its
 * pools) the first time someone analyses it: from its creation block up to the head, after which
 * the indexer's single follower keeps it current with every other tracked token. Holder figures
 * count only once the stream has reached the head — a half-read history would give wrong balances,
 * so until then the report says "indexing, N% done".
 *
 * The creation block is found by a k-ary search on eth_getCode: each round asks PROBES_PER_ROUND
 * heights at once (one JSON-RPC batch), so Base's ~40 M blocks take 4 round trips instead of 26.
 * A failed round is retried with backoff; an RPC failure is never taken for "no history" — only a
 * provider that says it has no state for old blocks is, and that is reported as such.
 */
import type { Address, PublicClient } from 'viem';
import type { HolderIndexState } from '../../shared/analysis';
import type { NetworkDescription } from '../chain/network';
import type { Indexer } from '../indexer/indexer';
import type { Logger } from '../logger';
import { createVenueRegistry } from '../venues/registry';

/** How long a report waits for its token's backfill before answering with a partial result. */
export const BACKFILL_WAIT_MS = 8_000;
/** Heights probed per round of the creation-block search (one batch each). */
export const PROBES_PER_ROUND = 48;
/**
 * A backfill may start this many blocks before the token's creation (one eth_getLogs range): the
 * search stops there instead of narrowing to the exact block (2 rounds fewer at Base's height).
 */
export const START_SLACK_BLOCKS = 2_000n;
/** Attempts per search round before the backfill gives up for this report (the next one retries). */
const ROUND_ATTEMPTS = 4;
const RETRY_BASE_MS = 200;

/** The provider cannot answer for old blocks (not an archive node): holders stay unknown. */
export class NoHistoryError extends Error {}

/**
 * Messages nodes give when they have pruned the state a historical read needs. "header not found",
 * "unknown block" and "block not found" are NOT among them: a load-balanced provider answers so when
 * the node behind it has not yet seen a block (issue 40: one such answer marked a token unavailable
 * until a restart). They are retried like any other failure.
 */
const PRUNED_STATE =
  /missing trie node|state.{0,20}(not available|unavailable|pruned)|historical state|state histor(y|ies)|archive|pruned/i;

export function isNoHistoryError(e: unknown): boolean {
  const m = e instanceof Error ? `${e.message} ${(e as { details?: string }).details ?? ''}` : String(e);
  return PRUNED_STATE.test(m);
}

/** How long a settled "no history at this provider" holds before a report tries again. */
export const NO_HISTORY_RECHECK_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `fn` with retries and exponential backoff. "No history" is decided on repeated evidence only:
 * every attempt must say so (a single pruned-state answer from one node of a pool is retried).
 */
async function withRetries<T>(fn: () => Promise<T>, attempts = ROUND_ATTEMPTS): Promise<T> {
  let last: unknown;
  let noHistory = 0;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (e) {
      if (isNoHistoryError(e)) noHistory++;
      last = e;
      if (i < attempts - 1) await sleep(RETRY_BASE_MS * 2 ** i);
    }
  }
  if (noHistory === attempts) throw new NoHistoryError((last as Error).message);
  throw last;
}

/** Heights strictly between lo and hi, evenly spread, at most `n`. */
export function probeHeights(lo: bigint, hi: bigint, n: number): bigint[] {
  const gap = hi - lo - 1n;
  if (gap <= 0n) return [];
  if (gap <= BigInt(n)) return Array.from({ length: Number(gap) }, (_, i) => lo + 1n + BigInt(i));
  const out: bigint[] = [];
  for (let i = 1; i <= n; i++) out.push(lo + (BigInt(i) * (hi - lo)) / BigInt(n + 1));
  return [...new Set(out)].filter((h) => h > lo && h < hi);
}

/**
 * First block where `address` has code, or null when it has none at `head`. Throws NoHistoryError
 * when the provider has no state for old blocks, and the RPC error when a round keeps failing.
 * With `slack` > 1 the search stops once the creation block is known within `slack` blocks and
 * returns the earliest candidate (a block at or before the creation): where an index starts, a few
 * blocks early cost nothing (the address has no logs before it exists), a search round costs a
 * round trip.
 */
export async function findCreationBlock(
  client: PublicClient,
  address: Address,
  head: bigint,
  probes = PROBES_PER_ROUND,
  slack = 1n,
): Promise<bigint | null> {
  const hasCode = async (block: bigint) => {
    const code = await client.getCode({ address, blockNumber: block });
    return !!code && code !== '0x';
  };
  // Invariant: no code at lo (or lo = -1), code at hi.
  let lo = -1n;
  let hi = head;
  let first = true;
  for (;;) {
    const heights = probeHeights(lo, hi, probes);
    // The first round also checks the head itself (same batch).
    const asked = first ? [...heights, head] : heights;
    if (asked.length === 0) return hi;
    const answers = await withRetries(() => Promise.all(asked.map(hasCode)));
    if (first && !answers[answers.length - 1]) return null;
    first = false;
    const i = heights.findIndex((_, k) => answers[k]);
    if (i === -1) lo = heights[heights.length - 1] ?? lo;
    else {
      hi = heights[i] as bigint;
      if (i > 0) lo = heights[i - 1] as bigint;
    }
    if (hi - lo <= 1n) return hi;
    if (hi - lo <= slack) return lo + 1n;
  }
}

/**
 * Tokens whose provider has no history, each with when that was decided (every attempt of a round
 * said so; RPC failures are never stored here). An entry is dropped after NO_HISTORY_RECHECK_MS, and
 * with it the token's start, so the next report tries again: a provider that recovers is seen.
 */
function noHistoryMemo(started: () => Map<string, unknown>) {
  const memo = new Map<string, { reason: string; at: number }>();
  return {
    set(key: string, reason: string) {
      memo.set(key, { reason, at: Date.now() });
    },
    get(key: string): string | undefined {
      const u = memo.get(key);
      if (u && Date.now() - u.at >= NO_HISTORY_RECHECK_MS) {
        memo.delete(key);
        started().delete(key);
        return undefined;
      }
      return u?.reason;
    },
  };
}

export type TokenBackfill = {
  /** Starts (once; again after a failure) and waits at most `waitMs` for the token's backfill. */
  ensure(token: Address, opts?: { head?: bigint; waitMs?: number }): Promise<void>;
  /** Whether the token's stream has reached `head`, i.e. its holder figures are complete. */
  complete(token: Address, head: bigint): boolean;
  /** Where the token's holder index stands, for a partial result. */
  status(token: Address, head: bigint): HolderIndexState;
  /**
   * Reads the token's progress from where it is kept before `complete`/`status` are asked (ROLE=api
   * keeps it in the database, jobs/backfill-queue.ts); absent when it is in this process.
   */
  refresh?(token: Address, head: bigint): Promise<void>;
};

export function createTokenBackfill(opts: {
  client: PublicClient;
  network: NetworkDescription;
  indexer: Indexer;
  log: Logger;
  waitMs?: number;
  /** Told where a newly tracked token's backfill starts (recorded for other processes' progress). */
  onTracked?: (token: Address, fromBlock: bigint) => Promise<void>;
  /**
   * A token left idle (FOLLOW_IDLE_MINUTES, jobs/follow-pruner.ts): its stream as it stood when the
   * follower dropped it, to catch up from there instead of from the token's creation.
   */
  paused?: (token: Address) => Promise<{ addresses: string[]; fromBlock: bigint; at: bigint } | undefined>;
}): TokenBackfill {
  const { client, network, indexer, log } = opts;
  const venues = createVenueRegistry(network);
  const started = new Map<string, Promise<void>>();
  /** Tokens whose start has settled with a stream (the stream may since have been unfollowed). */
  const tracking = new Set<string>();
  /** Tokens catching up after a pause: the block they were paused at (progress counts from it). */
  const catchingUp = new Map<string, bigint>();
  /** Settled facts only: "no history at this provider" (noHistoryMemo). */
  const unavailable = noHistoryMemo(() => started);
  const streamId = (t: string) => `token:${t.toLowerCase()}`;

  async function start(token: Address, knownHead?: bigint): Promise<boolean> {
    const head = knownHead ?? (await client.getBlockNumber({ cacheTime: 0 }));
    if (!indexer.hasStream(streamId(token))) {
      const paused = await opts.paused?.(token);
      if (paused) {
        indexer.addStream({
          id: streamId(token),
          addresses: paused.addresses,
          fromBlock: paused.fromBlock,
          // Pools created while it was not followed join it as the catch-up reads their creation.
          poolsFrom: paused.at + 1n,
        });
        catchingUp.set(token.toLowerCase(), paused.at);
        log.info({
          msg: 'catching up an idle token',
          token,
          from_block: (paused.at + 1n).toString(),
          blocks: (head - paused.at).toString(),
        });
      } else {
        const tracked = await track(token, head);
        if (!tracked) return false;
      }
    }
    // A failed pass is the indexer's to retry (its loop runs on); the report shows the progress.
    await indexer
      .syncOnce({ head })
      .catch((e) =>
        log.warn({ msg: 'index pass failed during a backfill', token, err: (e as Error).message }),
      );
    return true;
  }

  async function track(token: Address, head: bigint): Promise<boolean> {
    const { weth, usd } = network.contracts;
    // Pool discovery travels with the first search round.
    const [from, pools] = await Promise.all([
      findCreationBlock(client, token, head, PROBES_PER_ROUND, START_SLACK_BLOCKS),
      withRetries(() => venues.discoverPools(client, token, [weth, usd])),
    ]);
    if (from === null) return false;
    await opts.onTracked?.(token, from);
    indexer.addStream({
      id: streamId(token),
      // V4 pools have no address (the stream finds them by their Initialize topic, range by range).
      addresses: [token.toLowerCase(), ...pools.filter((p) => !p.v4).map((p) => p.pool)],
      fromBlock: from,
      // Pools created after this look-up join the stream (and the follower) as the indexer sees them.
      poolsFrom: head + 1n,
    });
    log.info({
      msg: 'backfilling token',
      token,
      from_block: from.toString(),
      blocks: (head - from).toString(),
    });
    return true;
  }

  return {
    async ensure(token, o = {}) {
      const key = token.toLowerCase();
      if (unavailable.get(key)) return;
      let p = started.get(key);
      // Its stream was unfollowed (idle) since: start again (it catches up from the pause).
      if (p && tracking.has(key) && !indexer.hasStream(streamId(key))) {
        tracking.delete(key);
        p = undefined;
      }
      if (!p) {
        p = start(token, o.head).then(
          (tracked) => {
            // No code at the head: nothing to index (yet); a later report may find a contract.
            if (!tracked) started.delete(key);
            else tracking.add(key);
          },
          (e) => {
            if (e instanceof NoHistoryError) {
              unavailable.set(key, 'the RPC provider has no state for old blocks (not an archive node)');
              log.warn({ msg: 'no historical state at the RPC; holders stay unknown', token });
            } else {
              // Not cached: the next report tries again.
              started.delete(key);
              log.warn({ msg: 'token backfill failed; will retry', token, err: (e as Error).message });
            }
          },
        );
        started.set(key, p);
      }
      const waitMs = o.waitMs ?? opts.waitMs ?? BACKFILL_WAIT_MS;
      await Promise.race([p, new Promise((r) => setTimeout(r, waitMs).unref())]);
    },
    complete(token, head) {
      const id = streamId(token);
      return indexer.hasStream(id) && indexer.streamBlock(id) >= head - 1n;
    },
    status(token, head) {
      const key = token.toLowerCase();
      const why = unavailable.get(key);
      if (why) return { status: 'unavailable', reason: why };
      const id = streamId(key);
      if (!indexer.hasStream(id)) return { status: 'indexing', progressPct: null };
      const at = indexer.streamBlock(id);
      if (at >= head - 1n) {
        catchingUp.delete(key);
        return { status: 'complete' };
      }
      const paused = catchingUp.get(key);
      if (paused !== undefined && head > paused) {
        const done = at < paused ? 0n : at - paused;
        return {
          status: 'indexing',
          catchingUp: true,
          progressPct: Math.floor(Number((done * 100n) / (head - paused))),
        };
      }
      const from = indexer.streamStart(id);
      if (from === undefined || head <= from) return { status: 'indexing', progressPct: null };
      const done = at < from ? 0n : at - from + 1n;
      return { status: 'indexing', progressPct: Math.floor(Number((done * 100n) / (head - from + 1n))) };
    },
  };
}
