import { describe, expect, it } from 'vitest';
import { PUMP_BIAS, PUMP_WEIGHTS, pumpProbability, targets, windowVolatility } from './model';

const quiet = {
  windowVolume: 1,
  previousVolume: 1,
  buyVolume: 0.5,
  sellVolume: 0.5,
  uniqueBuyers: 0,
  newHolders: 0,
  holders: 10,
  priceChangePct: 0,
  poolValueUsd: 10_000,
  ageSeconds: null,
};

describe('pump model', () => {
  it('is the logistic of bias + Σ weight × signal', () => {
    const r = pumpProbability(quiet);
    expect(r.z).toBeCloseTo(PUMP_BIAS, 6);
    expect(r.probability).toBe(Math.round(100 / (1 + Math.exp(2))));
    expect(r.signals.map((s) => s.name)).toEqual(Object.keys(PUMP_WEIGHTS));
  });
  it('rises with every bullish signal and stays within 0..100', () => {
    const hot = pumpProbability({
      windowVolume: 80,
      previousVolume: 1,
      buyVolume: 75,
      sellVolume: 5,
      uniqueBuyers: 200,
      newHolders: 50,
      holders: 100,
      priceChangePct: 200,
      poolValueUsd: 1e6,
      ageSeconds: 3600,
    });
    expect(hot.probability).toBeGreaterThanOrEqual(95);
    expect(hot.probability).toBeLessThanOrEqual(100);
    const cold = pumpProbability({
      ...quiet,
      windowVolume: 0,
      buyVolume: 0,
      sellVolume: 5,
      priceChangePct: -80,
    });
    expect(cold.probability).toBeLessThan(pumpProbability(quiet).probability);
  });
  it('derives entry, exit and gain from volatility', () => {
    expect(windowVolatility([1, 1])).toBe(0.02);
    const v = windowVolatility([1, 1.1, 0.9, 1.2, 1]);
    expect(v).toBeGreaterThan(0.02);
    const t = targets(2, 0.4, 50);
    expect(t.entryPrice).toBeCloseTo(2 * Math.exp(-0.2), 9);
    expect(t.exitTarget).toBeCloseTo(t.entryPrice * Math.exp(0.4), 9);
    expect(t.potentialGain).toBeCloseTo((Math.exp(0.4) - 1) * 100, 1);
  });
});
