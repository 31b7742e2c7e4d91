/** Uniswap V4's addresses as the venue needs them, and the minimal ABIs of its contracts. */
import { type Address, parseAbi } from 'viem';

/** V4 addresses as on Base (PoolManager singleton and its periphery) plus our position lockers. */
export type UniswapV4Contracts = {
  poolManager: Address;
  positionManager: Address;
  stateView: Address;
  v4Quoter: Address;
  universalRouter: Address;
  permit2: Address;
  positionLockers: Address[];
  /** The PoolManager's deployment block: Initialize logs are asked for from here. */
  fromBlock?: bigint;
};

const POOL_KEY = '(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)';
export const poolManagerEventsAbi = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
]);
export const stateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);
export const v4PositionManagerAbi = parseAbi([
  `function getPoolAndPositionInfo(uint256 tokenId) view returns (${POOL_KEY} poolKey, uint256 info)`,
  'function getPositionLiquidity(uint256 tokenId) view returns (uint128 liquidity)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
export const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
]);
