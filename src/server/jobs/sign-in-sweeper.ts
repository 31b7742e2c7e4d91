/**
 * Expired wallet sessions and sign-in nonces deleted on a timer, not only when someone signs in:
 * a public server that hands out nonces to anyone must not keep every unused one forever.
 */
import { sweepExpiredSignIns } from '../auth/sessions';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { type IntervalJob, startIntervalJob } from './interval-job';

/** Nonces live 10 minutes and sessions days: a sweep every 10 minutes keeps both tables small. */
export const SIGN_IN_SWEEP_INTERVAL_MS = 10 * 60_000;

export function startSignInSweeper(opts: {
  db: Db;
  log: Logger;
  intervalMs?: number;
  now?: () => Date;
}): IntervalJob<{ sessions: number; nonces: number }> {
  const now = opts.now ?? (() => new Date());
  return startIntervalJob({
    name: 'sign-in sweep',
    intervalMs: opts.intervalMs ?? SIGN_IN_SWEEP_INTERVAL_MS,
    log: opts.log,
    run: async () => {
      const swept = await sweepExpiredSignIns(opts.db, now());
      if (swept.sessions || swept.nonces) opts.log.info({ msg: 'expired sign-ins swept', ...swept });
      return swept;
    },
  });
}
