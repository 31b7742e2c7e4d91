/**
 * The buy path every venue's probe route shares: WETH → token through the token's WETH pool, or
 * WETH → quote → token when the token trades against another quote (a USD token) and the venue has
 * a WETH/quote pool to hop through. Pure.
 */
import type { Address } from 'viem';
import type { PoolState } from './venue';

export function probePath(
  token: Address,
  pool: PoolState,
  weth: Address,
  hop: PoolState | null | undefined,
): Address[] | null {
  const t = token.toLowerCase() as Address;
  const w = weth.toLowerCase() as Address;
  const q = pool.quote.toLowerCase() as Address;
  if (q === w) return [w, t];
  if (!hop) return null;
  const ends = [hop.token0.toLowerCase(), hop.token1.toLowerCase()];
  if (!ends.includes(w) || !ends.includes(q)) return null;
  return [w, q, t];
}

/** V3 fee tiers along a path built by `probePath` (hop first). */
export function probeFees(pool: PoolState, hop: PoolState | null | undefined, hops: number): number[] {
  const fee = pool.fee ?? 3000;
  return hops === 2 ? [hop?.fee ?? 3000, fee] : [fee];
}
