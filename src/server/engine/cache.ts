/**
 * A small TTL cache that also shares in-flight work: 200 simultaneous requests for the same cold
 * token run one analysis, and the pages' 15–30 s polling hits the cache.
 *
 * With `staleMs`, an entry past its TTL but within the stale window is still answered at once while
 * one reload runs in the background (stale-while-revalidate): a request never waits for a refresh
 * of something we already know, only for the first load of something we don't.
 *
 * With `refreshSlots`, at most that many background reloads run at once; the rest queue (FIFO).
 * Entries loaded together expire together: without the cap, every token a page polls was re-gathered
 * in one burst each TTL, and the burst's CPU (decoding, simulation results) stalled the event loop
 * for 70–120 ms under load. A queued reload starts at once if a request needs it (entry too old).
 */
export type SharedCache<T> = {
  get(key: string, load: () => Promise<T>): Promise<T>;
  /** The entry if it is fresh (within the TTL), without loading; undefined otherwise. */
  peek(key: string): T | undefined;
  /**
   * Whether a get would answer without a load of its own: an entry within the TTL or the stale
   * window, or a load already in flight to share.
   */
  warm(key: string): boolean;
  /** Loads the entry again now (sharing a load already in flight) — for background refreshers. */
  refresh(key: string, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  /** Forgets every entry (loads in flight still settle). */
  clear(): void;
  size(): number;
};

export function createSharedCache<T>(opts: {
  ttlMs: number;
  /** How long past the TTL an entry may still be served while it reloads (default 0: never). */
  staleMs?: number;
  maxEntries?: number;
  now?: () => number;
  /** Told when a background reload fails (the stale entry stays until it ages out). */
  onRefreshError?: (key: string, err: unknown) => void;
  /**
   * Whether a loaded value may be kept (default: always). A value that may not is handed to the
   * callers waiting for it and forgotten: the next request loads again (e.g. incomplete facts).
   */
  keep?: (value: T) => boolean;
  /** Background reloads allowed at once (default: no limit). First loads never wait for a slot. */
  refreshSlots?: number;
}): SharedCache<T> {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 500;
  const stale = opts.staleMs ?? 0;
  const done = new Map<string, { value: T; at: number }>();
  const inflight = new Map<string, Promise<T>>();
  const slots = opts.refreshSlots ?? Number.POSITIVE_INFINITY;
  let busy = 0;
  /** Queued background reloads by key, in arrival order; calling one starts it. */
  const waiting = new Map<string, () => void>();
  const startWaiting = (key: string) => {
    const go = waiting.get(key);
    if (!go) return;
    waiting.delete(key);
    busy++;
    go();
  };
  const drain = () => {
    while (busy < slots && waiting.size > 0) startWaiting(waiting.keys().next().value as string);
  };
  /** `load`, run now if a slot is free, else once one is (or once a request needs the entry). */
  const inSlot = (key: string, load: () => Promise<T>) => (): Promise<T> => {
    const run = async () => {
      try {
        return await load();
      } finally {
        busy--;
        drain();
      }
    };
    if (busy < slots && waiting.size === 0) {
      busy++;
      return run();
    }
    return new Promise<void>((resolve) => waiting.set(key, resolve)).then(run);
  };

  const start = (key: string, load: () => Promise<T>): Promise<T> => {
    const p = load().then(
      (value) => {
        inflight.delete(key);
        // Not kept: a stale complete entry (if any) stays, better than an incomplete one.
        if (opts.keep && !opts.keep(value)) return value;
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
  };

  return {
    get(key, load) {
      const hit = done.get(key);
      const age = hit ? now() - hit.at : Number.POSITIVE_INFINITY;
      if (hit && age < opts.ttlMs) return Promise.resolve(hit.value);
      const running = inflight.get(key);
      if (hit && age < opts.ttlMs + stale) {
        if (!running) {
          start(key, inSlot(key, load)).catch((err) => opts.onRefreshError?.(key, err));
        }
        return Promise.resolve(hit.value);
      }
      if (running) {
        startWaiting(key); // a queued reload is needed now: it may not wait for its turn
        return running;
      }
      return start(key, load);
    },
    refresh(key, load) {
      return inflight.get(key) ?? start(key, load);
    },
    warm(key) {
      if (inflight.has(key)) return true;
      const hit = done.get(key);
      return !!hit && now() - hit.at < opts.ttlMs + stale;
    },
    peek(key) {
      const hit = done.get(key);
      return hit && now() - hit.at < opts.ttlMs ? hit.value : undefined;
    },
    delete(key) {
      done.delete(key);
    },
    clear() {
      done.clear();
    },
    size: () => done.size,
  };
}
