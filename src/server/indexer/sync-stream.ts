/**
 * One stream's pass: reconcile its checkpoint with the chain, then read and apply ranges up to the
 * head, each range in one transaction with its checkpoint.
 */
import { ChainUnavailableError } from '../errors';
import type { RawLog } from '../venues/pool-events';
import type { DecodedEvent } from './events';
import { type IndexerState, notify, restoreFollower, serially } from './indexer-state';
import type { StreamSpec } from './indexer-types';
import { decodeAll, getHeader, getLogs, newPoolsOf, positionLogsFor, v4LogsOf } from './range-logs';
import { afterRangeError, afterSuccess, initialRange, nextRange, type RangeState } from './ranges';
import { reconcileStream } from './reconcile';
import { applyRange, type Checkpoint, loadCheckpoint, tokensOfPools } from './store';

/**
 * The stream's checkpoint, reconciled with the chain: ahead of the head, or another block at its
 * height, it is rolled back to the last common block. `null`: the follower has nothing to follow
 * (it is trivially at the head, and must not ask for every log).
 */
async function startingCheckpoint(
  state: IndexerState,
  stream: StreamSpec,
  head: bigint,
): Promise<Checkpoint | undefined | null> {
  const { db, chain, log } = state.opts;
  const cp = await loadCheckpoint(db, stream.id);
  if (stream === state.follower) {
    restoreFollower(state, cp);
    if (!stream.addresses?.length) {
      state.reached.set(stream.id, head);
      notify(state);
      return null;
    }
  }
  if (!cp) return cp;
  const r = await reconcileStream({
    db,
    checkpoint: cp,
    fromBlock: stream.fromBlock,
    head,
    hashAt: async (n) => (n <= head ? (await getHeader(chain, n)).hash : undefined),
  });
  if (r.result.kind !== 'rolled_back') return cp;
  log.warn({
    msg: 'the index disagreed with the chain; rolled back to the last common block',
    stream: stream.id,
    reason: r.result.reason,
    from_block: r.result.from.toString(),
    to_block: r.result.to.toString(),
  });
  state.reached.delete(stream.id);
  return r.checkpoint;
}

/**
 * Every log of the range for the stream: its own, the PoolManager's for its tokens and V4 pools,
 * those of pools the factories created for its tokens, and the position managers' beside their
 * Mints. New pools join the stream's address list. The first reads go out together (one batch).
 */
async function readRangeLogs(
  state: IndexerState,
  stream: StreamSpec,
  range: { from: bigint; to: bigint },
): Promise<RawLog[]> {
  const { chain, log, dex } = state.opts;
  // New pools of the stream's tokens are asked of the factories in the same batch.
  const poolsFrom = stream.poolsFrom;
  const fresh =
    stream.addresses && poolsFrom !== undefined && range.to >= poolsFrom
      ? newPoolsOf(
          chain,
          dex?.poolFactories ?? [],
          stream.addresses,
          range.from > poolsFrom ? range.from : poolsFrom,
          range.to,
        )
      : Promise.resolve([]);
  fresh.catch(() => {});
  const v4 = stream.addresses
    ? v4LogsOf(chain, dex?.v4PoolManager?.toLowerCase(), stream.addresses, range.from, range.to)
    : undefined;
  v4?.catch(() => {});
  const raw = await getLogs(chain, stream, range.from, range.to);
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
    raw.push(...(await getLogs(chain, { ...stream, addresses: added }, range.from, range.to)));
    stream.addresses = [...stream.addresses, ...added];
    log.info({ msg: 'following pools created for tracked tokens', pools: added });
  }
  if (stream.addresses) raw.push(...(await positionLogsFor(chain, dex?.positionManagers ?? [], raw)));
  return raw;
}

/** Tokens whose own events changed, and pools whose swaps, liquidity or reserves did. */
export function changedByEvents(events: DecodedEvent[]): { tokens: Set<string>; pools: Set<string> } {
  const tokens = new Set<string>();
  const pools = new Set<string>();
  for (const e of events) {
    if (e.type === 'transfer') tokens.add(e.token);
    else if (e.type === 'contract') tokens.add(e.address);
    else if (e.type === 'pairCreated') {
      tokens.add(e.token0);
      tokens.add(e.token1);
    }
    // Swaps, liquidity and reserves move a token's price, volume and pool figures too.
    else if ('pair' in e) pools.add(e.pair);
  }
  return { tokens, pools };
}

/** Tells opts.onTokensChanged which tokens a committed range touched (a failure is only logged). */
async function announceChanged(state: IndexerState, events: DecodedEvent[]): Promise<void> {
  const { db, log, onTokensChanged } = state.opts;
  if (!onTokensChanged || events.length === 0) return;
  const { tokens: changed, pools } = changedByEvents(events);
  await tokensOfPools(db, [...pools])
    .then((tokens) => {
      for (const t of tokens) changed.add(t);
      return onTokensChanged([...changed]);
    })
    .catch((e) => log.warn({ msg: 'announcing indexed tokens failed', err: (e as Error).message }));
}

export async function syncStream(state: IndexerState, stream: StreamSpec, head: bigint): Promise<void> {
  const { opts } = state;
  const { db, chain } = opts;
  const cp = await startingCheckpoint(state, stream, head);
  if (cp === null) return;
  let next = cp ? cp.blockNumber + 1n : stream.fromBlock;
  let prev = cp && cp.blockNumber >= 0n ? { number: cp.blockNumber, hash: cp.blockHash } : undefined;
  let rs: RangeState =
    state.ranges.get(stream.id) ??
    (opts.initialRangeBlocks ? { size: opts.initialRangeBlocks, successes: -1_000_000 } : initialRange());
  for (;;) {
    if (state.stopped) return;
    const range = nextRange(next, head, rs);
    if (!range) break;
    // The local chain can restart from an older state mid-pass: its block at range.to must be the
    // same before and after the read, and the block the index ends at must still be on it.
    const before = state.guardRestarts ? await getHeader(chain, range.to) : undefined;
    let raw: RawLog[];
    // The range's closing header travels with its logs (one batch against a remote RPC).
    const closing = getHeader(chain, range.to);
    closing.catch(() => {});
    try {
      raw = await readRangeLogs(state, stream, range);
    } catch (e) {
      const shrunk = afterRangeError(rs, (e as Error).message ?? '', range.from);
      if (shrunk && shrunk.size < rs.size) {
        rs = shrunk;
        continue;
      }
      throw e;
    }
    const events = await decodeAll(chain, raw);
    const header = await closing;
    if (
      before &&
      (before.hash !== header.hash || (prev && (await getHeader(chain, prev.number)).hash !== prev.hash))
    ) {
      throw new ChainUnavailableError('The chain changed during an index pass; reconciling on the next one.');
    }
    await serially(state, () =>
      applyRange(db, events, {
        stream: stream.id,
        blockNumber: range.to,
        blockHash: header.hash,
        addresses: stream.addresses,
        writer: opts.writer,
      }),
    );
    await announceChanged(state, events);
    rs = afterSuccess(rs);
    state.ranges.set(stream.id, rs);
    state.reached.set(stream.id, range.to);
    notify(state);
    await opts.onRangeApplied?.({ from: range.from, to: range.to, events: events.length });
    next = range.to + 1n;
    prev = { number: range.to, hash: header.hash };
  }
  if (cp && !state.reached.has(stream.id)) state.reached.set(stream.id, cp.blockNumber);
  notify(state);
}
