/** The static description of the chain we serve: which DEX, tokens and helpers it has. */
import { type Address, NETWORK_LABELS, type NetworkInfo } from '../../shared/network';
import type { ScenarioManifest } from '../../shared/scenario';
import { BASE_MAINNET } from './base-mainnet';
import { BASE_UNISWAP_V4 } from './base-mainnet-v4';
import { BASE_CHAIN_ID } from './client';

export type NetworkDescription = Omit<NetworkInfo, 'headBlock'>;

export function describeBaseNetwork(flabToken: Address | undefined): NetworkDescription {
  return {
    mode: 'base',
    chainId: BASE_CHAIN_ID,
    label: NETWORK_LABELS.base,
    contracts: {
      uniswapV2Factory: BASE_MAINNET.uniswapV2Factory,
      uniswapV2Router: BASE_MAINNET.uniswapV2Router,
      weth: BASE_MAINNET.weth,
      usd: BASE_MAINNET.usdc,
      multicall3: BASE_MAINNET.multicall3,
      lpLockers: BASE_MAINNET.lpLockers,
      uniswapV3: BASE_MAINNET.uniswapV3,
      uniswapV4: BASE_UNISWAP_V4,
      aerodrome: BASE_MAINNET.aerodrome,
    },
    flabToken: flabToken ?? null,
    tokens: { ...BASE_MAINNET.tokens, ...(flabToken ? { FLAB: flabToken } : {}) },
  };
}

export function describeLocalNetwork(manifest: ScenarioManifest, rpcUrl: string): NetworkDescription {
  const c = manifest.contracts;
  return {
    mode: 'local',
    chainId: BASE_CHAIN_ID,
    label: NETWORK_LABELS.local,
    rpcUrl,
    contracts: {
      uniswapV2Factory: c.factory,
      uniswapV2Router: c.router,
      weth: c.weth,
      usd: c.usd,
      multicall3: c.multicall3,
      lpLockers: [c.locker],
      uniswapV3: c.uniswapV3
        ? {
            factory: c.uniswapV3.factory,
            positionManager: c.uniswapV3.positionManager,
            swapRouter02: c.uniswapV3.swapRouter02,
            quoterV2: c.uniswapV3.quoterV2,
            positionLockers: [c.uniswapV3.positionLocker],
          }
        : null,
      uniswapV4: c.uniswapV4 ?? null,
      aerodrome: c.aerodrome
        ? {
            poolFactory: c.aerodrome.poolFactory,
            router: c.aerodrome.router,
            voter: c.aerodrome.voter,
            factoryRegistry: c.aerodrome.factoryRegistry,
            slipstream: c.aerodrome.slipstream,
            lpLockers: [c.locker],
            positionLockers: c.uniswapV3 ? [c.uniswapV3.positionLocker] : [],
          }
        : null,
    },
    flabToken: manifest.tokens.FLAB ?? null,
    tokens: { ...manifest.tokens },
    riskTokens: { ...manifest.risks },
  };
}
