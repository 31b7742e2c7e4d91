/**
 * Results that are expensive to compute (yield, pump, portfolio) kept ready for requests:
 * stale-while-revalidate over the shared cache, plus an optional background job that recomputes
 * the keys every page asks for (the default pump timeframe, the demo wallet…) before anyone waits.
 * A request waits only for the very first computation of a key; after that it gets the last result
 * at once while a newer one is computed in the background.
 *
 * Several API replicas (`shared`, ADR 0038): a computation is published to Postgres and the other
 * replicas drop their copy (NOTIFY); a replica whose copy is missing or due reads the published one
 * first and computes only when that is older than `freshMs` too. So the replicas serve the same
 * figures, and a result is served at most about two fresh windows after it was computed.
 */
import type { SharedResultStore } from '../db/shared-results';
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
  /** Several API replicas: results shared through Postgres (db/shared-results.ts). */
  shared?: SharedResultStore | undefined;
}): RefreshedResults<T> {
  const cache = createSharedCache<T>({
    ttlMs: opts.freshMs,
    staleMs: opts.staleMs,
    maxEntries: opts.maxEntries ?? 200,
    onRefreshError: (key, err) =>
      opts.log.warn({ msg: `${opts.name}: refresh failed`, key, err: (err as Error).message }),
  });
  const shared = opts.shared;
  const load = (key: string) => async (): Promise<T> => {
    if (!shared) return opts.compute(key);
    // Another replica's fresh result is ours too; the database failing only costs the sharing.
    const row = await shared.read(opts.name, key).catch((e) => {
      opts.log.warn({
        msg: `${opts.name}: reading the shared result failed`,
        key,
        err: (e as Error).message,
      });
      return undefined;
    });
    if (row && Date.now() - row.computedAt < opts.freshMs) return row.value as T;
    const value = await opts.compute(key);
    await shared.publish(opts.name, key, value).catch((e) => {
      opts.log.warn({ msg: `${opts.name}: publishing the result failed`, key, err: (e as Error).message });
    });
    return value;
  };
  shared?.subscribe(opts.name, (key) => {
    if (key === '*') cache.clear();
    else cache.delete(key);
  });
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
