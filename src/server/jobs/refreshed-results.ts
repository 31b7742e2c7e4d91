/**
 * Results that are expensive to compute (yield, pump, portfolio) kept ready for requests:
 * stale-while-revalidate over the shared cache, plus an optional background job that recomputes
 * the keys every page asks for (the default pump timeframe, the demo wallet…) before anyone waits.
 * A request waits only for the very first computation of a key; after that it gets the last result
 * at once while a newer one is computed in the background.
 */
import { createSharedCache } from '../engine/cache';
import type { Logger } from '../logger';
import { type IntervalJob, startIntervalJob } from './interval-job';

export type RefreshedResults<T> = {
  get(key: string): Promise<T>;
  /** Starts the background job, if one was configured (the app calls it once it listens). */
  start(): void;
  /** Stops the background job (waits for a pass in flight). */
  stop(): Promise<void>;
};

export function createRefreshedResults<T>(opts: {
  name: string;
  compute: (key: string) => Promise<T>;
  /** A result younger than this is served as is. */
  freshMs: number;
  /** Past freshMs, a result this much older is still served while it is recomputed. */
  staleMs: number;
  maxEntries?: number;
  log: Logger;
  /** Keys recomputed in the background every `intervalMs` (omitted: on demand only). */
  background?: { keys: () => string[]; intervalMs: number; firstDelayMs?: number } | undefined;
}): RefreshedResults<T> {
  const cache = createSharedCache<T>({
    ttlMs: opts.freshMs,
    staleMs: opts.staleMs,
    maxEntries: opts.maxEntries ?? 200,
    onRefreshError: (key, err) =>
      opts.log.warn({ msg: `${opts.name}: refresh failed`, key, err: (err as Error).message }),
  });
  const load = (key: string) => () => opts.compute(key);
  let job: IntervalJob<void> | undefined;
  const bg = opts.background;
  const start = () => {
    if (job || !bg) return;
    job = startIntervalJob({
      name: opts.name,
      intervalMs: bg.intervalMs,
      firstDelayMs: bg.firstDelayMs ?? 2_000,
      log: opts.log,
      run: async () => {
        // One key after another: background work must not crowd out requests.
        for (const key of bg.keys()) {
          await cache.refresh(key, load(key)).catch((e) => {
            opts.log.warn({ msg: `${opts.name}: background pass failed`, key, err: (e as Error).message });
          });
        }
      },
    });
  };
  return {
    get: (key) => cache.get(key, load(key)),
    start,
    stop: async () => {
      await job?.stop();
    },
  };
}
