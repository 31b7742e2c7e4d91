/**
 * Which pool and route the trade simulation (and the owner-power trade probe) uses, and how much
 * it buys. Pure: the pools are already read.
 */
import type { Address } from 'viem';
import type { VenueRegistry } from '../../venues/registry';
import type { PoolState, ProbeRoute } from '../../venues/venue';
import type { PoolFacts } from '../types';

/**
 * Which pool and route the trade simulation uses: the deepest priced pool the venue can route
 * (WETH-quoted directly, USD-quoted through the same venue's deepest WETH/USD pool), with a buy of
 * half a percent of its quote reserve, in ETH. null when no pool can be traded.
 */
export function planTrading(
  token: Address,
  weth: Address,
  poolFacts: Pick<PoolFacts, 'pair'>[],
  states: PoolState[],
  wethUsdPools: PoolState[],
  ethUsd: number | null,
  venues: Pick<VenueRegistry, 'get'>,
): { route: ProbeRoute; buyWei: bigint } | null {
  for (const pf of poolFacts) {
    const pool = states.find((s) => s.pair === pf.pair);
    const venue = pool ? venues.get(pool.venue) : undefined;
    if (!pool || !venue) continue;
    const viaWeth = pool.quote === weth;
    if (!viaWeth && (ethUsd === null || !(ethUsd > 0))) continue;
    const hop = viaWeth
      ? null
      : ([...wethUsdPools]
          .filter((h) => h.venue === pool.venue && [h.token0, h.token1].includes(pool.quote))
          .sort((a, b) =>
            b.tokenReserve > a.tokenReserve ? 1 : b.tokenReserve < a.tokenReserve ? -1 : 0,
          )[0] ?? null);
    // Drained below one millionth of a unit (WETH) or a cent (USD): a rugged pool, not a failed buy.
    const minQuote = viaWeth ? 1_000_000_000_000n : 10_000n;
    const route = venue.probeRoute({ token, pool, weth, hop, minQuote });
    if (!route) continue;
    const share = pool.quoteReserve / 200n;
    const buyWei = viaWeth
      ? share
      : (share * 10n ** 12n * 1_000_000n) / BigInt(Math.max(1, Math.round((ethUsd as number) * 1e6)));
    if (buyWei === 0n) continue;
    return { route, buyWei };
  }
  return null;
}
