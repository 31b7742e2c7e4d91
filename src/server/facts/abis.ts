/**
 * Minimal ABIs the fact gatherers read (standard interfaces only, so any Base token works). Pool
 * ABIs belong to their venue (venues/uniswap-v2-abis.ts).
 */
import { parseAbi } from 'viem';

export const erc20Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function owner() view returns (address)',
]);
