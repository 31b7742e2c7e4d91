import { describe, expect, it } from 'vitest';
import { MAX_SQRT_RATIO, MIN_SQRT_RATIO } from './uniswap-v3-math';
import { liquidityDeltaAmounts, sqrtPriceAtTick } from './uniswap-v4-liquidity';

describe('sqrtPriceAtTick (TickMath)', () => {
  it('matches the library at its bounds and at tick 0', () => {
    expect(sqrtPriceAtTick(0)).toBe(1n << 96n);
    expect(sqrtPriceAtTick(-887272)).toBe(MIN_SQRT_RATIO);
    expect(sqrtPriceAtTick(887272)).toBe(MAX_SQRT_RATIO);
  });
  it('is within a part in 1e9 (float pow precision) of sqrt(1.0001^tick) elsewhere', () => {
    for (const tick of [-887220, -60, 1, 60, 46054, 887220]) {
      const exact = Math.sqrt(1.0001 ** tick) * 2 ** 96;
      expect(Math.abs(Number(sqrtPriceAtTick(tick)) / exact - 1)).toBeLessThan(1e-9);
    }
  });
  it('rejects ticks outside the range', () => {
    expect(() => sqrtPriceAtTick(887273)).toThrow(RangeError);
  });
});

describe('liquidityDeltaAmounts', () => {
  // 10000 tokens per ETH, ETH currency0: sqrt(10000) · 2^96.
  const price = 100n * 2n ** 96n;
  const L = 500n * 10n ** 18n;

  it('a full-range position holds L/sqrtP of currency0 and L·sqrtP of currency1', () => {
    const { amount0, amount1 } = liquidityDeltaAmounts(price, -887220, 887220, L);
    expect(Number(amount0) / 5e18).toBeCloseTo(1, 4);
    expect(Number(amount1) / 5e22).toBeCloseTo(1, 4);
  });
  it('rounds an addition up and a removal down, never more out than in', () => {
    const add = liquidityDeltaAmounts(price, -887220, 887220, L + 1n);
    const remove = liquidityDeltaAmounts(price, -887220, 887220, -(L + 1n));
    expect(add.amount0 - remove.amount0).toBeGreaterThanOrEqual(0n);
    expect(add.amount0 - remove.amount0).toBeLessThanOrEqual(1n);
    expect(add.amount1 - remove.amount1).toBeGreaterThanOrEqual(0n);
    expect(add.amount1 - remove.amount1).toBeLessThanOrEqual(1n);
  });
  it('a range above the price holds only currency0, below it only currency1', () => {
    // The price (10000) is tick ≈ 92103.
    expect(liquidityDeltaAmounts(price, 100000, 100060, L).amount1).toBe(0n);
    expect(liquidityDeltaAmounts(price, 100000, 100060, L).amount0).toBeGreaterThan(0n);
    expect(liquidityDeltaAmounts(price, -60, 0, L).amount0).toBe(0n);
    expect(liquidityDeltaAmounts(price, -60, 0, L).amount1).toBeGreaterThan(0n);
  });
  it('a zero delta moves nothing', () => {
    expect(liquidityDeltaAmounts(price, -60, 60, 0n)).toEqual({ amount0: 0n, amount1: 0n });
  });
});
