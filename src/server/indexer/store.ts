/**
 * Applies decoded events to the database. One range = one transaction: raw rows (idempotent on
 * (block_number, log_index)), the tables derived from the rows that were really new, and the
 * checkpoint. A crash mid-range rolls the whole range back; a replayed range changes nothing.
 */
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  balances,
  contractCreations,
  contractEvents,
  indexBlockHashes,
  indexCheckpoints,
  liquidityEvents,
  pairs,
  positionEvents,
  swaps,
  syncs,
  transfers,
  walletFirstSeen,
} from '../db/schema';
import { liquidityDeltaAmounts } from '../venues/uniswap-v4-liquidity';
import type { DecodedEvent } from './events';
import {
  contractRow,
  type EventOf,
  eventsOf,
  liquidityRow,
  logCols,
  pairRow,
  poolLiquidityEvents,
  positionRow,
  swapRow,
  syncRow,
  transferRow,
} from './store-rows';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const INSERT_CHUNK = 1000;

export type Checkpoint = {
  stream: string;
  blockNumber: bigint;
  blockHash: string;
  addresses: string[] | null;
  /** Who wrote it (several workers: the leader's WORKER_ID), kept for the audit; null in ROLE=all. */
  writer?: string | null;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function chunks<T>(rows: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

const key = (b: bigint, i: number) => `${b}:${i}`;

export async function loadCheckpoint(db: Db, stream: string): Promise<Checkpoint | undefined> {
  const rows = await db.select().from(indexCheckpoints).where(eq(indexCheckpoints.stream, stream)).limit(1);
  const r = rows[0];
  return r
    ? { stream: r.stream, blockNumber: r.blockNumber, blockHash: r.blockHash, addresses: r.addresses ?? null }
    : undefined;
}

/** How far back range-end hashes are kept: deeper than any reorg or crash rollback we meet. */
export const BLOCK_HASH_HISTORY_BLOCKS = 10_000n;

/** The range-end hashes recorded for a stream (see indexBlockHashes in the schema). */
export async function recordedBlockHashes(
  db: Db,
  stream: string,
): Promise<{ blockNumber: bigint; blockHash: string }[]> {
  return db
    .select({ blockNumber: indexBlockHashes.blockNumber, blockHash: indexBlockHashes.blockHash })
    .from(indexBlockHashes)
    .where(eq(indexBlockHashes.stream, stream));
}

async function saveCheckpoint(tx: Tx, cp: Checkpoint) {
  if (cp.blockNumber >= 0n && cp.blockHash) {
    await tx
      .insert(indexBlockHashes)
      .values({ stream: cp.stream, blockNumber: cp.blockNumber, blockHash: cp.blockHash })
      .onConflictDoUpdate({
        target: [indexBlockHashes.stream, indexBlockHashes.blockNumber],
        set: { blockHash: cp.blockHash },
      });
    await tx
      .delete(indexBlockHashes)
      .where(
        and(
          eq(indexBlockHashes.stream, cp.stream),
          lt(indexBlockHashes.blockNumber, cp.blockNumber - BLOCK_HASH_HISTORY_BLOCKS),
        ),
      );
  }
  await tx
    .insert(indexCheckpoints)
    .values({
      stream: cp.stream,
      blockNumber: cp.blockNumber,
      blockHash: cp.blockHash,
      addresses: cp.addresses,
      writtenBy: cp.writer ?? null,
    })
    .onConflictDoUpdate({
      target: indexCheckpoints.stream,
      set: {
        blockNumber: cp.blockNumber,
        blockHash: cp.blockHash,
        addresses: cp.addresses,
        writtenBy: cp.writer ?? null,
        updatedAt: new Date(),
      },
    });
}

export async function applyRange(
  db: Db,
  events: DecodedEvent[],
  checkpoint: Checkpoint,
): Promise<{ inserted: number }> {
  return db.transaction(async (tx) => {
    const newTransfers = await insertTransfers(tx, eventsOf(events, 'transfer'));
    await applyTransferDerivations(tx, newTransfers);
    await inChunks(eventsOf(events, 'pairCreated').map(pairRow), (part) =>
      tx.insert(pairs).values(part).onConflictDoNothing(),
    );
    await inChunks(eventsOf(events, 'sync').map(syncRow), (part) =>
      tx.insert(syncs).values(part).onConflictDoNothing(),
    );
    await inChunks(eventsOf(events, 'swap').map(swapRow), (part) =>
      tx.insert(swaps).values(part).onConflictDoNothing(),
    );
    await inChunks(poolLiquidityEvents(events).map(liquidityRow), (part) =>
      tx.insert(liquidityEvents).values(part).onConflictDoNothing(),
    );
    // After the pairs and swaps above: a V4 change is valued at the price they recorded.
    const v4 = await valueV4LiquidityChanges(tx, events);
    await inChunks(v4, (part) => tx.insert(liquidityEvents).values(part).onConflictDoNothing());
    await inChunks(eventsOf(events, 'position').map(positionRow), (part) =>
      tx.insert(positionEvents).values(part).onConflictDoNothing(),
    );
    await inChunks(eventsOf(events, 'contract').map(contractRow), (part) =>
      tx.insert(contractEvents).values(part).onConflictDoNothing(),
    );
    await saveCheckpoint(tx, checkpoint);
    return { inserted: newTransfers.length };
  });
}

/** One insert per INSERT_CHUNK rows, one after another (one transaction). */
async function inChunks<R>(rows: R[], write: (part: R[]) => Promise<unknown>): Promise<void> {
  for (const part of chunks(rows)) await write(part);
}

/**
 * Inserts the transfers and returns those that were really new (a replayed range inserts none), so
 * balances and first-seen move once per transfer.
 */
async function insertTransfers(tx: Tx, t: EventOf<'transfer'>[]): Promise<EventOf<'transfer'>[]> {
  const fresh: EventOf<'transfer'>[] = [];
  for (const part of chunks(t)) {
    const rows = await tx
      .insert(transfers)
      .values(part.map(transferRow))
      .onConflictDoNothing()
      .returning({ b: transfers.blockNumber, i: transfers.logIndex });
    const inserted = new Set(rows.map((r) => key(r.b, r.i)));
    for (const e of part) if (inserted.has(key(e.blockNumber, e.logIndex))) fresh.push(e);
  }
  return fresh;
}

/**
 * V4 ModifyLiquidity rows as liquidity_events: the event logs no amounts, so each is valued at its
 * pool's price at that moment — the last Initialize or Swap before it (a liquidity change never moves
 * the price): from this range's own events, else from the index (this range's pairs and swaps are
 * already written). A zero delta (a fee collection) moves only fees, which the event does not
 * give: stored as 'collect' with null amounts (migration 0011). A pool whose price the index never saw (created before the stream began) is
 * not valued rather than guessed: its changes are left out.
 */
async function valueV4LiquidityChanges(tx: Tx, events: DecodedEvent[]) {
  type V4 = Extract<DecodedEvent, { type: 'v4Liquidity' }>;
  if (!events.some((e) => e.type === 'v4Liquidity')) return [];
  const ordered = [...events].sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
  );
  const price = new Map<string, bigint>();
  const out: (typeof liquidityEvents.$inferInsert)[] = [];
  for (const e of ordered) {
    if ((e.type === 'pairCreated' || e.type === 'swap') && e.sqrtPriceX96 !== undefined)
      price.set(e.pair, e.sqrtPriceX96);
    if (e.type !== 'v4Liquidity') continue;
    if (e.liquidityDelta === 0n) {
      // A fee collection: kept as 'collect' (never a drain: the drain walks read 'remove' only),
      // amounts unknown — the event logs none and fees do not follow from the range and delta.
      out.push({
        ...logCols(e),
        pair: e.pair,
        kind: 'collect',
        sender: e.sender,
        recipient: null,
        amount0: null,
        amount1: null,
        liquidity: '0',
        positionId: e.salt.toString(),
        tickLower: e.tickLower,
        tickUpper: e.tickUpper,
      } satisfies typeof liquidityEvents.$inferInsert);
      continue;
    }
    const sqrtP = price.get(e.pair) ?? (await indexedV4Price(tx, e));
    if (sqrtP === null) continue;
    price.set(e.pair, sqrtP);
    const { amount0, amount1 } = liquidityDeltaAmounts(sqrtP, e.tickLower, e.tickUpper, e.liquidityDelta);
    const add = e.liquidityDelta > 0n;
    out.push({
      ...logCols(e),
      pair: e.pair,
      kind: add ? 'add' : 'remove',
      sender: e.sender,
      recipient: null,
      amount0: amount0.toString(),
      amount1: amount1.toString(),
      liquidity: (add ? e.liquidityDelta : -e.liquidityDelta).toString(),
      positionId: e.salt.toString(),
      tickLower: e.tickLower,
      tickUpper: e.tickUpper,
    } satisfies typeof liquidityEvents.$inferInsert);
  }
  return out;

  async function indexedV4Price(t: Tx, e: V4): Promise<bigint | null> {
    const [swap] = await t
      .select({ p: swaps.sqrtPriceX96 })
      .from(swaps)
      .where(
        and(
          eq(swaps.pair, e.pair),
          sql`${swaps.sqrtPriceX96} is not null`,
          sql`(${swaps.blockNumber}, ${swaps.logIndex}) < (${e.blockNumber}, ${e.logIndex})`,
        ),
      )
      .orderBy(sql`${swaps.blockNumber} desc, ${swaps.logIndex} desc`)
      .limit(1);
    if (swap?.p) return BigInt(swap.p);
    const [pool] = await t.select({ p: pairs.sqrtPriceX96 }).from(pairs).where(eq(pairs.pair, e.pair));
    return pool?.p ? BigInt(pool.p) : null;
  }
}

/** Balance deltas and first-seen for transfers that were inserted for the first time. */
async function applyTransferDerivations(tx: Tx, fresh: EventOf<'transfer'>[]) {
  if (fresh.length === 0) return;
  const deltas = new Map<string, { token: string; holder: string; delta: bigint; ts: number }>();
  const firstSeen = new Map<string, { block: bigint; ts: number }>();
  const bump = (token: string, holder: string, delta: bigint, ts: number) => {
    if (holder === ZERO_ADDRESS) return;
    const k = `${token}|${holder}`;
    const d = deltas.get(k);
    if (d) {
      d.delta += delta;
      d.ts = Math.max(d.ts, ts);
    } else deltas.set(k, { token, holder, delta, ts });
  };
  const seen = (addr: string, block: bigint, ts: number) => {
    if (addr === ZERO_ADDRESS) return;
    const f = firstSeen.get(addr);
    if (!f || block < f.block) firstSeen.set(addr, { block, ts });
  };
  for (const e of fresh) {
    bump(e.token, e.from, -e.value, e.ts);
    bump(e.token, e.to, e.value, e.ts);
    seen(e.from, e.blockNumber, e.ts);
    seen(e.to, e.blockNumber, e.ts);
  }
  for (const part of chunks([...deltas.values()])) {
    await tx
      .insert(balances)
      .values(
        part.map((d) => ({
          token: d.token,
          holder: d.holder,
          balance: d.delta.toString(),
          lastActiveTs: d.ts,
        })),
      )
      .onConflictDoUpdate({
        target: [balances.token, balances.holder],
        set: {
          balance: sql`${balances.balance} + excluded.balance`,
          lastActiveTs: sql`greatest(${balances.lastActiveTs}, excluded.last_active_ts)`,
        },
      });
  }
  for (const part of chunks([...firstSeen.entries()])) {
    await tx
      .insert(walletFirstSeen)
      .values(part.map(([address, f]) => ({ address, firstBlock: f.block, firstTs: f.ts })))
      .onConflictDoUpdate({
        target: walletFirstSeen.address,
        set: {
          firstBlock: sql`least(${walletFirstSeen.firstBlock}, excluded.first_block)`,
          firstTs: sql`case when excluded.first_block < ${walletFirstSeen.firstBlock} then excluded.first_ts else ${walletFirstSeen.firstTs} end`,
        },
      });
  }
}

/**
 * Reorg: forget everything the stream indexed after `toBlock`, rebuild the derived balances of the
 * tokens touched, and move the checkpoint back.
 */
export async function rollbackTo(db: Db, checkpoint: Checkpoint): Promise<void> {
  const { blockNumber: toBlock, addresses } = checkpoint;
  await db.transaction(async (tx) => {
    const tokenFilter = addresses ? inArray(transfers.token, addresses) : undefined;
    const touched = await tx
      .selectDistinct({ token: transfers.token })
      .from(transfers)
      .where(and(gt(transfers.blockNumber, toBlock), tokenFilter));
    await tx.delete(transfers).where(and(gt(transfers.blockNumber, toBlock), tokenFilter));
    const pairFilter = (col: typeof swaps.pair | typeof syncs.pair | typeof liquidityEvents.pair) =>
      addresses ? inArray(col, addresses) : undefined;
    await tx.delete(swaps).where(and(gt(swaps.blockNumber, toBlock), pairFilter(swaps.pair)));
    await tx.delete(syncs).where(and(gt(syncs.blockNumber, toBlock), pairFilter(syncs.pair)));
    await tx
      .delete(liquidityEvents)
      .where(and(gt(liquidityEvents.blockNumber, toBlock), pairFilter(liquidityEvents.pair)));
    await tx
      .delete(positionEvents)
      .where(
        and(
          gt(positionEvents.blockNumber, toBlock),
          addresses ? inArray(positionEvents.manager, addresses) : undefined,
        ),
      );
    await tx
      .delete(contractEvents)
      .where(
        and(
          gt(contractEvents.blockNumber, toBlock),
          addresses ? inArray(contractEvents.address, addresses) : undefined,
        ),
      );
    if (!addresses) {
      await tx.delete(pairs).where(gt(pairs.createdBlock, toBlock));
      // Contracts created in forgotten blocks may not exist on the chain any more.
      await tx.delete(contractCreations).where(gt(contractCreations.createdBlock, toBlock));
    }
    await tx
      .delete(indexBlockHashes)
      .where(and(eq(indexBlockHashes.stream, checkpoint.stream), gt(indexBlockHashes.blockNumber, toBlock)));
    // A wallet first seen after toBlock has no surviving events at all (first = earliest).
    await tx.delete(walletFirstSeen).where(gt(walletFirstSeen.firstBlock, toBlock));

    const tokens = touched.map((r) => r.token);
    if (tokens.length > 0) {
      await tx.delete(balances).where(inArray(balances.token, tokens));
      await tx.execute(sql`
        insert into balances (token, holder, balance, last_active_ts)
        select token, holder, sum(delta), max(ts) from (
          select token, to_addr as holder, value as delta, ts from transfers where token in ${tokens}
          union all
          select token, from_addr as holder, -value as delta, ts from transfers where token in ${tokens}
        ) d where holder <> ${ZERO_ADDRESS}
        group by token, holder`);
    }
    await saveCheckpoint(tx, checkpoint);
  });
}

/**
 * The tokens traded in `pools`: both sides of the pools whose creation was indexed (`pairs`), and
 * — on Base, where a token's first pools are found at the factories rather than indexed from their
 * creation — the token whose backfill stream listed the pool (`token:<address>` checkpoints).
 */
export async function tokensOfPools(db: Db, pools: string[]): Promise<string[]> {
  if (pools.length === 0) return [];
  const [created, streams] = await Promise.all([
    db.select({ token0: pairs.token0, token1: pairs.token1 }).from(pairs).where(inArray(pairs.pair, pools)),
    db
      .select({ stream: indexCheckpoints.stream, addresses: indexCheckpoints.addresses })
      .from(indexCheckpoints)
      .where(
        sql`${indexCheckpoints.stream} like 'token:%' and ${indexCheckpoints.addresses} ?| ${sql.raw(`array[${pools.map((p) => `'${p.replace(/[^0-9a-fx]/gi, '')}'`).join(',')}]`)}`,
      ),
  ]);
  const out = new Set<string>();
  for (const p of created) {
    out.add(p.token0);
    out.add(p.token1);
  }
  for (const s of streams) out.add(s.stream.slice('token:'.length));
  return [...out];
}
