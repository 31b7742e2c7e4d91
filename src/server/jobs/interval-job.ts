/**
 * The loop every background job shares: run a pass, wait `intervalMs` after it ends (so passes never
 * overlap), log a failed pass and go on. `runOnce` lets tests and callers run a pass on demand;
 * concurrent callers share the pass in flight. `stop` waits for it.
 */
import type { Logger } from '../logger';

export type IntervalJob<T> = {
  runOnce(): Promise<T>;
  stop(): Promise<void>;
};

export function startIntervalJob<T>(opts: {
  name: string;
  intervalMs: number;
  /** Delay before the first pass (default: one interval). */
  firstDelayMs?: number;
  log: Logger;
  run: () => Promise<T>;
}): IntervalJob<T> {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let inFlight: Promise<T> | undefined;

  const runOnce = (): Promise<T> => {
    if (!inFlight) inFlight = opts.run().finally(() => (inFlight = undefined));
    return inFlight;
  };
  const loop = () => {
    if (stopped) return;
    runOnce()
      .catch((e) => opts.log.warn({ msg: `${opts.name} failed`, err: (e as Error).message }))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, opts.intervalMs);
      });
  };
  timer = setTimeout(loop, opts.firstDelayMs ?? opts.intervalMs);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight?.catch(() => {});
    },
  };
}
