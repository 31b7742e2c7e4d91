/**
 * Which pool and route the trade simulation (and the owner-power trade probe) uses, and how much
 * it buys. Pure: the pools are already read.
 */
import type { Address } from 'viem';
import type { VenueRegistry } from '../../venues/registry';
import type { PoolState, ProbeRoute, Venue } from '../../venues/venue';
import type { QuotePrices } from '../pools/quote-paths';
import type { PoolFacts } from '../types';

/**
 * Which pool and route the trade simulation uses: the deepest priced pool the venue can route
 * (WETH-quoted directly, USD-quoted through the same venue's deepest WETH/USD pool, quoted in some
 * other token through that token's own WETH pool on the same venue), with a buy of half a percent
 * of its quote reserve, in ETH. null when no pool can be traded; `paths.skipped` hears why a
 * path-priced pool was passed over (the venue cannot route it), so the facts can say so.
 */
export function planTrading(
  token: Address,
  weth: Address,
  poolFacts: Pick<PoolFacts, 'pair'>[],
  states: PoolState[],
  wethUsdPools: PoolState[],
  ethUsd: number | null,
  venues: Pick<VenueRegistry, 'get'>,
  paths?: QuoteRoutes,
): { route: ProbeRoute; buyWei: bigint } | null {
  for (const pf of poolFacts) {
    const pool = states.find((s) => s.pair === pf.pair);
    const venue = pool ? venues.get(pool.venue) : undefined;
    if (!pool || !venue) continue;
    const viaWeth = pool.quote === weth;
    const viaPath = paths?.quotePrices.get(pool.quote);
    if (viaPath) {
      const planned = planThroughPath(token, weth, pool, venue, viaPath, paths as QuoteRoutes);
      if (planned) return planned;
      continue;
    }
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

/** A quote other than WETH and USD: its priced path, and the hop pools' state as read. */
export type QuoteRoutes = {
  quotePrices: QuotePrices;
  hopState: (pool: string) => PoolState | null;
  skipped?: (pair: string, why: string) => void;
};

/**
 * WETH → quote → token along the quote's own WETH pool, when that pool is on the token pool's
 * venue (the probe routes within one venue). A longer path, or one through another venue or a USD
 * token, is not routed: said through `skipped`, never a trade through some other pool instead.
 */
function planThroughPath(
  token: Address,
  weth: Address,
  pool: PoolState,
  venue: Venue,
  q: QuotePrices extends Map<string, infer V> ? V : never,
  paths: QuoteRoutes,
): { route: ProbeRoute; buyWei: bigint } | null {
  const skip = (why: string) => {
    paths.skipped?.(pool.pair, why);
    return null;
  };
  if ('unpriced' in q.path || q.decimals === null || q.path.quoteEth === null)
    return skip('its quote token is unpriced, so no buy size can be set');
  const [leg, ...more] = q.path.legs;
  if (!leg || more.length > 0 || q.path.anchor !== 'WETH')
    return skip(
      `the probe routes WETH → quote → token only; this price path has ${q.path.legs.length + 1} pools`,
    );
  const hop = paths.hopState(leg.pool);
  if (!hop || hop.venue !== pool.venue)
    return skip(
      `the quote's WETH pool is on another venue (${leg.venue}); the probe routes within one venue`,
    );
  // Drained below a millionth of a quote unit: a rugged pool, not a failed buy.
  const minQuote = 10n ** BigInt(Math.max(0, q.decimals - 6));
  const route = venue.probeRoute({ token, pool, weth, hop, minQuote });
  if (!route) return skip(`${venue.label} cannot route WETH → ${pool.quote} → token`);
  // Half a percent of the quote reserve, in ETH at the quote's own price.
  const share = Number(pool.quoteReserve / 200n) / 10 ** q.decimals;
  const buyWei = BigInt(Math.floor(share * q.path.quoteEth * 1e18));
  return buyWei === 0n
    ? skip('half a percent of its quote reserve is worth less than 1 wei')
    : { route, buyWei };
}
