/**
 * Token amounts of a V4 liquidity change, pure and exact. The PoolManager's ModifyLiquidity logs the
 * tick range and the signed liquidity delta, not what moved; the amounts follow from them and the
 * pool's price at that moment, with the same integer math the PoolManager settles with
 * (TickMath.getSqrtPriceAtTick, SqrtPriceMath.getAmount0Delta/getAmount1Delta): rounded up for an
 * addition (what the provider paid), down for a removal (what the provider took, fees excluded, as
 * V3's Burn). The price is the last Initialize or Swap of the pool before the event (a liquidity
 * change never moves the price), which the index keeps (ADR 0026, amendment 3).
 */

const Q96 = 1n << 96n;
const MAX_UINT256 = (1n << 256n) - 1n;
const MIN_TICK = -887272;
const MAX_TICK = 887272;

/** TickMath.getSqrtPriceAtTick: sqrt(1.0001^tick) · 2^96, rounded up, bit for bit as Solidity. */
export function sqrtPriceAtTick(tick: number): bigint {
  if (!Number.isInteger(tick) || tick < MIN_TICK || tick > MAX_TICK) throw new RangeError(`tick ${tick}`);
  const abs = BigInt(Math.abs(tick));
  let ratio = abs & 1n ? 0xfffcb933bd6fad37aa2d162d1a594001n : 0x100000000000000000000000000000000n;
  const steps: [bigint, bigint][] = [
    [0x2n, 0xfff97272373d413259a46990580e213an],
    [0x4n, 0xfff2e50f5f656932ef12357cf3c7fdccn],
    [0x8n, 0xffe5caca7e10e4e61c3624eaa0941cd0n],
    [0x10n, 0xffcb9843d60f6159c9db58835c926644n],
    [0x20n, 0xff973b41fa98c081472e6896dfb254c0n],
    [0x40n, 0xff2ea16466c96a3843ec78b326b52861n],
    [0x80n, 0xfe5dee046a99a2a811c461f1969c3053n],
    [0x100n, 0xfcbe86c7900a88aedcffc83b479aa3a4n],
    [0x200n, 0xf987a7253ac413176f2b074cf7815e54n],
    [0x400n, 0xf3392b0822b70005940c7a398e4b70f3n],
    [0x800n, 0xe7159475a2c29b7443b29c7fa6e889d9n],
    [0x1000n, 0xd097f3bdfd2022b8845ad8f792aa5825n],
    [0x2000n, 0xa9f746462d870fdf8a65dc1f90e061e5n],
    [0x4000n, 0x70d869a156d2a1b890bb3df62baf32f7n],
    [0x8000n, 0x31be135f97d08fd981231505542fcfa6n],
    [0x10000n, 0x9aa508b5b7a84e1c677de54f3e99bc9n],
    [0x20000n, 0x5d6af8dedb81196699c329225ee604n],
    [0x40000n, 0x2216e584f5fa1ea926041bedfe98n],
    [0x80000n, 0x48a170391f7dc42444e8fa2n],
  ];
  for (const [bit, factor] of steps) if (abs & bit) ratio = (ratio * factor) >> 128n;
  if (tick > 0) ratio = MAX_UINT256 / ratio;
  // Q128.128 to Q64.96, rounding up.
  return (ratio >> 32n) + (ratio % (1n << 32n) === 0n ? 0n : 1n);
}

const divUp = (a: bigint, b: bigint) => (a % b === 0n ? a / b : a / b + 1n);

/** SqrtPriceMath.getAmount0Delta: liquidity · (1/sqrtA − 1/sqrtB), sqrtA < sqrtB. */
function amount0Delta(sqrtA: bigint, sqrtB: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const n1 = liquidity << 96n;
  const n2 = sqrtB - sqrtA;
  return roundUp ? divUp(divUp(n1 * n2, sqrtB), sqrtA) : (n1 * n2) / sqrtB / sqrtA;
}

/** SqrtPriceMath.getAmount1Delta: liquidity · (sqrtB − sqrtA), sqrtA < sqrtB. */
function amount1Delta(sqrtA: bigint, sqrtB: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const n = liquidity * (sqrtB - sqrtA);
  return roundUp ? divUp(n, Q96) : n / Q96;
}

/**
 * Currency amounts (raw units, unsigned) a change of `liquidityDelta` over [tickLower, tickUpper)
 * moves at pool price `sqrtPriceX96`: paid in when the delta is positive, taken out when negative.
 */
export function liquidityDeltaAmounts(
  sqrtPriceX96: bigint,
  tickLower: number,
  tickUpper: number,
  liquidityDelta: bigint,
): { amount0: bigint; amount1: bigint } {
  const add = liquidityDelta > 0n;
  const l = add ? liquidityDelta : -liquidityDelta;
  if (l === 0n || tickLower >= tickUpper) return { amount0: 0n, amount1: 0n };
  const a = sqrtPriceAtTick(tickLower);
  const b = sqrtPriceAtTick(tickUpper);
  // The pool's current tick decides which side the range is on; at the price exactly, the range is
  // active (Pool.modifyLiquidity: tick < tickLower → only currency0; tick >= tickUpper → only 1).
  if (sqrtPriceX96 < a) return { amount0: amount0Delta(a, b, l, add), amount1: 0n };
  if (sqrtPriceX96 >= b) return { amount0: 0n, amount1: amount1Delta(a, b, l, add) };
  return { amount0: amount0Delta(sqrtPriceX96, b, l, add), amount1: amount1Delta(a, sqrtPriceX96, l, add) };
}
