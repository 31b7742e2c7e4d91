/**
 * Pure yield formulas: the APR of each kind of opportunity from contract state, the risk level
 * from the engine's scores, and strategies from opportunities (§9 splits and top-3 rules). The
 * calculator itself lives in shared/yield.ts so the browser runs the same code; it is re-exported.
 */
import {
  ALLOCATION_SPLITS,
  type RiskProfile,
  strategyWeights,
  topThree,
  type YieldOpportunity,
  type YieldRisk,
  type YieldStrategy,
} from '../../shared/yield';

export {
  ALLOCATION_SPLITS,
  BREAK_EVEN_SHARE,
  bucketOf,
  CALCULATOR_DEFAULTS,
  CALCULATOR_PRESET,
  CALCULATOR_RESET,
  COMPOUNDING_PERIODS,
  calculateYield,
  estimatedReturns,
  numberInput,
  RISK_MULTIPLIERS,
  strategyWeights,
  topThree,
} from '../../shared/yield';

export const SECONDS_PER_YEAR = 365 * 86_400;
/** Uniswap V2 swap fee paid to liquidity providers. */
export const AMM_FEE = 0.003;

/** AMM fee APR (%) = 24 h volume × 0.3% × 365 ÷ TVL. */
export function ammFeeApr(volume24hUsd: number, tvlUsd: number): number {
  if (!(tvlUsd > 0) || !(volume24hUsd >= 0)) return 0;
  return ((volume24hUsd * AMM_FEE * 365) / tvlUsd) * 100;
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
  const base: YieldRisk = minScore >= 70 ? 'low' : minScore >= 50 ? 'medium' : 'high';
  return opts.impermanentLoss && base === 'low' ? 'medium' : base;
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
 * One strategy per risk profile: its opportunities are the top 3 by APY among the risks the
 * profile allows; totalApy is their split-weighted blend (see strategyWeights); requiredCapital is the
 * largest minimum deposit among the chosen opportunities. Profiles with nothing allowed are left out.
 */
export function buildStrategies(opps: readonly YieldOpportunity[]): YieldStrategy[] {
  const out: YieldStrategy[] = [];
  for (const profile of ['conservative', 'moderate', 'aggressive'] as const) {
    const picks = topThree(opps, profile);
    if (picks.length === 0) continue;
    const split = ALLOCATION_SPLITS[profile];
    const t = STRATEGY_TEXT[profile];
    const { weights, apy: totalApy } = strategyWeights(picks, profile);
    out.push({
      id: `strategy-${profile}`,
      name: t.name,
      description:
        `${split.stablecoin}% stablecoin, ${split.lending}% lending, ${split.liquidity}% liquidity, ` +
        `${split.farming}% farming; recommended: ${picks.map((p) => p.name).join(', ')}.`,
      totalApy,
      riskLevel: profile,
      complexity: t.complexity,
      timeCommitment: t.timeCommitment,
      requiredCapital: Math.max(0, ...picks.map((p) => p.minDeposit)),
      allocation: { ...split },
      opportunities: picks.map((p, i) => ({
        id: p.id,
        protocol: p.protocol,
        type: p.type,
        apy: p.apy,
        url: p.url,
        weight: weights[i] ?? 0,
      })),
    });
  }
  return out;
}
