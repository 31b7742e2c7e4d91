/**
 * Pump Finder: tokens with swaps in the window, measured from our index (volumes, buyers, holders,
 * price path) and the engine (USD price, pool depth, market cap, rug score), ranked by the
 * documented momentum score in ./model.ts. Every candidate first goes through the engine's safety
 * verdict (analysis/safety-verdict.ts): a token that fails it is listed under `avoid` with the
 * reasons, never as an opportunity. Momentum counts organic trading only (issue 39): the window's
 * volumes are scaled by the organic share of the main pool's 24 h volume and its buyers exclude the
 * wallets counted as wash (analysis/trading-patterns.ts); a token with mostly wash volume or a
 * selling sniper cluster is listed with that finding, after every token without one, and never as
 * Strong Momentum. Tokens quoted in USD or in another token (a creator coin) are measured on that
 * pool (./candidate-pools.ts), with the engine's price along the quote's own path.
 */
import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { Address } from 'viem';
import { type RiskLevel, round, verdictHeadline } from '../../shared/analysis';
import {
  PUMP_STRONG_SCORE,
  PUMP_TIMEFRAME_SECONDS,
  type PumpAvoid,
  type PumpOpportunity,
  type PumpResponse,
  type PumpRiskFilter,
  type PumpTimeframe,
} from '../../shared/market-tools';
import { safetyVerdict } from '../analysis/safety-verdict';
import { momentumBlock, organicShareOf } from '../analysis/trading-patterns';
import type { Db } from '../db/client';
import { pairs, swaps, syncs, transfers } from '../db/schema';
import type { TokenEngine } from '../engine/token-engine';
import type { Logger } from '../logger';
import { type CandidatePool, candidatePools } from './candidate-pools';
import { momentumScore, type PumpSignalName, signalLabel, windowVolatility } from './model';

/** Candidates analysed per request (by window volume), so a request stays bounded. */
export const PUMP_MAX_CANDIDATES = 25;
/**
 * Of those, at most this many measured on a pool quoted in USD or another token: their volumes are in
 * their own quote, so they are ranked among themselves by trade count, after the WETH pools by volume.
 */
export const PUMP_MAX_OTHER_QUOTED = 10;
export const PUMP_TOKEN_TIMEOUT_MS = 15_000;
/** Pools worth less than this (e.g. after a rug pull) cannot be traded into a pump: not listed. */
export const PUMP_MIN_POOL_USD = 1_000;

export type PumpDeps = {
  db: Db;
  engine: Pick<TokenEngine, 'facts' | 'report'>;
  weth: string;
  /** The USD stablecoin (a quote priced at $1); null: none configured. */
  usd?: string | null;
  /** Tokens never listed (WETH, the USD stablecoin). */
  skip: string[];
  log: Logger;
};

/** The pump list's three risk words from the rug level (vocabulary SCORE_BANDS.rugRisk); CRITICAL reads high. */
const PUMP_RISK: Record<RiskLevel, 'low' | 'medium' | 'high'> = {
  LOW: 'low',
  MEDIUM: 'medium',
  HIGH: 'high',
  CRITICAL: 'high',
};

/** A pool's window: quote paid in by buys and taken out by sells (whole units of an 18-decimal quote). */
type PairAgg = { pair: string; buyQuote: number; sellQuote: number; buyers: number; trades: number };

async function aggregate(
  db: Db,
  pairList: string[],
  quoteIs0: Map<string, boolean>,
  from: number,
  to: number,
) {
  const rows = await db
    .select({
      pair: swaps.pair,
      a0In: sql<string>`coalesce(sum(${swaps.amount0In}), 0)::text`,
      a1In: sql<string>`coalesce(sum(${swaps.amount1In}), 0)::text`,
      a0Out: sql<string>`coalesce(sum(${swaps.amount0Out}), 0)::text`,
      a1Out: sql<string>`coalesce(sum(${swaps.amount1Out}), 0)::text`,
      buyers0: sql<number>`count(distinct ${swaps.recipient}) filter (where ${swaps.amount0In} > 0)::int`,
      buyers1: sql<number>`count(distinct ${swaps.recipient}) filter (where ${swaps.amount1In} > 0)::int`,
      trades: sql<number>`count(*)::int`,
    })
    .from(swaps)
    .where(and(inArray(swaps.pair, pairList), gte(swaps.ts, from), lt(swaps.ts, to)))
    .groupBy(swaps.pair);
  const out = new Map<string, PairAgg>();
  for (const r of rows) {
    const q0 = quoteIs0.get(r.pair) ?? false;
    // A buy pays the quote in; a sell takes it out. In ETH for a WETH pool; in the quote's own units
    // otherwise, which the score only compares with the same pool's (ratios).
    const buyQuote = Number(q0 ? r.a0In : r.a1In) / 1e18;
    const sellQuote = Number(q0 ? r.a0Out : r.a1Out) / 1e18;
    out.set(r.pair, {
      pair: r.pair,
      buyQuote,
      sellQuote,
      buyers: q0 ? r.buyers0 : r.buyers1,
      trades: r.trades,
    });
  }
  return out;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.catch(() => null),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function findPumpOpportunities(
  deps: PumpDeps,
  timeframe: PumpTimeframe,
  risk: PumpRiskFilter,
  nowSec: number = Math.floor(Date.now() / 1000),
): Promise<PumpResponse> {
  const { db } = deps;
  const weth = deps.weth.toLowerCase();
  const skip = new Set(deps.skip.map((s) => s.toLowerCase()));
  const W = PUMP_TIMEFRAME_SECONDS[timeframe];
  const since = nowSec - W;
  const pools = candidatePools(
    await db.select({ pair: pairs.pair, token0: pairs.token0, token1: pairs.token1 }).from(pairs),
    { weth, usd: deps.usd ?? null },
    skip,
  );
  const poolOf = new Map<string, CandidatePool>(pools.map((p) => [p.pair, p]));
  const tokenOf = new Map<string, string>(pools.map((p) => [p.pair, p.token]));
  const quoteIs0 = new Map<string, boolean>(pools.map((p) => [p.pair, p.quoteIs0]));
  const pairList = [...tokenOf.keys()];
  const empty: PumpResponse = {
    timeframe,
    risk,
    generatedAt: nowSec * 1000,
    opportunities: [],
    avoid: [],
    summary: { total: 0, strongMomentum: 0, newLaunches: 0, avgScore: null, avoided: 0, skippedUnknown: 0 },
  };
  if (!pairList.length) return empty;
  const current = await aggregate(db, pairList, quoteIs0, since, nowSec + 1);
  const previous = await aggregate(db, pairList, quoteIs0, since - W, since);
  // One entry per token: a token trading in several pools (V2 and V3, several fee tiers) is judged
  // on its busiest pool, not listed once per pool.
  const seen = new Set<string>();
  const firstPerToken = (c: PairAgg) => {
    const token = tokenOf.get(c.pair);
    if (token === undefined || seen.has(token)) return false;
    seen.add(token);
    return true;
  };
  const isWeth = (c: PairAgg) => poolOf.get(c.pair)?.quoteKind === 'weth';
  const all = [...current.values()];
  const byWethVolume = all
    .filter(isWeth)
    .sort((a, b) => b.buyQuote + b.sellQuote - (a.buyQuote + a.sellQuote))
    .filter(firstPerToken);
  // Tokens with no WETH pool trading, on their USD- or token-quoted pool: ranked by trades, and given
  // their share of the bound so a busy WETH market cannot crowd them out.
  const byTrades = all
    .filter((c) => !isWeth(c))
    .sort((a, b) => b.trades - a.trades || a.pair.localeCompare(b.pair))
    .filter(firstPerToken)
    .slice(0, PUMP_MAX_OTHER_QUOTED);
  const candidates = [...byWethVolume.slice(0, PUMP_MAX_CANDIDATES - byTrades.length), ...byTrades];

  const results: PumpOpportunity[] = [];
  const notOrganic = new Set<string>();
  const avoid: PumpAvoid[] = [];
  // Candidates that could not be judged (unpriced pool, analysis timed out or failed): not ranked,
  // not averaged, but counted so the page can say the list is not the whole window.
  let skippedUnknown = 0;
  // Four tokens analysed at a time (the one concurrency helper, p-limit).
  await pLimit(4).map(candidates, async (c) => {
    const o = await withTimeout(
      evaluate(
        deps,
        c,
        tokenOf.get(c.pair) as string,
        previous.get(c.pair),
        quoteIs0,
        timeframe,
        since,
        nowSec,
      ),
      PUMP_TOKEN_TIMEOUT_MS,
    );
    // null: the analysis timed out or failed, so the token could not be judged either.
    if (o === null || o.kind === 'unknown') skippedUnknown++;
    else if (o.kind === 'opportunity') {
      results.push(o.opportunity);
      if (o.notOrganic) notOrganic.add(o.opportunity.id);
    } else if (o.kind === 'avoid') avoid.push(o.avoid);
  });
  const filtered = results
    .filter((o) => risk === 'all' || o.risk === risk)
    .sort(
      (a, b) =>
        Number(notOrganic.has(a.id)) - Number(notOrganic.has(b.id)) ||
        b.momentumScore - a.momentumScore ||
        (b.volume24h ?? 0) - (a.volume24h ?? 0),
    );
  avoid.sort((a, b) => b.momentumScore - a.momentumScore || a.address.localeCompare(b.address));
  return {
    ...empty,
    opportunities: filtered,
    avoid,
    summary: {
      total: filtered.length,
      strongMomentum: filtered.filter((o) => o.strongMomentum).length,
      newLaunches: filtered.filter((o) => o.isNewLaunch).length,
      avgScore: filtered.length
        ? Math.round(filtered.reduce((s, o) => s + o.momentumScore, 0) / filtered.length)
        : null,
      avoided: avoid.length,
      skippedUnknown,
    },
  };
}

type Evaluated =
  /** `notOrganic`: mostly wash volume or a selling sniper cluster (ranked after every token without). */
  | { kind: 'opportunity'; opportunity: PumpOpportunity; notOrganic: boolean }
  | { kind: 'avoid'; avoid: PumpAvoid }
  /** A safe token whose pool value is unknown (unpriced): it cannot be judged tradable. */
  | { kind: 'unknown' }
  /** A safe token whose pool is known to be too thin to trade: not an opportunity, not unknown. */
  | { kind: 'thin' };

async function evaluate(
  deps: PumpDeps,
  c: PairAgg,
  token: string,
  prev: PairAgg | undefined,
  quoteIs0: Map<string, boolean>,
  timeframe: PumpTimeframe,
  since: number,
  nowSec: number,
): Promise<Evaluated> {
  const { db } = deps;
  const [facts, report] = await Promise.all([
    deps.engine.facts(token as Address),
    deps.engine.report(token as Address),
  ]);
  const verdict = safetyVerdict(report);
  const pool = facts.pools.find((p) => p.pair.toLowerCase() === c.pair) ?? facts.mainPool;
  const tradable = !!pool && pool.poolValueUsd !== null && pool.poolValueUsd >= PUMP_MIN_POOL_USD;
  // A known but thin pool is simply not an opportunity; an unknown pool value is counted as skipped.
  if (verdict.safe && (!pool || pool.poolValueUsd === null)) return { kind: 'unknown' };
  if (verdict.safe && !tradable) return { kind: 'thin' };
  // Price path (quote per token) from the window's Syncs: for a token quoted in another coin, its
  // move against that coin (the coin's own move is its own pool's).
  const q0 = quoteIs0.get(c.pair) ?? false;
  const path = await db
    .select({ r0: syncs.reserve0, r1: syncs.reserve1 })
    .from(syncs)
    .where(and(eq(syncs.pair, c.pair), gte(syncs.ts, since)))
    .orderBy(asc(syncs.blockNumber), asc(syncs.logIndex));
  const prices = path
    .map((s) => {
      const q = Number(q0 ? s.r0 : s.r1);
      const t = Number(q0 ? s.r1 : s.r0);
      return t > 0 ? q / t : 0;
    })
    .filter((p) => p > 0);
  const firstPrice = prices[0];
  const lastPrice = prices.at(-1);
  const priceChangePct = firstPrice && lastPrice ? (lastPrice / firstPrice - 1) * 100 : null;
  // Holders now and holders whose first receipt of the token falls in the window.
  const [h] = await db
    .select({
      holders: sql<number>`(select count(*)::int from balances where token = ${token} and balance > 0)`,
      fresh: sql<number>`(select count(*)::int from (select ${transfers.to} from ${transfers} where ${transfers.token} = ${token} group by ${transfers.to} having min(${transfers.ts}) >= ${since}) f)`,
    })
    .from(sql`(select 1) x`);
  const createdAt = pool?.createdAt ?? facts.token.createdAt;
  const patterns = report.tradingPatterns;
  const organic = organicShareOf(patterns);
  const notOrganic = momentumBlock(patterns);
  const washWallets = (patterns?.wash.wallets ?? []).map((w) => w.address);
  const model = momentumScore({
    windowVolume: (c.buyQuote + c.sellQuote) * organic,
    previousVolume: prev ? prev.buyQuote + prev.sellQuote : 0,
    buyVolume: c.buyQuote * organic,
    sellVolume: c.sellQuote * organic,
    uniqueBuyers: washWallets.length
      ? await organicBuyers(db, c.pair, q0, since, nowSec, washWallets)
      : c.buyers,
    newHolders: h?.fresh ?? 0,
    holders: h?.holders ?? facts.holders.holderCount,
    priceChangePct,
    poolValueUsd: pool?.poolValueUsd ?? null,
    ageSeconds: createdAt ? Math.max(0, nowSec - createdAt) : null,
  });
  if (!verdict.safe)
    return {
      kind: 'avoid',
      avoid: {
        id: `${token}:${timeframe}`,
        address: token,
        name: facts.token.name,
        symbol: facts.token.symbol,
        rugScore: report.rug.rugScore,
        momentumScore: model.score,
        reasons: verdict.reasons,
        verdict: verdictHeadline(verdict.verdict),
      },
    };
  const sigma = windowVolatility(prices);
  const price = pool?.priceUsd ?? null;
  const supply = facts.token.totalSupply;
  // Unknown decimals: the market cap is unknown too (never priced from a guessed 18).
  const dec = facts.token.decimals;
  const marketCap = price && supply !== null && dec !== null ? (Number(supply) / 10 ** dec) * price : null;
  const signals = [...model.signals]
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution))
    .map((s) => ({ ...s, label: signalLabel(s.name as PumpSignalName, s.value) }));
  const opportunity: PumpOpportunity = {
    id: `${token}:${timeframe}`,
    address: token,
    name: facts.token.name,
    symbol: facts.token.symbol,
    isNewLaunch: createdAt !== null && nowSec - createdAt <= 86_400,
    launchDate: createdAt ? createdAt * 1000 : null,
    risk: PUMP_RISK[report.rug.riskLevel],
    rugScore: report.rug.rugScore,
    momentumScore: model.score,
    strongMomentum: model.score >= PUMP_STRONG_SCORE && notOrganic === null,
    currentPrice: price,
    priceChange24h: pool?.priceChange24hPct ?? null,
    timeframe,
    volume24h: pool?.volume24hUsd ?? null,
    marketCap,
    holders: h?.holders ?? facts.holders.holderCount,
    signals: signals.filter((s) => s.contribution > 0).map((s) => s.label),
    model: signals,
    volatility: sigma === null ? null : round(sigma, 4),
    verdict: verdictHeadline(verdict.verdict),
    organicShare: patterns?.wash.organicShare ?? null,
    patternFindings: patterns?.findings ?? [],
  };
  return { kind: 'opportunity', opportunity, notOrganic: notOrganic !== null };
}

/** Distinct buyers of the pool in the window other than the wallets counted as wash. */
async function organicBuyers(
  db: Db,
  pair: string,
  quoteIs0: boolean,
  from: number,
  to: number,
  wash: string[],
): Promise<number> {
  const paidIn = quoteIs0 ? swaps.amount0In : swaps.amount1In;
  const [r] = await db
    .select({ n: sql<number>`count(distinct ${swaps.recipient})::int` })
    .from(swaps)
    .where(
      and(
        eq(swaps.pair, pair),
        gte(swaps.ts, from),
        lt(swaps.ts, to + 1),
        sql`${paidIn} > 0`,
        notInArray(swaps.recipient, wash),
      ),
    );
  return r?.n ?? 0;
}
