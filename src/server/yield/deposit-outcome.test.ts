/** Pins the deposit's own dilution, entry and exit impact and gas (issue 37) with hand-computed numbers. */
import { describe, expect, it } from 'vitest';
import type { EntryCosts } from '../../shared/yield';
import { depositOutcome, swapImpactUsd } from '../../shared/yield-outcome';

/** A $50K two-sided pool: each side $25K, 0.3% fee, 150K gas each way at 1 gwei, ETH $3,000. */
const POOL: EntryCosts = {
  gasEnter: 150_000,
  gasExit: 150_000,
  gasPriceGwei: 1,
  ethUsd: 3_000,
  swapShare: 0.5,
  swapFeePct: 0.3,
  swapReserveUsd: 25_000,
  impermanentLoss: true,
  basis: 'test',
};
const at = (amountUsd: number) =>
  depositOutcome({ amountUsd, apy: 20, tvlUsd: 50_000, costs: POOL, months: 12 });

describe('depositOutcome', () => {
  it('$10 in a $50K pool: no dilution to speak of, impact a fraction of a cent, gas decides', () => {
    const o = at(10);
    expect(o.shareOfPool).toBeCloseTo(10 / 50_010, 12);
    expect(o.apyAfterDeposit).toBeCloseTo(19.996, 3);
    // 5 swapped into $25K each way: 25/25005 each.
    expect(o.entryImpactUsd).toBeCloseTo(25 / 25_005, 9);
    expect(o.exitImpactUsd).toBeCloseTo(o.entryImpactUsd, 12);
    expect(o.swapFeeUsd).toBeCloseTo(0.03, 9);
    // 300K gas × 1 gwei = 0.0003 ETH = $0.90.
    expect(o.gasEth).toBeCloseTo(0.0003, 12);
    expect(o.gasUsd).toBeCloseTo(0.9, 9);
    // A year at ~20% daily-compounded is ~$2.21: a small profit after $0.93 of costs.
    expect(o.yieldUsd).toBeCloseTo(10 * ((1 + 0.19996 / 365) ** 365 - 1), 6);
    expect(o.netUsd).toBeGreaterThan(0);
    expect(o.isLoss).toBe(false);
  });

  it('$1M in a $50K pool: the deposit takes 95% of the pool and pays most of it in impact — a loss', () => {
    const o = at(1_000_000);
    expect(o.shareOfPool).toBeCloseTo(1_000_000 / 1_050_000, 12);
    // The fees stay what the $50K pool earns: 20% × 50K ÷ 1.05M ≈ 0.952%.
    expect(o.apyAfterDeposit).toBeCloseTo((20 * 50_000) / 1_050_000, 9);
    // 500K swapped into $25K: 500K² ÷ 525K ≈ $476,190 each way.
    expect(o.entryImpactUsd).toBeCloseTo(500_000 ** 2 / 525_000, 3);
    expect(o.exitImpactUsd).toBeCloseTo(o.entryImpactUsd, 6);
    expect(o.swapFeeUsd).toBeCloseTo(3_000, 6);
    expect(o.netUsd).not.toBeNull();
    expect(o.netUsd as number).toBeLessThan(-900_000);
    expect(o.isLoss).toBe(true);
  });

  it('unknown gas leaves the net unknown, never a loss or a profit', () => {
    const o = depositOutcome({
      amountUsd: 100,
      apy: 10,
      tvlUsd: 50_000,
      costs: { ...POOL, gasExit: null },
      months: 12,
    });
    expect(o.gasEth).toBeNull();
    expect(o.gasUsd).toBeNull();
    expect(o.netUsd).toBeNull();
    expect(o.isLoss).toBe(false);
  });

  it('a single-sided position swaps nothing: no impact, no swap fee', () => {
    const o = depositOutcome({
      amountUsd: 1_000,
      apy: 5,
      tvlUsd: 1_000,
      costs: { ...POOL, swapShare: 0, swapReserveUsd: null, impermanentLoss: false },
      months: 12,
    });
    expect(o.entryImpactUsd + o.exitImpactUsd + o.swapFeeUsd + o.impermanentLossUsd).toBe(0);
    expect(o.apyAfterDeposit).toBeCloseTo(2.5, 12);
  });

  it('swapImpactUsd is 0 without a reserve or an amount', () => {
    expect(swapImpactUsd(0, 100)).toBe(0);
    expect(swapImpactUsd(100, null)).toBe(0);
    expect(swapImpactUsd(100, 100)).toBe(50);
  });
});
