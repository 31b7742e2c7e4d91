/**
 * Price candles of a token from our own index (DESIGN §2, §4): the swaps of the token's deepest WETH
 * pool, bucketed by interval into open/high/low/close and volume. Each swap's price is its WETH
 * amount over its token amount; prices and volumes are turned into US dollars with the WETH/USD
 * pool's latest Sync (today's ETH price for every bucket, so the chart shows the token's moves
 * against ETH in today's dollars). Without a known ETH price the candles stay in WETH and say so.
 *
 * Buckets without trades repeat the previous close with zero volume, so a chart has no holes.
 * Every value reaching SQL travels as a bound parameter. The HTTP side (parameters, caching the
 * bytes) is api/routes/candles.ts.
 */

import { sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import type { CandleInterval, CandlesResponse } from '../../shared/candles';
import type { NetworkDescription } from '../chain/network';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { ChainUnavailableError, NotFoundError } from '../errors';
import { erc20Abi } from '../facts/abis';

export const CANDLE_INTERVALS: Record<CandleInterval, number> = { '15m': 900, '1h': 3600, '1d': 86_400 };
export type { Candle, CandleInterval, CandlesResponse } from '../../shared/candles';
export const DEFAULT_CANDLE_INTERVAL: CandleInterval = '1h';
export const DEFAULT_CANDLE_LIMIT = 96;
export const MAX_CANDLE_LIMIT = 500;

const big = (v: unknown): bigint => BigInt(String(v ?? '0').split('.')[0] || '0');

/**
 * The token's WETH pool holding the most WETH, on any venue (V2 pair or V3 pool: both hold their
 * tokens, so the indexed balances compare them fairly), or null.
 */
async function deepestWethPool(
  db: Db,
  token: string,
  weth: string,
): Promise<{ pair: string; tokenIs0: boolean } | null> {
  const rows = rowsOf(
    await db.execute(sql`
      select p.pair, p.token0, coalesce(b.balance, 0)::text as weth_balance
      from pairs p
      left join balances b on b.token = ${weth} and b.holder = p.pair
      where (p.token0 = ${token} and p.token1 = ${weth}) or (p.token1 = ${token} and p.token0 = ${weth})`),
  );
  let best: { pair: string; tokenIs0: boolean; wethReserve: bigint } | null = null;
  for (const r of rows) {
    const tokenIs0 = String(r.token0) === token;
    const wethReserve = big(r.weth_balance);
    if (!best || wethReserve > best.wethReserve) best = { pair: String(r.pair), tokenIs0, wethReserve };
  }
  return best ? { pair: best.pair, tokenIs0: best.tokenIs0 } : null;
}

/** Candles for one pool, newest `limit` buckets, oldest first, gaps filled with the previous close. */
async function readCandles(
  db: Db,
  pool: { pair: string; tokenIs0: boolean },
  seconds: number,
  limit: number,
): Promise<
  { bucket: number; open: number; high: number; low: number; close: number; quote: number; trades: number }[]
> {
  const latest = rowsOf(await db.execute(sql`select max(ts) as ts from swaps where pair = ${pool.pair}`));
  const maxTs = latest[0]?.ts;
  if (maxTs === null || maxTs === undefined) return [];
  const lastBucket = Math.floor(Number(maxTs) / seconds) * seconds;
  const firstBucket = lastBucket - (limit - 1) * seconds;
  // The last trade before the window gives the opening price of leading empty buckets.
  const rows = rowsOf(
    await db.execute(sql`
      with s as (
        select ts, block_number, log_index,
               abs(amount0_in - amount0_out) as a0, abs(amount1_in - amount1_out) as a1
        from swaps where pair = ${pool.pair} and ts >= ${firstBucket}
      ), p as (
        select (ts / ${seconds}::bigint) * ${seconds}::bigint as bucket, block_number, log_index,
               case when ${pool.tokenIs0}::boolean then a1 / nullif(a0, 0) else a0 / nullif(a1, 0) end as px,
               case when ${pool.tokenIs0}::boolean then a1 else a0 end as quote
        from s
      )
      select bucket,
             ((array_agg(px order by block_number, log_index))[1])::text as open,
             max(px)::text as high, min(px)::text as low,
             ((array_agg(px order by block_number desc, log_index desc))[1])::text as close,
             sum(quote)::text as quote, count(*)::int as trades
      from p where px is not null
      group by bucket order by bucket`),
  );
  const prevRows = rowsOf(
    await db.execute(sql`
      select case when ${pool.tokenIs0}::boolean
                  then abs(amount1_in - amount1_out) / nullif(abs(amount0_in - amount0_out), 0)
                  else abs(amount0_in - amount0_out) / nullif(abs(amount1_in - amount1_out), 0) end::text as px
      from swaps where pair = ${pool.pair} and ts < ${firstBucket}
      order by block_number desc, log_index desc limit 1`),
  );
  const byBucket = new Map(rows.map((r) => [Number(r.bucket), r]));
  const prevPx = prevRows[0]?.px;
  let prevClose: number | null = prevPx === null || prevPx === undefined ? null : Number(prevPx);
  const out: {
    bucket: number;
    open: number;
    high: number;
    low: number;
    close: number;
    quote: number;
    trades: number;
  }[] = [];
  for (let b = firstBucket; b <= lastBucket; b += seconds) {
    const r = byBucket.get(b);
    if (r) {
      const c = {
        bucket: b,
        open: Number(r.open),
        high: Number(r.high),
        low: Number(r.low),
        close: Number(r.close),
        quote: Number(r.quote),
        trades: Number(r.trades),
      };
      out.push(c);
      prevClose = c.close;
    } else if (prevClose !== null) {
      out.push({
        bucket: b,
        open: prevClose,
        high: prevClose,
        low: prevClose,
        close: prevClose,
        quote: 0,
        trades: 0,
      });
    }
  }
  return out;
}

export type CandleReaderDeps = {
  db: Db;
  client: PublicClient;
  network: NetworkDescription;
  /**
   * A token with no WETH pool whose report prices it through another quote (a creator coin): the
   * report's main pool and that quote's own USD price, both from the engine (engine/prices.ts), so
   * the chart shows the price the report, the portfolio and the alerts show.
   */
  pathPriced?: (token: Address) => Promise<{ pair: string; quote: string; quoteUsd: number | null } | null>;
};

export type CandleReader = {
  /** The newest `limit` candles of `address`'s deepest WETH pool; 404 when it has none indexed. */
  candles(address: `0x${string}`, interval: CandleInterval, limit: number): Promise<CandlesResponse>;
};

export function createCandleReader(deps: CandleReaderDeps): CandleReader {
  const decimalsCache = new Map<string, number>();
  const decimalsOf = async (address: string): Promise<number> => {
    const known = decimalsCache.get(address);
    if (known !== undefined) return known;
    let d: number;
    try {
      d = Number(
        await deps.client.readContract({
          address: address as Address,
          abi: erc20Abi,
          functionName: 'decimals',
        }),
      );
    } catch (cause) {
      throw new ChainUnavailableError(`Could not read decimals() of ${address}.`, cause);
    }
    if (decimalsCache.size > 1000) decimalsCache.clear();
    decimalsCache.set(address, d);
    return d;
  };

  /** USD per ETH from the WETH/USD pool's latest Sync, or null when there is no such pool. */
  const ethUsdPrice = async (): Promise<number | null> => {
    const weth = deps.network.contracts.weth.toLowerCase();
    const usd = deps.network.contracts.usd.toLowerCase();
    const rows = rowsOf(
      await deps.db.execute(sql`
        select p.token0, s.reserve0::text as r0, s.reserve1::text as r1
        from pairs p
        join lateral (
          select reserve0, reserve1 from syncs
          where syncs.pair = p.pair order by block_number desc, log_index desc limit 1
        ) s on true
        where (p.token0 = ${weth} and p.token1 = ${usd}) or (p.token0 = ${usd} and p.token1 = ${weth})`),
    );
    let best: { wethRes: bigint; usdRes: bigint } | null = null;
    for (const r of rows) {
      const wethIs0 = String(r.token0) === weth;
      const wethRes = big(wethIs0 ? r.r0 : r.r1);
      const usdRes = big(wethIs0 ? r.r1 : r.r0);
      if (wethRes > 0n && (!best || wethRes > best.wethRes)) best = { wethRes, usdRes };
    }
    if (!best) return null;
    const usdDecimals = await decimalsOf(usd);
    return Number(best.usdRes) / 10 ** usdDecimals / (Number(best.wethRes) / 1e18);
  };

  /** The report's main pool of a token priced through another quote; null without one or unpriced. */
  type PathPool = { pair: string; tokenIs0: boolean; quote: string; quoteUsd: number };
  const pathPool = async (address: Address): Promise<PathPool | null> => {
    const p = await deps.pathPriced?.(address);
    if (!p || p.quoteUsd === null) return null;
    const row = rowsOf(await deps.db.execute(sql`select token0 from pairs where pair = ${p.pair}`))[0];
    if (!row) return null;
    return {
      pair: p.pair,
      tokenIs0: String(row.token0) === address.toLowerCase(),
      quote: p.quote,
      quoteUsd: p.quoteUsd,
    };
  };

  const candles = async (
    address: `0x${string}`,
    interval: CandleInterval,
    limit: number,
  ): Promise<CandlesResponse> => {
    const weth = deps.network.contracts.weth.toLowerCase();
    const pool: { pair: string; tokenIs0: boolean } | PathPool | null =
      (await deepestWethPool(deps.db, address, weth)) ?? (await pathPool(address));
    if (!pool) throw new NotFoundError(`No indexed WETH pool for token ${address}.`);
    const path = 'quote' in pool ? (pool as PathPool) : null;
    const [tokenDecimals, quoteDecimals, ethUsd, raw] = await Promise.all([
      decimalsOf(address),
      path ? decimalsOf(path.quote) : 18,
      ethUsdPrice(),
      readCandles(deps.db, pool, CANDLE_INTERVALS[interval], limit),
    ]);
    // Raw price is quote base units per token base unit; scale to quote per whole token, then to
    // USD at the quote's price today (WETH: the ETH price; another quote: the engine's price of it).
    const pxScale = 10 ** (tokenDecimals - quoteDecimals);
    const quoteUsd = path ? path.quoteUsd : ethUsd;
    const toQuote = quoteUsd ?? 1;
    const price = (px: number) => px * pxScale * toQuote;
    return {
      address,
      pair: pool.pair,
      interval,
      currency: quoteUsd === null ? 'WETH' : 'USD',
      ethUsd,
      candles: raw.map((c) => ({
        time: c.bucket,
        open: price(c.open),
        high: price(c.high),
        low: price(c.low),
        close: price(c.close),
        volume: (c.quote / 10 ** quoteDecimals) * toQuote,
        trades: c.trades,
      })),
    };
  };

  return { candles };
}
