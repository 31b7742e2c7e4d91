/** What route modules receive: the services built by the composition root. */
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { Database } from '../db/client';
import type { SharedResultStore } from '../db/shared-results';
import type { TokenEngine } from '../engine/token-engine';
import type { Logger } from '../logger';

export type AppContext = {
  database: Database;
  chain: ChainClients;
  network: NetworkDescription;
  engine: TokenEngine;
  log: Logger;
  /** Several API replicas: refreshed results (yield, pump, portfolio) shared through Postgres. */
  sharedResults?: SharedResultStore | undefined;
};
