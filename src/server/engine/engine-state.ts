/**
 * The token engine's state, in one object its steps receive explicitly (token-engine.ts builds
 * it): the gather's dependencies, the facts cache, the backfill, the last head read, the work
 * counters and what was derived per facts version.
 */

import type { Address, PublicClient } from 'viem';
import type { TokenReport } from '../../shared/analysis';
import type { ProviderCheck } from '../chain/provider-check';
import type { GatherDeps } from '../facts/gather';
import type { TokenReportFacts } from '../facts/types';
import type { VenueRegistry } from '../venues/registry';
import type { TokenBackfill } from './backfill';
import type { SharedCache } from './cache';
import type { Serialised } from './serialised';
import type { CreateTokenEngineOptions } from './token-engine-types';

/** What one facts version yields, computed at most once each and forgotten with the facts. */
export type Derived = {
  reports: Map<number, TokenReport>;
  bytes: Map<string, Serialised>;
  /** The main pool venue's quoted impact per amount (undefined entry: V2, formula applies). */
  impacts: Map<number, number | null | undefined>;
};

export type EngineState = {
  opts: CreateTokenEngineOptions;
  /** The batched client reports read through: their independent calls share round trips. */
  reads: PublicClient;
  venuesOf: () => VenueRegistry;
  deps: GatherDeps;
  cache: SharedCache<TokenReportFacts>;
  backfill: TokenBackfill | undefined;
  budgetMs: number;
  /** Work actually done (TokenEngine.stats). */
  counts: { gathers: number; analyses: number; serialisations: number };
  derived: WeakMap<TokenReportFacts, Derived>;
  /** Each gather's facts version (when it was gathered, ms): shared answers name the version they came from. */
  versions: WeakMap<TokenReportFacts, number>;
  /** One shared-answer look-up (and publish) per answer at a time. */
  sharedFlights: Map<string, Promise<Serialised>>;
  /** The head the last gather read (-1 before any). */
  head: bigint;
  /** Told of every read of a token (opts.onRequested). */
  requested: (token: Address) => void;
  /**
   * Base mode: the provider's head age, chain id and eth_simulateV1 (chain/provider-check.ts), said
   * in every report's facts. Absent on the embedded chain, which the app itself runs.
   */
  provider: ProviderCheck | undefined;
};
