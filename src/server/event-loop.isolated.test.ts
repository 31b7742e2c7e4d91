import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEventLoopMonitor } from './event-loop';

// No wall clock: Node's delay histogram is replaced by one the test fills with the intervals its
// timer would have measured (the raw figure: the timer's resolution plus how late it ran), and the
// monitor's slice timer runs on fake time. What is checked is the arithmetic: resolution taken off,
// slices cut and kept for the window, p99 the worst slice's, max exact.
const histogram = vi.hoisted(() => {
  let samples: number[] = [];
  return {
    record: (...ns: number[]) => samples.push(...ns),
    fake: {
      enable() {},
      disable() {},
      reset() {
        samples = [];
      },
      get count() {
        return samples.length;
      },
      get max() {
        return Math.max(0, ...samples);
      },
      percentile(p: number) {
        const sorted = [...samples].sort((a, b) => a - b);
        return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
      },
    },
  };
});
vi.mock('node:perf_hooks', async (original) => ({
  ...(await original<typeof import('node:perf_hooks')>()),
  monitorEventLoopDelay: () => histogram.fake,
}));

const MS = 1e6;
const SLICE_MS = 5_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  histogram.fake.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('event-loop monitor', () => {
  it('reports the delay itself, not the timer interval, and sees a blocked loop', () => {
    const m = startEventLoopMonitor({ resolutionMs: 10 });
    try {
      expect(m.read()).toEqual({ windowSeconds: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 });
      // An idle loop: the 10 ms timer fires 10.1 ms apart; the delay is the 0.1 ms.
      histogram.record(...Array.from({ length: 50 }, () => 10.1 * MS));
      const idle = m.read();
      expect(idle.p50Ms).toBe(0.1);
      expect(idle.maxMs).toBe(0.1);
      // The loop blocked for 120 ms: one interval of 130 ms.
      histogram.record(130 * MS);
      expect(m.read().maxMs).toBe(120);
    } finally {
      m.stop();
    }
  });

  it('keeps a window of slices: the median of their p50s, the worst p99, the exact max', async () => {
    const m = startEventLoopMonitor({ resolutionMs: 10 });
    try {
      histogram.record(...Array.from({ length: 100 }, () => 11 * MS), 40 * MS);
      await vi.advanceTimersByTimeAsync(SLICE_MS);
      histogram.record(...Array.from({ length: 100 }, () => 12 * MS));
      await vi.advanceTimersByTimeAsync(SLICE_MS);
      histogram.record(...Array.from({ length: 100 }, () => 13 * MS));
      // Two cut slices and the current one.
      expect(m.read()).toEqual({ windowSeconds: 15, p50Ms: 2, p99Ms: 3, maxMs: 30 });
      // The window holds twelve slices (a minute) at most: older ones fall out.
      for (let i = 0; i < 20; i++) {
        histogram.record(10.5 * MS);
        await vi.advanceTimersByTimeAsync(SLICE_MS);
      }
      expect(m.read()).toEqual({ windowSeconds: 60, p50Ms: 0.5, p99Ms: 0.5, maxMs: 0.5 });
    } finally {
      m.stop();
    }
  });
});
