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
  /**
   * Uniswap V3 on Base, from Uniswap's deployment list
   * (https://docs.uniswap.org/contracts/v3/reference/deployments/base-deployments) and Base's own
   * (https://docs.base.org/chain/contracts, "swapRouter" = SwapRouter02). We know of no position
   * locker on Base whose lock we could read, so only burned and deployer-held positions count there.
   */
  uniswapV3: {
    factory: lc('0x33128a8fC17869897dcE68Ed026d694621f6FDfD'),
    positionManager: lc('0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1'),
    swapRouter02: lc('0x2626664c2603336E57B271c5C0b26F421741e481'),
    quoterV2: lc('0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a'),
    positionLockers: [] as Address[],
  },
  /**
   * Aerodrome on Base. Classic (PoolFactory, Router, Voter, FactoryRegistry): Aerodrome's deployment
   * list (aerodrome-finance/contracts README, "Base deployments"), as also listed in e.g.
   * hypurrquant/lping lib/addresses.ts. Slipstream: aerodrome-finance/slipstream README
   * "Deployments" — the Initial deployment (CLFactory 0x5e7B…809A with its position manager,
   * SwapRouter and QuoterV2), the Gauge Caps deployment (CLFactory 0xaDe6…716a, the newer factory
   * that takes the older as its legacy factory) and the Gauges V3 deployment (0xf8f2…61Ef). The
   * FactoryRegistry's poolFactories() lists exactly the classic factory and these three. No locker
   * of Aerodrome LP or Slipstream NFTs on Base is read yet: locks there count only when burned.
   */
  aerodrome: {
    poolFactory: lc('0x420DD381b31aEf6683db6B902084cB0FFECe40Da'),
    router: lc('0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43'),
    voter: lc('0x16613524e02ad97eDfeF371bC883F2F5d6C480A5'),
    factoryRegistry: lc('0x5C3F18F06CC09CA1910767A34a20F771039E37C0'),
    slipstream: [
      {
        factory: lc('0x5e7BB104d84c7CB9B682AaC2F3d509f5F406809A'),
        positionManager: lc('0x827922686190790b37229fd06084350E74485b72'),
        swapRouter: lc('0xBE6D8f0d05cC4be24d5167a3eF062215bE6D18a5'),
        quoterV2: lc('0x254cF9E1E6e233aa1AC962CB9B05b2cfeAaE15b0'),
      },
      {
        factory: lc('0xaDe65c38CD4849aDBA595a4323a8C7DdfE89716a'),
        positionManager: lc('0xa990C6a764b73BF43cee5Bb40339c3322FB9D55F'),
        swapRouter: lc('0xcbBb8035cAc7D4B3Ca7aBb74cF7BdF900215Ce0D'),
        quoterV2: lc('0x3d4C22254F86f64B7eC90ab8F7aeC1FBFD271c6C'),
      },
      {
        factory: lc('0xf8f2eB4940CFE7d13603DDDD87f123820Fc061Ef'),
        positionManager: lc('0xe1f8cd9AC4e4A65F54f38a5CdAfCA44f6dD68b53'),
        swapRouter: lc('0x698Cb2b6dd822994581fEa6eA4Fc755d1363A92F'),
        quoterV2: lc('0x514c8B5f54112481E28028F1166Bd78501089259'),
      },
    ],
    lpLockers: [] as Address[],
    positionLockers: [] as Address[],
  },
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

/**
 * Well-known Base tokens whose name or symbol scams copy to fool wallets and traders (impersonation),
 * with their address on Base. WETH, USDC, AERO, DEGEN, BRETT and TOSHI are the ones above
 * (../shared/reference/data-sources.md); cbBTC, cbETH, USDbC and DAI are their issuers' Base
 * deployments. A token carrying one of these names at another address is reported.
 */
export const WELL_KNOWN_TOKENS: readonly { symbol: string; names: readonly string[]; address: Address }[] = [
  { symbol: 'WETH', names: ['Wrapped Ether'], address: BASE_MAINNET.weth },
  { symbol: 'USDC', names: ['USD Coin'], address: BASE_MAINNET.usdc },
  {
    symbol: 'cbBTC',
    names: ['Coinbase Wrapped BTC'],
    address: lc('0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf'),
  },
  {
    symbol: 'cbETH',
    names: ['Coinbase Wrapped Staked ETH'],
    address: lc('0x2Ae3F1Ec7F1F5012CFEab0185bfc7aa3cf0DEc22'),
  },
  { symbol: 'USDbC', names: ['USD Base Coin'], address: lc('0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA') },
  { symbol: 'DAI', names: ['Dai Stablecoin'], address: lc('0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb') },
  { symbol: 'AERO', names: ['Aerodrome'], address: BASE_MAINNET.tokens.AERO as Address },
  { symbol: 'DEGEN', names: ['Degen'], address: BASE_MAINNET.tokens.DEGEN as Address },
  { symbol: 'BRETT', names: ['Brett'], address: BASE_MAINNET.tokens.BRETT as Address },
  { symbol: 'TOSHI', names: ['Toshi'], address: BASE_MAINNET.tokens.TOSHI as Address },
];
