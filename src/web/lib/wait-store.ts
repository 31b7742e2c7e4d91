/**
 * The waits of reads in flight, by query (issue 38): a query's read reports each wait the server
 * asks for (api.ts `onWait`) here, and clears it when the read ends; a page reads the latest wait
 * of the queries it shows. Outside TanStack's cache on purpose: a wait is neither the query's data
 * nor its error, and the query stays pending (its skeletons stay) while the read waits.
 */
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { ApiWait, OnWait } from './api';

type Entry = { key: QueryKey; wait: ApiWait; seq: number };

export function createWaitStore() {
  const entries = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  let seq = 0;
  const emit = () => {
    for (const l of listeners) l();
  };

  return {
    /** The reporter a query's read passes to apiGet. */
    reporter(key: QueryKey): OnWait {
      const id = hashKey(key);
      return (wait) => {
        entries.set(id, { key, wait, seq: ++seq });
        emit();
      };
    },
    /** The read ended (answer, failure or cancel): nothing of it waits any more. */
    clear(key: QueryKey) {
      if (entries.delete(hashKey(key))) emit();
    },
    /** The most recently reported wait among the queries `match` picks, or null. Stable between reports. */
    latest(match: (key: QueryKey) => boolean): ApiWait | null {
      let best: Entry | undefined;
      for (const e of entries.values()) if (match(e.key) && (!best || e.seq > best.seq)) best = e;
      return best?.wait ?? null;
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type WaitStore = ReturnType<typeof createWaitStore>;

/** The app's one store (the token queries report to it). */
export const waitStore = createWaitStore();

/**
 * Runs a query's read with its waits reported under its key, and cleared when it ends — however it
 * ends, so a cancelled read leaves no stale "In line" behind.
 */
export function withWaits<T>(
  store: WaitStore,
  key: QueryKey,
  read: (onWait: OnWait) => Promise<T>,
): Promise<T> {
  return read(store.reporter(key)).finally(() => store.clear(key));
}

/** The latest wait of the queries `match` picks (e.g. every query of one token), live. */
export function useWait(match: (key: QueryKey) => boolean, store: WaitStore = waitStore): ApiWait | null {
  return useSyncExternalStore(
    store.subscribe,
    () => store.latest(match),
    () => null,
  );
}
