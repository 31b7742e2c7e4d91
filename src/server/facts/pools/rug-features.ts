/**
 * The rug model's behavioural features computed from our index exactly as defined in
 * analysis/rug-model/features.ts (the definitions the model was fitted with). Window = the pool's
 * first Mint up to now. A feature that cannot be computed is left out (the model reports it
 * missing) rather than filled with a guess.
 */
import { sql } from 'drizzle-orm';
import { BURN_ADDRESSES } from '../../../shared/vocabulary';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { PoolFacts, TokenReportFacts } from '../types';

const ZERO = '0x0000000000000000000000000000000000000000';
const BURN_SINKS: readonly string[] = BURN_ADDRESSES;
const WEEK = 604_800;
/** Positions below 1e-17 LP are dropped, as in the source. */
const MIN_LP_POSITION = 10n;

const big = (v: unknown) => BigInt(String(v ?? '0').split('.')[0] ?? '0');
const ratio = (a: bigint, b: bigint) => (b === 0n ? null : Number((a * 1_000_000_000n) / b) / 1_000_000_000);

export async function computeRugFeatures(
  db: Db,
  x: { facts: TokenReportFacts; pool: PoolFacts; lpHolders: { holder: string; balance: bigint }[] },
): Promise<Record<string, number>> {
  const { pool, facts } = x;
  const pair = pool.pair.toLowerCase();
  const token = facts.token.address.toLowerCase();
  const quote = pool.quoteToken.toLowerCase();
  const quoteIs0 = quote < token;
  const out: Record<string, number> = {};

  const ev = rowsOf(
    await db.execute(sql`
      with m as (select ts from liquidity_events where pair = ${pair} and kind = 'add'),
           b as (select ts from liquidity_events where pair = ${pair} and kind = 'remove'),
           s as (select ts, ${quoteIs0 ? sql`amount0_in` : sql`amount1_in`} as quote_in from swaps where pair = ${pair})
      select (select count(*) from m)::int mints, (select count(*) from b)::int burns, (select count(*) from s)::int swaps,
             (select min(ts) from m) first_mint,
             greatest((select max(ts) from m), (select max(ts) from b), (select max(ts) from s)) last_ts,
             (select avg(ts) from m) m_avg, (select avg(ts) from b) b_avg, (select avg(ts) from s) s_avg,
             (select count(*) from s where quote_in > 0)::int swaps_in`),
  )[0];
  if (!ev || ev.first_mint === null || ev.first_mint === undefined) return out;
  const mints = Number(ev.mints);
  const burns = Number(ev.burns);
  const swaps = Number(ev.swaps);
  const swapsIn = Number(ev.swaps_in);
  const first = Number(ev.first_mint);
  const T = Number(ev.last_ts) - first;
  const W = T / WEEK;
  const total = mints + burns + swaps;
  out.mint_count_per_week = mints / (W + 1);
  out.burn_count_per_week = burns / (W + 1);
  if (total > 0) {
    out.mint_ratio = mints / total;
    out.swap_ratio = swaps / total;
    out.burn_ratio = burns / total;
  }
  if (T > 0) {
    out.mint_mean_period = mints > 1 ? (Number(ev.m_avg) - first) / T : 0;
    out.swap_mean_period = swaps > 0 ? (Number(ev.s_avg) - first) / T : 0;
    out.burn_mean_period = burns > 0 ? (Number(ev.b_avg) - first) / T : 0;
  }
  out.swap_in_per_week = swapsIn / (W + 1);
  out.swap_out_per_week = (swaps - swapsIn) / (W + 1);
  out.swap_rate = swapsIn / (swaps - swapsIn + 1);

  // Event-derived LP positions: LP minted to an address minus LP it sent back to the pair.
  const pos = rowsOf(
    await db.execute(sql`
      select holder, sum(delta)::text as position from (
        select to_addr holder, value delta from transfers where token = ${pair} and from_addr = ${ZERO} and to_addr <> ${ZERO}
        union all
        select from_addr holder, -value delta from transfers where token = ${pair} and to_addr = ${pair}
      ) p group by holder`),
  ).map((r) => ({ holder: String(r.holder), position: big(r.position) }));
  const positions = pos.filter((p) => p.position >= MIN_LP_POSITION);
  const lpTotal = positions.reduce((s, p) => s + p.position, 0n);
  if (positions.length > 0 && lpTotal > 0n) {
    const n = positions.length;
    out.lp_avg = 100 / n;
    const shares = positions.map((p) => (100 * Number((p.position * 1_000_000n) / lpTotal)) / 1_000_000);
    out.lp_std = Math.sqrt(shares.reduce((s, v) => s + (v - 100 / n) ** 2, 0) / n);
    const creatorRow = rowsOf(
      await db.execute(sql`
        select t.to_addr from transfers t
        where t.token = ${pair} and t.from_addr = ${ZERO} and t.to_addr <> ${ZERO}
        order by t.block_number, t.log_index limit 1`),
    )[0];
    const creator = creatorRow ? String(creatorRow.to_addr) : null;
    if (creator) {
      const bal = x.lpHolders.find((h) => h.holder === creator)?.balance ?? 0n;
      const position = pos.find((p) => p.holder === creator)?.position ?? 0n;
      const h = ratio(bal, lpTotal);
      const l = ratio(position - bal, lpTotal);
      if (h !== null) out.lp_creator_holding_ratio = h;
      if (l !== null) out.lp_lock_ratio = l;
    }
  }

  const supply = facts.token.totalSupply;
  if (supply && supply > 0n) {
    const burned = rowsOf(
      await db.execute(
        sql`select coalesce(sum(value), 0)::text v from transfers where token = ${token} and to_addr in ${BURN_SINKS}`,
      ),
    )[0];
    const b = ratio(big(burned?.v), supply);
    if (b !== null) out.token_burn_ratio = b;
    // Token creator = receiver of the tokens minted in the token's creation block.
    const creatorRow = rowsOf(
      await db.execute(sql`
        select to_addr from transfers where token = ${token} and from_addr = ${ZERO}
        order by block_number, log_index limit 1`),
    )[0];
    if (creatorRow) {
      const creator = String(creatorRow.to_addr);
      const bal = rowsOf(
        await db.execute(
          sql`select balance::text b from balances where token = ${token} and holder = ${creator}`,
        ),
      )[0];
      const h = ratio(big(bal?.b), supply);
      if (h !== null) out.token_creator_holding_ratio = h;
      // Tokens with a WETH-or-USD pool whose first mint went to the same creator, this one included.
      const n = rowsOf(
        await db.execute(sql`
          select count(*)::int n from (
            select distinct on (t.token) t.token, t.to_addr from transfers t
            where t.from_addr = ${ZERO} and t.token in (select token0 from pairs where token1 = ${quote} union select token1 from pairs where token0 = ${quote})
            order by t.token, t.block_number, t.log_index
          ) c where c.to_addr = ${creator}`),
      )[0];
      out.number_of_token_creation_of_creator = Math.max(1, Number(n?.n ?? 1));
    }
  }
  return out;
}
