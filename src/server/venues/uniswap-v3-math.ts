/**
 * Uniswap V3 arithmetic we need outside the chain: pool addresses by CREATE2, ticks and
 * sqrtPriceX96 from prices, and token amounts of a position range (the whitepaper's formulas 6.29
 * and 6.30). Floats where a figure is only displayed; bigint where it must match the contracts.
 */
import { type Address, encodeAbiParameters, getCreate2Address, type Hex, keccak256 } from 'viem';

export const V3_POOL_INIT_CODE_HASH: Hex =
  '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';
export const Q96 = 2 ** 96;
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
/** Fee tier (hundredths of a bip) → tick spacing, as the V3 factory on Base enables them. */
export const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
export const FEE_TIERS = [100, 500, 3000, 10000] as const;

export function sortTokens(a: Address, b: Address): [Address, Address] {
  const x = a.toLowerCase() as Address;
  const y = b.toLowerCase() as Address;
  return x < y ? [x, y] : [y, x];
}

/** PoolAddress.computeAddress: CREATE2 from the factory with salt keccak(token0, token1, fee). */
export function v3PoolAddress(factory: Address, tokenA: Address, tokenB: Address, fee: number): Address {
  const [t0, t1] = sortTokens(tokenA, tokenB);
  return getCreate2Address({
    from: factory,
    salt: keccak256(
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint24' }], [t0, t1, fee]),
    ),
    bytecodeHash: V3_POOL_INIT_CODE_HASH,
  }).toLowerCase() as Address;
}

/** sqrtPriceX96 for a raw price (token1 base units per token0 base unit). */
export function sqrtPriceX96FromRaw(raw: number): bigint {
  return BigInt(Math.floor(Math.sqrt(raw) * Q96));
}

/** The tick at or below a raw price. */
export function tickFromRaw(raw: number): number {
  return Math.floor(Math.log(raw) / Math.log(1.0001));
}

/** A tick range around `tick` covering prices from price/width to price×width, on the tier's spacing. */
export function rangeAround(tick: number, fee: number, width: number): [number, number] {
  const spacing = TICK_SPACING[fee] ?? 60;
  const span = Math.ceil(Math.log(width) / Math.log(1.0001));
  const lower = Math.max(
    Math.ceil(MIN_TICK / spacing) * spacing,
    Math.floor((tick - span) / spacing) * spacing,
  );
  const upper = Math.min(
    Math.floor(MAX_TICK / spacing) * spacing,
    Math.ceil((tick + span) / spacing) * spacing,
  );
  return [lower, upper];
}

const sqrtAtTick = (tick: number) => 1.0001 ** (tick / 2);

/**
 * Token amounts (raw units, as floats) a position of `liquidity` over [lower, upper) holds at the
 * current sqrt price `sqrtP` (not X96-scaled).
 */
export function positionAmounts(
  liquidity: number,
  sqrtP: number,
  lower: number,
  upper: number,
): { amount0: number; amount1: number } {
  const a = sqrtAtTick(lower);
  const b = sqrtAtTick(upper);
  if (sqrtP <= a) return { amount0: liquidity * (1 / a - 1 / b), amount1: 0 };
  if (sqrtP >= b) return { amount0: 0, amount1: liquidity * (b - a) };
  return { amount0: liquidity * (1 / sqrtP - 1 / b), amount1: liquidity * (sqrtP - a) };
}

export const MIN_SQRT_RATIO = 4295128739n;
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;

/**
 * sqrtPriceX96 limits at which the token's price (in its quote) is 2% higher (`up`) and 2% lower
 * (`down`) than now. The raw price is token1 per token0, so when the token is token1 its price
 * moves the other way: up 2% for the token is the raw price ÷ 1.02.
 */
export function depthLimits(sqrtPX96: bigint, tokenIs0: boolean, pct = 2): { up: bigint; down: bigint } {
  const scale = 10n ** 18n;
  const at = (ratio: number) => {
    const f = BigInt(Math.round(Math.sqrt(ratio) * 1e18));
    const v = (sqrtPX96 * f) / scale;
    return v <= MIN_SQRT_RATIO ? MIN_SQRT_RATIO + 1n : v >= MAX_SQRT_RATIO ? MAX_SQRT_RATIO - 1n : v;
  };
  const hi = 1 + pct / 100;
  const lo = 1 - pct / 100;
  return tokenIs0 ? { up: at(hi), down: at(lo) } : { up: at(1 / hi), down: at(1 / lo) };
}

/**
 * Time-weighted average price from two tick accumulators `windowSec` apart (Uniswap's oracle: the
 * mean tick is the geometric mean price), as quote base units per token base unit.
 */
export function twapRatio(cumAgo: bigint, cumNow: bigint, windowSec: number, tokenIs0: boolean): number {
  const meanTick = Number(cumNow - cumAgo) / windowSec;
  const raw = 1.0001 ** meanTick;
  return tokenIs0 ? raw : 1 / raw;
}

/**
 * A concentrated-liquidity pool's TWAP as PoolState.twap: the ratio, or why there is none (one
 * observation, too short a history, no liquidity at the current price). Shared by Uniswap V3 and
 * Slipstream, whose oracles are the same.
 */
export function twapOrReason(
  ratio: number | null,
  cardinality: number,
  active: bigint,
): { ratio: number } | { unavailable: string } {
  if (ratio === null)
    return {
      unavailable:
        cardinality <= 1
          ? 'the pool keeps a single price observation, so no 30-minute average exists'
          : `the pool's ${cardinality} price observations do not reach 30 minutes back`,
    };
  return active === 0n ? { unavailable: 'the pool has no liquidity at its current price' } : { ratio };
}
