/**
 * The DEX contracts a Base-mode follower reads besides the tracked addresses (CreateIndexerOptions.dex):
 * every venue's pool factories (a pool created later for a tracked token joins the follow) and every
 * position-NFT manager whose mints into a followed pool it pairs with a position id (Uniswap V3's
 * and each Slipstream factory's), so Slipstream LP locks and burns are recognised as V3's are, and
 * Uniswap V4's PoolManager (its logs asked by topic). One place, so the API process and the worker
 * follow the same contracts.
 */
import type { NetworkDescription } from '../chain/network';

export function followedDexContracts(network: NetworkDescription): {
  poolFactories: string[];
  positionManagers: string[];
  v4PoolManager: string | undefined;
} {
  const c = network.contracts;
  return {
    poolFactories: [
      c.uniswapV2Factory,
      ...(c.uniswapV3 ? [c.uniswapV3.factory] : []),
      ...(c.aerodrome ? [c.aerodrome.poolFactory, ...c.aerodrome.slipstream.map((s) => s.factory)] : []),
    ],
    positionManagers: [
      ...(c.uniswapV3 ? [c.uniswapV3.positionManager] : []),
      ...(c.aerodrome?.slipstream.map((s) => s.positionManager) ?? []),
    ],
    v4PoolManager: c.uniswapV4?.poolManager,
  };
}
