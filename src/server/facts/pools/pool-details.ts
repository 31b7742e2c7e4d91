/**
 * Each pool's facts: its state priced along token → WETH → USD, its value, its swaps and liquidity
 * events of the last days, and its reserve history (index reads; no RPC).
 */
import type { Address } from 'viem';
import { PRICE_MANIPULATION } from '../../../shared/vocabulary';
import type { Db } from '../../db/client';
import { poolHoldings, poolValue } from '../../venues/pool-value';
import { NATIVE_CURRENCY } from '../../venues/uniswap-v4-pool-key';
import { type PoolRef, type PoolState, priceInQuote } from '../../venues/venue';
import type { Deps, GatherDeps } from '../gather-deps';
import {
  type LiquidityRow,
  readBalanceHistory,
  readLiquidityEvents,
  readLpHolders,
  readReserveHistory,
  readSwaps,
  readV4ReserveHistory,
  type SwapRow,
} from '../holders/index-reads';
import { readDirectV4Positions } from '../liquidity/index-reads';
import type { LiquidityEventFact, PoolFacts, SwapFact } from '../types';
import { daySeries } from './day-series';
import { USD_DECIMALS } from './market';
import type { QuotePrices } from './quote-paths';

const DAY = 86_400;

/**
 * Each pool's facts, priced along the path token → quote → WETH or USD (a quote other than WETH
 * and USD through its own pools, quote-paths.ts); the most valuable pool first.
 */
export async function priceThePools(
  deps: Deps,
  t: Address,
  states: PoolState[],
  x: {
    ethUsd: number | null;
    decimals: number | null;
    now: number;
    pairRows: PoolRef[];
    quotePrices?: QuotePrices;
  },
): Promise<PoolFacts[]> {
  const poolFacts: PoolFacts[] = [];
  for (const pool of states) {
    const q = quoteWorth(deps, pool, x.ethUsd, x.quotePrices);
    const quoteDecimals = q.decimals;
    const pq = x.decimals === null || q.decimals === null ? null : priceInQuote(pool, x.decimals, q.decimals);
    const priceUsd = pq !== null && q.usd !== null ? pq * q.usd : null;
    const priceEth = pq !== null && q.eth !== null ? pq * q.eth : null;
    const facts = await poolDetails(deps, t, pool, {
      quoteDecimals,
      quoteUsd: q.usd,
      priceUsd,
      priceEth,
      now: x.now,
      decimals: x.decimals,
      pairRows: x.pairRows,
    });
    facts.quoteSymbol = q.symbol;
    facts.quoteDecimals = q.decimals;
    facts.quoteUsd = q.usd;
    if (q.legs)
      facts.pricePath = [
        { pool: pool.pair, venue: pool.venue, from: t, to: pool.quote, toSymbol: q.symbol },
        ...q.legs,
      ];
    if (q.note) facts.priceNote = facts.priceNote ? `${facts.priceNote} ${q.note}` : q.note;
    poolFacts.push(facts);
  }
  poolFacts.sort((a, b) => (b.poolValueUsd ?? 0) - (a.poolValueUsd ?? 0));
  return poolFacts;
}

/** What one whole quote token is worth (USD, ETH), its decimals and name, and the legs behind it. */
function quoteWorth(deps: Deps, pool: PoolState, ethUsd: number | null, quotes: QuotePrices | undefined) {
  const weth = deps.network.contracts.weth.toLowerCase();
  if (pool.quote === weth)
    return { decimals: 18, usd: ethUsd, eth: 1, symbol: 'WETH', legs: null, note: null };
  if (pool.quote === deps.network.contracts.usd.toLowerCase())
    return {
      decimals: USD_DECIMALS,
      usd: 1,
      eth: ethUsd ? 1 / ethUsd : null,
      symbol: 'USD',
      legs: null,
      note: null,
    };
  const q = quotes?.get(pool.quote);
  // Attacker-written: a quote calling itself WETH or USD is named with its address, so no reader
  // of quoteSymbol takes it for the real one.
  const own = q?.symbol ?? null;
  const symbol =
    own === null
      ? `${pool.quote.slice(0, 8)}…`
      : ['WETH', 'ETH', 'USD'].includes(own.toUpperCase())
        ? `${own} (${pool.quote.slice(0, 8)}…)`
        : own;
  if (!q || 'unpriced' in q.path)
    return {
      decimals: q?.decimals ?? null,
      usd: null,
      eth: null,
      symbol,
      legs: null,
      note: `Unpriced: ${q && 'unpriced' in q.path ? q.path.unpriced : `the quote token ${pool.quote} was not read`}.`,
    };
  return {
    decimals: q.decimals,
    usd: q.path.quoteUsd,
    eth: q.path.quoteEth,
    symbol,
    legs: q.path.legs.map((l) => ({
      pool: l.pool,
      venue: l.venue,
      from: l.from,
      to: l.to,
      toSymbol: l.toSymbol ?? `${l.to.slice(0, 8)}…`,
    })),
    note: null,
  };
}

type Pricing = {
  /** null: the quote does not answer decimals(), so nothing is priced per token either. */
  quoteDecimals: number | null;
  quoteUsd: number | null;
  priceUsd: number | null;
  priceEth: number | null;
  now: number;
  /** null: the token does not answer decimals(), so nothing is priced per token. */
  decimals: number | null;
  pairRows: PoolRef[];
};

async function poolDetails(deps: GatherDeps, token: string, pool: PoolState, x: Pricing): Promise<PoolFacts> {
  const { db, network } = deps;
  // Unknown quote decimals leave every per-token figure unknown, as unknown token decimals do.
  const qd = x.quoteDecimals ?? 0;
  const dec = x.quoteDecimals === null ? null : x.decimals;
  const tokenIs0 = pool.token0.toLowerCase() === token;
  const since = x.now - 7 * DAY;
  const swapRows = await readSwaps(db, pool.pair, token, tokenIs0, since);
  const liq = await readLiquidityEvents(db, pool.pair, tokenIs0);
  const history = await readPoolHistory(db, pool, token, tokenIs0, x.now - DAY);
  const toQuoteUsd = (q: bigint) => (x.quoteUsd !== null ? (Number(q) / 10 ** qd) * x.quoteUsd : null);
  const ethPerQuote = pool.quote === network.contracts.weth.toLowerCase() ? 1 : null;

  const recent = swapFacts(swapRows, ethPerQuote !== null, toQuoteUsd);
  const day = recent.filter((s) => s.timestamp >= x.now - DAY);
  const volume24hUsd = x.quoteUsd === null ? null : day.reduce((sum, s) => sum + (s.usdValue ?? 0), 0);
  const liquidityEvents = liquidityEventFacts(liq, pool.quoteReserve);

  const priceDayAgo =
    dec !== null && history.quoteDayAgo !== null && history.tokenDayAgo && history.tokenDayAgo > 0n
      ? Number(history.quoteDayAgo) / 10 ** qd / (Number(history.tokenDayAgo) / 10 ** dec)
      : null;
  const priceNowQuote = dec === null ? null : priceInQuote(pool, dec, qd);
  const lpSupply = pool.lpTotalSupply;
  const creatorLp = await creatorLpOf(db, pool, liquidityEvents);
  const share = (n: bigint) => (lpSupply > 0n ? Number((n * 1_000_000n) / lpSupply) / 1_000_000 : 0);

  // The pool's value from what its positions hold now, one rule for every venue (ADR 0047).
  const direct = pool.v4
    ? (await readDirectV4Positions(db, pool.pair, network.contracts.uniswapV4?.positionManager ?? null)).map(
        (d) => ({ ...d, manager: null, id: null }),
      )
    : [];
  const value = poolValue(poolHoldings(pool, token, history.now ?? null, direct), {
    quoteUsdPerRaw:
      x.quoteUsd === null || x.quoteDecimals === null ? null : x.quoteUsd / 10 ** x.quoteDecimals,
    quotePerTokenRaw: pool.priceX192 === null ? null : Number(pool.priceX192) / 2 ** 192,
  });
  return {
    pair: pool.pair,
    venue: pool.venue,
    venueLabel: deps.venues?.get(pool.venue)?.label ?? pool.venue,
    feeTier: pool.fee,
    ...(pool.v4 && pool.v4.key.hooks !== NATIVE_CURRENCY
      ? { hook: { address: pool.v4.key.hooks, permissions: pool.v4.hookPermissions } }
      : {}),
    quoteToken: pool.quote,
    // Named by priceThePools (the quote's own symbol when it is neither WETH nor USD).
    quoteSymbol: pool.quote === network.contracts.weth.toLowerCase() ? 'WETH' : 'USD',
    tokenReserve: pool.tokenReserve,
    quoteReserve: pool.quoteReserve,
    poolValueUsd: value.valueUsd,
    poolValueBasis: value.basis,
    poolValueNote: value.note,
    priceNote:
      x.decimals === null
        ? 'The token does not answer decimals(), so its price per token (and market cap) is unknown.'
        : null,
    depthUsd2Pct: pool.depthQuote2Pct === null ? null : toQuoteUsd(pool.depthQuote2Pct),
    priceUsd: x.priceUsd,
    priceEth: x.priceEth,
    ...twapFigures(pool, dec, { quoteDecimals: qd, quoteUsd: x.quoteUsd }, priceNowQuote),
    buyQuote: null,
    lpTotalSupply: lpSupply,
    lpBurnedShare: share(pool.lpBurned),
    lpLockedShare: share(pool.lpLocked),
    lockUnlockTime: pool.lockUnlockTime,
    lpCreatorShare: share(creatorLp),
    createdAt: x.pairRows.find((p) => p.pool === pool.pair)?.createdTs || null,
    peakQuoteReserve: history.peakQuote > pool.quoteReserve ? history.peakQuote : pool.quoteReserve,
    volume24hUsd,
    swaps24h: {
      buys: day.filter((s) => s.side === 'buy').length,
      sells: day.filter((s) => s.side === 'sell').length,
    },
    priceChange24hPct:
      priceDayAgo && priceNowQuote !== null ? ((priceNowQuote - priceDayAgo) / priceDayAgo) * 100 : null,
    // Without the token's decimals there is no per-token price, so no series (unknown, not a guess).
    priceSeries24h:
      dec === null
        ? []
        : daySeries(
            swapRows.filter((s) => s.ts >= x.now - DAY),
            { at: x.now - DAY, price: priceDayAgo },
            { at: x.now, price: priceNowQuote },
            dec,
            qd,
          ),
    recentSwaps: recent.slice(0, 200),
    liquidityEvents,
  };
}

/**
 * The pool's reserve history (peak, 24 h ago). V2 pairs and Aerodrome classic pools log Sync;
 * concentrated-liquidity pools (V3, Slipstream) do not, so their history comes from the transfers in
 * and out. A V4 pool has neither: its history is the sum of its liquidity changes and swaps.
 */
function readPoolHistory(db: Db, pool: PoolState, token: string, tokenIs0: boolean, dayAgoTs: number) {
  return pool.venue === 'uniswap-v2' || pool.venue === 'aerodrome'
    ? readReserveHistory(db, pool.pair, !tokenIs0, dayAgoTs)
    : pool.venue === 'uniswap-v4'
      ? readV4ReserveHistory(db, pool.pair, !tokenIs0, dayAgoTs)
      : readBalanceHistory(db, pool.pair, pool.quote, token, dayAgoTs);
}

function swapFacts(
  rows: SwapRow[],
  quoteIsWeth: boolean,
  toQuoteUsd: (q: bigint) => number | null,
): SwapFact[] {
  return rows.map((s) => ({
    txHash: s.txHash as `0x${string}`,
    blockNumber: s.blockNumber,
    timestamp: s.ts,
    trader: s.trader as Address,
    side: s.side,
    tokenAmount: s.tokenAmount,
    ethAmount: quoteIsWeth ? s.quoteAmount : 0n,
    usdValue: toQuoteUsd(s.quoteAmount),
  }));
}

/** The liquidity events, newest first, with the pool share each removal took (pure). */
function liquidityEventFacts(rows: LiquidityRow[], quoteReserveNow: bigint): LiquidityEventFact[] {
  // Pool share removed by each liquidity removal, against the quote reserve just before it.
  const events: LiquidityEventFact[] = rows.map((l) => ({
    kind: l.kind,
    txHash: l.txHash as `0x${string}`,
    timestamp: l.ts,
    provider: (l.provider as Address | null) ?? null,
    quoteAmount: l.quoteAmount,
    shareOfPool: null,
  }));
  // Walk from newest to oldest reconstructing the reserve before each event.
  let reserveAfter = quoteReserveNow;
  for (const e of events) {
    if (e.kind === 'remove') {
      const before = reserveAfter + e.quoteAmount;
      e.shareOfPool = before > 0n ? Number((e.quoteAmount * 10_000n) / before) / 10_000 : null;
      reserveAfter = before;
    } else {
      reserveAfter = reserveAfter > e.quoteAmount ? reserveAfter - e.quoteAmount : 0n;
    }
  }
  return events;
}

/** LP the pool's creator (the first liquidity provider) holds: the venue's figure, else the index's. */
async function creatorLpOf(db: Db, pool: PoolState, events: LiquidityEventFact[]): Promise<bigint> {
  const creator = events.length ? events[events.length - 1]?.provider : null;
  if (pool.lpDeployer !== null) return pool.lpDeployer;
  if (!creator) return 0n;
  return (await readLpHolders(db, pool.pair)).find((h) => h.holder === creator)?.balance ?? 0n;
}

/** The pool's own 30-minute average against its current price (manipulation check, V3). */
function twapFigures(
  pool: PoolState,
  decimals: number | null,
  x: { quoteDecimals: number; quoteUsd: number | null },
  priceNowQuote: number | null,
): Pick<PoolFacts, 'twapPriceUsd' | 'twapDeviationPct' | 'twapNote'> {
  const twapQuote =
    pool.twap && 'ratio' in pool.twap && decimals !== null
      ? pool.twap.ratio * 10 ** (decimals - x.quoteDecimals)
      : null;
  const minutes = PRICE_MANIPULATION.twapWindowSec / 60;
  return {
    twapPriceUsd: twapQuote !== null && x.quoteUsd !== null ? twapQuote * x.quoteUsd : null,
    twapDeviationPct:
      twapQuote !== null && twapQuote > 0 && priceNowQuote !== null
        ? Math.round((priceNowQuote / twapQuote - 1) * 10_000) / 100
        : null,
    twapNote:
      pool.twap && 'unavailable' in pool.twap
        ? `TWAP unavailable: ${pool.twap.unavailable}; the ${minutes}-minute average price could not be checked.`
        : null,
  };
}
