/**
 * Liquidity scanner: pool depth, price impact for the user's amount, LP lock, drains and the rug
 * detector's verdict. liquidityScore = clamp(round(100 − Σ impact)) over:
 *   pool exists / value          40  (no pool: fail; < $1K fail; < $10K warn; unknown USD value: 10)
 *   price impact for amountUsd   20  (> 15% fail, > 5% warn)
 *   LP locked or burned          20  (≥ 95% pass, ≥ 50% warn, else fail; lock ending < 7 days: warn)
 *   rug pull risk                20  (rug detector's rugScore / 100: > 0.7 fail, > 0.4 warn)
 *   recent LP removal (24 h)     15  (≥ 20% of the pool in one removal warn, ≥ 50% fail)
 *   24 h trading volume           5  (none: warn; unknown: 1)
 * riskLevel from liquidityScore: ≥ 70 LOW, ≥ 40 MEDIUM, ≥ 20 HIGH, else CRITICAL, raised to the rug
 * detector's level when that is worse; a completed rug is always CRITICAL.
 */
import {
  type Evidence,
  type Level3,
  type LiquidityResult,
  type PoolSummary,
  type RiskLevel,
  type RugResult,
  riskStrings,
  round,
  scoreFromEvidence,
} from '../../shared/analysis';
import {
  DEFAULT_AMOUNT_USD,
  HOOK_PERMISSIONS,
  type LevelOf,
  LIQUIDITY_DRAIN,
  levelOf,
  PRICE_MANIPULATION,
} from '../../shared/vocabulary';
import type { PoolFacts, TokenReportFacts } from '../facts/types';
import {
  allPools,
  allSwaps,
  type DrainEvent,
  drainEvents,
  ledgerOf,
  liquiditySafe,
  lpSafeShare,
  priceImpactPct,
  tokenAgeDays,
} from './derived-facts';
import { DAY_S, gradeAbove, gradeBelow, judged, pct, usd } from './evidence-lines';
import { judgeHook } from './hook-verdict';
import {
  checkLpLocked,
  checkRecentLpRemoval,
  LP_SAFE_PASS,
  POOL_FAIL_BELOW_USD,
  POOL_WARN_BELOW_USD,
} from './liquidity-checks';
import { analyseRug, type RugOptions } from './rug-detector';
import { noPoolSentence, pricePathSentence, tradesOnlyOnUnreadVenue, withoutPool } from './venue-words';
import { WHALE_THRESHOLD_PCT } from './whales';

/** Price impact above this (percent) is flagged (spec §9). */
export const PRICE_IMPACT_WARN_PCT = 15;
export const PRICE_IMPACT_CAUTION_PCT = 5;

export type LiquidityOptions = RugOptions & {
  amountUsd?: number;
  rug?: RugResult;
  /** Price impact (percent) of buying amountUsd, quoted by the main pool's venue; null: it could not quote. */
  quotedImpactPct?: number | null;
};

const LEVEL_ORDER: readonly RiskLevel[] = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
const worseLevel = (a: RiskLevel, b: RiskLevel): RiskLevel =>
  LEVEL_ORDER.indexOf(a) >= LEVEL_ORDER.indexOf(b) ? a : b;

/** A pool's hook for the pools list: permissions in words; the verdict of the main pool's hook. */
function hookSummary(
  h: { address: string; permissions: string[] },
  facts: TokenReportFacts,
): NonNullable<PoolSummary['hook']> {
  const measured = facts.hook?.facts && facts.hook.hook === h.address.toLowerCase() ? facts.hook : null;
  const v = measured?.facts ? judgeHook(measured.facts, measured.powers) : null;
  return {
    address: h.address,
    permissions: h.permissions.map((n) => HOOK_PERMISSIONS.find((p) => p.name === n)?.words ?? n),
    verdict: v ? (v.honeypot ? 'honeypot' : v.level) : null,
  };
}

/** The token's pools, main pool first, with each one's share of the total USD value. */
function poolSummaries(facts: TokenReportFacts): PoolSummary[] {
  const pools = allPools(facts);
  const total = pools.reduce(
    (s, p) => s + (p.poolValueUsd !== null && Number.isFinite(p.poolValueUsd) ? p.poolValueUsd : 0),
    0,
  );
  const symbol = facts.token.symbol ?? 'TOKEN';
  return pools.map((p) => ({
    pool: p.pair,
    venue: p.venueLabel,
    pair: `${symbol}/${p.quoteSymbol}`,
    feePct: p.feeTier === null ? null : p.feeTier / 10_000,
    liquidityUsd:
      p.poolValueUsd !== null && Number.isFinite(p.poolValueUsd) ? round(p.poolValueUsd, 2) : null,
    share:
      total > 0 && p.poolValueUsd !== null && Number.isFinite(p.poolValueUsd)
        ? round(p.poolValueUsd / total, 4)
        : null,
    lockedShare: round(Math.min(1, lpSafeShare(p)), 4),
    depthUsd2Pct:
      p.depthUsd2Pct !== null && Number.isFinite(p.depthUsd2Pct) ? round(p.depthUsd2Pct, 2) : null,
    priceUsd: p.priceUsd,
    twapPriceUsd: p.twapPriceUsd ?? null,
    twapDeviationPct: p.twapDeviationPct ?? null,
    priceManipulated: priceManipulated(p),
    twapNote: p.twapNote ?? null,
    ...(p.hook ? { hook: hookSummary(p.hook, facts) } : {}),
  }));
}

/**
 * The pool's current price against its own 30-minute average: a price pushed within a block (one
 * large swap, a flash loan) sits far from it. null when the pool has no average to compare with.
 */
export function priceManipulated(p: PoolFacts): boolean | null {
  const d = p.twapDeviationPct;
  if (d === null || d === undefined || !Number.isFinite(d)) return null;
  return Math.abs(d) > PRICE_MANIPULATION.maxDeviationPct;
}

const capitalise = (s: string) => `${s[0]?.toUpperCase() ?? ''}${s.slice(1)}`;

/** What every step below reads, worked out once from the facts and the options. */
type LiquidityInputs = {
  facts: TokenReportFacts;
  amountUsd: number;
  rug: RugResult;
  pool: PoolFacts | null;
  /** The main pool's USD value, when it could be priced. */
  poolValueKnown: number | null;
  /** Price impact (percent) of buying amountUsd; null: it could not be computed. */
  impact: number | null;
  rugOutcome: LevelOf<'rugScoreOutcome'>;
  volume: number | null;
  /** Whether the main pool's LP is locked or burned enough to pass; null: no pool. */
  locked: boolean | null;
  drains: DrainEvent[];
  /** Drains of the last 24 hours. */
  recentDrains: DrainEvent[];
};

function liquidityInputs(facts: TokenReportFacts, opts: LiquidityOptions): LiquidityInputs {
  const amountUsd =
    opts.amountUsd !== undefined && Number.isFinite(opts.amountUsd) && opts.amountUsd >= 0
      ? opts.amountUsd
      : DEFAULT_AMOUNT_USD;
  const rug = opts.rug ?? analyseRug(facts, opts);
  const pool = facts.mainPool;
  const poolValue = pool?.poolValueUsd ?? null;
  const poolValueKnown = poolValue !== null && Number.isFinite(poolValue) ? poolValue : null;
  // A venue's own quote (QuoterV2 for V3) when the engine got one; the constant-product formula
  // only fits a V2 pair.
  const impact = !pool
    ? null
    : opts.quotedImpactPct !== undefined
      ? opts.quotedImpactPct
      : pool.venue === 'uniswap-v2'
        ? priceImpactPct(amountUsd, poolValueKnown)
        : null;
  const drains = drainEvents(facts);
  const dayAgo = facts.now - DAY_S;
  return {
    facts,
    amountUsd,
    rug,
    pool,
    poolValueKnown,
    impact,
    // The rug score ranks risk and is uncalibrated: it is judged by its own bands, never shown as a %.
    rugOutcome: levelOf('rugScoreOutcome', rug.rugScore),
    volume: pool?.volume24hUsd ?? null,
    locked: pool ? liquiditySafe(pool) : null,
    drains,
    recentDrains: drains.filter((d) => d.event.timestamp >= dayAgo),
  };
}

function poolValueLine({ facts, pool, poolValueKnown }: LiquidityInputs): Evidence {
  const spec = { check: 'pool_value', label: 'Pool value', weight: 40 };
  if (!pool)
    return tradesOnlyOnUnreadVenue(facts)
      ? judged(spec, 'unknown', null, noPoolSentence(facts))
      : judged(spec, 'fail', 0, noPoolSentence(facts));
  if (poolValueKnown === null)
    return judged(
      spec,
      'unknown',
      null,
      `The pool's USD value could not be priced.${pool.priceNote ? ` ${pool.priceNote}` : ''}`,
    );
  const o = gradeBelow(poolValueKnown, POOL_FAIL_BELOW_USD, POOL_WARN_BELOW_USD);
  return judged(
    spec,
    o,
    round(poolValueKnown, 2),
    (o === 'pass'
      ? `The main pool holds ${usd(poolValueKnown)}.`
      : `The main pool holds only ${usd(poolValueKnown)} (below ${usd(o === 'fail' ? POOL_FAIL_BELOW_USD : POOL_WARN_BELOW_USD)}).`) +
      pricePathSentence(pool),
  );
}

function priceImpactLine({ impact, amountUsd }: LiquidityInputs): Evidence {
  const spec = { check: 'price_impact', label: 'Price impact', weight: 20 };
  if (impact === null)
    return judged(
      spec,
      'unknown',
      null,
      `The price impact of a ${usd(amountUsd)} buy could not be computed.`,
    );
  const o = gradeAbove(impact, PRICE_IMPACT_CAUTION_PCT, PRICE_IMPACT_WARN_PCT);
  return judged(spec, o, impact, `Buying ${usd(amountUsd)} would move the price by ${pct(impact, 2)}.`);
}

function rugScoreLine({ rug, rugOutcome }: LiquidityInputs): Evidence {
  const spec = { check: 'rug_pull_risk', label: 'Rug score', weight: 20 };
  return judged(
    spec,
    rugOutcome,
    rug.rugScore,
    `The rug detector scores ${rug.rugScore}/100 (${rug.riskLevel} risk); a ranking score, uncalibrated.`,
  );
}

function volumeLine({ facts, pool, volume }: LiquidityInputs): Evidence {
  const spec = { check: 'volume_24h', label: '24 h volume', weight: 5 };
  if (!pool)
    return judged(
      spec,
      'unknown',
      null,
      withoutPool(facts, 'No pool, so no trading volume.', 'its volume'),
      0,
    );
  if (volume === null || !Number.isFinite(volume))
    return judged(spec, 'unknown', null, 'The 24-hour volume could not be priced.');
  if (volume <= 0) return judged(spec, 'warn', 0, 'Nobody traded the token in the last 24 hours.');
  return judged(spec, 'pass', round(volume, 2), `${usd(volume)} traded in the last 24 hours.`);
}

/** The six scored lines, in the order of the table at the top of this file. */
function liquidityEvidence(x: LiquidityInputs): Evidence[] {
  return [
    poolValueLine(x),
    priceImpactLine(x),
    checkLpLocked(x.facts, 20),
    rugScoreLine(x),
    checkRecentLpRemoval(x.facts, 15),
    volumeLine(x),
  ];
}

function liquidityWarnings(x: LiquidityInputs): string[] {
  const { facts, pool, rug, impact, amountUsd, poolValueKnown } = x;
  const warnings: string[] = [];
  if (rug.completedRug) warnings.push('Liquidity has been drained: this pool was rugged.');
  if (!pool)
    warnings.push(
      tradesOnlyOnUnreadVenue(facts)
        ? 'This token trades only on a venue we do not read yet.'
        : 'No liquidity pool found for this token.',
    );
  if (impact !== null && impact > PRICE_IMPACT_WARN_PCT)
    warnings.push(`High price impact: ${pct(impact, 2)} for a ${usd(amountUsd)} buy.`);
  if (x.rugOutcome === 'fail') warnings.push(`High rug risk: rug score ${rug.rugScore}/100.`);
  if (pool && !x.locked) {
    const pull = ledgerOf(pool)?.creatorPullableShare;
    warnings.push(
      pull !== null && pull !== undefined
        ? `The creator's side can pull ${pct(pull * 100)} of the pool's active liquidity now.`
        : `LP not locked: only ${pct(lpSafeShare(pool) * 100)} is locked or burned.`,
    );
  }
  if (poolValueKnown !== null && poolValueKnown < POOL_WARN_BELOW_USD)
    warnings.push(`Low liquidity: the pool holds only ${usd(poolValueKnown)}.`);
  // An unknown value says why (positions not read, no price), never passes as a small pool.
  if (pool && poolValueKnown === null && pool.poolValueNote) warnings.push(pool.poolValueNote);
  if (pool && priceManipulated(pool))
    warnings.push(
      `Price looks manipulated: the main pool's price is ${pct(Math.abs(pool.twapDeviationPct ?? 0), 1)} ${(pool.twapDeviationPct ?? 0) > 0 ? 'above' : 'below'} its ${PRICE_MANIPULATION.twapWindowSec / 60}-minute average (TWAP); use the average, not the spot price.`,
    );
  if (x.recentDrains.length > 0)
    warnings.push(`${x.recentDrains.length} large liquidity removal(s) in the last 24 hours.`);
  return warnings;
}

/**
 * Advice fits the state: a drained pool gets "liquidity was removed", never order-splitting or
 * lock-waiting advice; a token not to buy gets no advice on how to buy it.
 */
function liquidityRecommendations(x: LiquidityInputs): string[] {
  const { pool, rug, impact, locked, poolValueKnown } = x;
  const recommendations: string[] = [];
  const doNotBuy = rug.completedRug || x.rugOutcome === 'fail';
  const lockTime = pool?.lockUnlockTime ?? null;
  if (rug.completedRug)
    recommendations.push(
      'The liquidity was removed: the pool was drained, so there is nothing left to sell into. Do not buy.',
    );
  else if (x.rugOutcome === 'fail') recommendations.push('Do not buy: the rug risk is too high.');
  if (!doNotBuy && impact !== null && impact > PRICE_IMPACT_CAUTION_PCT)
    recommendations.push('Split the order into smaller buys or reduce the amount to limit price impact.');
  if (!doNotBuy && pool && !locked)
    recommendations.push(
      ledgerOf(pool)
        ? "Size your buy to what you can lose: the creator's side can withdraw part of this liquidity."
        : 'Wait until the liquidity is locked or burned before buying a large amount.',
    );
  if (!doNotBuy && pool && locked && lockTime !== null && pool.lpBurnedShare < LP_SAFE_PASS)
    recommendations.push('Watch the LP lock end date: liquidity can be withdrawn after it.');
  if (!doNotBuy && poolValueKnown !== null && poolValueKnown < POOL_WARN_BELOW_USD)
    recommendations.push('Use a tight slippage limit: thin pools move sharply on each trade.');
  if (recommendations.length === 0)
    recommendations.push('Liquidity looks healthy for this amount; keep monitoring for liquidity removals.');
  return recommendations;
}

function rugAnalysis({ rug, drains }: LiquidityInputs): LiquidityResult['rugAnalysis'] {
  return {
    rugScore: rug.rugScore,
    riskLevel: rug.riskLevel,
    dataCoverage: rug.dataCoverage,
    lpDrainEvents: {
      count: drains.length,
      events: drains.map((d) => ({
        hash: d.event.txHash,
        time: d.event.timestamp * 1000,
        provider: d.event.provider,
        shareOfPool: round(d.share, 4),
        quoteAmount: d.event.quoteAmount.toString(),
      })),
    },
    // A flag names the finding, never the check's pass name ("Source code verified" for unverified code).
    behaviorFlags: rug.evidence
      .filter((e) => e.weight > 0 && (e.outcome === 'fail' || e.outcome === 'warn'))
      .map((e) => `${e.outcome === 'fail' ? 'Failed' : 'Warning'}: ${e.label}`),
  };
}

function liveMonitoring(x: LiquidityInputs): LiquidityResult['liveMonitoring'] {
  const { facts, rug, rugOutcome, recentDrains } = x;
  const drainRisk: Level3 =
    rug.completedRug ||
    recentDrains.some((d) => d.share >= LIQUIDITY_DRAIN.severeShare) ||
    rugOutcome === 'fail'
      ? 'High'
      : recentDrains.length > 0 || !x.locked || rugOutcome === 'warn'
        ? 'Medium'
        : 'Low';
  // Whale swaps are swaps of at least WHALE_THRESHOLD_PCT of the supply: without a supply there is
  // no telling a whale from anyone, so the activity is unknown, not "Low".
  const dayAgo = facts.now - DAY_S;
  const supply = facts.holders.totalSupply > 0n ? facts.holders.totalSupply : (facts.token.totalSupply ?? 0n);
  const whaleSwaps24h = allSwaps(facts).filter(
    ({ swap }) =>
      swap.timestamp >= dayAgo &&
      supply > 0n &&
      swap.tokenAmount * 100n >= supply * BigInt(WHALE_THRESHOLD_PCT),
  ).length;
  const whaleActivity: Level3 =
    supply <= 0n ? 'Unknown' : whaleSwaps24h >= 5 ? 'High' : whaleSwaps24h >= 1 ? 'Medium' : 'Low';
  const age = tokenAgeDays(facts);
  return {
    liquidityDrainRisk: drainRisk,
    whaleActivity,
    recentTransactions: allPools(facts).reduce((n, p) => n + p.swaps24h.buys + p.swaps24h.sells, 0),
    contractAge: age === null ? null : Math.floor(age),
  };
}

export function analyseLiquidity(facts: TokenReportFacts, opts: LiquidityOptions = {}): LiquidityResult {
  const x = liquidityInputs(facts, opts);
  const { rug, pool, poolValueKnown, volume } = x;
  const evidence = liquidityEvidence(x);
  const liquidityScore = scoreFromEvidence(evidence);
  // The worse of the pool's own level and the rug detector's: a rug score of 100 never reads MEDIUM.
  const riskLevel: RiskLevel = rug.completedRug
    ? 'CRITICAL'
    : worseLevel(levelOf('liquidityRisk', liquidityScore), rug.riskLevel);
  const lockTime = pool?.lockUnlockTime ?? null;
  return {
    liquidityScore,
    score: liquidityScore,
    rugScore: rug.rugScore,
    riskLevel,
    timestamp: facts.now * 1000,
    amountUsd: x.amountUsd,
    warnings: liquidityWarnings(x),
    recommendations: liquidityRecommendations(x),
    risks: riskStrings(evidence, 6),
    liquidityData: {
      poolValue: poolValueKnown === null ? null : round(poolValueKnown, 2),
      priceImpact: x.impact,
      tradingVolume24h: volume === null || !Number.isFinite(volume) ? null : round(volume, 2),
      liquidityHealth: capitalise(levelOf('health', liquidityScore)),
      liquidityLocked: x.locked,
      liquidityLockTime: lockTime === null ? null : lockTime * 1000,
    },
    pools: poolSummaries(facts),
    unreadPoolCount: facts.unreadPools?.length ?? 0,
    rugAnalysis: rugAnalysis(x),
    liveMonitoring: liveMonitoring(x),
    evidence,
  };
}
