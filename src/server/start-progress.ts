/**
 * Start-up progress: one line per phase with how long it took (config, db, chain, scenario, index,
 * http…), so a newcomer watching `npm start` sees where the time goes. Through the logger, so the
 * terminal shows a readable line and log collectors get phase and duration fields.
 */
import type { Logger } from './logger';

export type StartProgress = {
  /**
   * Marks the end of a phase that started where the previous one ended, or at `startedAt`
   * (performance.now()) for phases that run side by side (the database and the chain).
   */
  phase(name: string, detail?: string, startedAt?: number): void;
  /** Milliseconds since the process started. */
  elapsedMs(): number;
};

export function createStartProgress(log: Logger): StartProgress {
  // performance.now() counts from the process's start: the first phase includes module loading.
  let last = 0;
  return {
    phase(name, detail, startedAt) {
      const now = performance.now();
      const ms = Math.round(now - (startedAt ?? last));
      last = Math.max(last, now);
      log.info({
        msg: `start ▸ ${name.padEnd(8)} ${(ms / 1000).toFixed(1).padStart(5)} s${detail ? `  ${detail}` : ''}`,
        phase: name,
        duration_ms: ms,
        elapsed_ms: Math.round(now),
      });
    },
    elapsedMs: () => Math.round(performance.now()),
  };
}
