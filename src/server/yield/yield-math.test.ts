/** Pins every §9 yield formula and the opportunity APR formulas with hand-computed numbers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAmountInput, type EntryCosts, type YieldOpportunity } from '../../shared/yield';
import {
  ALLOCATION_SPLITS,
  allocateStrategy,
  ammFeeApr,
  analyseYieldRisk,
  breakEvenMonths,
  bucketsOf,
  buildStrategies,
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
  impermanentLoss,
  lendingSupplyApy,
  numberInput,
  projectedApy,
  RISK_MULTIPLIERS,
  riskFromScore,
  stakingApr,
  topThree,
} from './yield-math';

describe('§9 constants', () => {
  it('defaults, preset and reset', () => {
    expect(CALCULATOR_DEFAULTS).toEqual({
      amount: 5000,
      apy: 18,
      months: 12,
      taxRate: 25,
      inflation: 3.5,
      risk: 'moderate',
      compounding: 'daily',
    });
    expect(CALCULATOR_PRESET).toEqual({ amount: 10000, apy: 20, months: 24, risk: 'moderate' });
    expect(CALCULATOR_RESET).toEqual({ amount: 1000, apy: 15, months: 12, risk: 'conservative' });
  });
  it('compounding frequencies, risk multipliers', () => {
    expect(COMPOUNDING_PERIODS).toEqual({ daily: 365, weekly: 52, monthly: 12 });
    expect(RISK_MULTIPLIERS).toEqual({ conservative: 0.85, moderate: 1, aggressive: 1.15 });
  });
  it('allocation splits', () => {
    expect(ALLOCATION_SPLITS).toEqual({
      conservative: { stablecoin: 60, lending: 30, liquidity: 10, farming: 0 },
      moderate: { stablecoin: 40, lending: 25, liquidity: 25, farming: 10 },
      aggressive: { stablecoin: 20, lending: 20, liquidity: 35, farming: 25 },
    });
    for (const s of Object.values(ALLOCATION_SPLITS))
      expect(s.stablecoin + s.lending + s.liquidity + s.farming).toBe(100);
  });
});

describe('calculateYield', () => {
  it('defaults: 5000 at 18% daily for 12 months, 25% tax, 3.5% inflation', () => {
    const r = calculateYield(CALCULATOR_DEFAULTS);
    expect(r.periodsPerYear).toBe(365);
    expect(r.nominalApy).toBe(18);
    // (1 + 0.18/365)^365 − 1 = 19.7164…%: the rate the final value implies over a year.
    expect(r.effectiveApy).toBeCloseTo(19.71642499, 6);
    expect(r.finalValue).toBeCloseTo(5000 * (1 + r.effectiveApy / 100), 6);
    // 5000 × (1 + 0.18/365)^365
    expect(r.finalValue).toBeCloseTo(5985.8212249637, 6);
    expect(r.grossProfit).toBeCloseTo(985.8212249637, 6);
    expect(r.taxPaid).toBeCloseTo(246.4553062409, 6);
    expect(r.netProfit).toBeCloseTo(739.3659187228, 6);
    // (5000 + 739.37) / 1.035 − 5000
    expect(r.realReturn).toBeCloseTo(545.2810808916, 6);
    expect(r.realValue).toBeCloseTo(5545.2810808916, 6);
    expect(r.netReturnPct).toBeCloseTo((739.3659187228 / 5000) * 100, 6);
    expect(r.realReturnPct).toBeCloseTo((545.2810808916 / 5000) * 100, 6);
    // No costs entered: nothing to earn back.
    expect(r.breakEvenMonths).toBe(0);
  });
  it('aggressive weekly: 10000 at 20% × 1.15 for 24 months', () => {
    const r = calculateYield({
      ...CALCULATOR_DEFAULTS,
      ...CALCULATOR_PRESET,
      risk: 'aggressive',
      compounding: 'weekly',
    });
    expect(r.nominalApy).toBeCloseTo(23, 10);
    expect(r.effectiveApy).toBeCloseTo(((1 + 0.23 / 52) ** 52 - 1) * 100, 8);
    expect(r.finalValue).toBeCloseTo(15824.680450725, 5);
    expect(r.finalValue).toBeCloseTo(10_000 * (1 + r.effectiveApy / 100) ** 2, 5);
  });
  it('conservative monthly: 1000 at 15% × 0.85 for 12 months', () => {
    const r = calculateYield({ ...CALCULATOR_DEFAULTS, ...CALCULATOR_RESET, compounding: 'monthly' });
    expect(r.nominalApy).toBeCloseTo(12.75, 10);
    expect(r.effectiveApy).toBeCloseTo(13.5221080096, 6);
    expect(r.finalValue).toBeCloseTo(1135.2210800959, 6);
  });
  it('no tax on a loss; zero amount gives zero percentages', () => {
    const r = calculateYield({ ...CALCULATOR_DEFAULTS, apy: -10 });
    expect(r.grossProfit).toBeLessThan(0);
    expect(r.taxPaid).toBe(0);
    expect(r.netProfit).toBe(r.grossProfit);
    const z = calculateYield({ ...CALCULATOR_DEFAULTS, amount: 0 });
    expect(z.finalValue).toBe(0);
    expect(z.netReturnPct).toBe(0);
  });
  it('empty numeric inputs count as 0', () => {
    expect(numberInput('')).toBe(0);
    expect(numberInput('  ')).toBe(0);
    expect(numberInput('abc')).toBe(0);
    expect(numberInput('12.5')).toBe(12.5);
    expect(numberInput(undefined)).toBe(0);
    expect(numberInput(Number.NaN)).toBe(0);
  });
});

describe('effective APY', () => {
  it('is the compounding formula, and final value over any horizon follows from it', () => {
    expect(effectiveAnnualApy(12, 12)).toBeCloseTo(12.682503013, 8);
    expect(effectiveAnnualApy(0, 365)).toBe(0);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.constantFrom('daily', 'weekly', 'monthly' as const),
        fc.integer({ min: 1, max: 60 }),
        (apy, compounding, months) => {
          const r = calculateYield({ ...CALCULATOR_DEFAULTS, apy, compounding, months, amount: 1000 });
          expect(r.effectiveApy).toBeGreaterThanOrEqual(r.nominalApy - 1e-9);
          const implied = 1000 * (1 + r.effectiveApy / 100) ** (months / 12);
          expect(Math.abs(r.finalValue / implied - 1)).toBeLessThan(1e-9);
        },
      ),
    );
  });
});

describe('break-even from real costs', () => {
  const costs: EntryCosts = {
    gasEnter: 250_000,
    gasExit: 200_000,
    gasPriceGwei: 2,
    ethUsd: 3000,
    swapShare: 0.5,
    swapFeePct: 0.3,
    swapReserveUsd: 50_000,
    impermanentLoss: true,
    basis: 'test',
  };
  it('adds gas, swap fee, price impact and impermanent loss', () => {
    const c = entryCostUsd(costs, 10_000, 20);
    expect(c.gasUsd).toBeCloseTo(450_000 * 2e-9 * 3000, 10); // $2.70
    expect(c.swapFeeUsd).toBeCloseTo(15, 10); // 0.3% of the $5,000 swapped
    expect(c.priceImpactUsd).toBeCloseTo((5000 * 5000) / 55_000, 8); // x²/(R+x)
    // ±20%: the worse of k = 1.2 and k = 0.8 → k = 0.8: 1 − 2√0.8/1.8
    expect(impermanentLoss(20)).toBeCloseTo(1 - (2 * Math.sqrt(0.8)) / 1.8, 12);
    expect(c.impermanentLossUsd).toBeCloseTo(10_000 * impermanentLoss(20), 8);
    expect(c.totalUsd).toBeCloseTo(c.gasUsd! + 15 + c.priceImpactUsd + c.impermanentLossUsd, 8);
    expect(entryCostUsd({ ...costs, gasExit: null }, 1000).totalUsd).toBeNull();
  });
  it('months until the compounded yield pays the costs; never at APY ≤ 0', () => {
    // $100 of costs on $1,000 at 10% effective: ln(1.1)/ln(1.1) years = 12 months.
    expect(breakEvenMonths(1000, 10, 100)).toBeCloseTo(12, 10);
    expect(breakEvenMonths(1000, 21, 100)).toBeCloseTo((12 * Math.log(1.1)) / Math.log(1.21), 10);
    expect(breakEvenMonths(1000, 10, 0)).toBe(0);
    expect(breakEvenMonths(1000, 0, 10)).toBeNull();
    expect(breakEvenMonths(0, 10, 10)).toBeNull();
    expect(breakEvenMonths(1000, 10, null)).toBeNull();
  });
  it('depends on APY and amount (the old rule was 30% of the horizon for everything)', () => {
    const at = (apy: number, amount: number) => {
      const c = entryCostUsd(costs, amount, 10).totalUsd;
      return calculateYield({ ...CALCULATOR_DEFAULTS, apy, amount, costsUsd: c }).breakEvenMonths;
    };
    expect(at(5, 5000)).toBeGreaterThan(at(18, 5000) as number);
    expect(at(18, 5000)).toBeGreaterThan(at(500, 5000) as number);
    expect(at(18, 0)).toBeNull();
  });
});

describe('input checks', () => {
  it('refuses negative and non-numeric amounts with a message naming the field', () => {
    expect(checkAmountInput('amount', '-5')).toEqual({ ok: false, message: 'amount cannot be negative.' });
    expect(checkAmountInput('amount', 'abc')).toEqual({ ok: false, message: 'amount must be a number.' });
    expect(checkAmountInput('amount', '1e99')).toMatchObject({ ok: false });
    expect(checkAmountInput('amount', '')).toEqual({ ok: true, value: 0 });
    expect(checkAmountInput('amount', ' 12.5 ')).toEqual({ ok: true, value: 12.5 });
  });
});

describe('estimatedReturns', () => {
  it('daily = amount × apy/100/365, monthly = 30 days', () => {
    const r = estimatedReturns(10_000, 36.5);
    expect(r.daily).toBeCloseTo(10, 10);
    expect(r.monthly).toBeCloseTo(300, 10);
  });
});

describe('opportunity APRs', () => {
  it('AMM fee APR = 24h volume × 0.3% × 365 ÷ TVL', () => {
    expect(ammFeeApr(100_000, 1_000_000)).toBeCloseTo(10.95, 10);
    expect(ammFeeApr(5, 0)).toBe(0);
  });
  it('staking APR = rewardRate × price × seconds/year ÷ staked value; 0 after the period', () => {
    const x = {
      rewardRatePerSecond: 0.5,
      rewardPriceUsd: 2,
      stakedValueUsd: 1_000_000,
      periodFinish: 200,
      now: 100,
    };
    expect(stakingApr(x)).toBeCloseTo(((0.5 * 2 * 31_536_000) / 1_000_000) * 100, 8);
    expect(stakingApr({ ...x, now: 200 })).toBe(0);
    expect(stakingApr({ ...x, stakedValueUsd: 0 })).toBe(0);
  });
  it('lending APY from supplyRatePerYear (1e18 = 100%)', () => {
    expect(lendingSupplyApy(45_000_000_000_000_000n)).toBeCloseTo(4.5, 10);
  });
  it('risk from the lowest score; impermanent loss lifts low to medium', () => {
    expect(riskFromScore(80)).toBe('low');
    expect(riskFromScore(70)).toBe('low');
    expect(riskFromScore(69)).toBe('medium');
    expect(riskFromScore(50)).toBe('medium');
    expect(riskFromScore(49)).toBe('high');
    expect(riskFromScore(null)).toBe('high');
    expect(riskFromScore(90, { impermanentLoss: true })).toBe('medium');
    expect(riskFromScore(40, { impermanentLoss: true })).toBe('high');
  });
});

const opp = (
  id: string,
  apy: number,
  risk: YieldOpportunity['risk'],
  type: YieldOpportunity['type'],
  tags: string[] = [],
) =>
  ({
    id,
    protocol: `P-${id}`,
    name: `N-${id}`,
    type,
    risk,
    apy,
    tvl: 1,
    minDeposit: apy,
    lockPeriod: 0,
    flabScore: 70,
    tags,
    description: '',
    verified: true,
    tokenPair: 'X',
    url: `/x/${id}`,
    address: null,
    apySource: '',
    riskReasons: [],
    entryCosts: null,
    breakEven: null,
  }) satisfies YieldOpportunity;

describe('strategies', () => {
  const opps = [
    opp('a', 5, 'low', 'lending', ['stablecoin']),
    opp('b', 8, 'low', 'lending'),
    opp('c', 12, 'medium', 'liquidity'),
    opp('d', 40, 'high', 'farming'),
    opp('e', 20, 'medium', 'staking'),
    opp('f', 3, 'low', 'liquidity'),
  ];
  it('top 3 by APY: conservative low only, moderate low/medium, aggressive all', () => {
    expect(topThree(opps, 'conservative').map((o) => o.id)).toEqual(['b', 'a', 'f']);
    expect(topThree(opps, 'moderate').map((o) => o.id)).toEqual(['e', 'c', 'b']);
    expect(topThree(opps, 'aggressive').map((o) => o.id)).toEqual(['d', 'e', 'c']);
  });
  it('buildStrategies: each bucket of the label gets its best allowed pick at the full share', () => {
    const s = buildStrategies(opps);
    expect(s.map((x) => x.riskLevel)).toEqual(['conservative', 'moderate', 'aggressive']);
    const cons = s[0];
    // conservative 60/30/10/0: stablecoin a, lending b, liquidity f; nothing in farming.
    expect(cons?.opportunities.map((o) => [o.id, o.weight])).toEqual([
      ['a', 60],
      ['b', 30],
      ['f', 10],
    ]);
    expect(cons?.totalApy).toBeCloseTo((60 * 5 + 30 * 8 + 10 * 3) / 100, 10);
    // moderate 40/25/25/10: a, b, c (medium liquidity), e (staking → farming)
    expect(s[1]?.opportunities.map((o) => o.id)).toEqual(['a', 'b', 'c', 'e']);
    expect(s[1]?.requiredCapital).toBe(20);
    // a lone high-risk farm: only the aggressive profile, its other buckets unallocated
    const lone = buildStrategies([opp('z', 9, 'high', 'farming')]);
    expect(lone.map((x) => x.riskLevel)).toEqual(['aggressive']);
    expect(lone[0]?.unallocated.map((u) => [u.bucket, u.weight])).toEqual([
      ['stablecoin', 20],
      ['lending', 20],
      ['liquidity', 35],
    ]);
    expect(lone[0]?.totalApy).toBeCloseTo(9 * 0.25, 10);
  });
  it('a conservative strategy never puts its money in a staking pool, whatever its APY', () => {
    const s = buildStrategies([
      opp('stake', 610, 'low', 'staking'),
      opp('usd', 4, 'low', 'lending', ['stablecoin']),
    ]);
    const cons = s.find((x) => x.riskLevel === 'conservative');
    // Supplying a stablecoin to a lending pool fills the stablecoin share and the lending share.
    expect(cons?.opportunities.map((o) => [o.id, o.bucket, o.weight])).toEqual([
      ['usd', 'stablecoin', 60],
      ['usd', 'lending', 30],
    ]);
    expect(cons?.unallocated.map((u) => [u.bucket, u.weight])).toEqual([['liquidity', 10]]);
    // …and what is not invested says so, with the reason, in words.
    expect(cons?.unallocated[0]?.reason).toMatch(/10% of the amount is not invested/);
  });
});

const arbOpp = fc
  .record({
    id: fc.string({ minLength: 1, maxLength: 6 }),
    apy: fc.double({ min: -5, max: 1000, noNaN: true }),
    risk: fc.constantFrom('low', 'medium', 'high' as const),
    type: fc.constantFrom('liquidity', 'staking', 'lending', 'farming' as const),
    stable: fc.boolean(),
  })
  .map((r) => opp(r.id, r.apy, r.risk, r.type, r.stable ? ['stablecoin'] : []));

describe('strategy properties', () => {
  it("every strategy's allocation sums to 100% and matches its label's split, bucket by bucket", () => {
    fc.assert(
      // Opportunity ids are unique (one per pool or programme); the check below finds a pick by id.
      fc.property(fc.uniqueArray(arbOpp, { maxLength: 12, selector: (o) => o.id }), (opps) => {
        for (const s of buildStrategies(opps)) {
          const split = ALLOCATION_SPLITS[s.riskLevel];
          expect(s.allocation).toEqual(split);
          const total =
            s.opportunities.reduce((a, o) => a + o.weight, 0) +
            s.unallocated.reduce((a, u) => a + u.weight, 0);
          expect(total).toBeCloseTo(100, 9);
          for (const bucket of ['stablecoin', 'lending', 'liquidity', 'farming'] as const) {
            const inBucket =
              s.opportunities.filter((o) => o.bucket === bucket).reduce((a, o) => a + o.weight, 0) +
              s.unallocated.filter((u) => u.bucket === bucket).reduce((a, u) => a + u.weight, 0);
            expect(inBucket).toBeCloseTo(split[bucket], 9);
          }
          for (const o of s.opportunities) {
            const src = opps.find((x) => x.id === o.id);
            expect(src && bucketsOf(src)).toContain(o.bucket);
          }
          expect(s.totalApy).toBeCloseTo(
            s.opportunities.reduce((a, o) => a + (o.apy * o.weight) / 100, 0),
            9,
          );
        }
      }),
    );
  });
  it('allocateStrategy only picks risks the profile allows', () => {
    fc.assert(
      fc.property(fc.array(arbOpp, { maxLength: 12 }), (opps) => {
        expect(allocateStrategy(opps, 'conservative').picks.every((p) => p.opportunity.risk === 'low')).toBe(
          true,
        );
        expect(allocateStrategy(opps, 'moderate').picks.every((p) => p.opportunity.risk !== 'high')).toBe(
          true,
        );
      }),
    );
  });
});

describe('a deposit dilutes what it joins (issue 24)', () => {
  it('projectedApy = apy × tvl ÷ (tvl + deposit)', () => {
    expect(projectedApy(166, 8_900, 0)).toBe(166);
    // $12,500 (25% of $50K) into an $8.9K pool paying 166%: about 69%, not 166%.
    expect(projectedApy(166, 8_900, 12_500)).toBeCloseTo((166 * 8_900) / 21_400, 10);
    expect(projectedApy(166, 8_900, 12_500)).toBeLessThan(70);
    // A position with nothing in it pays nothing to share.
    expect(projectedApy(50, 0, 1_000)).toBe(0);
  });
  it('a $50K strategy never shows the thin pool’s pre-deposit APY; its share spreads over the bucket', () => {
    const thin = { ...opp('thin', 166, 'medium', 'liquidity'), tvl: 8_900 };
    const deep = { ...opp('deep', 40, 'medium', 'liquidity'), tvl: 2_000_000 };
    const before = buildStrategies([thin, deep]).find((x) => x.riskLevel === 'moderate');
    // Without an amount: the best pool takes the bucket at its current APY.
    expect(before?.opportunities.map((o) => [o.id, o.weight, o.apyAtDeposit])).toEqual([['thin', 25, 166]]);
    const at = buildStrategies([thin, deep], 50_000).find((x) => x.riskLevel === 'moderate');
    const picks = at?.opportunities ?? [];
    // The 25% ($12,500) is split: the thin pool takes only what still earns more than the deep one.
    expect(picks.map((o) => o.id).sort()).toEqual(['deep', 'thin']);
    expect(picks.reduce((a, o) => a + o.weight, 0)).toBe(25);
    const t = picks.find((o) => o.id === 'thin');
    expect(t?.apyAtDeposit).toBeCloseTo(projectedApy(166, 8_900, t?.depositUsd ?? 0), 10);
    expect(t?.apyAtDeposit).toBeLessThan(166);
    expect(at?.totalApy).toBeLessThan(at?.apyBeforeDeposit ?? 0);
    expect(at?.totalApy).toBeCloseTo(
      picks.reduce((a, o) => a + (o.apyAtDeposit * o.weight) / 100, 0),
      10,
    );
    // Allocating the bucket this way earns more than putting it all in the thin pool.
    const allThin = (projectedApy(166, 8_900, 12_500) * 25) / 100;
    expect(picks.reduce((a, o) => a + (o.apyAtDeposit * o.weight) / 100, 0)).toBeGreaterThan(allThin);
  });
  it('one opportunity filling two buckets is diluted by both deposits', () => {
    const usd = { ...opp('usd', 10, 'low', 'lending', ['stablecoin']), tvl: 90_000 };
    const cons = buildStrategies([usd], 100_000).find((x) => x.riskLevel === 'conservative');
    // 60% + 30% = $90,000 joins $90,000: the APY halves, for both picks.
    expect(cons?.opportunities.map((o) => [o.bucket, o.depositUsd, o.apyAtDeposit])).toEqual([
      ['stablecoin', 60_000, 5],
      ['lending', 30_000, 5],
    ]);
    expect(cons?.totalApy).toBeCloseTo(4.5, 10);
    expect(cons?.apyBeforeDeposit).toBeCloseTo(9, 10);
  });
  it('at any amount every bucket with an allowed opportunity is fully invested', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbOpp, { maxLength: 8, selector: (o) => o.id }),
        fc.double({ min: 1, max: 1e7, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 8, maxLength: 8 }),
        (raw, amount, tvls) => {
          const opps = raw.map((o, i) => ({ ...o, tvl: tvls[i] ?? 0 }));
          for (const s of buildStrategies(opps, amount)) {
            const invested = s.opportunities.reduce((a, o) => a + o.weight, 0);
            const idle = s.unallocated.reduce((a, u) => a + u.weight, 0);
            expect(invested + idle).toBe(100);
            for (const u of s.unallocated) expect(u.reason).toMatch(/not invested/);
            expect(s.totalApy).toBeLessThanOrEqual(s.apyBeforeDeposit + 1e-9);
            const deposited = s.opportunities.reduce((a, o) => a + o.depositUsd, 0);
            expect(deposited).toBeCloseTo((amount * invested) / 100, 3);
          }
        },
      ),
    );
  });
});

describe('yield risk analysis', () => {
  const solid = { minScore: 85, tvlUsd: 2_000_000, ageDays: 200, apy: 8 };
  it('low only when score, depth, age and APY are all sound', () => {
    expect(analyseYieldRisk(solid).risk).toBe('low');
    expect(analyseYieldRisk({ ...solid, impermanentLoss: true }).risk).toBe('medium');
  });
  it('a 600% APY on a thin pool is never low risk, whatever the token score', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.double({ min: 0, max: 99_999, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (score, tvl, age) => {
          const r = analyseYieldRisk({ minScore: score, tvlUsd: tvl, ageDays: age, apy: 600 });
          expect(r.risk).toBe('high');
          expect(r.reasons.length).toBeGreaterThan(0);
        },
      ),
    );
    expect(analyseYieldRisk({ ...solid, apy: 649 }).risk).toBe('high');
    expect(analyseYieldRisk({ ...solid, tvlUsd: 5_000 }).risk).toBe('high');
    expect(analyseYieldRisk({ ...solid, ageDays: 3 }).risk).toBe('high');
    expect(analyseYieldRisk({ ...solid, minScore: null }).risk).toBe('high');
    expect(analyseYieldRisk({ ...solid, apy: 150 }).risk).toBe('medium');
  });
});

describe("an unpriced pool's APY is unknown (issue 21)", () => {
  const unknown = (
    id: string,
    risk: YieldOpportunity['risk'],
    type: YieldOpportunity['type'],
    tags: string[] = [],
  ) => ({
    ...opp(id, 0, risk, type, tags),
    apy: null,
    apySource: "APY unknown: the pool's 24 h volume could not be priced in USD.",
  });
  const opps: YieldOpportunity[] = [
    unknown('u1', 'low', 'lending', ['stablecoin']),
    opp('a', 5, 'low', 'lending', ['stablecoin']),
    unknown('u2', 'medium', 'liquidity'),
    opp('c', 12, 'medium', 'liquidity'),
  ];

  it('strategies skip unknown-APY pools (never as 0%) and the count says how many', () => {
    const s = buildStrategies(opps);
    for (const x of s) for (const o of x.opportunities) expect(o.id).not.toMatch(/^u/);
    expect(s[0]?.opportunities.map((o) => [o.id, o.weight])).toEqual([
      ['a', 60],
      ['a', 30],
    ]);
    expect(countUnknownApy(opps)).toBe(2);
    // The same strategies as without the unknown pools: skipping is not counting them as 0%.
    expect(s).toEqual(buildStrategies(opps.filter((o) => o.apy !== null)));
  });

  it('a bucket whose only option has an unknown APY stays unallocated, with the reason', () => {
    const s = allocateStrategy([unknown('u', 'low', 'lending', ['stablecoin'])], 'conservative', 1000);
    expect(s.picks).toEqual([]);
    expect(s.unallocated.map((u) => u.bucket)).toEqual(['stablecoin', 'lending', 'liquidity']);
    expect(s.unallocated[0]?.reason).toMatch(/1 with an unknown APY skipped/);
  });

  it('top three and the API order rank known APYs only; unknown ones go last', () => {
    expect(topThree(opps, 'moderate').map((o) => o.id)).toEqual(['c', 'a']);
    expect([...opps].sort(byApy).map((o) => o.id)).toEqual(['c', 'a', 'u1', 'u2']);
  });

  it('the risk analysis does not judge an unknown APY, and says it is unknown', () => {
    const r = analyseYieldRisk({ minScore: 85, tvlUsd: 2_000_000, ageDays: 200, apy: null });
    expect(r.risk).toBe('low');
    expect(r.reasons.join(' ')).toMatch(/APY unknown/);
  });
});
