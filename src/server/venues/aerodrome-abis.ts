/** Aerodrome classic's minimal ABIs: the PoolFactory's look-up and fees, and a pool's reads. */
import { parseAbi } from 'viem';

export const aeroFactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
  'function getFee(address pool, bool stable) view returns (uint256)',
]);
export const aeroPoolAbi = parseAbi([
  'function getReserves() view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast)',
  'function stable() view returns (bool)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
]);
