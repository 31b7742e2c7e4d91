import { describe, expect, it } from 'vitest';
import { depthLimits, MAX_SQRT_RATIO, MIN_SQRT_RATIO, twapRatio } from './uniswap-v3-math';

const Q96 = 2n ** 96n;
const ratio = (a: bigint, b: bigint) => Number((a * 10n ** 12n) / b) / 1e12;

describe('depthLimits', () => {
  it('moves the raw price ±2% when the token is token0 (its price is the raw price)', () => {
    const { up, down } = depthLimits(Q96, true);
    expect(ratio(up, Q96) ** 2).toBeCloseTo(1.02, 9);
    expect(ratio(down, Q96) ** 2).toBeCloseTo(0.98, 9);
  });

  it('moves the raw price the other way when the token is token1 (its price is 1 / raw)', () => {
    const { up, down } = depthLimits(Q96, false);
    expect(1 / ratio(up, Q96) ** 2).toBeCloseTo(1.02, 9);
    expect(1 / ratio(down, Q96) ** 2).toBeCloseTo(0.98, 9);
  });

  it('stays inside the pool’s price bounds', () => {
    expect(depthLimits(MAX_SQRT_RATIO - 2n, true).up).toBe(MAX_SQRT_RATIO - 1n);
    expect(depthLimits(MIN_SQRT_RATIO + 2n, true).down).toBe(MIN_SQRT_RATIO + 1n);
  });
});

describe('twapRatio', () => {
  it('is 1.0001^(mean tick), inverted when the token is token1', () => {
    // Mean tick 6932 over 1800 s ≈ a raw price of 2.
    const cumAgo = 1_000_000n;
    const cumNow = cumAgo + 6932n * 1800n;
    expect(twapRatio(cumAgo, cumNow, 1800, true)).toBeCloseTo(2, 3);
    expect(twapRatio(cumAgo, cumNow, 1800, false)).toBeCloseTo(0.5, 3);
  });

  it('handles negative ticks (prices below 1)', () => {
    expect(twapRatio(0n, -6932n * 60n, 60, true)).toBeCloseTo(0.5, 3);
  });
});
