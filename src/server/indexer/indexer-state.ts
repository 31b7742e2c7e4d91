/**
 * The indexer's mutable state, in one object every step receives explicitly (indexer.ts creates
 * it; sync-stream.ts, follower.ts read and move it), and the small operations on it that several
 * steps share.
 */

import type { CreateIndexerOptions, StreamSpec } from './indexer-types';
import type { RangeState } from './ranges';
import type { Checkpoint } from './store';
import { applyRange } from './store';

export type PendingUnfollow = {
  id: string;
  addresses: string[];
  resolve: (block: bigint | undefined) => void;
  reject: (e: unknown) => void;
};

export type IndexerState = {
  opts: CreateIndexerOptions;
  /** The streams read each pass (the follower first, when there is one). */
  streams: StreamSpec[];
  /** Base mode: the one stream that follows the head for every tracked address. */
  follower: StreamSpec | undefined;
  /** Whether the follower's address list was restored from its checkpoint (done once). */
  followerRestored: boolean;
  /** The local chain can restart from an older state: each range is checked against that. */
  guardRestarts: boolean;
  ranges: Map<string, RangeState>;
  /** Block each stream has fully applied. */
  reached: Map<string, bigint>;
  waiters: Set<{ block: bigint; resolve: (ok: boolean) => void }>;
  /** Streams merged into the follower: their id now reads as the follower's (value: their start). */
  merged: Map<string, bigint>;
  pendingUnfollows: PendingUnfollow[];
  /** Head of the last complete pass (follower mode: an unchanged head with nothing behind is no work). */
  lastHead: bigint;
  stopped: boolean;
  timer: NodeJS.Timeout | undefined;
  running: Promise<bigint> | undefined;
  /** A pass asked for while one runs: it starts when that one ends, so it sees streams added meanwhile. */
  queued: Promise<bigint> | undefined;
  /** Ranges of different streams are fetched concurrently (one JSON-RPC batch) but applied one at a time. */
  applying: Promise<unknown>;
};

export function createIndexerState(opts: CreateIndexerOptions): IndexerState {
  const follower: StreamSpec | undefined = opts.follower
    ? { id: opts.follower, addresses: [], fromBlock: 0n, poolsFrom: 0n }
    : undefined;
  return {
    opts,
    streams: follower ? [follower, ...opts.streams] : [...opts.streams],
    follower,
    followerRestored: false,
    guardRestarts: opts.chain.mode === 'local',
    ranges: new Map(),
    reached: new Map(),
    waiters: new Set(),
    merged: new Map(),
    pendingUnfollows: [],
    lastHead: -1n,
    stopped: false,
    timer: undefined,
    running: undefined,
    queued: undefined,
    applying: Promise.resolve(),
  };
}

/** Runs `fn` after every write queued before it (one range applied at a time). */
export function serially<T>(state: IndexerState, fn: () => Promise<T>): Promise<T> {
  const p = state.applying.then(fn, fn);
  state.applying = p.catch(() => {});
  return p;
}

/** A checkpoint with no events: moves a stream to `at` with its address list. */
export function writeCheckpoint(
  state: IndexerState,
  stream: string,
  at: { blockNumber: bigint; blockHash: string },
  addresses: string[] | null,
): Promise<{ inserted: number }> {
  return serially(state, () =>
    applyRange(state.opts.db, [], {
      stream,
      blockNumber: at.blockNumber,
      blockHash: at.blockHash,
      addresses,
      writer: state.opts.writer,
    }),
  );
}

/** Block the slowest stream has fully applied. */
export function indexedBlock(state: IndexerState): bigint {
  let min: bigint | undefined;
  for (const s of state.streams) {
    const r = state.reached.get(s.id) ?? -1n;
    if (min === undefined || r < min) min = r;
  }
  return min ?? -1n;
}

/** Resolves the waiters whose block every stream has now applied. */
export function notify(state: IndexerState): void {
  const at = indexedBlock(state);
  for (const w of state.waiters) {
    if (at >= w.block) {
      state.waiters.delete(w);
      w.resolve(true);
    }
  }
}

/** The follower's address list from its checkpoint, taken once (later passes keep their own). */
export function restoreFollower(state: IndexerState, cp: Checkpoint | undefined): void {
  if (!state.follower) return;
  if (!state.followerRestored && cp?.addresses) state.follower.addresses = [...cp.addresses];
  state.followerRestored = true;
}

/** A stream the follower now covers: its id reads as the follower's and it is no longer read. */
export function mergeIntoFollower(state: IndexerState, s: StreamSpec): void {
  state.merged.set(s.id, s.fromBlock);
  state.streams.splice(state.streams.indexOf(s), 1);
  state.reached.delete(s.id);
}
