/**
 * V4 liquidity changes in the store: valued at the pool's price at that moment, which may come from
 * an earlier range (the Initialize, then a swap) through the index; pools whose price the index
 * never saw are left out, not guessed (ADR 0026, amendment 3); a zero delta (a fee collection) is a
 * 'collect' row without amounts (amendment 6).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { rowsOf } from '../db/rows';
import { liquidityDeltaAmounts } from '../venues/uniswap-v4-liquidity';
import type { DecodedEvent } from './events';
import { applyRange } from './store';

const PM = '0x498581ff718922c3f8e6a244956af099b2652b2b';
const POOL = '0x1111111111111111111111111111111111111111';
const UNSEEN = '0x2222222222222222222222222222222222222222';
const TOKEN = '0x3333333333333333333333333333333333333333';
const LP = '0x4444444444444444444444444444444444444444';
const at = (block: bigint, logIndex = 0) => ({
  blockNumber: block,
  logIndex,
  txHash: `0x${block}`,
  ts: 1000 + Number(block),
});
const range = (block: bigint) => ({
  stream: 'test',
  blockNumber: block,
  blockHash: `0x${block}`,
  addresses: null,
});
const change = (block: bigint, pair: string, liquidityDelta: bigint, salt = 7n): DecodedEvent => ({
  ...at(block, 1),
  type: 'v4Liquidity',
  pair,
  sender: PM,
  tickLower: -887220,
  tickUpper: 887220,
  liquidityDelta,
  salt,
});

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ kind: 'memory' });
});
afterAll(async () => {
  await db?.close();
});

describe('V4 ModifyLiquidity in the store', () => {
  it('values each change at the last Initialize or Swap price, across ranges', async () => {
    const p0 = 100n * 2n ** 96n;
    const p1 = 101n * 2n ** 96n;
    const L = 500n * 10n ** 18n;
    await applyRange(
      db.db,
      [
        {
          ...at(1n),
          type: 'pairCreated',
          factory: PM,
          pair: POOL,
          token0: '0x0000000000000000000000000000000000000000',
          token1: TOKEN,
          fee: 3000,
          sqrtPriceX96: p0,
          tickSpacing: 60,
          hooks: '0x0000000000000000000000000000000000000000',
        },
        change(1n, POOL, L),
      ],
      range(1n),
    );
    await applyRange(
      db.db,
      [
        {
          ...at(2n),
          type: 'swap',
          pair: POOL,
          sender: LP,
          recipient: LP,
          amount0In: 10n ** 17n,
          amount1In: 0n,
          amount0Out: 0n,
          amount1Out: 10n ** 20n,
          sqrtPriceX96: p1,
        },
      ],
      range(2n),
    );
    // This range has neither: the price is the index's (the swap of the range before).
    await applyRange(db.db, [change(3n, POOL, -L), change(4n, POOL, 0n), change(5n, UNSEEN, L)], range(5n));
    const rows = rowsOf(
      await db.db.execute(
        sql`select pair, kind, amount0::text a0, amount1::text a1, liquidity::text l, position_id::text id
            from liquidity_events order by block_number, log_index`,
      ),
    );
    const add = liquidityDeltaAmounts(p0, -887220, 887220, L);
    const remove = liquidityDeltaAmounts(p1, -887220, 887220, -L);
    expect(rows).toEqual([
      { pair: POOL, kind: 'add', a0: String(add.amount0), a1: String(add.amount1), l: String(L), id: '7' },
      {
        pair: POOL,
        kind: 'remove',
        a0: String(remove.amount0),
        a1: String(remove.amount1),
        l: String(L),
        id: '7',
      },
      // The fee collection: kept, never a removal; the event logs no amounts (null, not zero).
      { pair: POOL, kind: 'collect', a0: null, a1: null, l: '0', id: '7' },
    ]);
    const [pair] = rowsOf(
      await db.db.execute(sql`select tick_spacing, hooks, sqrt_price_x96::text p from pairs`),
    );
    expect(pair).toEqual({
      tick_spacing: 60,
      hooks: '0x0000000000000000000000000000000000000000',
      p: String(p0),
    });
  });
});
