/**
 * When each token was last asked for (Base mode), so the follower can drop the ones nobody reads
 * (jobs/follow-pruner.ts). Every report, answer or watch read of a token calls `touch`; the
 * database is written at most once per `everyMs` per token and process (the idle time it serves
 * is counted in minutes, so a write per request would only load the database).
 */
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { touchRequested } from './backfill-state';

export type RequestLog = { touch(token: string): void };

/** Writes per token and process at most this often. */
export const TOUCH_EVERY_MS = 60_000;
const MAX_REMEMBERED = 50_000;

export function createRequestLog(opts: {
  db: Db;
  log: Logger;
  /** FOLLOW_IDLE_MINUTES in ms: writes come at least four times per idle time (0: every minute). */
  idleMs: number;
}): RequestLog {
  const everyMs = opts.idleMs > 0 ? Math.min(TOUCH_EVERY_MS, opts.idleMs / 4) : TOUCH_EVERY_MS;
  const written = new Map<string, number>();
  return {
    touch(token) {
      const key = token.toLowerCase();
      const t = Date.now();
      const last = written.get(key);
      if (last !== undefined && t - last < everyMs) return;
      if (written.size >= MAX_REMEMBERED) written.clear();
      written.set(key, t);
      touchRequested(opts.db, [key]).catch((e) => {
        written.delete(key);
        opts.log.warn({ msg: 'recording a token request failed', token: key, err: (e as Error).message });
      });
    },
  };
}
