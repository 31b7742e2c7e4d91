/** The pools of a token the index saw created, as the venues' pool references. */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { VenueRegistry } from '../../venues/registry';
import { isDynamicFee, NATIVE_CURRENCY, type PoolKey, poolIdOf } from '../../venues/uniswap-v4-pool-key';
import type { PoolRef, VenueId } from '../../venues/venue';

/** Pools the index saw created, with the venue whose factory created them (null: a venue we do not read). */
export async function indexedPools(
  db: Db,
  venues: VenueRegistry,
  token: string,
  weth: string,
): Promise<IndexedPool[]> {
  const r = rowsOf(
    await db.execute(
      // WETH's pools include V4 pools of native ETH (currency 0x0), shown as WETH (one asset).
      sql`select pair, factory, token0, token1, fee, tick_spacing, hooks, created_ts from pairs
          where token0 = ${token} or token1 = ${token}
             or (${token === weth} and (token0 = ${NATIVE_CURRENCY} or token1 = ${NATIVE_CURRENCY}))`,
    ),
  );
  return r.map((x) => {
    const venue = venues.venueOfFactory(String(x.factory));
    // A V4 pool's row keeps the PoolManager's currencies, native ETH as 0x0: presented as WETH (one
    // asset, one price; ADR 0026), in the same order, so the swap rows' amount0/amount1 still match.
    const cur = (a: unknown) =>
      (venue === 'uniswap-v4' && String(a) === NATIVE_CURRENCY ? weth : String(a)) as Address;
    const fee = x.fee === undefined || x.fee === null ? null : Number(x.fee);
    // A V4 row keeps the rest of its PoolKey (tick spacing, hook): the venue needs no look-up of
    // the pool's Initialize log (in Base mode that look-up would span the PoolManager's history).
    const key: PoolKey | null =
      venue === 'uniswap-v4' && fee !== null && x.tick_spacing != null && x.hooks != null
        ? {
            currency0: String(x.token0) as Address,
            currency1: String(x.token1) as Address,
            fee,
            tickSpacing: Number(x.tick_spacing),
            hooks: String(x.hooks) as Address,
          }
        : null;
    return {
      venue,
      pool: String(x.pair) as Address,
      token0: cur(x.token0),
      token1: cur(x.token1),
      // A dynamic-fee V4 pool's fee is whatever its hook sets (the venue's refs say null too).
      fee: venue === 'uniswap-v4' && fee !== null && isDynamicFee(fee) ? null : fee,
      createdTs: Number(x.created_ts),
      ...(key ? { v4: { poolId: poolIdOf(key), key } } : {}),
    };
  });
}

export type IndexedPool = Omit<PoolRef, 'venue'> & { venue: VenueId | null };

export const known = (p: IndexedPool): p is PoolRef => p.venue !== null;
