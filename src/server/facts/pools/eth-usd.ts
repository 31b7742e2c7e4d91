/** The ETH price in USD, from the chain's deepest WETH/USD pool. */
import type { Address, PublicClient } from 'viem';
import type { NetworkDescription } from '../../chain/network';
import type { Db } from '../../db/client';
import type { VenueRegistry } from '../../venues/registry';
import { type PoolState, priceInQuote } from '../../venues/venue';
import { indexedPools, known } from './indexed-pools';
import { USD_DECIMALS } from './market';

/**
 * USD per ETH from the deepest WETH/USD pool on any venue (null when there is none or it is empty),
 * and the WETH/USD pools read (a multi-hop trade route hops through them).
 */
export async function readEthUsd(
  db: Db,
  client: PublicClient,
  venues: VenueRegistry,
  network: NetworkDescription,
  /** Awaited before the pools are read (the report's second round, facts/round.ts). */
  beforeSend: () => Promise<void> = async () => {},
): Promise<{ price: number | null; pools: PoolState[] }> {
  const weth = network.contracts.weth.toLowerCase() as Address;
  const usd = network.contracts.usd.toLowerCase();
  // On Base the factory is asked at once, beside the index (no database step before the RPC call).
  const [indexed, discovered] = await Promise.all([
    indexedPools(db, venues, weth, weth),
    network.mode === 'base' ? venues.discoverPools(client, weth, [usd as Address]) : undefined,
  ]);
  let refs = indexed.filter(known).filter((p) => p.token0 === usd || p.token1 === usd);
  await beforeSend();
  if (refs.length === 0) refs = discovered ?? (await venues.discoverPools(client, weth, [usd as Address]));
  if (refs.length === 0) return { price: null, pools: [] };
  const states = await venues.readPools(client, weth, refs);
  const deepest = states.sort((a, b) => (b.quoteReserve > a.quoteReserve ? 1 : -1))[0];
  return { price: deepest ? priceInQuote(deepest, 18, USD_DECIMALS) : null, pools: states };
}
