/**
 * DeFi Yield Optimizer: shared types and the pure §9 formulas, used by the server (strategies) and
 * by the browser (the Calculator tab), so both compute the same numbers.
 *
 * Calculator (spec §9, with issue 11's corrections):
 *   nominalApy     = apy × riskMultiplier            (conservative 0.85, moderate 1, aggressive 1.15)
 *   periods        = compounding periods per year    (daily 365, weekly 52, monthly 12)
 *   effectiveApy   = (1 + nominalApy/100/periods)^periods − 1   (what a year of compounding yields)
 *   finalValue     = amount × (1 + nominalApy/100/periods)^(periods × months/12)
 *                  = amount × (1 + effectiveApy/100)^(months/12)
 *   grossProfit    = finalValue − amount
 *   taxPaid        = max(grossProfit, 0) × taxRate/100
 *   netProfit      = grossProfit − taxPaid
 *   realValue      = (amount + netProfit) / (1 + inflation/100)^(months/12)
 *   realReturn     = realValue − amount               (net profit discounted by inflation)
 *   breakEvenMonths= the time the compounded yield takes to pay the costs of entering and leaving:
 *                    12 × ln(1 + costs/amount) ÷ ln(1 + effectiveApy/100); null when it never does
 *                    (APY ≤ 0). Costs (entryCostUsd): gas to enter and leave at the current gas
 *                    price, swap fee and price impact to build an LP position, and impermanent loss
 *                    for the price move the user picks. The spec's "30% of the horizon" is gone: it
 *                    was the same for every APY and amount.
 * Estimated returns: daily = amount × apy/100/365, monthly = daily × 30.
 *
 * A deposit dilutes what it joins (projectedApy): swap fees, a reward rate and borrowers' interest
 * are a pot shared pro rata with the liquidity already there, so a deposit of d into a position of
 * value T earns apy × T ÷ (T + d). Every figure at an amount uses the projected APY, never the
 * pre-deposit one: $50K put into an $8.9K pool does not earn that pool's 166%.
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
  /**
   * Percent a year; null when it cannot be measured (an unpriced pool: its 24 h volume or its reward
   * token has no USD price). Unknown is never 0%: `apySource` then says why, and strategies skip it.
   */
  apy: z.number().nullable(),
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
  /** How apy was computed, in words with the inputs; when apy is null, why it is unknown. */
  apySource: z.string(),
  /** Why `risk` is what it is: the analysis of what the position holds (score, depth, age, APY). */
  riskReasons: z.array(z.string()),
  /** What entering and leaving costs, measured on chain; null when we could not measure it. */
  entryCosts: z.lazy(() => entryCostsSchema).nullable(),
  /** Costs and break-even at the requested amount (query `amount`), for this APY. */
  breakEven: z
    .object({ amountUsd: z.number(), costsUsd: z.number().nullable(), months: z.number().nullable() })
    .nullable(),
});
export type YieldOpportunity = z.infer<typeof yieldOpportunitySchema>;

/**
 * A pool whose token fails the verdict (honeypot, rugged, dangerous…): never an opportunity, listed
 * under "Avoid" with the verdict's headline as the reason.
 */
export const avoidedYieldSchema = z.object({
  id: z.string(),
  protocol: z.string(),
  name: z.string(),
  tokenPair: z.string(),
  /** The pool or contract. */
  address: z.string().nullable(),
  /** The token whose verdict failed. */
  token: z.string(),
  /** The verdict's kind and label ("Honeypot — cannot be sold") and its one-line reason. */
  verdictKind: z.string(),
  verdictLabel: z.string(),
  reason: z.string(),
  /** The token's own analysis page. */
  url: z.string(),
});
export type AvoidedYield = z.infer<typeof avoidedYieldSchema>;

export const yieldOpportunitiesResponseSchema = z.object({
  source: z.enum(['chain', 'defillama']),
  generatedAt: z.number(),
  opportunities: z.array(yieldOpportunitySchema),
  /** Pools left out because a token in them fails the verdict, with the reason (empty: none). */
  avoid: z.array(avoidedYieldSchema),
});
export type YieldOpportunitiesResponse = z.infer<typeof yieldOpportunitiesResponseSchema>;

export const yieldStrategySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  totalApy: z.number(),
  riskLevel: z.enum(RISK_PROFILES),
  /** Σ weight × APY before the amount is deposited (totalApy is after it, at `amountUsd`). */
  apyBeforeDeposit: z.number(),
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
      /** The allocation bucket this pick fills. */
      bucket: z.enum(['stablecoin', 'lending', 'liquidity', 'farming']),
      risk: z.enum(YIELD_RISKS),
      /** Percent of the strategy's capital. */
      weight: z.number(),
      /** The position's value before the deposit (USD), which the deposit's share of the yield depends on. */
      tvl: z.number(),
      /** Dollars this pick receives at the strategy's amount (0 when no amount was given). */
      depositUsd: z.number(),
      /** The APY after that deposit joins the position (projectedApy); equals `apy` without an amount. */
      apyAtDeposit: z.number(),
    }),
  ),
  /** Shares of the split with no opportunity the profile allows: kept out of the market (0% APY). */
  unallocated: z.array(
    z.object({
      bucket: z.enum(['stablecoin', 'lending', 'liquidity', 'farming']),
      weight: z.number(),
      reason: z.string(),
    }),
  ),
});
export type YieldStrategy = z.infer<typeof yieldStrategySchema>;

export const yieldStrategiesResponseSchema = z.object({
  source: z.enum(['chain', 'defillama']),
  generatedAt: z.number(),
  /** The amount (USD) the strategies were allocated and projected for; 0 = no amount given. */
  amountUsd: z.number(),
  strategies: z.array(yieldStrategySchema),
  /** Opportunities left out of every strategy because their APY is unknown (apy null). */
  skippedUnknown: z.number(),
});
export type YieldStrategiesResponse = z.infer<typeof yieldStrategiesResponseSchema>;

// ---- §9 constants ----

export const COMPOUNDING_PERIODS: Record<Compounding, number> = { daily: 365, weekly: 52, monthly: 12 };
export const RISK_MULTIPLIERS: Record<RiskProfile, number> = {
  conservative: 0.85,
  moderate: 1,
  aggressive: 1.15,
};

/**
 * What entering and leaving a position costs, as measured on chain (server) — the browser turns it
 * into dollars for the user's amount with entryCostUsd, the same code the server uses.
 */
export const entryCostsSchema = z.object({
  /** Gas units to enter and to leave (median of recent such transactions, plus the swap); null: unseen. */
  gasEnter: z.number().nullable(),
  gasExit: z.number().nullable(),
  /** The chain's current gas price. */
  gasPriceGwei: z.number(),
  ethUsd: z.number().nullable(),
  /** Share of the amount swapped to build the position (½ for a two-sided pool, else 0). */
  swapShare: z.number(),
  /** Swap fee, percent of the swapped amount. */
  swapFeePct: z.number(),
  /** USD value of the pool side the swap buys from (price impact), null when nothing is swapped. */
  swapReserveUsd: z.number().nullable(),
  /** Two-sided pool: the position suffers impermanent loss when the price moves. */
  impermanentLoss: z.boolean(),
  /** Where the figures come from, in words. */
  basis: z.string(),
});
export type EntryCosts = z.infer<typeof entryCostsSchema>;

export type EntryCostBreakdown = {
  gasUsd: number | null;
  swapFeeUsd: number;
  priceImpactUsd: number;
  impermanentLossUsd: number;
  /** Sum of the known parts; null when gas is unknown (nothing is guessed). */
  totalUsd: number | null;
};

/**
 * Impermanent loss of a constant-product (full-range) position when the price ratio changes by k:
 * 1 − 2√k/(1+k). For a ±m% move we take the worse of k = 1+m and k = 1−m.
 */
export function impermanentLoss(priceMovePct: number): number {
  const m = Math.min(Math.abs(priceMovePct), 99.99) / 100;
  const il = (k: number) => 1 - (2 * Math.sqrt(k)) / (1 + k);
  return Math.max(il(1 + m), il(1 - m));
}

/** Dollars it costs to enter and leave `amount` USD of a position, for a ±priceMovePct% range. */
export function entryCostUsd(c: EntryCosts, amountUsd: number, priceMovePct = 0): EntryCostBreakdown {
  const gasUsd =
    c.gasEnter === null || c.gasExit === null || c.ethUsd === null
      ? null
      : (c.gasEnter + c.gasExit) * c.gasPriceGwei * 1e-9 * c.ethUsd;
  const swapped = Math.max(0, amountUsd) * c.swapShare;
  const swapFeeUsd = (swapped * c.swapFeePct) / 100;
  // Constant product: swapping x into a side worth R returns x·R/(R+x) at the pool price, a shortfall
  // of x²/(R+x) (fee excluded; it is counted above).
  const priceImpactUsd =
    swapped > 0 && c.swapReserveUsd !== null && c.swapReserveUsd > 0
      ? (swapped * swapped) / (c.swapReserveUsd + swapped)
      : 0;
  const impermanentLossUsd = c.impermanentLoss ? Math.max(0, amountUsd) * impermanentLoss(priceMovePct) : 0;
  const known = swapFeeUsd + priceImpactUsd + impermanentLossUsd;
  return {
    gasUsd,
    swapFeeUsd,
    priceImpactUsd,
    impermanentLossUsd,
    totalUsd: gasUsd === null ? null : gasUsd + known,
  };
}

/** Effective annual yield (%) of a nominal APY compounded `periods` times a year. */
export function effectiveAnnualApy(nominalApy: number, periods: number): number {
  return ((1 + nominalApy / 100 / periods) ** periods - 1) * 100;
}

/**
 * Months until the compounded yield on `amount` pays `costsUsd`; 0 without costs; null when it
 * never does (no amount, APY ≤ 0) or the costs are unknown.
 */
export function breakEvenMonths(
  amount: number,
  effectiveApy: number,
  costsUsd: number | null,
): number | null {
  if (costsUsd === null || !Number.isFinite(costsUsd)) return null;
  if (costsUsd <= 0) return 0;
  if (!(amount > 0) || !(effectiveApy > 0)) return null;
  return (12 * Math.log(1 + costsUsd / amount)) / Math.log(1 + effectiveApy / 100);
}

export type CalculatorInputs = {
  amount: number;
  apy: number;
  months: number;
  taxRate: number;
  inflation: number;
  risk: RiskProfile;
  compounding: Compounding;
  /** Dollars to enter and leave (entryCostUsd); 0 when none, null when unknown. */
  costsUsd?: number | null;
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
  /** APY after the risk multiplier, before compounding. */
  nominalApy: number;
  /** What a year of compounding yields (consistent with finalValue). */
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
  /** null: the yield never pays the costs (APY ≤ 0), or the costs are unknown. */
  breakEvenMonths: number | null;
};

/** Numeric inputs: empty is 0 (spec §5); unparseable is 0 here — use checkAmountInput to refuse it. */
export function numberInput(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (value === null || value === undefined || value.trim() === '') return 0;
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/** Upper bound for money and percent inputs: keeps the formulas finite. */
export const MAX_CALCULATOR_INPUT = 1e12;

/**
 * One calculator or query input: empty is 0 (spec §5); not a number, below 0 or absurdly large is
 * refused with a message naming the field (server and browser share it).
 */
export function checkAmountInput(
  field: string,
  value: string | number | null | undefined,
  max = MAX_CALCULATOR_INPUT,
): { ok: true; value: number } | { ok: false; message: string } {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === ''))
    return { ok: true, value: 0 };
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(n)) return { ok: false, message: `${field} must be a number.` };
  if (n < 0) return { ok: false, message: `${field} cannot be negative.` };
  if (n > max) return { ok: false, message: `${field} must be at most ${max.toLocaleString('en-US')}.` };
  return { ok: true, value: n };
}

export function calculateYield(i: CalculatorInputs): CalculatorResult {
  const periodsPerYear = COMPOUNDING_PERIODS[i.compounding];
  const nominalApy = i.apy * RISK_MULTIPLIERS[i.risk];
  const effectiveApy = effectiveAnnualApy(nominalApy, periodsPerYear);
  const years = i.months / 12;
  const finalValue = i.amount * (1 + nominalApy / 100 / periodsPerYear) ** (periodsPerYear * years);
  const grossProfit = finalValue - i.amount;
  const taxPaid = Math.max(grossProfit, 0) * (i.taxRate / 100);
  const netProfit = grossProfit - taxPaid;
  const realValue = (i.amount + netProfit) / (1 + i.inflation / 100) ** years;
  const realReturn = realValue - i.amount;
  return {
    nominalApy,
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
    breakEvenMonths: breakEvenMonths(i.amount, effectiveApy, i.costsUsd === undefined ? 0 : i.costsUsd),
  };
}

/**
 * The APY `depositUsd` would earn once it joins a position worth `tvlUsd` that pays `apy` today: the
 * position's payout (fees, rewards, interest) is shared pro rata with the new money, so
 * apy × tvl ÷ (tvl + deposit). For a lending pool it is an upper bound: more supply also lowers
 * utilisation and with it the borrow rate. A position with no value pays nothing to share: 0.
 */
export function projectedApy(apy: number, tvlUsd: number, depositUsd: number): number {
  if (!(depositUsd > 0)) return apy;
  if (!(tvlUsd > 0)) return 0;
  return (apy * tvlUsd) / (tvlUsd + depositUsd);
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

/** An opportunity whose APY was measured (apy not null): the only ones that can be ranked. */
export function hasKnownApy<T extends { apy: number | null }>(o: T): o is T & { apy: number } {
  return o.apy !== null;
}

/** How many opportunities a ranking skipped because their APY is unknown. */
export function countUnknownApy(opps: readonly { apy: number | null }[]): number {
  return opps.filter((o) => o.apy === null).length;
}

/**
 * Opportunities by APY, best first (ties: by id); unknown APYs last, in id order (they cannot be
 * ranked, and are not 0%).
 */
export function byApy<T extends { id: string; apy: number | null }>(a: T, b: T): number {
  if (a.apy === null || b.apy === null)
    return (a.apy === null ? 1 : 0) - (b.apy === null ? 1 : 0) || a.id.localeCompare(b.id);
  return b.apy - a.apy || a.id.localeCompare(b.id);
}

/** The best opportunities by APY among the risks the profile allows (ties: by id); unknown APYs skipped. */
export function topThree<T extends Rankable>(
  opps: readonly T[],
  profile: RiskProfile,
): (T & { apy: number })[] {
  const allowed = ALLOWED_RISKS[profile];
  return opps
    .filter(hasKnownApy)
    .filter((o) => allowed.includes(o.risk))
    .slice()
    .sort(byApy)
    .slice(0, 3);
}

/** Which allocation bucket an opportunity fills first: stablecoin-tagged first, then by type. */
export function bucketOf(o: Pick<YieldOpportunity, 'type' | 'tags'>): AllocationBucket {
  if (o.tags.includes('stablecoin')) return 'stablecoin';
  return typeBucket(o);
}

function typeBucket(o: Pick<YieldOpportunity, 'type'>): AllocationBucket {
  if (o.type === 'lending') return 'lending';
  if (o.type === 'liquidity') return 'liquidity';
  return 'farming'; // staking and farming
}

/**
 * Every bucket an opportunity can fill: a stablecoin-only one fills the stablecoin bucket and also
 * the bucket of its type (supplying USDC to a lending pool is lending too), so a split's lending
 * share is not left idle because the only lending pool lends a stablecoin.
 */
export function bucketsOf(o: Pick<YieldOpportunity, 'type' | 'tags'>): AllocationBucket[] {
  const own = typeBucket(o);
  return o.tags.includes('stablecoin') ? ['stablecoin', own] : [own];
}

export const ALLOCATION_BUCKETS: readonly AllocationBucket[] = [
  'stablecoin',
  'lending',
  'liquidity',
  'farming',
];

type Allocatable = Pick<YieldOpportunity, 'id' | 'apy' | 'risk' | 'type' | 'tags' | 'tvl'>;

export type StrategyPick<T> = {
  opportunity: T;
  bucket: AllocationBucket;
  /** Percent of the amount (whole percents). */
  weight: number;
  depositUsd: number;
  /** The opportunity's APY once this deposit has joined it. */
  apyAtDeposit: number;
};

/** Dollars a year `deposit` earns in a position paying `apy` on `tvl` today (its share of the pot). */
const yearlyUsd = (o: Allocatable & { apy: number }, deposit: number) =>
  (projectedApy(o.apy, o.tvl, deposit) / 100) * deposit;

/**
 * A strategy follows its label's split exactly: each bucket's share goes to the opportunities of that
 * bucket the profile's risks allow. A bucket with nothing allowed stays unallocated (0% APY) rather
 * than being poured into another bucket — a "60% stablecoin" strategy never puts everything in a
 * staking pool — and the reason says so in words.
 *
 * Without an amount each bucket takes its best APY. With one, a deposit dilutes what it joins
 * (projectedApy), so the bucket's share is placed one percent of the amount at a time into whichever
 * allowed opportunity earns the most for that percent given what is already in it: a share larger
 * than a thin pool spreads over the next ones instead of drowning it. totalApy = Σ weight × APY after
 * the deposit; `apyBeforeDeposit` = the same with the opportunities' current APYs.
 */
export function allocateStrategy<T extends Allocatable>(
  opps: readonly T[],
  profile: RiskProfile,
  amountUsd = 0,
): {
  picks: StrategyPick<T & { apy: number }>[];
  unallocated: { bucket: AllocationBucket; weight: number; reason: string }[];
  apy: number;
  apyBeforeDeposit: number;
} {
  const split = ALLOCATION_SPLITS[profile];
  const allowed = ALLOWED_RISKS[profile];
  const amount = Number.isFinite(amountUsd) && amountUsd > 0 ? amountUsd : 0;
  const picks: StrategyPick<T & { apy: number }>[] = [];
  const unallocated: { bucket: AllocationBucket; weight: number; reason: string }[] = [];
  /** Dollars placed in each opportunity so far, across buckets. */
  const placedUsd = new Map<string, number>();
  for (const bucket of ALLOCATION_BUCKETS) {
    const weight = split[bucket];
    if (weight <= 0) continue;
    // An unknown APY is skipped (the caller counts them with countUnknownApy), never taken as 0%.
    const candidates = opps
      .filter(hasKnownApy)
      .filter((o) => bucketsOf(o).includes(bucket) && allowed.includes(o.risk) && o.apy > 0)
      .slice()
      .sort((a, b) => b.apy - a.apy || a.id.localeCompare(b.id));
    if (candidates.length === 0) {
      const unknown = opps.filter(
        (o) => o.apy === null && bucketsOf(o).includes(bucket) && allowed.includes(o.risk),
      ).length;
      unallocated.push({
        bucket,
        weight,
        reason:
          `No ${bucket} opportunity at ${allowed.join('/')} risk earns a measured yield right now` +
          (unknown > 0 ? ` (${unknown} with an unknown APY skipped)` : '') +
          `, so ${weight}% of the amount is not invested: it stays in your wallet and counts as 0% in the total APY.`,
      });
      continue;
    }
    if (amount === 0) {
      const best = candidates[0] as T & { apy: number };
      picks.push({ opportunity: best, bucket, weight, depositUsd: 0, apyAtDeposit: best.apy });
      continue;
    }
    // One percent of the amount at a time, each to the best marginal earner (ties: higher APY first),
    // counting what earlier buckets already put into the same opportunity.
    const step = amount / 100;
    const here = candidates.map(() => 0);
    for (let n = 0; n < weight; n++) {
      let best = 0;
      let bestGain = Number.NEGATIVE_INFINITY;
      candidates.forEach((o, i) => {
        const d = placedUsd.get(o.id) ?? 0;
        const gain = yearlyUsd(o, d + step) - yearlyUsd(o, d);
        if (gain > bestGain) {
          bestGain = gain;
          best = i;
        }
      });
      const o = candidates[best] as T & { apy: number };
      placedUsd.set(o.id, (placedUsd.get(o.id) ?? 0) + step);
      here[best] = (here[best] as number) + 1;
    }
    candidates.forEach((o, i) => {
      const w = here[i] as number;
      if (w > 0) picks.push({ opportunity: o, bucket, weight: w, depositUsd: w * step, apyAtDeposit: o.apy });
    });
  }
  // Each pick earns the APY of its opportunity after everything the strategy puts into it.
  for (const p of picks)
    p.apyAtDeposit = projectedApy(p.opportunity.apy, p.opportunity.tvl, placedUsd.get(p.opportunity.id) ?? 0);
  const apy = picks.reduce((acc, p) => acc + (p.apyAtDeposit * p.weight) / 100, 0);
  const apyBeforeDeposit = picks.reduce((acc, p) => acc + (p.opportunity.apy * p.weight) / 100, 0);
  return { picks, unallocated, apy, apyBeforeDeposit };
}
