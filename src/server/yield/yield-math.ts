/**
 * Pure yield formulas: the APR of each kind of opportunity from contract state, the risk level
 * from the engine's scores, and strategies from opportunities (§9 splits and top-3 rules). The
 * calculator itself lives in shared/yield.ts so the browser runs the same code; it is re-exported.
 */

import { levelOf } from '../../shared/vocabulary';
import {
  ALLOCATION_SPLITS,
  allocateStrategy,
  type RiskProfile,
  type YieldOpportunity,
  type YieldRisk,
  type YieldStrategy,
} from '../../shared/yield';

export {
  ALLOCATION_SPLITS,
  allocateStrategy,
  breakEvenMonths,
  bucketOf,
  bucketsOf,
  byApy,
  CALCULATOR_DEFAULTS,
  CALCULATOR_PRESET,
  CALCULATOR_RESET,
  COMPOUNDING_PERIODS,
  calculateYield,
  countUnknownApy,
  effectiveAnnualApy,
  entryCostUsd,
  estimatedReturns,
  hasKnownApy,
  impermanentLoss,
  numberInput,
  projectedApy,
  RISK_MULTIPLIERS,
  topThree,
} from '../../shared/yield';

export const SECONDS_PER_YEAR = 365 * 86_400;
/** Uniswap V2 swap fee paid to liquidity providers. */
export const AMM_FEE = 0.003;

/** AMM fee APR (%) = 24 h volume × fee (0.3% for V2; an Aerodrome pool's own) × 365 ÷ TVL. */
export function ammFeeApr(volume24hUsd: number, tvlUsd: number, fee = AMM_FEE): number {
  if (!(tvlUsd > 0) || !(volume24hUsd >= 0)) return 0;
  return ((volume24hUsd * fee * 365) / tvlUsd) * 100;
}

/**
 * Staking APR (%) = rewardRate × rewardPrice × seconds/year ÷ staked value. rewardRate is in reward
 * tokens per second (whole tokens), staked value in USD. Zero once the reward period has ended.
 */
export function stakingApr(x: {
  rewardRatePerSecond: number;
  rewardPriceUsd: number;
  stakedValueUsd: number;
  periodFinish: number;
  now: number;
}): number {
  if (x.now >= x.periodFinish || !(x.stakedValueUsd > 0)) return 0;
  return ((x.rewardRatePerSecond * x.rewardPriceUsd * SECONDS_PER_YEAR) / x.stakedValueUsd) * 100;
}

/** Lending supply APY (%) from the pool's `supplyRatePerYear` (1e18 = 100%). */
export function lendingSupplyApy(supplyRatePerYearWad: bigint): number {
  return (Number(supplyRatePerYearWad) / 1e18) * 100;
}

/**
 * Risk from the lowest engine FLAB Score of the tokens involved: 70+ low, 50+ medium, else high.
 * Pools of two volatile tokens carry impermanent loss: low becomes medium.
 */
export function riskFromScore(minScore: number | null, opts: { impermanentLoss?: boolean } = {}): YieldRisk {
  if (minScore === null) return 'high';
  const base: YieldRisk = levelOf('yieldRisk', minScore);
  return opts.impermanentLoss && base === 'low' ? 'medium' : base;
}

/**
 * Thresholds of the yield risk analysis (written down so the level can be checked):
 * - the lowest engine FLAB Score of the tokens held or paid as reward: 70+ low, 50+ medium, else high;
 *   no score: high;
 * - pool depth (TVL): under $10k high, under $100k at least medium (thin pools move and drain);
 * - age of the pool / contract: under 7 days high, under 30 days or unknown at least medium;
 * - APY: 100%+ at least medium, 300%+ high (paid by emissions into thin liquidity; it does not last);
 * - two-sided pools (impermanent loss): at least medium.
 */
export const YIELD_RISK_THRESHOLDS = {
  scoreLow: 70,
  scoreMedium: 50,
  tvlHigh: 10_000,
  tvlMedium: 100_000,
  ageHighDays: 7,
  ageMediumDays: 30,
  apyMedium: 100,
  apyHigh: 300,
} as const;

const RANK: Record<YieldRisk, number> = { low: 0, medium: 1, high: 2 };

export function analyseYieldRisk(x: {
  minScore: number | null;
  tvlUsd: number;
  ageDays: number | null;
  /** null: unknown (an unpriced pool); it raises nothing, and the reasons say it is unknown. */
  apy: number | null;
  impermanentLoss?: boolean;
}): { risk: YieldRisk; reasons: string[] } {
  const t = YIELD_RISK_THRESHOLDS;
  let risk: YieldRisk = 'low';
  const reasons: string[] = [];
  const raise = (to: YieldRisk, why: string) => {
    if (RANK[to] > RANK.low) reasons.push(why);
    if (RANK[to] > RANK[risk]) risk = to;
  };
  if (x.minScore === null) raise('high', 'No FLAB Score for a token involved.');
  else if (x.minScore < t.scoreMedium)
    raise('high', `Lowest token score ${x.minScore} (below ${t.scoreMedium}).`);
  else if (x.minScore < t.scoreLow)
    raise('medium', `Lowest token score ${x.minScore} (below ${t.scoreLow}).`);
  if (x.tvlUsd < t.tvlHigh)
    raise('high', `Thin pool: $${Math.round(x.tvlUsd)} deposited (under $${t.tvlHigh}).`);
  else if (x.tvlUsd < t.tvlMedium)
    raise('medium', `Shallow pool: $${Math.round(x.tvlUsd)} deposited (under $${t.tvlMedium}).`);
  if (x.ageDays === null) raise('medium', 'Age unknown.');
  else if (x.ageDays < t.ageHighDays) raise('high', `Only ${x.ageDays.toFixed(1)} days old.`);
  else if (x.ageDays < t.ageMediumDays) raise('medium', `Only ${x.ageDays.toFixed(0)} days old.`);
  // An unknown APY (null) is not judged either way; the reasons say so below.
  if (x.apy !== null && x.apy >= t.apyHigh)
    raise('high', `APY ${x.apy.toFixed(0)}% (${t.apyHigh}%+ does not last).`);
  else if (x.apy !== null && x.apy >= t.apyMedium)
    raise('medium', `APY ${x.apy.toFixed(0)}% (${t.apyMedium}%+ is unusual).`);
  if (x.impermanentLoss) raise('medium', 'Two-sided pool: impermanent loss when the price moves.');
  if (reasons.length === 0)
    reasons.push(`Scored ${x.minScore}, $${Math.round(x.tvlUsd)} deep, ${x.ageDays?.toFixed(0)} days old.`);
  if (x.apy === null) reasons.push('APY unknown (the pool is unpriced), so it is not judged.');
  return { risk, reasons };
}

const STRATEGY_TEXT: Record<RiskProfile, { name: string; complexity: string; timeCommitment: string }> = {
  conservative: {
    name: 'Conservative Income',
    complexity: 'Beginner',
    timeCommitment: 'Low (monthly check)',
  },
  moderate: { name: 'Balanced Growth', complexity: 'Intermediate', timeCommitment: 'Medium (weekly check)' },
  aggressive: { name: 'Aggressive Yield', complexity: 'Advanced', timeCommitment: 'High (daily check)' },
};

/**
 * One strategy per risk profile, allocated by its label's split (allocateStrategy): each bucket's
 * share goes to the opportunities of that bucket whose analysed risk the profile allows — at an
 * amount, spread so that no pick is drowned by the deposit — or stays unallocated with the reason.
 * totalApy = Σ weight × APY after the deposit (before it without an amount); requiredCapital is the
 * largest minimum deposit among the picks. Profiles with no pick at all are left out.
 */
export function buildStrategies(opps: readonly YieldOpportunity[], amountUsd = 0): YieldStrategy[] {
  const out: YieldStrategy[] = [];
  for (const profile of ['conservative', 'moderate', 'aggressive'] as const) {
    const {
      picks,
      unallocated,
      apy: totalApy,
      apyBeforeDeposit,
    } = allocateStrategy(opps, profile, amountUsd);
    if (picks.length === 0) continue;
    const split = ALLOCATION_SPLITS[profile];
    const t = STRATEGY_TEXT[profile];
    const idle = unallocated.reduce((a, u) => a + u.weight, 0);
    out.push({
      id: `strategy-${profile}`,
      name: t.name,
      description:
        `${split.stablecoin}% stablecoin, ${split.lending}% lending, ${split.liquidity}% liquidity, ` +
        `${split.farming}% farming; picks: ${picks.map((p) => `${p.opportunity.name} ${p.weight}%`).join(', ')}` +
        (idle > 0
          ? `; ${idle}% not invested (no ${unallocated.map((u) => u.bucket).join('/')} option at this risk earns a yield).`
          : '.'),
      totalApy,
      apyBeforeDeposit,
      riskLevel: profile,
      complexity: t.complexity,
      timeCommitment: t.timeCommitment,
      requiredCapital: Math.max(0, ...picks.map((p) => p.opportunity.minDeposit)),
      allocation: { ...split },
      opportunities: picks.map((p) => ({
        id: p.opportunity.id,
        protocol: p.opportunity.protocol,
        type: p.opportunity.type,
        apy: p.opportunity.apy,
        url: p.opportunity.url,
        bucket: p.bucket,
        risk: p.opportunity.risk,
        weight: p.weight,
        tvl: p.opportunity.tvl,
        depositUsd: p.depositUsd,
        apyAtDeposit: p.apyAtDeposit,
      })),
      unallocated,
    });
  }
  return out;
}
