import { describe, expect, it } from 'vitest';
import { momentumScore, PUMP_BIAS, PUMP_WEIGHTS, windowVolatility } from './model';

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

describe('pump momentum score', () => {
  it('is the logistic of bias + Σ weight × signal', () => {
    const r = momentumScore(quiet);
    expect(r.z).toBeCloseTo(PUMP_BIAS, 6);
    expect(r.score).toBe(Math.round(100 / (1 + Math.exp(2))));
    expect(r.signals.map((s) => s.name)).toEqual(Object.keys(PUMP_WEIGHTS));
  });
  it('rises with every bullish signal and stays within 0..100', () => {
    const hot = momentumScore({
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
    expect(hot.score).toBeGreaterThanOrEqual(95);
    expect(hot.score).toBeLessThanOrEqual(100);
    const cold = momentumScore({
      ...quiet,
      windowVolume: 0,
      buyVolume: 0,
      sellVolume: 5,
      priceChangePct: -80,
    });
    expect(cold.score).toBeLessThan(momentumScore(quiet).score);
  });
  it('measures window volatility from consecutive log price moves', () => {
    // One move is not a volatility: unknown, never a 0.02 floor.
    expect(windowVolatility([1, 1])).toBeNull();
    expect(windowVolatility([1, 1.1, 0.9, 1.2, 1])).toBeGreaterThan(0.02);
  });
  it('keeps an unknown price change, pool value and age unknown: null value, no contribution', () => {
    const r = momentumScore({ ...quiet, priceChangePct: null, poolValueUsd: null, ageSeconds: null });
    for (const name of ['priceMomentum', 'liquidityDepth', 'launchAge']) {
      const s = r.signals.find((x) => x.name === name);
      expect(s?.value).toBeNull();
      expect(s?.contribution).toBe(0);
    }
  });
});
