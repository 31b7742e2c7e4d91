/**
 * Aerodrome classic (Solidly-style): volatile pools (x·y = k) and stable pools (x³y + y³x = k), one
 * fee per pool read from the factory, pools from PoolFactory.getPool(a, b, stable), quotes from the
 * pool's own getAmountOut (never our curve maths: a stable pool is quoted by its own curve), trades
 * through the Router with Route structs (the probes' Aerodrome adapter). LP tokens are ERC-20s: a
 * share is locked when a known locker holds it, burned at a burn address; LP staked in a gauge sits
 * in the gauge, which the depositor can withdraw from at will — not a lock, so it counts as neither.
 */
import type { Abi, Address } from 'viem';
import type { AerodromeContracts } from '../../shared/network';
import { aeroFactoryAbi, aeroPoolAbi } from './aerodrome-abis';
import { readAerodromeMarket, stableSpotPrices } from './aerodrome-market';
import { constantProductDepth, createConstantProductVenue } from './constant-product';
import { probePath } from './probe-path';
import { type PoolState, PROBE_VENUE, Q192, type Venue } from './venue';

export { aeroFactoryAbi, aeroPoolAbi };

/** Aerodrome's factory keeps fees in basis points; PoolRef/PoolState speak Uniswap units (hundredths). */
const BPS_TO_UNI = 100;
/** Where an Aerodrome pool mints its own MINIMUM_LIQUIDITY at creation: not a holder's burn. */
const MINIMUM_LIQUIDITY_AT: Address = '0x0000000000000000000000000000000000000001';

export function createAerodromeVenue(addr: AerodromeContracts): Venue {
  return createConstantProductVenue({
    id: 'aerodrome',
    label: 'Aerodrome',
    poolAbi: aeroPoolAbi as Abi,
    lockers: addr.lpLockers.map((l) => l.toLowerCase() as Address),
    minimumLiquidityAt: MINIMUM_LIQUIDITY_AT,
    // A volatile and a stable pool may exist for the same pair.
    lookups: (token, q) =>
      [false, true].map((stable) => ({
        address: addr.poolFactory,
        abi: aeroFactoryAbi,
        functionName: 'getPool',
        args: [token, q, stable],
      })),
    refFee: null,
    // The pool's curve, and its fee, which the factory keeps by curve: both answers are asked for
    // and the right one kept (still one Multicall3 call).
    curveCalls: (pool) => [
      { address: pool, abi: aeroPoolAbi, functionName: 'stable' },
      ...[false, true].map((stable) => ({
        address: addr.poolFactory,
        abi: aeroFactoryAbi,
        functionName: 'getFee',
        args: [pool, stable],
      })),
    ],
    curve: aerodromeCurve,
    readError: 'The chain RPC failed a Multicall3 read of Aerodrome pools.',
    afterRead: stableSpotPrices,

    async quote(client, pool, tokenIn, amountIn) {
      try {
        return await client.readContract({
          address: pool.pair,
          abi: aeroPoolAbi,
          functionName: 'getAmountOut',
          args: [amountIn, tokenIn],
        });
      } catch {
        return null;
      }
    },

    readMarket: readAerodromeMarket,

    probeRoute(target) {
      const path = probePath(target.token, target.pool, target.weth, target.hop);
      if (!path) return null;
      const stable = (p: PoolState | null | undefined) => (p?.aerodrome?.stable ? 1 : 0);
      return {
        venue: PROBE_VENUE.aerodrome,
        router: addr.router,
        // The adapter names the factory in each Route struct.
        quoter: addr.poolFactory,
        pool: target.pool.pair,
        path,
        // Per hop, the Route's `stable` flag (1: stable pool).
        fees: path.length === 3 ? [stable(target.hop), stable(target.pool)] : [stable(target.pool)],
        minQuote: target.minQuote,
        v4Key: '0x',
      };
    },
  });
}

/** A classic pool's fee, price and depth from its curve (stable or volatile) and the factory's fees. */
function aerodromeCurve(
  { tokenReserve, quoteReserve }: { tokenReserve: bigint; quoteReserve: bigint },
  [stable, feeVolatile, feeStable]: unknown[],
) {
  if (stable === undefined) return null;
  const feeBps = (stable ? feeStable : feeVolatile) as bigint | undefined;
  return {
    fee: feeBps === undefined ? null : Number(feeBps) * BPS_TO_UNI,
    // Volatile: the reserve ratio is the marginal price. Stable: the curve is flat near balance,
    // so the reserve ratio is not its price; stableSpotPrices asks the pool's own curve after.
    priceX192:
      tokenReserve === 0n || quoteReserve === 0n || stable ? null : (quoteReserve * Q192) / tokenReserve,
    depthQuote2Pct: stable ? null : constantProductDepth(quoteReserve),
    aerodrome: { stable: stable as boolean },
  };
}
