/**
 * The indexer: backfills a stream from its start block and then follows the chain head.
 * Each eth_getLogs range is applied in one transaction with its checkpoint (block number + hash);
 * before every pass the index is reconciled with the chain (reconcile.ts): a checkpoint ahead of
 * the head or a hash mismatch (reorg, restarted local chain) rolls the stream back to the last
 * block both agree on and reads again.
 */
import type { Hex } from 'viem';
import { type ChainClients, readHead } from '../chain/client';
import type { Db } from '../db/client';
import { AppError, ChainUnavailableError } from '../errors';
import type { Logger } from '../logger';
import { POOL_CREATION_TOPICS } from '../venues/decode-pool-log';
import type { RawLog } from '../venues/pool-events';
import { V3_TOPICS } from '../venues/uniswap-v3-events';
import { V4_TOPICS } from '../venues/uniswap-v4-events';
import { ALL_TOPICS, type DecodedEvent, decodeLog } from './events';
import { afterRangeError, afterSuccess, initialRange, nextRange, type RangeState } from './ranges';
import { reconcileStream } from './reconcile';
import { applyRange, loadCheckpoint, tokensOfPools } from './store';

export const FOLLOW_INTERVAL_MS = 1_000;

/** A V4 PoolId (32 bytes) in a stream's address list, beside the 20-byte addresses. */
const isPoolId = (a: string) => a.length === 66;

export type StreamSpec = {
  id: string;
  /** null = every contract (the local chain is ours, so we index all of it). */
  addresses: string[] | null;
  fromBlock: bigint;
  /**
   * With `dex.poolFactories`: from this block on, pools created for the stream's addresses join it
   * (Base: the block after the token's pools were looked up at the factories). The follower: always.
   */
  poolsFrom?: bigint;
};

export type Indexer = {
  /**
   * Index every stream up to the current head once. Returns the head reached. `head`, when the
   * caller just read it, saves the pass its own eth_blockNumber (used only if a pass starts now).
   */
  syncOnce(opts?: { head?: bigint }): Promise<bigint>;
  /** Resolves when every stream has applied `block` (or the indexer stopped). */
  waitForBlock(block: bigint, timeoutMs?: number): Promise<boolean>;
  /** Block the slowest stream has fully applied. */
  indexedBlock(): bigint;
  /**
   * Follow one more stream from now on (per-token backfill on Base). Idempotent per id. With a
   * follower, the stream is merged into it once it has caught up (see `follower` below).
   */
  addStream(spec: StreamSpec): void;
  hasStream(id: string): boolean;
  /** Block a stream has fully applied (-1 before its first range). */
  streamBlock(id: string): bigint;
  /** Where a stream started, for progress figures; undefined for unknown ids. */
  streamStart(id: string): bigint | undefined;
  /**
   * Follower mode: stop following a token nobody asks for any more (FOLLOW_IDLE_MINUTES). Its
   * `addresses` (the token and its pools) leave the follower, and the stream `id` gets a checkpoint
   * at the block the follower had reached, so a later addStream with the same id catches up from
   * there. Applied at the start of the next pass, never under one. Resolves to that block, or
   * undefined when the token was not in the follower (still backfilling, or already dropped).
   */
  unfollow(id: string, addresses: string[]): Promise<bigint | undefined>;
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
  /**
   * Base mode: the id of ONE stream that follows the head for every tracked address. A stream added
   * with addStream backfills its addresses up to the head and is then merged into the follower, so
   * each new block costs one eth_getLogs for all tokens, not one per token. Its address list is kept
   * in its checkpoint and restored at start.
   */
  follower?: string;
  /**
   * Base mode (address-filtered streams): the DEX contracts whose logs concern tracked tokens but are
   * not emitted by them. `poolFactories`: the follower also reads their pool-creation logs, and a
   * pool created later for a tracked token joins it (with that range's logs). `positionManagers`:
   * a concentrated-liquidity pool's Mint by one of these NFT managers (Uniswap V3's, every
   * Slipstream factory's) is paired with that manager's IncreaseLiquidity in the same transaction
   * (that position's id), so lock and burn checks find it without following every position on the
   * chain.
   */
  dex?: {
    poolFactories: string[];
    positionManagers?: string[];
    /**
     * Uniswap V4's PoolManager: it holds every pool, so its logs are asked by topic, never by
     * address — each range, the Initialize of pools whose currency0 or currency1 is a stream
     * address, and the Swap and ModifyLiquidity of the stream's V4 pools by PoolId. A stream keeps
     * its V4 pools' PoolIds (32 bytes) in its address list, so they survive in its checkpoint and
     * move into the follower with it (ADR 0026, amendment 4).
     */
    v4PoolManager?: string | undefined;
  };
  /**
   * Told, after a range is committed, which tokens got new Transfer or contract events (several
   * processes: the worker tells the API replicas their cached answers for them are stale).
   */
  onTokensChanged?: (tokens: string[]) => Promise<void>;
  /** Several workers: the leader's id, written with each checkpoint (who indexed, for the audit). */
  writer?: string;
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
  /** A pass asked for while one runs: it starts when that one ends, so it sees streams added meanwhile. */
  let queued: Promise<bigint> | undefined;
  let stopped = false;
  const follower: StreamSpec | undefined = opts.follower
    ? { id: opts.follower, addresses: [], fromBlock: 0n, poolsFrom: 0n }
    : undefined;
  if (follower) streams.unshift(follower);
  let followerRestored = false;
  const pendingUnfollows: {
    id: string;
    addresses: string[];
    resolve: (block: bigint | undefined) => void;
    reject: (e: unknown) => void;
  }[] = [];
  /** Head of the last complete pass (follower mode: an unchanged head with nothing behind is no work). */
  let lastHead = -1n;
  /** Streams merged into the follower: their id now reads as the follower's. */
  const merged = new Map<string, bigint>();
  // Ranges of different streams are fetched concurrently (one JSON-RPC batch) but applied one at a time.
  let applying: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const p = applying.then(fn, fn);
    applying = p.catch(() => {});
    return p;
  };

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
    if (stream.addresses) {
      const addresses = stream.addresses.filter((a) => !isPoolId(a));
      if (addresses.length === 0) return [];
      params.address = addresses;
    }
    return (await chain.public.request({ method: 'eth_getLogs', params: [params] } as never)) as RawLog[];
  }

  /**
   * The PoolManager's logs for an address-filtered stream in from..to (dex.v4PoolManager): the
   * Initialize of V4 pools of its tokens (two topic-filtered queries: the token as currency0, as
   * currency1), the Swap and ModifyLiquidity of its known V4 pools, and those of pools first seen
   * here (their launch liquidity shares the Initialize's block). One batch, plus one for new pools.
   */
  async function v4LogsOf(
    addresses: string[],
    from: bigint,
    to: bigint,
  ): Promise<{ logs: RawLog[]; added: string[] }> {
    const manager = opts.dex?.v4PoolManager?.toLowerCase();
    if (!manager) return { logs: [], added: [] };
    const q = (topics: unknown[]) =>
      chain.public.request({
        method: 'eth_getLogs',
        params: [
          { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, address: manager, topics },
        ],
      } as never) as Promise<RawLog[]>;
    const tokens = addresses.filter((a) => !isPoolId(a)).map((a) => `0x${a.slice(2).padStart(64, '0')}`);
    const ids = addresses.filter(isPoolId);
    const activity = [[V4_TOPICS.swap, V4_TOPICS.modifyLiquidity]];
    const [as0, as1, pooled] = await Promise.all([
      tokens.length ? q([[V4_TOPICS.initialize], null, tokens]) : [],
      tokens.length ? q([[V4_TOPICS.initialize], null, null, tokens]) : [],
      ids.length ? q([...activity, ids]) : [],
    ]);
    const known = new Set(ids);
    const seen = new Set<string>();
    const inits = [...as0, ...as1].filter((l) => {
      const k = `${l.blockNumber}:${l.logIndex}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    const added = [...new Set(inits.map((l) => String(l.topics[1]).toLowerCase()))].filter(
      (id) => isPoolId(id) && !known.has(id),
    );
    const more = added.length ? await q([...activity, added]) : [];
    return { logs: [...inits, ...pooled, ...more], added };
  }

  const topicAddress = (t: Hex | undefined) => (t && t.length === 66 ? `0x${t.slice(26)}` : '');

  /** Pools created in from..to by a known factory for a token `tracked` holds, not followed yet. */
  async function newPoolsOf(tracked: string[], from: bigint, to: bigint): Promise<string[]> {
    const factories = opts.dex?.poolFactories ?? [];
    if (factories.length === 0) return [];
    const logs = (await chain.public.request({
      method: 'eth_getLogs',
      params: [
        {
          fromBlock: `0x${from.toString(16)}`,
          toBlock: `0x${to.toString(16)}`,
          address: factories,
          topics: [POOL_CREATION_TOPICS],
        },
      ],
    } as never)) as RawLog[];
    const known = new Set(tracked);
    const out: string[] = [];
    for (const l of logs) {
      // Both events index token0 and token1; the pool's address is in the data.
      const t0 = topicAddress(l.topics[1]).toLowerCase();
      const t1 = topicAddress(l.topics[2]).toLowerCase();
      if (!known.has(t0) && !known.has(t1)) continue;
      const e = decodeLog(l, 0);
      if (e?.type === 'pairCreated' && !known.has(e.pair) && !out.includes(e.pair)) out.push(e.pair);
    }
    return out;
  }

  /**
   * The position managers' IncreaseLiquidity logs from the transactions where one of them minted
   * into a followed pool (V3 and Slipstream pools emit the same Mint; its owner is the manager).
   */
  async function positionLogsFor(raw: RawLog[]): Promise<RawLog[]> {
    const managers = new Set((opts.dex?.positionManagers ?? []).map((m) => m.toLowerCase()));
    if (managers.size === 0) return [];
    const txs = new Set<string>();
    const blocks = new Map<string, Set<string>>();
    for (const l of raw) {
      const owner = topicAddress(l.topics[1]).toLowerCase();
      if (l.topics[0] === V3_TOPICS.mint && managers.has(owner)) {
        txs.add(l.transactionHash.toLowerCase());
        blocks.set(l.blockNumber, (blocks.get(l.blockNumber) ?? new Set()).add(owner));
      }
    }
    if (blocks.size === 0) return [];
    // One block each, only the managers that minted there (they are busy on Base), all in one batch.
    const perBlock = await Promise.all(
      [...blocks].map(
        ([b, minters]) =>
          chain.public.request({
            method: 'eth_getLogs',
            params: [
              { fromBlock: b, toBlock: b, address: [...minters], topics: [[V3_TOPICS.increaseLiquidity]] },
            ],
          } as never) as Promise<RawLog[]>,
      ),
    );
    return perBlock.flat().filter((l) => txs.has(l.transactionHash.toLowerCase()));
  }

  async function decodeAll(raw: RawLog[]): Promise<DecodedEvent[]> {
    // Base and anvil put blockTimestamp on logs; other providers don't — fetch those blocks once
    // (all at once: one batch).
    const missing = [...new Set(raw.filter((l) => !l.blockTimestamp).map((l) => BigInt(l.blockNumber)))];
    const ts = new Map<bigint, number>();
    const headers = await Promise.all(missing.map((n) => getHeader(n)));
    for (const h of headers) ts.set(h.number, h.timestamp);
    const out: DecodedEvent[] = [];
    for (const l of raw) {
      const e = decodeLog(l, ts.get(BigInt(l.blockNumber)));
      if (e) out.push(e);
    }
    return out;
  }

  async function syncStream(stream: StreamSpec, head: bigint): Promise<void> {
    let cp = await loadCheckpoint(db, stream.id);
    if (stream === follower) {
      if (!followerRestored && cp?.addresses) stream.addresses = [...cp.addresses];
      followerRestored = true;
      // Nothing to follow yet: the follower is trivially at the head, and must not ask for every log.
      if (!stream.addresses?.length) {
        reached.set(stream.id, head);
        notify();
        return;
      }
    }
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
      // The range's closing header travels with its logs (one batch against a remote RPC).
      const closing = getHeader(range.to);
      closing.catch(() => {});
      try {
        // New pools of the stream's tokens are asked of the factories in the same batch.
        const poolsFrom = stream.poolsFrom;
        const fresh =
          stream.addresses && poolsFrom !== undefined && range.to >= poolsFrom
            ? newPoolsOf(stream.addresses, range.from > poolsFrom ? range.from : poolsFrom, range.to)
            : Promise.resolve([]);
        fresh.catch(() => {});
        const v4 = stream.addresses ? v4LogsOf(stream.addresses, range.from, range.to) : undefined;
        v4?.catch(() => {});
        raw = await getLogs(stream, range.from, range.to);
        const v4Found = await v4;
        if (v4Found && stream.addresses) {
          raw.push(...v4Found.logs);
          if (v4Found.added.length > 0) {
            stream.addresses = [...stream.addresses, ...v4Found.added];
            log.info({ msg: 'following V4 pools of tracked tokens', pools: v4Found.added });
          }
        }
        const added = await fresh;
        if (added.length > 0 && stream.addresses) {
          // This range's logs of the new pools too (their first Mint may share the creation block).
          raw.push(...(await getLogs({ ...stream, addresses: added }, range.from, range.to)));
          stream.addresses = [...stream.addresses, ...added];
          log.info({ msg: 'following pools created for tracked tokens', pools: added });
        }
        if (stream.addresses) raw.push(...(await positionLogsFor(raw)));
      } catch (e) {
        const shrunk = afterRangeError(state, (e as Error).message ?? '', range.from);
        if (shrunk && shrunk.size < state.size) {
          state = shrunk;
          continue;
        }
        throw e;
      }
      const events = await decodeAll(raw);
      const header = await closing;
      if (
        before &&
        (before.hash !== header.hash || (prev && (await getHeader(prev.number)).hash !== prev.hash))
      ) {
        throw new ChainUnavailableError(
          'The chain changed during an index pass; reconciling on the next one.',
        );
      }
      await serially(() =>
        applyRange(db, events, {
          stream: stream.id,
          blockNumber: range.to,
          blockHash: header.hash,
          addresses: stream.addresses,
          writer: opts.writer,
        }),
      );
      if (opts.onTokensChanged && events.length > 0) {
        const changed = new Set<string>();
        const pools = new Set<string>();
        for (const e of events) {
          if (e.type === 'transfer') changed.add(e.token);
          else if (e.type === 'contract') changed.add(e.address);
          else if (e.type === 'pairCreated') {
            changed.add(e.token0);
            changed.add(e.token1);
          }
          // Swaps, liquidity and reserves move a token's price, volume and pool figures too.
          else if ('pair' in e) pools.add(e.pair);
        }
        await tokensOfPools(db, [...pools])
          .then((tokens) => {
            for (const t of tokens) changed.add(t);
            return opts.onTokensChanged?.([...changed]);
          })
          .catch((e) => log.warn({ msg: 'announcing indexed tokens failed', err: (e as Error).message }));
      }
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

  /** Backfill streams that reached the head join the follower (same head: no gap, no overlap). */
  async function mergeCaughtUp(head: bigint): Promise<void> {
    if (!follower || (reached.get(follower.id) ?? -1n) < head) return;
    const ready = streams.filter((s) => s !== follower && (reached.get(s.id) ?? -1n) >= head);
    if (ready.length === 0) return;
    const first = ready[0] as StreamSpec;
    const cp = await loadCheckpoint(db, first.id);
    if (!cp || cp.blockNumber !== head) return;
    const addresses = new Set(follower.addresses ?? []);
    for (const s of ready) for (const a of s.addresses ?? []) addresses.add(a.toLowerCase());
    const followerCp = await loadCheckpoint(db, follower.id);
    // The follower's checkpoint moves to the head with its new address list (an empty range).
    const at = followerCp && followerCp.blockNumber > head ? followerCp : cp;
    await serially(() =>
      applyRange(db, [], {
        stream: follower.id,
        blockNumber: at.blockNumber,
        blockHash: at.blockHash,
        addresses: [...addresses],
        writer: opts.writer,
      }),
    );
    follower.addresses = [...addresses];
    reached.set(follower.id, at.blockNumber);
    for (const s of ready) {
      merged.set(s.id, s.fromBlock);
      streams.splice(streams.indexOf(s), 1);
      reached.delete(s.id);
    }
  }

  /**
   * Streams whose every address the follower already follows need no reading of their own: they
   * read as merged at once. So it goes after a restart, when a followed token's next report adds its
   * stream again (which process merged it is not remembered): without this the stream would re-read
   * from its own checkpoint, left where it was merged, up to the head — rows the follower has
   * already written (idempotent, but wasted reads).
   */
  async function adoptFollowed(): Promise<void> {
    if (!follower) return;
    const candidates = streams.filter((s) => s !== follower && s.addresses?.length);
    if (candidates.length === 0) return;
    if (!followerRestored) {
      const cp = await loadCheckpoint(db, follower.id);
      if (cp?.addresses) follower.addresses = [...cp.addresses];
      followerRestored = true;
    }
    const followed = new Set(follower.addresses ?? []);
    for (const s of candidates) {
      if (!(s.addresses ?? []).every((a) => followed.has(a.toLowerCase()))) continue;
      merged.set(s.id, s.fromBlock);
      streams.splice(streams.indexOf(s), 1);
      reached.delete(s.id);
    }
  }

  /**
   * The unfollows asked for since the last pass, in one step: each token's own checkpoint moves to
   * the follower's block (with its addresses), then the follower's checkpoint loses them. A crash
   * between the two leaves the token followed and its checkpoint ahead: harmless either way.
   */
  async function applyUnfollows(): Promise<void> {
    if (pendingUnfollows.length === 0) return;
    const batch = pendingUnfollows.splice(0);
    try {
      const cp = follower ? await loadCheckpoint(db, follower.id) : undefined;
      if (!follower || !cp) {
        for (const u of batch) u.resolve(undefined);
        return;
      }
      if (!followerRestored && cp.addresses) follower.addresses = [...cp.addresses];
      followerRestored = true;
      const followed = new Set(follower.addresses ?? []);
      const dropped = new Set<string>();
      const done: { u: (typeof batch)[number]; block: bigint | undefined }[] = [];
      for (const u of batch) {
        const own = u.addresses.map((a) => a.toLowerCase()).filter((a) => followed.has(a));
        // A token still backfilling in its own stream, or not followed at all, stays as it is.
        const token = u.addresses[0]?.toLowerCase() ?? '';
        if (!followed.has(token) || streams.some((s) => s.id === u.id)) {
          done.push({ u, block: undefined });
          continue;
        }
        await serially(() =>
          applyRange(db, [], {
            stream: u.id,
            blockNumber: cp.blockNumber,
            blockHash: cp.blockHash,
            addresses: own,
            writer: opts.writer,
          }),
        );
        for (const a of own) dropped.add(a);
        done.push({ u, block: cp.blockNumber });
      }
      if (dropped.size > 0) {
        const kept = (follower.addresses ?? []).filter((a) => !dropped.has(a));
        await serially(() =>
          applyRange(db, [], {
            stream: follower.id,
            blockNumber: cp.blockNumber,
            blockHash: cp.blockHash,
            addresses: kept,
            writer: opts.writer,
          }),
        );
        follower.addresses = kept;
      }
      for (const { u, block } of done) {
        if (block !== undefined) merged.delete(u.id);
        u.resolve(block);
      }
    } catch (e) {
      for (const u of batch) u.reject(e);
    }
  }

  function startPass(knownHead?: bigint): Promise<bigint> {
    running = (async () => {
      try {
        let head: bigint;
        try {
          head = knownHead ?? (await readHead(chain, chain.headCacheMs));
        } catch (cause) {
          throw new ChainUnavailableError('The chain RPC is not answering.', cause);
        }
        await applyUnfollows();
        await adoptFollowed();
        // Follower mode (a remote RPC): no new block and no stream behind = nothing to read.
        if (follower && head === lastHead && streams.every((s) => (reached.get(s.id) ?? -1n) >= head)) {
          return head;
        }
        // Every stream at once: against a remote RPC their reads share round trips.
        const results = await Promise.allSettled([...streams].map((s) => syncStream(s, head)));
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
        await mergeCaughtUp(head);
        lastHead = head;
        return head;
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  /**
   * Runs a pass, or — when one is already running — the next one, which starts after it: a caller
   * that just added a stream must get a pass that includes it, not one that began before.
   */
  function syncOnce(o: { head?: bigint } = {}): Promise<bigint> {
    if (!running) return startPass(o.head);
    queued ??= running
      .catch(() => {})
      .then(() => {
        queued = undefined;
        return running ?? startPass();
      });
    return queued;
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
      if (!merged.has(spec.id) && !streams.some((s) => s.id === spec.id)) streams.push(spec);
    },
    hasStream: (id) => merged.has(id) || streams.some((s) => s.id === id),
    streamBlock: (id) => reached.get(merged.has(id) && follower ? follower.id : id) ?? -1n,
    streamStart: (id) => merged.get(id) ?? streams.find((s) => s.id === id)?.fromBlock,
    unfollow(id, addresses) {
      if (!follower) return Promise.resolve(undefined);
      const p = new Promise<bigint | undefined>((resolve, reject) =>
        pendingUnfollows.push({ id, addresses, resolve, reject }),
      );
      // The next pass applies it (or the loop's, if this one fails on the chain).
      syncOnce().catch(() => {});
      return p;
    },
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
      await queued?.catch(() => {});
      for (const w of waiters) w.resolve(false);
      waiters.clear();
      for (const u of pendingUnfollows.splice(0)) u.resolve(undefined);
    },
  };
}
