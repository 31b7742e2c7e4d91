/**
 * Token health dashboard. Every sub-score is clamp(round(100 − Σ impact)) over its own evidence:
 *
 * securityScore  = the scanner's score
 * liquidityScore = the liquidity scanner's score
 * communityScore : holder count 35 (< 25 fail, < 100 warn) · top-10 concentration 35 (> 30% warn,
 *                  > 50% fail) · insiders 15 · fresh wallets 15
 * momentumScore  : 24 h turnover (volume / pool value) 40 (< 1% fail, < 10% warn) · buy pressure
 *                  (buys / all swaps, 24 h) 30 (< 40% fail, < 50% warn, no trades fail) · 24 h price
 *                  change 30 (< −20% fail, < −5% warn)
 * overallScore   : security 40 · liquidity 25 · community 20 · momentum 15; each component line
 *                  deducts weight × (100 − sub-score) / 100.
 * riskLevel      : overall ≥ 75 low, ≥ 50 medium, ≥ 25 high, else critical; honeypot or completed
 *                  rug → critical.
 * Indicators (each computed from data, with the numbers used in `indicatorWhy`):
 *   price series  the main pool's 24 h window (PoolFacts.priceSeries24h): the pool price a day ago,
 *                 the median execution price of every 5-minute bucket of the day's swaps, the pool
 *                 price now — the same two ends as the 24 h change, so trend and change agree (before:
 *                 the last 200 swaps, minutes on a busy pool, extrapolated to "% a day"). The price at
 *                 a moment is the median of the 5 points nearest before it.
 *   trend     least-squares slope of ln(price) over that 24 h window, as the fitted change over the
 *             window: > +5% bullish, < −5% bearish, else neutral; fewer than TREND_MIN_POINTS
 *             points → neutral ("too few"). The 24 h change compares the two ends only.
 *   momentum  returns over windows: r1h and r6h from the series, r24h the pool's 24 h price change
 *             (the series' own two ends). strong: r24h ≥ +10% and r6h ≥ 0 and r1h ≥ −2%;
 *             moderate: r24h ≥ 0 and r6h ≥ −5%; weak otherwise or with no data.
 *   sentiment buy/sell flow: quote volume of buys ÷ (buys + sells) over 24 h: ≥ 55% positive, ≤ 45%
 *             negative, else (or no swaps) neutral.
 *   activity  24 h swap count ≥ 100 high, ≥ 10 medium, else low.
 *   safety    a honeypot (sells fail) or a drained pool never reads strong or positive: its buy
 *             flow is trapped money, not demand — momentum weak, sentiment negative, said so.
 *   patterns  organic figures only (issue 39): the turnover counts the organic share of the 24 h
 *             volume (analysis/trading-patterns.ts), and a token with mostly wash volume or a selling
 *             cluster of linked early buyers never reads strong momentum — weak, said so.
 */
import {
  type Evidence,
  type LiquidityResult,
  type RugResult,
  round,
  type ScannerResult,
  type Severity,
  scoreFromEvidence,
  type TokenHealthResult,
} from '../../shared/analysis';
import { formatPct } from '../../shared/format';
import type { TradingPatterns } from '../../shared/trading-patterns';
import { levelOf, shownBand, type VERDICTS } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { allPools, decimalsOf, liquiditySafe } from './derived-facts';
import { gradeBelow, judged, pct } from './evidence-lines';
import { checkFreshWallets, checkHolderCount, checkInsiders, checkTopHolders } from './holder-checks';
import { analyseLiquidity, type LiquidityOptions } from './liquidity';
import { analyseRug } from './rug-detector';
import { analyseScanner } from './scanner';
import { analyseTradingPatterns, momentumBlock, organicShareOf } from './trading-patterns';
import { buyersCannotEnter } from './trading-switch';
import { tradesOnlyOnUnreadVenue, withoutPool } from './venue-words';

export const HEALTH_WEIGHTS = { security: 40, liquidity: 25, community: 20, momentum: 15 } as const;

export type HealthOptions = LiquidityOptions & {
  scanner?: ScannerResult;
  liquidity?: LiquidityResult;
  rug?: RugResult;
  /** The token's verdict, for the score cards' bands (capped or greyed); none: the scores' own bands. */
  verdict?: keyof typeof VERDICTS | null;
  /** The report's trading patterns (computed here when absent): momentum counts organic volume only. */
  patterns?: TradingPatterns;
};

export function communityEvidence(facts: TokenReportFacts): Evidence[] {
  return [
    checkHolderCount(facts, 35),
    checkTopHolders(facts, 35),
    checkInsiders(facts, 15),
    checkFreshWallets(facts, 15),
  ];
}

function swapCounts(facts: TokenReportFacts) {
  return allPools(facts).reduce(
    (a, p) => ({ buys: a.buys + p.swaps24h.buys, sells: a.sells + p.swaps24h.sells }),
    { buys: 0, sells: 0 },
  );
}

export function momentumEvidence(facts: TokenReportFacts, patterns?: TradingPatterns): Evidence[] {
  const pool = facts.mainPool;
  const organic = organicShareOf(patterns);
  const out: Evidence[] = [];
  {
    const spec = { check: 'turnover', label: '24 h turnover', weight: 40 };
    const vol = pool?.volume24hUsd ?? null;
    const value = pool?.poolValueUsd ?? null;
    if (!pool)
      out.push(
        tradesOnlyOnUnreadVenue(facts)
          ? judged(spec, 'unknown', null, withoutPool(facts, '', 'its turnover'))
          : judged(spec, 'fail', 0, 'No pool, so nothing trades.'),
      );
    else if (vol === null || value === null || !Number.isFinite(vol) || !Number.isFinite(value) || value <= 0)
      out.push(judged(spec, 'unknown', null, 'The 24-hour volume or the pool value could not be priced.'));
    else {
      const t = (vol * organic) / value;
      const o = gradeBelow(t, 0.01, 0.1);
      const what = organic < 1 ? `24-hour organic volume (${pct(organic * 100, 1)} of it)` : '24-hour volume';
      out.push(judged(spec, o, round(t * 100, 2), `${what} is ${pct(t * 100, 2)} of the pool's value.`));
    }
  }
  {
    const spec = { check: 'buy_pressure', label: 'Buy pressure', weight: 30 };
    const { buys, sells } = swapCounts(facts);
    if (!pool)
      out.push(
        judged(
          spec,
          'unknown',
          null,
          withoutPool(facts, 'No pool, so no buys or sells.', 'its buys and sells'),
          0,
        ),
      );
    else if (buys + sells === 0) out.push(judged(spec, 'fail', 0, 'No buys or sells in the last 24 hours.'));
    else {
      const share = buys / (buys + sells);
      const o = gradeBelow(share, 0.4, 0.5);
      out.push(
        judged(
          spec,
          o,
          round(share * 100, 1),
          `${buys} buys and ${sells} sells in the last 24 hours (${pct(share * 100)} buys).`,
        ),
      );
    }
  }
  {
    const spec = { check: 'price_change_24h', label: '24 h price change', weight: 30 };
    const ch = pool?.priceChange24hPct ?? null;
    if (ch === null || !Number.isFinite(ch))
      out.push(judged(spec, 'unknown', null, 'The 24-hour price change is not known.'));
    else {
      const o = gradeBelow(ch, -20, -5);
      out.push(
        judged(spec, o, round(ch, 2), `The price changed ${ch >= 0 ? '+' : ''}${pct(ch, 2)} in 24 hours.`),
      );
    }
  }
  return out;
}

export const INDICATOR_THRESHOLDS = {
  trendPctPerDay: 5,
  trendMinPoints: 4,
  strongR24: 10,
  strongR1Floor: -2,
  moderateR6Floor: -5,
  sentimentPositive: 0.55,
  sentimentNegative: 0.45,
  activityHigh: 100,
  activityMedium: 10,
} as const;

type PricePoint = { t: number; p: number };

/**
 * The main pool's prices over the 24 h before `now`, oldest first: its 24 h series when the facts
 * carry one, else (facts built before it) the execution prices of its recent swaps.
 */
export function priceSeries(facts: TokenReportFacts): PricePoint[] {
  const pool = facts.mainPool;
  if (!pool) return [];
  if (pool.priceSeries24h) return pool.priceSeries24h.filter((x) => Number.isFinite(x.p) && x.p > 0);
  const since = facts.now - 86_400;
  return pool.recentSwaps
    .filter((s) => s.timestamp >= since && s.tokenAmount > 0n && s.ethAmount > 0n)
    .map((s) => ({ t: s.timestamp, p: Number(s.ethAmount) / Number(s.tokenAmount) }))
    .filter((x) => Number.isFinite(x.p) && x.p > 0)
    .sort((a, b) => a.t - b.t);
}

const medianOf = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Median of the 5 swap prices at or before `t`; null when none. */
function priceAt(series: PricePoint[], t: number): number | null {
  const before = series.filter((x) => x.t <= t);
  if (before.length === 0) return null;
  return medianOf(before.slice(-5).map((x) => x.p));
}

/** Return (%) over the `seconds` before `now` from the series; null without a price at both ends. */
export function returnOver(series: PricePoint[], now: number, seconds: number): number | null {
  const end = priceAt(series, now);
  const start = priceAt(series, now - seconds);
  if (end === null || start === null || start <= 0) return null;
  return (end / start - 1) * 100;
}

/** Least-squares slope of ln(price) against time, as % a day. */
export function trendPerDay(series: PricePoint[]): number | null {
  if (series.length < INDICATOR_THRESHOLDS.trendMinPoints) return null;
  const xs = series.map((x) => x.t / 86_400);
  const ys = series.map((x) => Math.log(x.p));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  if (den === 0) return null;
  return (Math.exp(num / den) - 1) * 100;
}

/** The change (%) the least-squares line of ln(price) makes over the series' own time span. */
export function fittedChange(series: PricePoint[]): number | null {
  const perDay = trendPerDay(series);
  if (perDay === null || series.length < 2) return null;
  const days = ((series.at(-1) as PricePoint).t - (series[0] as PricePoint).t) / 86_400;
  return ((1 + perDay / 100) ** days - 1) * 100;
}

function quoteFlow(facts: TokenReportFacts) {
  const pool = facts.mainPool;
  const since = facts.now - 86_400;
  let buy = 0;
  let sell = 0;
  for (const s of pool?.recentSwaps ?? []) {
    if (s.timestamp < since) continue;
    const q = Number(s.ethAmount);
    if (s.side === 'buy') buy += q;
    else sell += q;
  }
  return { buy, sell };
}

const fmtPct = (x: number | null) => (x === null ? 'n/a' : `${x >= 0 ? '+' : ''}${round(x, 1)}%`);

export function healthIndicators(
  facts: TokenReportFacts,
  trapped: string | null,
  notOrganic: string | null = null,
): { indicators: TokenHealthResult['indicators']; why: TokenHealthResult['indicatorWhy'] } {
  const T = INDICATOR_THRESHOLDS;
  const series = priceSeries(facts);
  const span =
    series.length > 1 ? ((series.at(-1) as PricePoint).t - (series[0] as PricePoint).t) / 3_600 : 0;
  // The fitted change over the window itself, never extrapolated: a few minutes of swaps on a busy
  // pool once read "−96.5% a day" beside a 24 h change of −9.3%.
  const slope = fittedChange(series);
  const trend: TokenHealthResult['indicators']['trend'] =
    slope === null
      ? 'unknown'
      : slope > T.trendPctPerDay
        ? 'bullish'
        : slope < -T.trendPctPerDay
          ? 'bearish'
          : 'neutral';
  const basis = facts.mainPool?.priceSeries24h
    ? `${series.length} prices over ${round(span, 1)} h (the pool price at each end, the median swap price of each 5-minute bucket between)`
    : `${series.length} swaps over ${round(span, 1)} h`;
  const trendWhy =
    slope === null
      ? `Only ${series.length} prices in 24 h (need ${T.trendMinPoints}): no trend.`
      : `Fitted trend ${fmtPct(slope)} over the window, a least-squares line through ${basis} (bullish above +${T.trendPctPerDay}%, bearish below −${T.trendPctPerDay}%). The 24 h change compares only the two ends of the same window.`;

  const now = facts.now;
  const r1 = returnOver(series, now, 3_600);
  const r6 = returnOver(series, now, 6 * 3_600);
  const poolChange = facts.mainPool?.priceChange24hPct ?? null;
  const r24 =
    poolChange !== null && Number.isFinite(poolChange) ? poolChange : returnOver(series, now, 86_400);
  let momentum: TokenHealthResult['indicators']['momentum'] =
    r24 === null
      ? 'unknown'
      : r24 >= T.strongR24 && (r6 ?? 0) >= 0 && (r1 ?? 0) >= T.strongR1Floor
        ? 'strong'
        : r24 !== null && r24 >= 0 && (r6 ?? 0) >= T.moderateR6Floor
          ? 'moderate'
          : 'weak';
  let momentumWhy = `Returns 1 h ${fmtPct(r1)}, 6 h ${fmtPct(r6)}, 24 h ${fmtPct(r24)} (strong: 24 h ≥ +${T.strongR24}% with 6 h ≥ 0 and 1 h ≥ ${T.strongR1Floor}%; moderate: 24 h ≥ 0 with 6 h ≥ ${T.moderateR6Floor}%).`;

  const flow = quoteFlow(facts);
  const totalFlow = flow.buy + flow.sell;
  const share = totalFlow > 0 ? flow.buy / totalFlow : null;
  let sentiment: TokenHealthResult['indicators']['sentiment'] =
    share === null
      ? 'unknown'
      : share >= T.sentimentPositive
        ? 'positive'
        : share <= T.sentimentNegative
          ? 'negative'
          : 'neutral';
  let sentimentWhy =
    share === null
      ? 'No buys or sells in 24 h.'
      : `Buys are ${round(share * 100, 1)}% of the 24 h quote volume (positive ≥ ${formatPct(T.sentimentPositive * 100)}, negative ≤ ${formatPct(T.sentimentNegative * 100)}).`;

  const { buys, sells } = swapCounts(facts);
  const total = buys + sells;
  // Without a pool there is no trading to count: unknown, not "low".
  const activity: TokenHealthResult['indicators']['activity'] = !facts.mainPool
    ? 'unknown'
    : total >= T.activityHigh
      ? 'high'
      : total >= T.activityMedium
        ? 'medium'
        : 'low';
  const activityWhy = !facts.mainPool
    ? 'No pool read for this token, so its trading activity is unknown.'
    : `${total} swaps in 24 h (${buys} buys, ${sells} sells; high ≥ ${T.activityHigh}, medium ≥ ${T.activityMedium}).`;

  if (notOrganic && !trapped) {
    momentum = 'weak';
    momentumWhy = `${notOrganic} Momentum counts organic trading only. ${momentumWhy}`;
  }
  if (trapped) {
    momentum = 'weak';
    sentiment = 'negative';
    momentumWhy = `${trapped} ${momentumWhy}`;
    sentimentWhy = `${trapped} ${sentimentWhy}`;
  }
  return {
    indicators: { trend, momentum, sentiment, activity },
    why: { trend: trendWhy, momentum: momentumWhy, sentiment: sentimentWhy, activity: activityWhy },
  };
}

function component(check: string, label: string, weight: number, score: number): Evidence {
  const spec = { check, label, weight };
  const o = levelOf('componentOutcome', score);
  return judged(
    spec,
    o,
    score,
    `${label} scores ${score}/100 (weight ${weight}%).`,
    round((weight * (100 - score)) / 100, 2),
  );
}

export function analyseTokenHealth(facts: TokenReportFacts, opts: HealthOptions = {}): TokenHealthResult {
  const scanner = opts.scanner ?? analyseScanner(facts);
  const rug = opts.rug ?? analyseRug(facts, opts);
  const liquidity = opts.liquidity ?? analyseLiquidity(facts, { ...opts, rug });
  const community = communityEvidence(facts);
  const patterns = opts.patterns ?? analyseTradingPatterns(facts);
  const momentum = momentumEvidence(facts, patterns);
  const communityScore = scoreFromEvidence(community);
  const momentumScore = scoreFromEvidence(momentum);
  const evidence = [
    component('security', 'Security', HEALTH_WEIGHTS.security, scanner.score),
    component('liquidity', 'Liquidity', HEALTH_WEIGHTS.liquidity, liquidity.liquidityScore),
    component('community', 'Community', HEALTH_WEIGHTS.community, communityScore),
    component('momentum', 'Momentum', HEALTH_WEIGHTS.momentum, momentumScore),
  ];
  const overallScore = scoreFromEvidence(evidence);
  const honeypot = scanner.evidence.some((e) => e.check === 'honeypot' && e.outcome === 'fail');
  const riskLevel: Severity = honeypot || rug.completedRug ? 'critical' : levelOf('healthRisk', overallScore);

  const pool = facts.mainPool;
  const price = pool?.priceUsd ?? null;
  const d = decimalsOf(facts);
  const supply = facts.token.totalSupply;
  const marketCap =
    price !== null && Number.isFinite(price) && d !== null && supply !== null
      ? round((Number(supply) / 10 ** d) * price, 2)
      : null;
  const change = pool?.priceChange24hPct ?? null;
  const closed = scanner.evidence.some(buyersCannotEnter);
  const trapped = closed
    ? 'Buyers cannot enter: a buy fails and no privileged call is known to open trading.'
    : honeypot
      ? 'Honeypot: sells fail, so buying is trapped money, not demand.'
      : rug.completedRug
        ? "Rugged: the pool's liquidity was drained."
        : null;
  const ind = healthIndicators(facts, trapped, momentumBlock(patterns));
  const v = facts.token.verification.status;

  return {
    name: facts.token.name,
    symbol: facts.token.symbol,
    overallScore,
    securityScore: scanner.score,
    liquidityScore: liquidity.liquidityScore,
    communityScore,
    momentumScore,
    riskLevel,
    level: levelOf('health', overallScore),
    // The security score is the verdict's own measure (the scanner's safety): never greyed.
    bands: {
      overall: shownBand(overallScore, opts.verdict),
      security: shownBand(scanner.score, opts.verdict, true),
      liquidity: shownBand(liquidity.liquidityScore, opts.verdict),
      community: shownBand(communityScore, opts.verdict),
      momentum: shownBand(momentumScore, opts.verdict),
    },
    metrics: {
      price,
      priceChange24h: change === null || !Number.isFinite(change) ? null : round(change, 2),
      marketCap,
      volume24h: pool?.volume24hUsd ?? null,
      holders: facts.holders.holderCount,
      liquidity: pool?.poolValueUsd ?? null,
      contractVerified: v === 'verified' ? true : v === 'unverified' ? false : null,
      liquidityLocked: pool ? liquiditySafe(pool) : null,
      ownershipRenounced: facts.token.ownerRenounced,
    },
    indicators: ind.indicators,
    indicatorWhy: ind.why,
    evidence,
    communityEvidence: community,
    momentumEvidence: momentum,
  };
}
