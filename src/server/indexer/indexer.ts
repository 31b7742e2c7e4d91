/**
 * The indexer: backfills a stream from its start block and then follows the chain head.
 * Each eth_getLogs range is applied in one transaction with its checkpoint (block number + hash);
 * before every pass the index is reconciled with the chain (reconcile.ts): a checkpoint ahead of
 * the head or a hash mismatch (reorg, restarted local chain) rolls the stream back to the last
 * block both agree on and reads again.
 */
import type { Hex } from 'viem';
import type { ChainClients } from '../chain/client';
import type { Db } from '../db/client';
import { AppError, ChainUnavailableError } from '../errors';
import type { Logger } from '../logger';
import { ALL_TOPICS, type DecodedEvent, decodeLog, type RawLog } from './events';
import { afterRangeError, afterSuccess, initialRange, nextRange, type RangeState } from './ranges';
import { reconcileStream } from './reconcile';
import { applyRange, loadCheckpoint } from './store';

export const FOLLOW_INTERVAL_MS = 1_000;

export type StreamSpec = {
  id: string;
  /** null = every contract (the local chain is ours, so we index all of it). */
  addresses: string[] | null;
  fromBlock: bigint;
};

export type Indexer = {
  /** Index every stream up to the current head once. Returns the head reached. */
  syncOnce(): Promise<bigint>;
  /** Resolves when every stream has applied `block` (or the indexer stopped). */
  waitForBlock(block: bigint, timeoutMs?: number): Promise<boolean>;
  /** Block the slowest stream has fully applied. */
  indexedBlock(): bigint;
  /** Follow one more stream from now on (per-token backfill on Base). Idempotent per id. */
  addStream(spec: StreamSpec): void;
  hasStream(id: string): boolean;
  /** Block a stream has fully applied (-1 before its first range). */
  streamBlock(id: string): bigint;
  start(): void;
  stop(): Promise<void>;
};

export type CreateIndexerOptions = {
  db: Db;
  chain: ChainClients;
  log: Logger;
  streams: StreamSpec[];
  followIntervalMs?: number;
  /** First eth_getLogs range size (default INITIAL_RANGE_BLOCKS); tests use small ranges. */
  initialRangeBlocks?: bigint;
  /** Test hook: called after each range is committed. */
  onRangeApplied?: (range: { from: bigint; to: bigint; events: number }) => void | Promise<void>;
};

type BlockHeader = { number: bigint; hash: Hex; timestamp: number };

export function createIndexer(opts: CreateIndexerOptions): Indexer {
  const { db, chain, log } = opts;
  const streams = [...opts.streams];
  const guardRestarts = chain.mode === 'local';
  const ranges = new Map<string, RangeState>();
  const reached = new Map<string, bigint>();
  const waiters = new Set<{ block: bigint; resolve: (ok: boolean) => void }>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<bigint> | undefined;
  let stopped = false;

  const indexedBlock = () => {
    let min: bigint | undefined;
    for (const s of streams) {
      const r = reached.get(s.id) ?? -1n;
      if (min === undefined || r < min) min = r;
    }
    return min ?? -1n;
  };

  const notify = () => {
    const at = indexedBlock();
    for (const w of waiters) {
      if (at >= w.block) {
        waiters.delete(w);
        w.resolve(true);
      }
    }
  };

  async function getHeader(n: bigint): Promise<BlockHeader> {
    const b = await chain.public.getBlock({ blockNumber: n });
    return { number: n, hash: b.hash as Hex, timestamp: Number(b.timestamp) };
  }

  async function getLogs(stream: StreamSpec, from: bigint, to: bigint): Promise<RawLog[]> {
    const params: Record<string, unknown> = {
      fromBlock: `0x${from.toString(16)}`,
      toBlock: `0x${to.toString(16)}`,
      topics: [ALL_TOPICS],
    };
    if (stream.addresses) params.address = stream.addresses;
    return (await chain.public.request({ method: 'eth_getLogs', params: [params] } as never)) as RawLog[];
  }

  async function decodeAll(raw: RawLog[]): Promise<DecodedEvent[]> {
    // Base and anvil put blockTimestamp on logs; other providers don't — fetch those blocks once.
    const missing = [...new Set(raw.filter((l) => !l.blockTimestamp).map((l) => BigInt(l.blockNumber)))];
    const ts = new Map<bigint, number>();
    for (const n of missing) ts.set(n, (await getHeader(n)).timestamp);
    const out: DecodedEvent[] = [];
    for (const l of raw) {
      const e = decodeLog(l, ts.get(BigInt(l.blockNumber)));
      if (e) out.push(e);
    }
    return out;
  }

  async function syncStream(stream: StreamSpec, head: bigint): Promise<void> {
    let cp = await loadCheckpoint(db, stream.id);
    if (cp) {
      // Checkpoint ahead of the head, or another block at its height: back to the last common block.
      const r = await reconcileStream({
        db,
        checkpoint: cp,
        fromBlock: stream.fromBlock,
        head,
        hashAt: async (n) => (n <= head ? (await getHeader(n)).hash : undefined),
      });
      if (r.result.kind === 'rolled_back') {
        log.warn({
          msg: 'the index disagreed with the chain; rolled back to the last common block',
          stream: stream.id,
          reason: r.result.reason,
          from_block: r.result.from.toString(),
          to_block: r.result.to.toString(),
        });
        cp = r.checkpoint;
        reached.delete(stream.id);
      }
    }
    let next = cp ? cp.blockNumber + 1n : stream.fromBlock;
    let prev = cp && cp.blockNumber >= 0n ? { number: cp.blockNumber, hash: cp.blockHash } : undefined;
    let state =
      ranges.get(stream.id) ??
      (opts.initialRangeBlocks ? { size: opts.initialRangeBlocks, successes: -1_000_000 } : initialRange());
    for (;;) {
      if (stopped) return;
      const range = nextRange(next, head, state);
      if (!range) break;
      // The local chain can restart from an older state mid-pass: its block at range.to must be the
      // same before and after the read, and the block the index ends at must still be on it.
      const before = guardRestarts ? await getHeader(range.to) : undefined;
      let raw: RawLog[];
      try {
        raw = await getLogs(stream, range.from, range.to);
      } catch (e) {
        const shrunk = afterRangeError(state, (e as Error).message ?? '', range.from);
        if (shrunk && shrunk.size < state.size) {
          state = shrunk;
          continue;
        }
        throw e;
      }
      const events = await decodeAll(raw);
      const header = await getHeader(range.to);
      if (
        before &&
        (before.hash !== header.hash || (prev && (await getHeader(prev.number)).hash !== prev.hash))
      ) {
        throw new ChainUnavailableError(
          'The chain changed during an index pass; reconciling on the next one.',
        );
      }
      await applyRange(db, events, {
        stream: stream.id,
        blockNumber: range.to,
        blockHash: header.hash,
        addresses: stream.addresses,
      });
      state = afterSuccess(state);
      ranges.set(stream.id, state);
      reached.set(stream.id, range.to);
      notify();
      await opts.onRangeApplied?.({ from: range.from, to: range.to, events: events.length });
      next = range.to + 1n;
      prev = { number: range.to, hash: header.hash };
    }
    if (cp && !reached.has(stream.id)) reached.set(stream.id, cp.blockNumber);
    notify();
  }

  async function syncOnce(): Promise<bigint> {
    running ??= (async () => {
      try {
        let head: bigint;
        try {
          head = await chain.public.getBlockNumber({ cacheTime: 0 });
        } catch (cause) {
          throw new ChainUnavailableError('The chain RPC is not answering.', cause);
        }
        for (const s of [...streams]) await syncStream(s, head);
        return head;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const loop = async () => {
    if (stopped) return;
    try {
      await syncOnce();
    } catch (e) {
      const retryable = e instanceof AppError ? e.retryable : true;
      log.warn({ msg: 'indexer pass failed', err: (e as Error).message, retryable });
    }
    if (!stopped) timer = setTimeout(loop, opts.followIntervalMs ?? FOLLOW_INTERVAL_MS);
  };

  return {
    syncOnce,
    indexedBlock,
    addStream(spec) {
      if (!streams.some((s) => s.id === spec.id)) streams.push(spec);
    },
    hasStream: (id) => streams.some((s) => s.id === id),
    streamBlock: (id) => reached.get(id) ?? -1n,
    waitForBlock(block, timeoutMs = 30_000) {
      if (indexedBlock() >= block) return Promise.resolve(true);
      return new Promise((resolve) => {
        const w = { block, resolve };
        waiters.add(w);
        setTimeout(() => {
          if (waiters.delete(w)) resolve(false);
        }, timeoutMs).unref();
      });
    },
    start() {
      stopped = false;
      if (!timer) timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
      for (const w of waiters) w.resolve(false);
      waiters.clear();
    },
  };
}
