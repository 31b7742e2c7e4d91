/**
 * Uniswap V3: pools from the factory's getPool for each fee tier, state from slot0, liquidity and
 * the tokens the pool holds, liquidity ownership from the position NFTs we indexed (held by a
 * locker, burned, or kept by the deployer), quotes from QuoterV2 by eth_call, and trades through
 * SwapRouter02 (the probes' V3 adapter, contracts/probes/ProbeVenue.sol, routed by `probeRoute`).
 * The reading is the shared concentrated-liquidity reader's (concentrated-liquidity.ts), keyed by fee.
 */
import { type Abi, type Address, parseAbi } from 'viem';
import type { UniswapV3Contracts } from '../../shared/network';
import { createConcentratedLiquidityVenue } from './concentrated-liquidity';
import { buildProbeRoute } from './probe-path';
import { FEE_TIERS } from './uniswap-v3-math';
import { PROBE_VENUE, type Venue } from './venue';

export const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
export const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function observe(uint32[] secondsAgos) view returns (int56[] tickCumulatives, uint160[] secondsPerLiquidityCumulativeX128s)',
]);
export const positionManagerAbi = parseAbi([
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
export const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
export function createUniswapV3Venue(addr: UniswapV3Contracts): Venue {
  return createConcentratedLiquidityVenue({
    id: 'uniswap-v3',
    label: 'Uniswap V3',
    noun: 'V3 pools',
    keyedBy: 'fee',
    keys: FEE_TIERS,
    deployments: [{ factory: addr.factory, positionManager: addr.positionManager, quoterV2: addr.quoterV2 }],
    positionLockers: addr.positionLockers,
    abis: {
      factory: v3FactoryAbi as Abi,
      pool: v3PoolAbi as Abi,
      quoter: quoterV2Abi as Abi,
      positionManager: positionManagerAbi as Abi,
    },
    // The index links V3 position ids to pools for the one position manager.
    positionsOf: (ctx, pool) =>
      (ctx.positions?.get(pool) ?? []).map((id) => ({ manager: addr.positionManager as Address, id })),
    probeRoute: (target) =>
      buildProbeRoute(target, {
        kind: PROBE_VENUE.v3,
        router: addr.swapRouter02,
        quoter: addr.quoterV2,
        withFees: true,
      }),
  });
}
