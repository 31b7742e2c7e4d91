import { describe, expect, it } from 'vitest';
import { stableDepthAmounts, stableDepthPlan, stableDepthSide } from './aerodrome-stable-depth';

/**
 * A stand-in for a stable pool's getAmountOut (x³y + y³x = k, fee taken from the input first), in
 * floating point: the test's oracle only; the app asks the pool itself.
 */
function stablePool(reserveIn: number, reserveOut: number, feeBps: number) {
  const k = reserveIn ** 3 * reserveOut + reserveOut ** 3 * reserveIn;
  const yOf = (x: number) => {
    let lo = 0;
    let hi = reserveOut * 4;
    for (let i = 0; i < 200; i++) {
      const m = (lo + hi) / 2;
      if (x ** 3 * m + m ** 3 * x > k) hi = m;
      else lo = m;
    }
    return lo;
  };
  const out = (a: number) => reserveOut - yOf(reserveIn + a * (1 - feeBps / 10_000));
  // Marginal price (out per in) after a trade of `a`, from the curve's slope.
  const slope = (a: number) => {
    const x = reserveIn + a * (1 - feeBps / 10_000);
    const y = yOf(x);
    return (3 * x * x * y + y ** 3) / (x ** 3 + 3 * x * y * y);
  };
  return { out, slope };
}

describe('stable pool ±2% depth from its own quotes', () => {
  const R = 1e12; // a million USDC in 6-decimal base units
  const pool = stablePool(R, R, 5);
  const quote = (amounts: bigint[]) => amounts.map((a) => BigInt(Math.floor(pool.out(Number(a)))));

  it('finds the size that moves the marginal price 2%, within 1% of the curve', () => {
    const plan = stableDepthPlan(BigInt(R));
    if (!plan) throw new Error('no plan');
    const side = stableDepthSide(plan, quote(stableDepthAmounts(plan)), 0.02);
    if (!side) throw new Error('not found');
    // Where the curve's own slope has fallen 2% (bisection on the oracle).
    let lo = 0;
    let hi = R;
    const s0 = pool.slope(0);
    for (let i = 0; i < 100; i++) {
      const m = (lo + hi) / 2;
      if (pool.slope(m) / s0 > 0.98) lo = m;
      else hi = m;
    }
    expect(Math.abs(Number(side.amountIn) / lo - 1)).toBeLessThan(0.01);
    expect(Math.abs(Number(side.amountOut) / pool.out(lo) - 1)).toBeLessThan(0.01);
    // Flat near balance: 2% takes a fifth of the reserve, where x·y = k would take about 1%.
    expect(Number(side.amountIn) / R).toBeGreaterThan(0.15);
  });

  it('is unknown when a quote in the way failed, or the grid never reaches 2%', () => {
    const plan = stableDepthPlan(BigInt(R));
    if (!plan) throw new Error('no plan');
    const outs: (bigint | null)[] = quote(stableDepthAmounts(plan));
    outs[3] = null;
    expect(stableDepthSide(plan, outs, 0.02)).toBeNull();
    // A pool so deep (a linear stand-in) its rate never falls: no 2% point on the grid.
    const linear = stableDepthAmounts(plan).map((a) => a);
    expect(stableDepthSide(plan, linear, 0.02)).toBeNull();
  });

  it('does not probe a reserve too small for the fee rounding to stay negligible', () => {
    expect(stableDepthPlan(10n ** 8n)).toBeNull();
    expect(stableDepthPlan(10n ** 9n)).not.toBeNull();
  });
});
