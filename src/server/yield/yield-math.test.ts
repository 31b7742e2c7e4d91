/** Pins every §9 yield formula and the opportunity APR formulas with hand-computed numbers. */
import { describe, expect, it } from 'vitest';
import type { YieldOpportunity } from '../../shared/yield';
import {
  ALLOCATION_SPLITS,
  ammFeeApr,
  BREAK_EVEN_SHARE,
  buildStrategies,
  CALCULATOR_DEFAULTS,
  CALCULATOR_PRESET,
  CALCULATOR_RESET,
  COMPOUNDING_PERIODS,
  calculateYield,
  estimatedReturns,
  lendingSupplyApy,
  numberInput,
  RISK_MULTIPLIERS,
  riskFromScore,
  stakingApr,
  strategyWeights,
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
  it('compounding frequencies, risk multipliers, break-even share', () => {
    expect(COMPOUNDING_PERIODS).toEqual({ daily: 365, weekly: 52, monthly: 12 });
    expect(RISK_MULTIPLIERS).toEqual({ conservative: 0.85, moderate: 1, aggressive: 1.15 });
    expect(BREAK_EVEN_SHARE).toBe(0.3);
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
    expect(r.effectiveApy).toBe(18);
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
    expect(r.breakEvenMonths).toBeCloseTo(3.6, 10);
  });
  it('aggressive weekly: 10000 at 20% × 1.15 for 24 months', () => {
    const r = calculateYield({
      ...CALCULATOR_DEFAULTS,
      ...CALCULATOR_PRESET,
      risk: 'aggressive',
      compounding: 'weekly',
    });
    expect(r.effectiveApy).toBeCloseTo(23, 10);
    expect(r.finalValue).toBeCloseTo(15824.680450725, 5);
    expect(r.breakEvenMonths).toBeCloseTo(7.2, 10);
  });
  it('conservative monthly: 1000 at 15% × 0.85 for 12 months', () => {
    const r = calculateYield({ ...CALCULATOR_DEFAULTS, ...CALCULATOR_RESET, compounding: 'monthly' });
    expect(r.effectiveApy).toBeCloseTo(12.75, 10);
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
  it('strategy weights: bucket split shared among its picks, re-normalised; equal when all 0%', () => {
    const e = opps[4] as YieldOpportunity; // staking → farming bucket
    const c = opps[2] as YieldOpportunity; // liquidity
    const b = opps[1] as YieldOpportunity; // lending
    // moderate: farming 10, liquidity 25, lending 25 → 10/60, 25/60, 25/60
    const w = strategyWeights([e, c, b], 'moderate');
    expect(w.weights[0]).toBeCloseTo((10 / 60) * 100, 10);
    expect(w.weights[1]).toBeCloseTo((25 / 60) * 100, 10);
    expect(w.weights[2]).toBeCloseTo((25 / 60) * 100, 10);
    expect(w.apy).toBeCloseTo((10 * 20 + 25 * 12 + 25 * 8) / 60, 10);
    // two picks in one bucket split it: conservative lending 30 → 15 + 15, stablecoin 60; of 90
    const a = opps[0] as YieldOpportunity;
    const two = strategyWeights([b, a, opp('g', 4, 'low', 'lending')], 'conservative');
    expect(two.weights).toEqual([100 / 6, 200 / 3, 100 / 6].map((x) => expect.closeTo(x, 10)));
    expect(two.apy).toBeCloseTo((15 * 8 + 60 * 5 + 15 * 4) / 90, 10);
    // conservative gives farming 0%: a lone staking pick takes everything
    expect(strategyWeights([e], 'conservative')).toEqual({ weights: [100], apy: 20 });
    expect(strategyWeights([], 'moderate')).toEqual({ weights: [], apy: 0 });
  });
  it('buildStrategies: one per profile with picks, required capital = largest min deposit', () => {
    const s = buildStrategies(opps);
    expect(s.map((x) => x.riskLevel)).toEqual(['conservative', 'moderate', 'aggressive']);
    expect(s[1]?.opportunities.map((o) => o.id)).toEqual(['e', 'c', 'b']);
    expect(s[1]?.requiredCapital).toBe(20);
    expect(s[1]?.totalApy).toBeCloseTo((10 * 20 + 25 * 12 + 25 * 8) / 60, 10);
    expect(s[1]?.opportunities.reduce((x, o) => x + o.weight, 0)).toBeCloseTo(100, 10);
    expect(buildStrategies([opp('z', 9, 'high', 'farming')]).map((x) => x.riskLevel)).toEqual(['aggressive']);
  });
});
