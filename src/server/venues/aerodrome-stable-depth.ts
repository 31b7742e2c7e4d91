/**
 * A stable pool's ±2% depth from its own getAmountOut, never from our curve maths (issue 27). The
 * x³y + y³x curve is flat near balance, so the reserve ratio says nothing of how far a trade moves
 * the price. Instead we ask the pool, in one batch, for quotes on a grid of trade sizes and, at each,
 * a second quote a hair larger: their difference over the hair is the pool's marginal rate after
 * that trade (the price the next unit gets). The 2% point lies where that rate has fallen 2% (buy
 * side: the token's price up 2%, the rate of token per quote down to 1/1.02; sell side: quote per
 * token down to 0.98), found between two grid points and interpolated. The fee cancels out of the
 * ratio (the pool takes it from the input first, the same share at every size).
 *
 * Pure: `stableDepthPlan` gives the amounts to quote, `stableDepthSide` reads the answers.
 */

/** Trade sizes, as a share of the input side's reserve: 0.1% to 8× (the 2% point of a balanced pool is near 20%). */
const GRID_FRACTIONS_PPM = [
  1_000n,
  1_500n,
  2_250n,
  3_400n,
  5_000n,
  7_500n,
  11_000n,
  17_000n,
  25_000n,
  38_000n,
  57_000n,
  85_000n,
  130_000n,
  190_000n,
  290_000n,
  430_000n,
  650_000n,
  1_000_000n,
  1_500_000n,
  2_250_000n,
  3_400_000n,
  5_000_000n,
  8_000_000n,
];
/** The hair: a hundred-thousandth of the reserve. */
const HAIR_DIVISOR = 100_000n;
/**
 * The smallest hair we trust: the pool rounds its fee on the input to a whole unit, which must stay
 * well under a hair for the rate to mean anything (a reserve under 10^9 base units is not probed).
 */
const MIN_HAIR = 10_000n;

/** One side's quotes: for each size, [size, size + hair]; size 0 first (the rate before any trade). */
export type StableDepthPlan = { sizes: bigint[]; hair: bigint };

/** The sizes to quote on one side, from its input reserve; null when the reserve is too small to probe. */
export function stableDepthPlan(inputReserve: bigint): StableDepthPlan | null {
  const hair = inputReserve / HAIR_DIVISOR;
  if (hair < MIN_HAIR) return null;
  return { sizes: [0n, ...GRID_FRACTIONS_PPM.map((f) => (inputReserve * f) / 1_000_000n)], hair };
}

/** The amounts to pass to getAmountOut for a plan, in order: per size, size + hair then (except size 0) size. */
export function stableDepthAmounts(plan: StableDepthPlan): bigint[] {
  return plan.sizes.flatMap((s) => (s === 0n ? [plan.hair] : [s, s + plan.hair]));
}

/**
 * Where the marginal rate has fallen by `drop` (0.02 sell side, 1 − 1/1.02 buy side), from the
 * quotes of `stableDepthAmounts` (null where a quote failed): the input size there, and the output
 * it pays (interpolated between the two grid points around it). null when the grid never reaches
 * it or a quote in the way failed: unknown, not a guess.
 */
export function stableDepthSide(
  plan: StableDepthPlan,
  outs: (bigint | null)[],
  drop: number,
): { amountIn: bigint; amountOut: bigint } | null {
  const first = outs[0];
  if (first === null || first === undefined || first <= 0n) return null;
  const rate0 = Number(first);
  let prev = { size: 0, out: 0, dev: 0 };
  for (let k = 1; k < plan.sizes.length; k++) {
    const out = outs[2 * k - 1];
    const outHair = outs[2 * k];
    if (out === null || out === undefined || outHair === null || outHair === undefined) return null;
    const size = Number(plan.sizes[k]);
    const dev = 1 - Number(outHair - out) / rate0;
    if (dev >= drop) {
      // Between two grid points: the deviation grows like a power of the size near balance, so
      // interpolate in log-log (linear in size for the first interval, which starts at 0).
      const t =
        prev.size > 0 && prev.dev > 0
          ? Math.log(drop / prev.dev) / Math.log(dev / prev.dev)
          : (drop - prev.dev) / (dev - prev.dev);
      const w = Math.min(1, Math.max(0, t));
      const at =
        prev.size > 0 && prev.dev > 0
          ? prev.size * (size / prev.size) ** w
          : prev.size + (size - prev.size) * w;
      const paid = prev.out + (Number(out) - prev.out) * ((at - prev.size) / (size - prev.size));
      return { amountIn: BigInt(Math.round(at)), amountOut: BigInt(Math.round(paid)) };
    }
    prev = { size, out: Number(out), dev };
  }
  return null;
}
