/** The Uniswap V2 venue's minimal ABIs: factory look-up, pair reads, and the LP locker it asks. */
import { parseAbi } from 'viem';

export const factoryAbi = parseAbi(['function getPair(address, address) view returns (address)']);

export const pairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
]);

/** Our local LpLocker; on Base, other lockers answer differently and reads fall back to balances. */
export const lockerAbi = parseAbi([
  'function lockedAmount(address token) view returns (uint256)',
  'function nextUnlockTime(address token) view returns (uint64)',
]);
