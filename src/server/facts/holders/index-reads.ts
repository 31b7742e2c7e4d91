/**
 * Facts from our own index (PGlite/Postgres): holders, wallet ages, swaps with their real traders,
 * liquidity events, reserve history, contract events, deployers and rug history. No RPC here.
 */

import { type SQL, sql } from 'drizzle-orm';
import { RUG, reserveIsRugged } from '../../../shared/vocabulary';
import type { Db } from '../../db/client';
import { big, rowsOf, swapSideOf } from '../../db/rows';

export type HolderRow = { holder: string; balance: bigint; firstTs: number | null; lastActiveTs: number };
export type SwapRow = {
  txHash: string;
  blockNumber: bigint;
  ts: number;
  pair: string;
  side: 'buy' | 'sell';
  tokenAmount: bigint;
  quoteAmount: bigint;
  trader: string;
};
export type LiquidityRow = {
  txHash: string;
  ts: number;
  pair: string;
  kind: 'add' | 'remove';
  tokenAmount: bigint;
  quoteAmount: bigint;
  provider: string | null;
};

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export async function readHolderCount(db: Db, token: string): Promise<number> {
  const r = rowsOf(
    await db.execute(sql`select count(*)::int as n from balances where token = ${token} and balance > 0`),
  );
  return Number(r[0]?.n ?? 0);
}

export async function readTopHolders(db: Db, token: string, limit = 50): Promise<HolderRow[]> {
  const r = rowsOf(
    await db.execute(sql`
      select b.holder, b.balance::text as balance, w.first_ts, b.last_active_ts
      from balances b left join wallet_first_seen w on w.address = b.holder
      where b.token = ${token} and b.balance > 0
      order by b.balance desc limit ${limit}`),
  );
  return r.map((x) => ({
    holder: String(x.holder),
    balance: big(x.balance),
    firstTs: num(x.first_ts),
    lastActiveTs: Number(x.last_active_ts),
  }));
}

/** Latest activity of any kind per wallet (not just in this token). */
export async function readLastActive(db: Db, wallets: string[]): Promise<Map<string, number>> {
  if (wallets.length === 0) return new Map();
  const r = rowsOf(
    await db.execute(
      sql`select holder, max(last_active_ts) as ts from balances where holder in ${wallets} group by holder`,
    ),
  );
  return new Map(r.map((x) => [String(x.holder), Number(x.ts)]));
}

/**
 * Swaps of one pool with the real trader: for a buy the pair pays the token straight to the
 * buyer; for a sell the router receives the quote side, so the trader is whoever sent the token
 * into the pair in the same transaction.
 */
export async function readSwaps(
  db: Db,
  pair: string,
  token: string,
  tokenIs0: boolean,
  sinceTs: number,
  limit = 5000,
): Promise<SwapRow[]> {
  const r = rowsOf(
    await db.execute(sql`
      ${swapColumns(pair, token)}
      from swaps s where s.pair = ${pair} and s.ts >= ${sinceTs}
      order by s.block_number desc, s.log_index desc limit ${limit}`),
  );
  return r.map((x) => swapRowOf(x, pair, tokenIs0));
}

/** Swaps of one pool in blocks [fromBlock, toBlock], oldest first (readSwaps' traders). */
export async function readSwapsInBlocks(
  db: Db,
  pair: string,
  token: string,
  tokenIs0: boolean,
  blocks: { fromBlock: bigint; toBlock: bigint },
  limit = 2000,
): Promise<SwapRow[]> {
  const r = rowsOf(
    await db.execute(sql`
      ${swapColumns(pair, token)}
      from swaps s where s.pair = ${pair} and s.block_number between ${blocks.fromBlock} and ${blocks.toBlock}
      order by s.block_number, s.log_index limit ${limit}`),
  );
  return r.map((x) => swapRowOf(x, pair, tokenIs0));
}

/** The select list of readSwaps: the amounts and whoever sent the token into the pair in the transaction. */
function swapColumns(pair: string, token: string): SQL {
  return sql`
      select s.tx_hash, s.block_number, s.ts, s.recipient,
             s.amount0_in::text a0i, s.amount1_in::text a1i, s.amount0_out::text a0o, s.amount1_out::text a1o,
             (select t.from_addr from transfers t where t.tx_hash = s.tx_hash and t.token = ${token} and t.to_addr = ${pair}
              order by t.log_index limit 1) as seller`;
}

function swapRowOf(x: Record<string, unknown>, pair: string, tokenIs0: boolean): SwapRow {
  const { side, tokenAmount, quoteAmount } = swapSideOf(x, tokenIs0);
  return {
    txHash: String(x.tx_hash),
    blockNumber: big(x.block_number),
    ts: Number(x.ts),
    pair,
    side,
    tokenAmount,
    quoteAmount,
    trader: side === 'buy' ? String(x.recipient) : String(x.seller ?? x.recipient),
  };
}

export async function readLiquidityEvents(
  db: Db,
  pair: string,
  tokenIs0: boolean,
  limit = 200,
): Promise<LiquidityRow[]> {
  // Provider: V2 — who received the minted LP / returned LP to the pair; V3 — who paid tokens into
  // the pool (add) or received the Collect in the same transaction (remove); V4 — who paid the
  // PoolManager (the pool's `factory` row) in the same transaction (add) or was paid by it (remove).
  const r = rowsOf(
    await db.execute(sql`
      select l.tx_hash, l.ts, l.kind, l.amount0::text a0, l.amount1::text a1, l.recipient,
             (select t.to_addr from transfers t where t.tx_hash = l.tx_hash and t.token = ${pair}
                and t.from_addr = '0x0000000000000000000000000000000000000000' order by t.log_index desc limit 1) as lp_minted_to,
             (select t.from_addr from transfers t where t.tx_hash = l.tx_hash and t.token = ${pair}
                and t.to_addr = ${pair} order by t.log_index limit 1) as lp_returned_by,
             (select t.from_addr from transfers t where t.tx_hash = l.tx_hash and t.to_addr = ${pair}
                and t.token <> ${pair} order by t.log_index limit 1) as paid_in_by,
             (select c.recipient from liquidity_events c where c.tx_hash = l.tx_hash and c.pair = ${pair}
                and c.kind = 'collect' order by c.log_index limit 1) as collected_by,
             (select case when l.kind = 'add' then t.from_addr else t.to_addr end from transfers t
                where l.position_id is not null and t.tx_hash = l.tx_hash
                  and (case when l.kind = 'add' then t.to_addr else t.from_addr end)
                      = (select p.factory from pairs p where p.pair = ${pair})
                order by t.log_index limit 1) as v4_party
      from liquidity_events l where l.pair = ${pair} and l.kind in ('add', 'remove')
      order by l.block_number desc, l.log_index desc limit ${limit}`),
  );
  return r.map((x) => {
    const a0 = big(x.a0);
    const a1 = big(x.a1);
    const kind = x.kind === 'add' ? 'add' : 'remove';
    const v2 = kind === 'add' ? (x.lp_minted_to as string | null) : (x.lp_returned_by as string | null);
    const v3 = kind === 'add' ? (x.paid_in_by as string | null) : (x.collected_by as string | null);
    const v4 = x.v4_party as string | null;
    return {
      txHash: String(x.tx_hash),
      ts: Number(x.ts),
      pair,
      kind,
      tokenAmount: tokenIs0 ? a0 : a1,
      quoteAmount: tokenIs0 ? a1 : a0,
      provider: v2 ?? v3 ?? v4 ?? null,
    };
  });
}

/** (pair, id) rows, ordered by pair, as each pool's list of position ids. */
function idsByPool(rows: Record<string, unknown>[]): Map<string, bigint[]> {
  const out = new Map<string, bigint[]>();
  for (const x of rows) {
    const list = out.get(String(x.pair)) ?? [];
    list.push(big(x.id));
    out.set(String(x.pair), list);
  }
  return out;
}

/**
 * Position NFT ids of a V3 position manager that the index links to each pool: the
 * IncreaseLiquidity that follows a pool's Mint in the same transaction. The caller verifies each
 * id against the manager's positions() (a multi-pool transaction could mislink).
 */
export async function readPoolPositions(
  db: Db,
  manager: string,
  pools: string[],
): Promise<Map<string, bigint[]>> {
  if (pools.length === 0) return new Map();
  const r = rowsOf(
    await db.execute(sql`
      select distinct l.pair, p.token_id::text as id
      from position_events p
      join liquidity_events l on l.tx_hash = p.tx_hash and l.kind = 'add' and l.log_index < p.log_index
      where p.manager = ${manager} and p.kind = 'increase' and l.pair in ${pools}
      order by 1, 2`),
  );
  return idsByPool(r);
}

/**
 * Position NFT ids of a V4 PositionManager in each pool: the salt of the pool's ModifyLiquidity
 * events that the manager made (it salts every change with the NFT id), so the link is exact.
 */
export async function readV4PoolPositions(
  db: Db,
  manager: string,
  pools: string[],
): Promise<Map<string, bigint[]>> {
  if (pools.length === 0) return new Map();
  const r = rowsOf(
    await db.execute(sql`
      select distinct pair, position_id::text as id from liquidity_events
      where sender = ${manager.toLowerCase()} and position_id is not null and pair in ${pools}
      order by 1, 2`),
  );
  return idsByPool(r);
}

/**
 * Peak and 24 h-ago balance of `quote` held by `pool`, from the transfers into and out of it: the
 * reserve history of a pool that logs no Sync (V3).
 */
export async function readBalanceHistory(
  db: Db,
  pool: string,
  quote: string,
  token: string,
  dayAgoTs: number,
): Promise<ReserveHistory> {
  const r = rowsOf(
    await db.execute(sql`
      with q as (${transferBalances(sql`select ${pool} as pair, ${quote} as token`)}),
           t as (${transferBalances(sql`select ${pool} as pair, ${token} as token`)})
      select (select max(bal)::text from q) as peak,
             (select bal::text from q where ts <= ${dayAgoTs} order by block_number desc, log_index desc limit 1) as q_day,
             (select bal::text from t where ts <= ${dayAgoTs} order by block_number desc, log_index desc limit 1) as t_day`),
  );
  return reserveHistoryOf(r[0]);
}

/**
 * The running balance of `token` in each pool, from the transfers into and out of it: the reserve of
 * a pool that logs no Sync (V3, Slipstream). `pools` selects (pair, token). Rows: pair, ts,
 * block_number, log_index, bal. One query for a pool's history and for the chain-wide rug scan.
 */
function transferBalances(pools: SQL): SQL {
  return sql`
    select p.pair, t.ts, t.block_number, t.log_index,
           sum(case when t.to_addr = p.pair then t.value else -t.value end)
             over (partition by p.pair order by t.block_number, t.log_index) as bal
    from (${pools}) p join transfers t on t.token = p.token and (t.to_addr = p.pair or t.from_addr = p.pair)`;
}

/**
 * The running balances (b0, b1) of V4 pools, which have no address to follow transfers of and log
 * no Sync: the sum of what their liquidity changes put in or took out and what their swaps paid in
 * and out (the swapper's view, so the LP fees a swap pays stay in). Fees collected without a
 * liquidity change (a zero-delta ModifyLiquidity; not stored) are not subtracted, so after such a
 * collection the figures read a little high. `pools` selects the pools' ids (`pair`). Rows: pair,
 * ts, block_number, log_index, b0, b1. One query for a pool's history and for the chain-wide rug scan.
 */
function v4Balances(pools: SQL): SQL {
  return sql`
    with d as (
      select pair, block_number, log_index, ts,
             case when kind = 'add' then amount0 else -amount0 end as d0,
             case when kind = 'add' then amount1 else -amount1 end as d1
      from liquidity_events where pair in (${pools}) and kind in ('add', 'remove')
      union all
      select pair, block_number, log_index, ts, amount0_in - amount0_out, amount1_in - amount1_out
      from swaps where pair in (${pools})
    )
    select pair, ts, block_number, log_index,
           sum(d0) over (partition by pair order by block_number, log_index) as b0,
           sum(d1) over (partition by pair order by block_number, log_index) as b1
    from d`;
}

export type ReserveHistory = {
  peakQuote: bigint;
  quoteDayAgo: bigint | null;
  tokenDayAgo: bigint | null;
  /** V4 only: the pool's balance now, every indexed liquidity change and swap summed; null: none. */
  now?: { quote: bigint; token: bigint } | null;
};

/** A history query's (peak, q_day, t_day) row; no row (no events) is a zero peak and unknown past. */
function reserveHistoryOf(x: Record<string, unknown> = {}): ReserveHistory {
  return {
    peakQuote: big(x.peak),
    quoteDayAgo: x.q_day == null ? null : big(x.q_day),
    tokenDayAgo: x.t_day == null ? null : big(x.t_day),
  };
}

/** Reserve history of a V4 pool (peak, 24 h ago), from its running balances (v4Balances). */
export async function readV4ReserveHistory(
  db: Db,
  pair: string,
  quoteIs0: boolean,
  dayAgoTs: number,
): Promise<ReserveHistory> {
  const q = quoteIs0 ? sql`b0` : sql`b1`;
  const t = quoteIs0 ? sql`b1` : sql`b0`;
  const r = rowsOf(
    await db.execute(sql`
      with b as (${v4Balances(sql`select ${pair}`)})
      select (select max(${q})::text from b) as peak,
             (select ${q}::text from b where ts <= ${dayAgoTs} order by block_number desc, log_index desc limit 1) as q_day,
             (select ${t}::text from b where ts <= ${dayAgoTs} order by block_number desc, log_index desc limit 1) as t_day,
             (select ${q}::text from b order by block_number desc, log_index desc limit 1) as q_now,
             (select ${t}::text from b order by block_number desc, log_index desc limit 1) as t_now`),
  );
  const x = r[0] ?? {};
  return {
    ...reserveHistoryOf(x),
    now: x.q_now == null || x.t_now == null ? null : { quote: big(x.q_now), token: big(x.t_now) },
  };
}

/** Reserve history summary of a pool: peak quote reserve and the reserve 24 h ago. */
export async function readReserveHistory(
  db: Db,
  pair: string,
  quoteIs0: boolean,
  dayAgoTs: number,
): Promise<ReserveHistory> {
  const q = quoteIs0 ? sql`reserve0` : sql`reserve1`;
  const t = quoteIs0 ? sql`reserve1` : sql`reserve0`;
  const r = rowsOf(
    await db.execute(sql`
      select (select max(${q})::text from syncs where pair = ${pair}) as peak,
             (select ${q}::text from syncs where pair = ${pair} and ts <= ${dayAgoTs} order by block_number desc, log_index desc limit 1) as q_day,
             (select ${t}::text from syncs where pair = ${pair} and ts <= ${dayAgoTs} order by block_number desc, log_index desc limit 1) as t_day`),
  );
  return reserveHistoryOf(r[0]);
}

export async function readContractEventCounts(db: Db, addresses: string[]) {
  const r = rowsOf(
    await db.execute(sql`
      select kind, count(*)::int as n, max(ts) as last_ts from contract_events where address in ${addresses} group by kind`),
  );
  const by = new Map(r.map((x) => [String(x.kind), { n: Number(x.n), lastTs: num(x.last_ts) }]));
  return {
    ownershipTransfers: by.get('ownership_transferred')?.n ?? 0,
    upgrades: by.get('upgraded')?.n ?? 0,
    lastUpgradeAt: by.get('upgraded')?.lastTs ?? null,
    pauses: by.get('paused')?.n ?? 0,
  };
}

/** Mints (transfers from the zero address) after the first one: supply added after launch. */
/**
 * Mints after launch: Transfer events from the zero address outside the creation transaction (the
 * initial supply, often minted in several events, is not "minted after launch"). When the creation
 * transaction is unknown, the first mint's transaction stands in for it.
 */
export async function readMintsAfterLaunch(
  db: Db,
  token: string,
  creationTx: string | null,
): Promise<number> {
  const r = rowsOf(
    await db.execute(sql`
      with first_mint as (
        select tx_hash from transfers
        where token = ${token} and from_addr = '0x0000000000000000000000000000000000000000'
        order by block_number, log_index limit 1)
      select count(*)::int as n from transfers
      where token = ${token} and from_addr = '0x0000000000000000000000000000000000000000'
        and tx_hash <> coalesce(${creationTx}, (select tx_hash from first_mint))`),
  );
  return Number(r[0]?.n ?? 0);
}

/** The transaction of the token's first mint: its sender is taken as the deployer. */
export async function readFirstMint(
  db: Db,
  token: string,
): Promise<{ txHash: string; blockNumber: bigint; ts: number } | null> {
  const r = rowsOf(
    await db.execute(sql`
      select tx_hash, block_number, ts from transfers
      where token = ${token} and from_addr = '0x0000000000000000000000000000000000000000'
      order by block_number, log_index limit 1`),
  );
  const x = r[0];
  return x ? { txHash: String(x.tx_hash), blockNumber: big(x.block_number), ts: Number(x.ts) } : null;
}

export type RuggedPool = { token: string; pair: string };

/**
 * Pools rugged against WETH or the USD stablecoin, chain-wide: the same for every token at one
 * indexed block (the engine shares one read per block between its gathers).
 */
export async function readRuggedPools(
  db: Db,
  network: { contracts: { weth: string; usd: string } },
): Promise<RuggedPool[]> {
  return [
    // V4 pools of native ETH (currency 0x0) count as WETH pools.
    ...(await readRuggedTokens(
      db,
      [network.contracts.weth.toLowerCase(), '0x0000000000000000000000000000000000000000'],
      RUG.minPeakWeth,
    )),
    ...(await readRuggedTokens(db, [network.contracts.usd.toLowerCase()], RUG.minPeakUsd6)),
  ];
}

/**
 * Pools that were rugged (shared/vocabulary RUG): quote reserve now below RUG.reserveOfPeakBelow of
 * its peak, from a peak that was real liquidity (`minPeak`). Returns the non-quote token of each.
 */
export async function readRuggedTokens(
  db: Db,
  quoteTokens: string[],
  minPeak: bigint,
): Promise<{ token: string; pair: string }[]> {
  const r = rowsOf(
    await db.execute(sql`
      with last as (
        select distinct on (pair) pair, reserve0, reserve1 from syncs order by pair, block_number desc, log_index desc
      ), peak as (
        select pair, max(reserve0) p0, max(reserve1) p1 from syncs group by pair
      )
      select p.pair, p.token0, p.token1, l.reserve0::text r0, l.reserve1::text r1, k.p0::text p0, k.p1::text p1
      from pairs p join last l on l.pair = p.pair join peak k on k.pair = p.pair
      where p.token0 in ${quoteTokens} or p.token1 in ${quoteTokens}`),
  );
  const out: { token: string; pair: string }[] = [];
  const quotes = new Set(quoteTokens);
  for (const x of r) {
    const quoteIs0 = quotes.has(String(x.token0));
    const peak = big(quoteIs0 ? x.p0 : x.p1);
    const now = big(quoteIs0 ? x.r0 : x.r1);
    if (reserveIsRugged(now, peak, minPeak))
      out.push({ token: String(quoteIs0 ? x.token1 : x.token0), pair: String(x.pair) });
  }
  // V3 pools log no Sync: the quote balance is followed through the quote token's transfers in
  // and out of the pool, and only pools whose liquidity was removed (Burn, then Collect) are
  // candidates — a drain is liquidity taken out, not a price that sold down. Same threshold.
  const v3 = rowsOf(
    await db.execute(sql`
      with drained as (
        select p.pair, p.token0, p.token1,
               case when p.token0 in ${quoteTokens} then p.token0 else p.token1 end as quote
        from pairs p
        where p.fee is not null and (p.token0 in ${quoteTokens} or p.token1 in ${quoteTokens})
          and exists (select 1 from liquidity_events l where l.pair = p.pair and l.kind = 'remove')
      ), bal as (${transferBalances(sql`select pair, quote as token from drained`)})
      select d.pair, d.token0, d.token1, d.quote,
             (select max(bal)::text from bal where bal.pair = d.pair) as peak,
             (select bal::text from bal where bal.pair = d.pair order by block_number desc, log_index desc limit 1) as now
      from drained d`),
  );
  for (const x of v3) {
    if (reserveIsRugged(big(x.now), big(x.peak), minPeak))
      out.push({ token: String(x.quote === x.token0 ? x.token1 : x.token0), pair: String(x.pair) });
  }
  // V4 pools (the rows with a tick spacing) have no address to follow transfers of: their balance
  // is the running sum of their liquidity changes and swaps (v4Balances). Candidates, as
  // for V3: pools whose liquidity was removed. Same threshold.
  const v4 = rowsOf(
    await db.execute(sql`
      with v4 as (
        select p.pair, p.token0, p.token1 from pairs p
        where p.tick_spacing is not null and (p.token0 in ${quoteTokens} or p.token1 in ${quoteTokens})
          and exists (select 1 from liquidity_events l where l.pair = p.pair and l.kind = 'remove')
      ), b as (${v4Balances(sql`select pair from v4`)})
      select v4.pair, v4.token0, v4.token1,
             (select max(b0)::text from b where b.pair = v4.pair) as p0,
             (select max(b1)::text from b where b.pair = v4.pair) as p1,
             (select b0::text from b where b.pair = v4.pair order by block_number desc, log_index desc limit 1) as r0,
             (select b1::text from b where b.pair = v4.pair order by block_number desc, log_index desc limit 1) as r1
      from v4`),
  );
  for (const x of v4) {
    const quoteIs0 = quotes.has(String(x.token0));
    if (reserveIsRugged(big(quoteIs0 ? x.r0 : x.r1), big(quoteIs0 ? x.p0 : x.p1), minPeak))
      out.push({ token: String(quoteIs0 ? x.token1 : x.token0), pair: String(x.pair) });
  }
  return out;
}

/** Wallets that received LP tokens when liquidity was added (LP providers) of the given pairs. */
export async function readLpProviders(db: Db, pairAddrs: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (pairAddrs.length === 0) return out;
  const r = rowsOf(
    await db.execute(sql`
      select distinct token as pair, to_addr as provider from transfers
      where token in ${pairAddrs} and from_addr = '0x0000000000000000000000000000000000000000'
        and to_addr <> '0x0000000000000000000000000000000000000000'`),
  );
  for (const x of r) {
    const set = out.get(String(x.provider)) ?? new Set<string>();
    set.add(String(x.pair));
    out.set(String(x.provider), set);
  }
  return out;
}

/** Who sent each wallet its first tokens: insider detection (funded by the deployer). */
export async function readFirstSenders(
  db: Db,
  token: string,
  wallets: string[],
): Promise<Map<string, string>> {
  if (wallets.length === 0) return new Map();
  const r = rowsOf(
    await db.execute(sql`
      select distinct on (to_addr) to_addr, from_addr from transfers
      where token = ${token} and to_addr in ${wallets} order by to_addr, block_number, log_index`),
  );
  return new Map(r.map((x) => [String(x.to_addr), String(x.from_addr)]));
}

export async function readLpHolders(db: Db, pair: string): Promise<{ holder: string; balance: bigint }[]> {
  const r = rowsOf(
    await db.execute(
      sql`select holder, balance::text as balance from balances where token = ${pair} and balance > 0 order by balance desc limit 100`,
    ),
  );
  return r.map((x) => ({ holder: String(x.holder), balance: big(x.balance) }));
}

/** Uniswap V2 pair event counts and timings for the rug model's behavioural features. */
export async function readPairActivity(db: Db, pair: string) {
  const r = rowsOf(
    await db.execute(sql`
      select
        (select count(*)::int from liquidity_events where pair = ${pair} and kind = 'add') as mints,
        (select count(*)::int from liquidity_events where pair = ${pair} and kind = 'remove') as burns,
        (select count(*)::int from swaps where pair = ${pair}) as swaps,
        (select min(ts) from (select min(ts) ts from liquidity_events where pair = ${pair}
           union all select min(ts) from swaps where pair = ${pair}) a) as first_ts,
        (select max(ts) from (select max(ts) ts from liquidity_events where pair = ${pair}
           union all select max(ts) from swaps where pair = ${pair}) b) as last_ts,
        (select avg(ts) from liquidity_events where pair = ${pair} and kind = 'add') as mint_avg_ts,
        (select avg(ts) from liquidity_events where pair = ${pair} and kind = 'remove') as burn_avg_ts,
        (select avg(ts) from swaps where pair = ${pair}) as swap_avg_ts`),
  );
  const x = r[0] ?? {};
  return {
    mints: Number(x.mints ?? 0),
    burns: Number(x.burns ?? 0),
    swaps: Number(x.swaps ?? 0),
    firstTs: num(x.first_ts),
    lastTs: num(x.last_ts),
    mintAvgTs: num(x.mint_avg_ts),
    burnAvgTs: num(x.burn_avg_ts),
    swapAvgTs: num(x.swap_avg_ts),
  };
}
