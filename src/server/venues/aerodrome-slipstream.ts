/**
 * Aerodrome Slipstream (concentrated liquidity, Uniswap V3's design keyed by tick spacing instead of
 * fee): pools from CLFactory.getPool(a, b, tickSpacing) on every Slipstream factory (Base runs
 * several: the original and newer ones), state from slot0, liquidity, the pool's fee and the tokens
 * it holds, quotes from the QuoterV2 bound to the pool's factory, trades through that factory's
 * SwapRouter (the probes' Slipstream adapter). Liquidity ownership from the position NFTs the index
 * links to the pool (ctx.managedPositions): burned, held by a known position locker (locked until
 * its unlock time), kept by the deployer. An NFT staked in a CL gauge sits in the gauge, from which
 * its owner withdraws at will: not a lock, so it counts as neither. The reading is the shared
 * concentrated-liquidity reader's (concentrated-liquidity.ts), keyed by tick spacing.
 */
import { type Abi, parseAbi } from 'viem';
import type { AerodromeContracts } from '../../shared/network';
import { createConcentratedLiquidityVenue } from './concentrated-liquidity';
import { probePath } from './probe-path';
import { PROBE_VENUE, type Venue } from './venue';

/** Tick spacings Slipstream factories enable (1, 50, 100, 200, 2000 at deploy; 10 added on Base later). */
export const SLIPSTREAM_TICK_SPACINGS = [1, 10, 50, 100, 200, 2000] as const;

export const clFactoryAbi = parseAbi(['function getPool(address, address, int24) view returns (address)']);
export const clPoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function fee() view returns (uint24)',
  'function tickSpacing() view returns (int24)',
  'function factory() view returns (address)',
  'function observe(uint32[] secondsAgos) view returns (int56[] tickCumulatives, uint160[] secondsPerLiquidityCumulativeX128s)',
]);
export const clQuoterAbi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; int24 tickSpacing; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; int24 tickSpacing; uint160 sqrtPriceLimitX96; }',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
export const clPositionManagerAbi = parseAbi([
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, int24 tickSpacing, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);

export function createSlipstreamVenue(addr: AerodromeContracts): Venue {
  const routerOf = (factory: string | undefined) =>
    addr.slipstream.find((f) => f.factory.toLowerCase() === factory?.toLowerCase())?.swapRouter ?? null;
  return createConcentratedLiquidityVenue({
    id: 'aerodrome-slipstream',
    label: 'Aerodrome Slipstream',
    noun: 'Slipstream pools',
    keyedBy: 'tickSpacing',
    keys: SLIPSTREAM_TICK_SPACINGS,
    deployments: addr.slipstream.map((s) => ({
      factory: s.factory,
      positionManager: s.positionManager,
      quoterV2: s.quoterV2,
    })),
    positionLockers: addr.positionLockers,
    abis: {
      factory: clFactoryAbi as Abi,
      pool: clPoolAbi as Abi,
      quoter: clQuoterAbi as Abi,
      positionManager: clPositionManagerAbi as Abi,
    },
    positionsOf: (ctx, pool) => ctx.managedPositions?.get(pool) ?? [],
    probeRoute(target, keyOf) {
      const path = probePath(target.token, target.pool, target.weth, target.hop);
      const k = keyOf(target.pool);
      const router = routerOf(k?.deployment.factory);
      if (!path || !k || !router) return null;
      let fees = [k.key];
      if (path.length === 3) {
        // A multi-hop route goes through one SwapRouter: the hop must be on the same factory.
        const hop = target.hop ? keyOf(target.hop) : null;
        if (!hop || hop.deployment.factory !== k.deployment.factory) return null;
        fees = [hop.key, k.key];
      }
      return {
        venue: PROBE_VENUE.slipstream,
        router,
        quoter: k.deployment.quoterV2,
        pool: target.pool.pair,
        path,
        // Per hop, the tick spacing (Slipstream's packed paths carry it where V3's carry the fee).
        fees,
        minQuote: target.minQuote,
        v4Key: '0x',
      };
    },
  });
}
