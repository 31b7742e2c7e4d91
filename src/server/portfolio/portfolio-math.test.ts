import { describe, expect, it } from 'vitest';
import {
  allocations,
  avgFlabScore,
  diversificationScore,
  isProfitable,
  portfolioRiskLevel,
  riskProfile,
  totalChange24h,
  totalValue,
} from './portfolio-math';

const h = (value: number, change24h: number | null, flabScore: number | null) => ({
  value,
  change24h,
  flabScore,
});

describe('portfolio math', () => {
  it('total and allocation', () => {
    const hs = [h(300, 0, 80), h(100, 0, 40)];
    expect(totalValue(hs)).toBe(400);
    expect(allocations(hs)).toEqual([75, 25]);
    expect(allocations([h(0, null, null)])).toEqual([0]);
  });
  it('24h change from each holding’s value a day ago', () => {
    // 110 now after +10% (100 before); 90 now after −10% (100 before): 200 vs 200 → 0%
    expect(totalChange24h([h(110, 10, null), h(90, -10, null)])).toBeCloseTo(0, 10);
    expect(totalChange24h([h(120, 20, null), h(50, null, null)])).toBeCloseTo(20, 10);
    // An empty wallet (or none with a change) has no change: unknown, not 0 %.
    expect(totalChange24h([])).toBeNull();
    expect(totalChange24h([h(50, null, null)])).toBeNull();
  });
  it('value-weighted average score and risk bands 80/60/40', () => {
    expect(avgFlabScore([h(300, 0, 80), h(100, 0, 40)])).toBe(70);
    expect(avgFlabScore([h(0, 0, 80), h(0, 0, 40)])).toBe(60);
    expect(avgFlabScore([h(10, 0, null)])).toBeNull();
    expect(portfolioRiskLevel(80)).toBe('low');
    expect(portfolioRiskLevel(79.9)).toBe('medium');
    expect(portfolioRiskLevel(60)).toBe('medium');
    expect(portfolioRiskLevel(40)).toBe('high');
    expect(portfolioRiskLevel(39)).toBe('critical');
    expect(portfolioRiskLevel(null)).toBeNull();
  });
  it('diversification = 100 × (1 − HHI)', () => {
    expect(diversificationScore([h(5, 0, 0)])).toBe(0);
    expect(diversificationScore([h(1, 0, 0), h(1, 0, 0)])).toBeCloseTo(50, 10);
    expect(diversificationScore([h(1, 0, 0), h(1, 0, 0), h(1, 0, 0), h(1, 0, 0)])).toBeCloseTo(75, 10);
    expect(diversificationScore([])).toBeNull();
    // An unpriced holding is left out, not counted as a 0-value slice.
    expect(diversificationScore([h(1, 0, 0), { value: null }])).toBe(0);
  });
  it('risk profile from the share of value in tokens scored below 50', () => {
    expect(riskProfile([h(60, 0, 30), h(40, 0, 90)])).toBe('aggressive');
    expect(riskProfile([h(30, 0, 30), h(70, 0, 90)])).toBe('moderate');
    expect(riskProfile([h(10, 0, 30), h(90, 0, 90)])).toBe('conservative');
    // Empty wallet: no profile; unscored tokens are left out, never counted as safe.
    expect(riskProfile([])).toBeNull();
    expect(riskProfile([h(100, 0, null)])).toBeNull();
    expect(riskProfile([h(60, 0, 30), h(1000, 0, null)])).toBe('aggressive');
  });
  it('profitability from cost basis in the quote token', () => {
    const e18 = 10n ** 18n;
    const buy = { side: 'buy' as const, tokenAmount: 100n * e18, quoteAmount: 1n * e18 };
    const sell = { side: 'sell' as const, tokenAmount: 50n * e18, quoteAmount: e18 / 2n };
    // paid 1 WETH for 100, sold 50 for 0.5, hold 50 at 0.012 → 0.5 + 0.6 > 1
    expect(isProfitable([buy, sell], 50, 0.012)).toBe(true);
    expect(isProfitable([buy, sell], 50, 0.009)).toBe(false);
    expect(isProfitable([sell], 50, 1)).toBeNull();
    expect(isProfitable([buy], 100, null)).toBeNull();
  });
});
