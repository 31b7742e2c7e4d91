/**
 * Event-loop delay over a recent window, for /api/health and the benchmarks: how long a ready
 * callback (an incoming request) may have waited behind running work. Uses
 * perf_hooks.monitorEventLoopDelay, read and reset every SLICE_MS; the last WINDOW_SLICES slices
 * make the window. p50 is the median of the slices' p50s; p99 is the worst slice's p99 (an upper
 * bound of the window's p99: slices cannot be merged exactly); max is exact.
 *
 * The histogram records the time between two ticks of a timer set to `resolution`, not how late a
 * tick was: an idle process reads p50 10.1 ms at the default 10 ms. The resolution is taken off, so
 * the figures are the delay itself (idle: ~0.1 ms).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const SLICE_MS = 5_000;
const WINDOW_SLICES = 12;

export type EventLoopDelay = {
  windowSeconds: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
};

export type EventLoopMonitor = {
  read(): EventLoopDelay;
  stop(): void;
};

type Slice = { p50: number; p99: number; max: number };

const ms = (ns: number) => Math.round(ns / 1e4) / 100;

export function startEventLoopMonitor(opts: { resolutionMs?: number } = {}): EventLoopMonitor {
  const resolutionMs = opts.resolutionMs ?? 10;
  const h = monitorEventLoopDelay({ resolution: resolutionMs });
  h.enable();
  const slices: Slice[] = [];
  const late = (ns: number) => Math.max(0, ns - resolutionMs * 1e6);
  const cut = (): Slice | undefined => {
    if (h.count === 0) return undefined;
    return { p50: late(h.percentile(50)), p99: late(h.percentile(99)), max: late(h.max) };
  };
  const timer = setInterval(() => {
    const s = cut();
    h.reset();
    if (s) slices.push(s);
    while (slices.length > WINDOW_SLICES) slices.shift();
  }, SLICE_MS);
  timer.unref();

  return {
    read() {
      const all = [...slices];
      const now = cut();
      if (now) all.push(now);
      if (all.length === 0) return { windowSeconds: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 };
      const p50s = all.map((s) => s.p50).sort((a, b) => a - b);
      return {
        windowSeconds: Math.round((all.length * SLICE_MS) / 1000),
        p50Ms: ms(p50s[Math.floor((p50s.length - 1) / 2)] ?? 0),
        p99Ms: ms(Math.max(...all.map((s) => s.p99))),
        maxMs: ms(Math.max(...all.map((s) => s.max))),
      };
    },
    stop() {
      clearInterval(timer);
      h.disable();
    },
  };
}
