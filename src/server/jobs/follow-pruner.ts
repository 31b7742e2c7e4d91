/**
 * Base mode: the set of followed tokens stays bounded. Every token anyone analysed joins the one
 * follower (indexer.ts), and each followed address widens every eth_getLogs of every new block —
 * forever, without this. A token nobody asked for within FOLLOW_IDLE_MINUTES (reports, answers and
 * watch reads all count, engine/request-log.ts) leaves the follower; the block it stopped at is
 * recorded, and the next request catches it up from there through the usual per-token backfill
 * (the queued job in ROLE=worker), its report saying "history catching up" meanwhile.
 * Runs where the indexer runs: ROLE=all on Base, and the leading worker.
 */
import type { Db } from '../db/client';
import { idleFollowedTokens, markPaused, tokenStreamId } from '../engine/backfill-state';
import type { Indexer } from '../indexer/indexer';
import type { Logger } from '../logger';
import { type IntervalJob, startIntervalJob } from './interval-job';

/** Checks at most this often apart: idle times are counted in minutes or hours. */
const MAX_INTERVAL_MS = 5 * 60_000;

export function startFollowPruner(opts: {
  db: Db;
  indexer: Pick<Indexer, 'unfollow'>;
  /** FOLLOW_IDLE_MINUTES in ms; 0 = follow every token for good (no pruning). */
  idleMs: number;
  log: Logger;
  intervalMs?: number;
}): IntervalJob<{ unfollowed: string[] }> {
  const intervalMs =
    opts.intervalMs ?? Math.max(1_000, Math.min(MAX_INTERVAL_MS, Math.floor(opts.idleMs / 4)));
  return startIntervalJob({
    name: 'follow pruning',
    intervalMs: opts.idleMs > 0 ? intervalMs : 24 * 3_600_000,
    log: opts.log,
    run: async () => {
      if (opts.idleMs <= 0) return { unfollowed: [] };
      const idle = await idleFollowedTokens(opts.db, opts.idleMs);
      const unfollowed: string[] = [];
      for (const t of idle) {
        const block = await opts.indexer.unfollow(tokenStreamId(t.token), t.addresses);
        if (block === undefined) continue;
        await markPaused(opts.db, t.token, block);
        unfollowed.push(t.token);
      }
      if (unfollowed.length) {
        opts.log.info({ msg: 'stopped following idle tokens', tokens: unfollowed, idle_ms: opts.idleMs });
      }
      return { unfollowed };
    },
  });
}
