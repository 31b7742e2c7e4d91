/** What the fact gatherer is given: the database, the chain, the network and the report's budget. */
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { VenueRegistry } from '../venues/registry';
import type { Deadline } from './budget';
import type { RuggedPool } from './holders/index-reads';
import type { TokenBasics } from './token-reads';

export type GatherDeps = {
  db: Db;
  chain: ChainClients;
  network: NetworkDescription;
  log: Logger;
  now: () => number;
  /** Blockscout instance for verification look-ups in Base mode (optional). */
  blockscoutUrl?: string | undefined;
  /** The chain's venues; built from `network` when omitted. */
  venues?: VenueRegistry;
  /** Whether the index holds the token's whole history (always on the local chain). */
  holdersComplete?: (token: string) => boolean;
  /**
   * Whether the index has reached the head for this token (the local indexer at the head; Base: the
   * token's backfill done). False: what needs its history says "indexing", never "none found".
   */
  indexComplete?: (token: string) => boolean;
  /** The report's time budget: simulations not done by then are reported as not checked in time. */
  deadline?: Deadline;
  /**
   * The chain's rugged pools (index-reads readRuggedPools): the same for every token at one indexed
   * block, and a scan of every Sync the index holds (~40 ms of the database thread on the full
   * scenario), so the engine shares one read per block between its gathers; without it, each
   * gather reads its own.
   */
  ruggedPools?: () => Promise<RuggedPool[]>;
  /**
   * The token's basics, already asked (the engine sends them with its head-block read, one round
   * trip for both); read here when absent.
   */
  basics?: Promise<TokenBasics>;
};

/** GatherDeps with the venues built (gatherTokenFacts fills them in before any part runs). */
export type Deps = GatherDeps & { venues: VenueRegistry };
