/**
 * Refreshed results (yield, pump, portfolio) shared by the API replicas (ADR 0038): the newest
 * computation of each (result name, key) in Postgres, and a NOTIFY when a replica publishes one so
 * the others drop their in-process copy and read it on their next request. Every replica then
 * serves the same figures, and a replica whose copy is due finds a fresh one there instead of
 * computing it again. Values are the JSON the routes send (bigints never occur in them).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { CHANNELS, type Listener, listen, notify } from './notifications';
import { sharedResults } from './schema';

export type SharedResultStore = {
  read(name: string, key: string): Promise<{ value: unknown; computedAt: number } | undefined>;
  publish(name: string, key: string, value: unknown): Promise<void>;
  /** `onDrop(key)` when another replica published `name`'s `key`; every key after a reconnect (`*`). */
  subscribe(name: string, onDrop: (key: string) => void): void;
  close(): Promise<void>;
};

export function createSharedResultStore(opts: { db: Db; url: string }): SharedResultStore {
  const me = randomUUID();
  const subscribers = new Map<string, ((key: string) => void)[]>();
  const listener: Listener = listen({
    url: opts.url,
    channels: [CHANNELS.resultPublished],
    onMessage: (_channel, payload) => {
      const space = payload.indexOf(' ');
      const tab = payload.indexOf('\t', space);
      if (space < 0 || tab < 0 || payload.slice(0, space) === me) return;
      const name = payload.slice(space + 1, tab);
      for (const drop of subscribers.get(name) ?? []) drop(payload.slice(tab + 1));
    },
    // Messages were missed while disconnected: every copy may be stale.
    onReconnect: () => {
      for (const drops of subscribers.values()) for (const drop of drops) drop('*');
    },
  });
  return {
    async read(name, key) {
      const [row] = await opts.db
        .select()
        .from(sharedResults)
        .where(and(eq(sharedResults.name, name), eq(sharedResults.key, key)))
        .limit(1);
      return row ? { value: row.value, computedAt: row.computedAt.getTime() } : undefined;
    },
    async publish(name, key, value) {
      await opts.db
        .insert(sharedResults)
        .values({ name, key, value, computedAt: new Date() })
        .onConflictDoUpdate({
          target: [sharedResults.name, sharedResults.key],
          set: { value: sql`excluded.value`, computedAt: sql`excluded.computed_at` },
        });
      await notify(opts.db, CHANNELS.resultPublished, `${me} ${name}\t${key}`);
    },
    subscribe(name, onDrop) {
      subscribers.set(name, [...(subscribers.get(name) ?? []), onDrop]);
    },
    close: () => listener.close(),
  };
}
