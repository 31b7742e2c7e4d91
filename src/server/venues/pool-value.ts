/**
 * A pool's value from what its liquidity holds (issue 35 item 4, ADR 0047), one rule for every
 * venue (pure): the quote and token amounts the pool's positions hold at the current price, the quote
 * side at its USD price and the token side at the pool price but never above what selling it could
 * return — all of the quote the pool holds, since a sale takes quote out and nothing else. A dust
 * position at an absurd price inside its range holds a mountain of token and almost no quote, so it
 * cannot inflate the pool; a V2 pair (token side worth its quote side at the pool price) keeps the
 * "twice the quote side" identity.
 */
import type { PoolValueBasis } from '../../shared/pool-value';
import { positionAmounts, Q96 } from './uniswap-v3-math';
import type { PoolState, RawPosition } from './venue';

/** Raw amounts (base units, as floats) the pool's liquidity holds now, and where they were read. */
export type PoolHoldings =
  | { tokenRaw: number; quoteRaw: number; basis: PoolValueBasis }
  | { unavailable: string };

/** Listed in-range liquidity at least this share of the pool's active liquidity: the positions are all. */
const ALL_ACTIVE = 0.999;

const currentTick = (sqrtF: number) => Math.floor(Math.log(sqrtF * sqrtF) / Math.log(1.0001));

/**
 * What the pool holds. V2 / Aerodrome classic: the reserves. V3 / Slipstream / V4: each position at
 * the current sqrt price (on V4 with those held directly in the PoolManager), when the positions read
 * hold all the active liquidity; otherwise the
 * amounts come from what holds every position's tokens — a V3 or Slipstream pool's own balances, a V4
 * pool's running balance in our index (`indexed`; the PoolManager's balance is every pool's at once).
 */
export function poolHoldings(
  pool: PoolState,
  token: string,
  indexed: { token: bigint; quote: bigint } | null,
  direct: RawPosition[] = [],
): PoolHoldings {
  if (pool.venue === 'uniswap-v2' || pool.venue === 'aerodrome')
    return { tokenRaw: Number(pool.tokenReserve), quoteRaw: Number(pool.quoteReserve), basis: 'reserves' };
  const sqrtP = pool.v3?.sqrtPriceX96 ?? pool.v4?.sqrtPriceX96 ?? 0n;
  const active = pool.v3?.liquidity ?? pool.v4?.liquidity ?? null;
  // A V4 pool's positions are its PositionManager NFTs (the venue's read) and those held directly in
  // the PoolManager (a hook's or a launchpad's own, ranged from our index: `direct`).
  const positions = [...(pool.positions ?? []), ...direct];
  const fromPositions = sqrtP > 0n ? positionsAt(pool, token, positions, sqrtP, active) : null;
  if (fromPositions) return { ...fromPositions, basis: 'positions' };
  if (!pool.v4)
    return { tokenRaw: Number(pool.tokenReserve), quoteRaw: Number(pool.quoteReserve), basis: 'balances' };
  // A running balance below zero (fees or a hook's deltas the events do not show) holds nothing.
  const pos = (n: bigint) => (n > 0n ? Number(n) : 0);
  if (indexed && (indexed.token > 0n || indexed.quote > 0n))
    return { tokenRaw: pos(indexed.token), quoteRaw: pos(indexed.quote), basis: 'index' };
  return {
    unavailable:
      'part of its active liquidity is in positions whose ranges we do not read (held outside the PositionManager), and our index has no balance for the pool',
  };
}

/**
 * The positions' amounts at the current price, or null when they do not hold all the liquidity
 * active now (positions we do not know of: their amounts cannot be summed).
 */
function positionsAt(
  pool: PoolState,
  token: string,
  positions: RawPosition[],
  sqrtP: bigint,
  active: bigint | null,
): { tokenRaw: number; quoteRaw: number } | null {
  const sqrtF = Number(sqrtP) / Q96;
  const tick = currentTick(sqrtF);
  const ranged = positions.filter((p) => p.tickLower !== null && p.tickUpper !== null);
  if (ranged.length === 0 || ranged.length < positions.length) return null;
  const inRange = ranged.reduce(
    (s, p) => s + ((p.tickLower as number) <= tick && tick < (p.tickUpper as number) ? p.liquidity : 0n),
    0n,
  );
  if (active === null || Number(inRange) < Number(active) * ALL_ACTIVE) return null;
  const tokenIs0 = pool.v4
    ? pool.v4.key.currency0.toLowerCase() === token.toLowerCase()
    : pool.token0.toLowerCase() === token.toLowerCase();
  let amount0 = 0;
  let amount1 = 0;
  for (const p of ranged) {
    const a = positionAmounts(Number(p.liquidity), sqrtF, p.tickLower as number, p.tickUpper as number);
    amount0 += a.amount0;
    amount1 += a.amount1;
  }
  return tokenIs0 ? { tokenRaw: amount0, quoteRaw: amount1 } : { tokenRaw: amount1, quoteRaw: amount0 };
}

export type PoolValue = { valueUsd: number | null; basis: PoolValueBasis | null; note: string | null };

/**
 * The pool's USD value from its holdings: quote side × its USD price, plus the token side at the
 * pool price (`quotePerTokenRaw`, raw quote per raw token: no decimals needed) capped at the quote
 * side — what selling all of it could at most take out. No price (nothing trades at the current
 * price) or no USD price for the quote: unknown, with the reason.
 */
export function poolValue(
  h: PoolHoldings,
  x: { quoteUsdPerRaw: number | null; quotePerTokenRaw: number | null },
): PoolValue {
  if ('unavailable' in h)
    return { valueUsd: null, basis: null, note: `The pool's value is unknown: ${h.unavailable}.` };
  if (x.quoteUsdPerRaw === null)
    return { valueUsd: null, basis: h.basis, note: "The pool's quote token has no USD price." };
  if (x.quotePerTokenRaw === null || !Number.isFinite(x.quotePerTokenRaw))
    return {
      valueUsd: null,
      basis: h.basis,
      note: 'The pool has no liquidity at its current price, so its token side has no price and the pool no value.',
    };
  const quoteUsd = h.quoteRaw * x.quoteUsdPerRaw;
  const tokenAtPrice = h.tokenRaw * x.quotePerTokenRaw * x.quoteUsdPerRaw;
  return { valueUsd: quoteUsd + Math.min(tokenAtPrice, quoteUsd), basis: h.basis, note: null };
}
