/**
 * A reading of something slow to ask (the chain's head, a database round trip) that a liveness
 * probe can answer from without waiting: under load the chain and the database queue our own work,
 * and /api/health waiting behind that queue measured the queue, not whether they are up (p99 75–90
 * ms under 200 connections, where the answer itself takes 2 ms).
 *
 * - younger than `refreshAfterMs`: answered as is;
 * - younger than `trustMs`: answered as is, and one read starts in the background;
 * - older, or never read: the caller waits for a read (one in flight at a time).
 * A failed read is forgotten at once, so the next caller waits for a fresh one and sees the failure.
 */
export type FreshReading<T> = {
  /** The last good value within trustMs, else the result of a new read (undefined if it fails). */
  get(): Promise<T | undefined>;
};

export function createFreshReading<T>(opts: {
  read: () => Promise<T>;
  refreshAfterMs: number;
  trustMs: number;
  /**
   * Where the last good value is kept, when something else keeps it (the chain client records
   * every head it reads and forgets it on any failed read; the database every answered query).
   * Without it the reading keeps its own.
   */
  known?: () => { value: T; at: number } | undefined;
  now?: () => number;
}): FreshReading<T> {
  const now = opts.now ?? (() => performance.now());
  let own: { value: T; at: number } | undefined;
  let inFlight: Promise<T | undefined> | undefined;

  const refresh = (): Promise<T | undefined> => {
    inFlight ??= opts
      .read()
      .then(
        (value) => {
          own = { value, at: now() };
          return value;
        },
        () => {
          own = undefined;
          return undefined;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  return {
    async get() {
      const last = opts.known ? opts.known() : own;
      const age = last ? now() - last.at : Number.POSITIVE_INFINITY;
      if (last && age < opts.refreshAfterMs) return last.value;
      if (last && age < opts.trustMs) {
        void refresh();
        return last.value;
      }
      return refresh();
    },
  };
}
