/**
 * Background job: resolve the creator of every token the index has seen, so "tokens deployed by
 * this wallet" and rug histories are complete before anyone asks. Local chain only (on Base the
 * index covers just the analysed tokens and their creators are resolved on demand).
 */
import type { PublicClient } from 'viem';
import type { Db } from '../db/client';
import { ensureDeployers, tokensWithoutCreator } from '../facts/holders/deployers';
import type { Logger } from '../logger';
import { startIntervalJob } from './interval-job';

export const DEPLOYER_RESOLVE_INTERVAL_MS = 5_000;

export function startDeployerResolver(opts: {
  db: Db;
  client: PublicClient;
  log: Logger;
  intervalMs?: number;
}) {
  return startIntervalJob({
    name: 'deployer resolution',
    intervalMs: opts.intervalMs ?? DEPLOYER_RESOLVE_INTERVAL_MS,
    firstDelayMs: 0,
    log: opts.log,
    run: async () => {
      const tokens = await tokensWithoutCreator(opts.db, 50);
      if (tokens.length) await ensureDeployers(opts.db, opts.client, tokens);
    },
  });
}
