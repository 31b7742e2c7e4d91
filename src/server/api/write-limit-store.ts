/**
 * The store behind the per-client write limit (@fastify/rate-limit's `store` option): the library's
 * fixed window per key, but on a clock the app is given. The library's own in-memory store reads
 * Date.now, so a test of "the 31st write in a window is refused" depended on the writes landing
 * inside one real minute — which a loaded machine does not promise. With the clock injected, the
 * test moves time itself; the running app passes nothing and gets Date.now.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

type Window = { count: number; startMs: number };
type Result = { current: number; ttl: number };

/** Keys kept per route before the least recently used is dropped (the library's default too). */
const MAX_KEYS = 5000;

class ClockedWindows implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  incr(key: string, cb: (error: Error | null, result?: Result) => void, timeWindow: number): void {
    const nowMs = this.now();
    let w = this.windows.get(key);
    if (!w || w.startMs + timeWindow <= nowMs) w = { count: 0, startMs: nowMs };
    w.count += 1;
    // Re-inserting moves the key to the end: the Map's first key is the least recently used.
    this.windows.delete(key);
    this.windows.set(key, w);
    if (this.windows.size > MAX_KEYS) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    cb(null, { current: w.count, ttl: w.startMs + timeWindow - nowMs });
  }

  /** A snapshot without counting (the library's `{ increment: false }` checks). */
  read(key: string, cb: (error: Error | null, result?: Result) => void, timeWindow: number): void {
    const nowMs = this.now();
    const w = this.windows.get(key);
    if (!w || w.startMs + timeWindow <= nowMs) cb(null, { current: 0, ttl: 0 });
    else cb(null, { current: w.count, ttl: w.startMs + timeWindow - nowMs });
  }

  /** Each rate-limited route counts on its own, as with the library's store. */
  child(): FastifyRateLimitStore {
    return new ClockedWindows(this.now);
  }
}

/** A store class for @fastify/rate-limit whose windows run on `now` (milliseconds). */
export function clockedWriteLimitStore(now: () => number = Date.now): FastifyRateLimitStoreCtor {
  return class extends ClockedWindows {
    constructor() {
      super(now);
    }
  };
}
