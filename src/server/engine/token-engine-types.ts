/**
 * The token engine's public shapes (token-engine.ts re-exports them; the modules beside it share
 * them without a circle).
 */

import type { Address } from 'viem';
import type { TokenReport } from '../../shared/analysis';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { ProviderCheck } from '../chain/provider-check';
import type { Db } from '../db/client';
import type { TokenReportFacts } from '../facts/types';
import type { Indexer } from '../indexer/indexer';
import type { Logger } from '../logger';
import type { TokenBackfill } from './backfill';
import type { Serialised } from './serialised';
import type { SharedAnswers } from './shared-answers';

/** The parts of a report that endpoints serve on their own, and the whole report. */
export type ReportPart = 'scanner' | 'rug' | 'whales' | 'liquidity' | 'flabScore' | 'health' | 'report';
export type AmountOpts = { amountUsd?: number };

export type TokenEngine = {
  facts(address: Address): Promise<TokenReportFacts>;
  /** Base mode: the provider check the reports use; /api/health reads the same one (one batch per 15 s, not two). */
  provider?: ProviderCheck | undefined;
  report(address: Address, opts?: AmountOpts): Promise<TokenReport>;
  /** One part of the report as JSON bytes with its ETag, serialised once per facts version. */
  serialised(address: Address, part: ReportPart, opts?: AmountOpts): Promise<Serialised>;
  /** The same, only if it is at hand right now (fresh facts, already serialised); never loads. */
  peekSerialised(address: Address, part: ReportPart, opts?: AmountOpts): Serialised | undefined;
  /**
   * Whether a request for this token would be answered without a gather of its own (facts fresh,
   * within the stale window, or being gathered for someone else): the API limits the others.
   */
  warm(address: Address): boolean;
  /**
   * Several API replicas: the part as another replica published it (fresh), read from Postgres —
   * not cold work, so the API serves it without the cold-analysis limits. Undefined otherwise.
   */
  sharedSerialised?(address: Address, part: ReportPart, opts?: AmountOpts): Promise<Serialised | undefined>;
  /**
   * Work actually done (not served from cache) — for benchmarks and tests: `gathers` of facts,
   * `analyses` (runs of all analysers over one facts version and amount), `serialisations`.
   */
  stats(): { gathers: number; analyses: number; serialisations: number };
  /** Forgets the cached facts of one token (e.g. after its source was verified). */
  invalidate(address: Address): void;
};

export type CreateTokenEngineOptions = {
  db: Db;
  chain: ChainClients;
  network: NetworkDescription;
  indexer: Indexer | undefined;
  log: Logger;
  now?: () => number;
  ttlMs?: number;
  /** Stale-while-revalidate window past the TTL (0 = always wait for fresh facts). */
  staleMs?: number;
  blockscoutUrl?: string | undefined;
  /** The whole report's time budget (REPORT_BUDGET_MS). */
  budgetMs?: number;
  /**
   * Base mode without an indexer in this process (ROLE=api): backfills requested through the work
   * queue (jobs/backfill-queue.ts). Default: the in-process backfill over `indexer`.
   */
  backfill?: TokenBackfill;
  /** Told where a token's in-process backfill starts (recorded for the other processes). */
  onBackfillTracked?: (token: Address, fromBlock: bigint) => Promise<void>;
  /** Several API replicas: answers published to and served from Postgres (ADR 0030). */
  shared?: SharedAnswers;
  /** Base mode: told of every read of a token (keeps it followed, engine/request-log.ts). */
  onRequested?: (token: string) => void;
  /** Base mode: a token left idle, to catch up from its pause (engine/backfill-state.ts). */
  pausedBackfill?: (
    token: Address,
  ) => Promise<{ addresses: string[]; fromBlock: bigint; at: bigint } | undefined>;
};
