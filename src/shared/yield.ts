/**
 * DeFi Yield Optimizer: shared types and the pure §9 formulas, used by the server (strategies) and
 * by the browser (the Calculator tab), so both compute the same numbers.
 *
 * Calculator (spec §9):
 *   effectiveApy   = apy × riskMultiplier            (conservative 0.85, moderate 1, aggressive 1.15)
 *   periods        = compounding periods per year    (daily 365, weekly 52, monthly 12)
 *   finalValue     = amount × (1 + effectiveApy/100/periods)^(periods × months/12)
 *   grossProfit    = finalValue − amount
 *   taxPaid        = max(grossProfit, 0) × taxRate/100
 *   netProfit      = grossProfit − taxPaid
 *   realValue      = (amount + netProfit) / (1 + inflation/100)^(months/12)
 *   realReturn     = realValue − amount               (net profit discounted by inflation)
 *   breakEvenMonths= months × 0.3
 * Estimated returns: daily = amount × apy/100/365, monthly = daily × 30.
 */
import { z } from 'zod';

export const YIELD_TYPES = ['liquidity', 'staking', 'lending', 'farming'] as const;
export type YieldType = (typeof YIELD_TYPES)[number];
export const YIELD_RISKS = ['low', 'medium', 'high'] as const;
export type YieldRisk = (typeof YIELD_RISKS)[number];
export const RISK_PROFILES = ['conservative', 'moderate', 'aggressive'] as const;
export type RiskProfile = (typeof RISK_PROFILES)[number];
export const COMPOUNDING = ['daily', 'weekly', 'monthly'] as const;
export type Compounding = (typeof COMPOUNDING)[number];

export const yieldOpportunitySchema = z.object({
  id: z.string(),
  protocol: z.string(),
  name: z.string(),
  type: z.enum(YIELD_TYPES),
  risk: z.enum(YIELD_RISKS),
  /** Percent a year. */
  apy: z.number(),
  /** US dollars. */
  tvl: z.number(),
  /** US dollars; 0 = the contract takes any non-zero amount. */
  minDeposit: z.number(),
  /** Days; 0 = flexible. */
  lockPeriod: z.number(),
  /** Lowest engine FLAB Score among the tokens involved; null when not scored (DefiLlama). */
  flabScore: z.number().nullable(),
  tags: z.array(z.string()),
  description: z.string(),
  verified: z.boolean(),
  tokenPair: z.string(),
  /** Where to deposit (a protocol page, or our own analysis page for the local chain). */
  url: z.string(),
  /** Contract (pool, staking or lending) the figures were read from, when on our chain. */
  address: z.string().nullable(),
  /** How apy was computed, in words with the inputs. */
  apySource: z.string(),
});
export type YieldOpportunity = z.infer<typeof yieldOpportunitySchema>;

export const yieldOpportunitiesResponseSchema = z.object({
  source: z.enum(['chain', 'defillama']),
  generatedAt: z.number(),
  opportunities: z.array(yieldOpportunitySchema),
});
export type YieldOpportunitiesResponse = z.infer<typeof yieldOpportunitiesResponseSchema>;

export const yieldStrategySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  totalApy: z.number(),
  riskLevel: z.enum(RISK_PROFILES),
  complexity: z.string(),
  timeCommitment: z.string(),
  requiredCapital: z.number(),
  allocation: z.object({
    stablecoin: z.number(),
    lending: z.number(),
    liquidity: z.number(),
    farming: z.number(),
  }),
  opportunities: z.array(
    z.object({
      id: z.string(),
      protocol: z.string(),
      type: z.enum(YIELD_TYPES),
      apy: z.number(),
      url: z.string(),
      /** Percent of the strategy's capital. */
      weight: z.number(),
    }),
  ),
});
export type YieldStrategy = z.infer<typeof yieldStrategySchema>;

export const yieldStrategiesResponseSchema = z.object({
  source: z.enum(['chain', 'defillama']),
  generatedAt: z.number(),
  strategies: z.array(yieldStrategySchema),
});
export type YieldStrategiesResponse = z.infer<typeof yieldStrategiesResponseSchema>;

// ---- §9 constants ----

export const COMPOUNDING_PERIODS: Record<Compounding, number> = { daily: 365, weekly: 52, monthly: 12 };
export const RISK_MULTIPLIERS: Record<RiskProfile, number> = {
  conservative: 0.85,
  moderate: 1,
  aggressive: 1.15,
};
export const BREAK_EVEN_SHARE = 0.3;

export type CalculatorInputs = {
  amount: number;
  apy: number;
  months: number;
  taxRate: number;
  inflation: number;
  risk: RiskProfile;
  compounding: Compounding;
};

export const CALCULATOR_DEFAULTS: CalculatorInputs = {
  amount: 5000,
  apy: 18,
  months: 12,
  taxRate: 25,
  inflation: 3.5,
  risk: 'moderate',
  compounding: 'daily',
};
/** The "Preset" button: only these fields change. */
export const CALCULATOR_PRESET: Pick<CalculatorInputs, 'amount' | 'apy' | 'months' | 'risk'> = {
  amount: 10000,
  apy: 20,
  months: 24,
  risk: 'moderate',
};
/** The "Reset" button: only these fields change. */
export const CALCULATOR_RESET: Pick<CalculatorInputs, 'amount' | 'apy' | 'months' | 'risk'> = {
  amount: 1000,
  apy: 15,
  months: 12,
  risk: 'conservative',
};

export type CalculatorResult = {
  effectiveApy: number;
  periodsPerYear: number;
  finalValue: number;
  grossProfit: number;
  taxPaid: number;
  netProfit: number;
  realValue: number;
  realReturn: number;
  /** Net profit as a percent of the amount. */
  netReturnPct: number;
  /** Real return as a percent of the amount. */
  realReturnPct: number;
  breakEvenMonths: number;
};

/** Numeric inputs: empty or unparseable is 0 (spec §5). */
export function numberInput(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (value === null || value === undefined || value.trim() === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

export function calculateYield(i: CalculatorInputs): CalculatorResult {
  const periodsPerYear = COMPOUNDING_PERIODS[i.compounding];
  const effectiveApy = i.apy * RISK_MULTIPLIERS[i.risk];
  const years = i.months / 12;
  const finalValue = i.amount * (1 + effectiveApy / 100 / periodsPerYear) ** (periodsPerYear * years);
  const grossProfit = finalValue - i.amount;
  const taxPaid = Math.max(grossProfit, 0) * (i.taxRate / 100);
  const netProfit = grossProfit - taxPaid;
  const realValue = (i.amount + netProfit) / (1 + i.inflation / 100) ** years;
  const realReturn = realValue - i.amount;
  return {
    effectiveApy,
    periodsPerYear,
    finalValue,
    grossProfit,
    taxPaid,
    netProfit,
    realValue,
    realReturn,
    netReturnPct: i.amount > 0 ? (netProfit / i.amount) * 100 : 0,
    realReturnPct: i.amount > 0 ? (realReturn / i.amount) * 100 : 0,
    breakEvenMonths: i.months * BREAK_EVEN_SHARE,
  };
}

/** Estimated returns of an amount at an APY: daily = amount × apy/100/365, monthly = 30 days. */
export function estimatedReturns(amount: number, apy: number): { daily: number; monthly: number } {
  const daily = (amount * apy) / 100 / 365;
  return { daily, monthly: daily * 30 };
}

// ---- strategies (§9 allocation splits and top-3 rules) ----

export type AllocationBucket = 'stablecoin' | 'lending' | 'liquidity' | 'farming';
export const ALLOCATION_SPLITS: Record<RiskProfile, Record<AllocationBucket, number>> = {
  conservative: { stablecoin: 60, lending: 30, liquidity: 10, farming: 0 },
  moderate: { stablecoin: 40, lending: 25, liquidity: 25, farming: 10 },
  aggressive: { stablecoin: 20, lending: 20, liquidity: 35, farming: 25 },
};
export const ALLOWED_RISKS: Record<RiskProfile, readonly YieldRisk[]> = {
  conservative: ['low'],
  moderate: ['low', 'medium'],
  aggressive: ['low', 'medium', 'high'],
};

type Rankable = Pick<YieldOpportunity, 'id' | 'apy' | 'risk'>;

/** Recommendations: the top 3 by APY among the risks the profile allows (ties: by id). */
export function topThree<T extends Rankable>(opps: readonly T[], profile: RiskProfile): T[] {
  const allowed = ALLOWED_RISKS[profile];
  return opps
    .filter((o) => allowed.includes(o.risk))
    .slice()
    .sort((a, b) => b.apy - a.apy || a.id.localeCompare(b.id))
    .slice(0, 3);
}

/** Which allocation bucket an opportunity fills: stablecoin-tagged first, then by type. */
export function bucketOf(o: Pick<YieldOpportunity, 'type' | 'tags'>): AllocationBucket {
  if (o.tags.includes('stablecoin')) return 'stablecoin';
  if (o.type === 'lending') return 'lending';
  if (o.type === 'liquidity') return 'liquidity';
  return 'farming'; // staking and farming
}

/**
 * A strategy's APY: its picks share the capital by the split weight of their bucket (a bucket's
 * weight divided equally among its picks), re-normalised over the buckets present. When every pick
 * falls in a 0% bucket, the picks share equally. Returns the weights (percent) and the blended APY.
 */
export function strategyWeights(
  picks: readonly Pick<YieldOpportunity, 'type' | 'tags' | 'apy'>[],
  profile: RiskProfile,
): { weights: number[]; apy: number } {
  if (picks.length === 0) return { weights: [], apy: 0 };
  const split = ALLOCATION_SPLITS[profile];
  const buckets = picks.map(bucketOf);
  const count = new Map<AllocationBucket, number>();
  for (const b of buckets) count.set(b, (count.get(b) ?? 0) + 1);
  let raw = buckets.map((b) => split[b] / (count.get(b) ?? 1));
  const sum = raw.reduce((a, b) => a + b, 0);
  raw = sum > 0 ? raw.map((w) => (w / sum) * 100) : raw.map(() => 100 / picks.length);
  const apy = picks.reduce((acc, p, i) => acc + (p.apy * (raw[i] ?? 0)) / 100, 0);
  return { weights: raw, apy };
}
