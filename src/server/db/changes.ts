/**
 * Per-database change counters: a writer says "the alerts changed", a reader that keeps a derived
 * answer (counts a page polls) keys it by the counter and recomputes only after a change. Keyed by
 * the database handle, so the alert monitor and the routes of one app share them without either
 * knowing the other. Only this process's writes count: a cache keyed by them also needs a short
 * TTL when several app instances share one Postgres server.
 */
export type ChangeTopic = 'alerts';

const counters = new WeakMap<object, Map<ChangeTopic, number>>();

export function markChanged(db: object, topic: ChangeTopic): void {
  let m = counters.get(db);
  if (!m) {
    m = new Map();
    counters.set(db, m);
  }
  m.set(topic, (m.get(topic) ?? 0) + 1);
}

export function changeCount(db: object, topic: ChangeTopic): number {
  return counters.get(db)?.get(topic) ?? 0;
}
