/**
 * The indexer: backfills a stream from its start block and then follows the chain head.
 * Each eth_getLogs range is applied in one transaction with its checkpoint (block number + hash);
 * before every pass the index is reconciled with the chain (reconcile.ts): a checkpoint ahead of
 * the head or a hash mismatch (reorg, restarted local chain) rolls the stream back to the last
 * block both agree on and reads again.
 *
 * The pieces: indexer-state.ts (the state every step receives), sync-stream.ts (one stream's pass),
 * range-logs.ts (a range's reads), follower.ts (Base mode's one follower for every token).
 */
import { readHead } from '../chain/client';
import { AppError, ChainUnavailableError } from '../errors';
import { adoptFollowed, applyUnfollows, mergeCaughtUp } from './follower';
import { createIndexerState, type IndexerState, indexedBlock } from './indexer-state';
import type { CreateIndexerOptions, Indexer } from './indexer-types';
import { syncStream } from './sync-stream';

export type { CreateIndexerOptions, Indexer, StreamSpec } from './indexer-types';

export const FOLLOW_INTERVAL_MS = 1_000;

/** One pass over every stream up to the head (the head read now unless the caller has it). */
async function pass(state: IndexerState, knownHead?: bigint): Promise<bigint> {
  const { chain } = state.opts;
  let head: bigint;
  try {
    head = knownHead ?? (await readHead(chain, chain.headCacheMs));
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC is not answering.', cause);
  }
  await applyUnfollows(state);
  await adoptFollowed(state);
  // Follower mode (a remote RPC): no new block and no stream behind = nothing to read.
  const { streams, reached } = state;
  if (state.follower && head === state.lastHead && streams.every((s) => (reached.get(s.id) ?? -1n) >= head)) {
    return head;
  }
  // Every stream at once: against a remote RPC their reads share round trips.
  const results = await Promise.allSettled([...streams].map((s) => syncStream(state, s, head)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  await mergeCaughtUp(state, head);
  state.lastHead = head;
  return head;
}

function startPass(state: IndexerState, knownHead?: bigint): Promise<bigint> {
  state.running = pass(state, knownHead).finally(() => {
    state.running = undefined;
  });
  return state.running;
}

/**
 * Runs a pass, or — when one is already running — the next one, which starts after it: a caller
 * that just added a stream must get a pass that includes it, not one that began before.
 */
function syncOnce(state: IndexerState, o: { head?: bigint } = {}): Promise<bigint> {
  const { running } = state;
  if (!running) return startPass(state, o.head);
  state.queued ??= running
    .catch(() => {})
    .then(() => {
      state.queued = undefined;
      return state.running ?? startPass(state);
    });
  return state.queued;
}

async function loop(state: IndexerState): Promise<void> {
  if (state.stopped) return;
  try {
    await syncOnce(state);
  } catch (e) {
    const retryable = e instanceof AppError ? e.retryable : true;
    state.opts.log.warn({ msg: 'indexer pass failed', err: (e as Error).message, retryable });
  }
  if (!state.stopped) {
    state.timer = setTimeout(() => loop(state), state.opts.followIntervalMs ?? FOLLOW_INTERVAL_MS);
  }
}

function waitForBlock(state: IndexerState, block: bigint, timeoutMs = 30_000): Promise<boolean> {
  if (indexedBlock(state) >= block) return Promise.resolve(true);
  return new Promise((resolve) => {
    const w = { block, resolve };
    state.waiters.add(w);
    setTimeout(() => {
      if (state.waiters.delete(w)) resolve(false);
    }, timeoutMs).unref();
  });
}

function unfollow(state: IndexerState, id: string, addresses: string[]): Promise<bigint | undefined> {
  if (!state.follower) return Promise.resolve(undefined);
  const p = new Promise<bigint | undefined>((resolve, reject) =>
    state.pendingUnfollows.push({ id, addresses, resolve, reject }),
  );
  // The next pass applies it (or the loop's, if this one fails on the chain).
  syncOnce(state).catch(() => {});
  return p;
}

async function stop(state: IndexerState): Promise<void> {
  state.stopped = true;
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  await state.running?.catch(() => {});
  await state.queued?.catch(() => {});
  for (const w of state.waiters) w.resolve(false);
  state.waiters.clear();
  for (const u of state.pendingUnfollows.splice(0)) u.resolve(undefined);
}

export function createIndexer(opts: CreateIndexerOptions): Indexer {
  const state = createIndexerState(opts);
  const { streams, merged, reached } = state;
  return {
    syncOnce: (o) => syncOnce(state, o),
    indexedBlock: () => indexedBlock(state),
    addStream(spec) {
      if (!merged.has(spec.id) && !streams.some((s) => s.id === spec.id)) streams.push(spec);
    },
    hasStream: (id) => merged.has(id) || streams.some((s) => s.id === id),
    streamBlock: (id) => reached.get(merged.has(id) && state.follower ? state.follower.id : id) ?? -1n,
    streamStart: (id) => merged.get(id) ?? streams.find((s) => s.id === id)?.fromBlock,
    unfollow: (id, addresses) => unfollow(state, id, addresses),
    waitForBlock: (block, timeoutMs) => waitForBlock(state, block, timeoutMs),
    start() {
      state.stopped = false;
      if (!state.timer) state.timer = setTimeout(() => loop(state), 0);
    },
    stop: () => stop(state),
  };
}
