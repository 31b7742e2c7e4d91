/**
 * A small TTL cache that also shares in-flight work: 200 simultaneous requests for the same cold
 * token run one analysis, and the pages' 15–30 s polling hits the cache.
 */
export type SharedCache<T> = {
  get(key: string, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  size(): number;
};

export function createSharedCache<T>(opts: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): SharedCache<T> {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 500;
  const done = new Map<string, { value: T; at: number }>();
  const inflight = new Map<string, Promise<T>>();
  return {
    get(key, load) {
      const hit = done.get(key);
      if (hit && now() - hit.at < opts.ttlMs) return Promise.resolve(hit.value);
      const running = inflight.get(key);
      if (running) return running;
      const p = load().then(
        (value) => {
          inflight.delete(key);
          done.delete(key);
          done.set(key, { value, at: now() });
          // Map keeps insertion order: drop the oldest beyond the cap.
          while (done.size > max) {
            const oldest = done.keys().next().value;
            if (oldest === undefined) break;
            done.delete(oldest);
          }
          return value;
        },
        (err) => {
          inflight.delete(key);
          throw err;
        },
      );
      inflight.set(key, p);
      return p;
    },
    delete(key) {
      done.delete(key);
    },
    size: () => done.size,
  };
}
