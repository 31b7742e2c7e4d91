/**
 * Base mainnet addresses (../shared/reference/data-sources.md). Kept lowercase so they compare
 * equal to what the indexer stores.
 */
import type { Address } from '../../shared/network';

const lc = (a: string) => a.toLowerCase() as Address;

export const BASE_MAINNET = {
  weth: lc('0x4200000000000000000000000000000000000006'),
  usdc: lc('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
  multicall3: lc('0xcA11bde05977b3631167028862bE2a173976CA11'),
  uniswapV2Factory: lc('0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6'),
  uniswapV2Router: lc('0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24'),
  lpLockers: [
    lc('0xc4E637D37113192F4F1F060DaEbD7758De7F4131'),
    lc('0x271eb0d7f4cd963f7214313d0b94d0844bb41c1d'),
  ],
  tokens: {
    AERO: lc('0x940181a94A35A4569E4529A3CDfB74e38FD98631'),
    DEGEN: lc('0x4ed4E862860beD51a9570b96d89aF5E1B0Efefed'),
    BRETT: lc('0x532f27101965dd16442E59d40670FaF5eBB142E4'),
    TOSHI: lc('0xAC1Bd2486aAf3B5C0fc3Fd868558b082a531B2B4'),
    USDC: lc('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'),
    WETH: lc('0x4200000000000000000000000000000000000006'),
  } as Record<string, Address>,
};
