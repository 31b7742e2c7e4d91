/**
 * The venues this chain has, built from the network description (local scenario or Base), and
 * the few operations that span them: which venue a pool belongs to, discover a token's pools on
 * every venue, read many pools of mixed venues at once.
 */
import type { Address, PublicClient } from 'viem';
import type { NetworkDescription } from '../chain/network';
import { createAerodromeVenue } from './aerodrome';
import { createSlipstreamVenue } from './aerodrome-slipstream';
import { createUniswapV2Venue } from './uniswap-v2';
import { createUniswapV3Venue } from './uniswap-v3';
import { createUniswapV4Venue } from './uniswap-v4';
import type { PoolRef, PoolState, ReadPoolsContext, Venue, VenueId } from './venue';

export type VenueRegistry = {
  venues: Venue[];
  get(id: VenueId): Venue | undefined;
  /** The venue whose factory created a pool (from PairCreated/PoolCreated), or null if we do not read it. */
  venueOfFactory(factory: string): VenueId | null;
  /** A token's pools against `quotes` on every venue, asked of the factories. */
  discoverPools(client: PublicClient, token: Address, quotes: Address[]): Promise<PoolRef[]>;
  /**
   * What `readPools` needs that the index does not keep (Uniswap V4: the pool keys behind the
   * handles), asked as soon as the index rows are known so it shares a round trip with the reads
   * beside it instead of adding one before the pool-state read. Never throws: readPools asks again.
   */
  prepare(client: PublicClient, token: Address, refs: PoolRef[]): Promise<void>;
  /** State of pools of any venues (one batched read per venue, in parallel). Unreadable pools are left out. */
  readPools(
    client: PublicClient,
    token: Address,
    refs: PoolRef[],
    ctx?: ReadPoolsContext,
  ): Promise<PoolState[]>;
};

export function createVenueRegistry(network: NetworkDescription): VenueRegistry {
  const c = network.contracts;
  const venues: Venue[] = [
    createUniswapV2Venue({ factory: c.uniswapV2Factory, router: c.uniswapV2Router, lockers: c.lpLockers }),
  ];
  const factories = new Map<string, VenueId>([[c.uniswapV2Factory.toLowerCase(), 'uniswap-v2']]);
  if (c.uniswapV3) {
    venues.push(createUniswapV3Venue(c.uniswapV3));
    factories.set(c.uniswapV3.factory.toLowerCase(), 'uniswap-v3');
  }
  // V4 pools are found from Initialize logs. The local chain's history is short: the venue asks for
  // a token's over the whole of it. On Base that is the PoolManager's history from block
  // 25 350 988, beyond any getLogs range: there the token's backfill reads them range by range with
  // the rest of its history (indexer dex.v4PoolManager), the index's pairs rows carry each pool's
  // key, and the venue itself only tries the no-hook standard tiers (ADR 0026, amendment 4).
  if (c.uniswapV4) {
    venues.push(createUniswapV4Venue(c.uniswapV4, c.weth, { discoverByLogs: network.mode === 'local' }));
    // V4 has no factory: its pools are created on the PoolManager (Initialize), which names the venue.
    factories.set(c.uniswapV4.poolManager.toLowerCase(), 'uniswap-v4');
  }
  if (c.aerodrome) {
    venues.push(createAerodromeVenue(c.aerodrome), createSlipstreamVenue(c.aerodrome));
    factories.set(c.aerodrome.poolFactory.toLowerCase(), 'aerodrome');
    for (const s of c.aerodrome.slipstream) factories.set(s.factory.toLowerCase(), 'aerodrome-slipstream');
  }
  const byId = new Map(venues.map((v) => [v.id, v]));

  return {
    venues,
    get: (id) => byId.get(id),
    venueOfFactory: (factory) => factories.get(factory.toLowerCase()) ?? null,
    async discoverPools(client, token, quotes) {
      // A failed look-up throws (the caller answers 503 or retries): an RPC error is not "no pools".
      const found = await Promise.all(venues.map((v) => v.discoverPools(client, token, quotes)));
      return found.flat();
    },
    async prepare(client, token, refs) {
      await Promise.all(
        venues.map((v) => {
          const mine = refs.filter((r) => r.venue === v.id);
          return v.prepare && mine.length > 0 ? v.prepare(client, token, mine).catch(() => {}) : undefined;
        }),
      );
    },
    async readPools(client, token, refs, ctx = { deployer: null }) {
      const groups = venues
        .map((v) => ({ v, refs: refs.filter((r) => r.venue === v.id) }))
        .filter((g) => g.refs.length > 0);
      const states = await Promise.all(groups.map((g) => g.v.readPools(client, token, g.refs, ctx)));
      return states.flat();
    },
  };
}
