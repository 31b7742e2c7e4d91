/**
 * The probe route every venue builds the same way: WETH → token through the token's WETH pool, or
 * WETH → quote → token when the token trades against another quote (a USD token) and the venue has
 * a WETH/quote pool to hop through. A venue only adds its adapter kind, router and quoter. Pure.
 */
import { type Address, zeroAddress } from 'viem';
import type { PoolState, ProbeRoute, TradeTarget } from './venue';

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

/**
 * The route for `target` on a venue: `withFees` for venues whose paths carry each hop's fee tier
 * (V3), none for V2. null when the pool's quote cannot be reached from WETH on this venue.
 */
export function buildProbeRoute(
  target: TradeTarget,
  venue: { kind: ProbeRoute['venue']; router: Address; quoter?: Address; withFees: boolean },
): ProbeRoute | null {
  const { token, pool, weth, hop, minQuote } = target;
  const path = probePath(token, pool, weth, hop);
  if (!path) return null;
  const fee = pool.fee ?? 3000;
  const fees = !venue.withFees ? [] : path.length === 3 ? [hop?.fee ?? 3000, fee] : [fee];
  return {
    venue: venue.kind,
    router: venue.router,
    quoter: venue.quoter ?? zeroAddress,
    pool: pool.pair,
    path,
    fees,
    minQuote,
    v4Key: '0x',
  };
}
