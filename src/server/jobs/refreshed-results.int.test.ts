/**
 * Refreshed results shared by two API replicas through a throw-away Postgres (ADR 0038): each
 * replica has its own pool, listener and in-process cache; what one computes the other serves (it
 * computes nothing itself), and when one computes a newer result the other drops its copy on the
 * NOTIFY and serves the newer one — the same figures from both.
 */
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from '../../../scripts/postgres-cluster';
import { type Database, openDatabase } from '../db/client';
import { CHANNELS } from '../db/notifications';
import { createSharedResultStore, type SharedResultStore } from '../db/shared-results';
import { createRefreshedResults } from './refreshed-results';

const bin = findPostgresBin();
if (!bin)
  console.warn('shared refreshed results test skipped: PostgreSQL binaries (initdb, pg_ctl) not found.');

const log = pino({ level: 'silent' });
let cluster: PostgresCluster;
const dbs: Database[] = [];
const stores: SharedResultStore[] = [];

beforeAll(async () => {
  if (bin) cluster = await startPostgresCluster(bin);
}, 60_000);
afterAll(async () => {
  for (const s of stores) await s.close();
  for (const d of dbs) await d.close().catch(() => {});
  await cluster?.stop();
});

/** One replica's refreshed result over its own connection pool and listener. */
async function replica(compute: () => Promise<{ figure: number }>, freshMs: number) {
  const database = await openDatabase({ kind: 'postgres', url: cluster.url });
  dbs.push(database);
  const store = createSharedResultStore({ db: database.db, url: cluster.url });
  stores.push(store);
  return createRefreshedResults<{ figure: number }>({
    name: 'yield opportunities',
    compute,
    freshMs,
    staleMs: 60_000,
    log,
    shared: store,
  });
}

/** Waits on state with room for a loaded machine (vi.waitFor's own default is 1 s). */
const WAIT = { timeout: 30_000, interval: 50 };

/** Listener sessions that have run their LISTEN and sit idle, ready for a NOTIFY. */
async function listenersUp(): Promise<number> {
  const admin = new pg.Client(cluster.url);
  await admin.connect();
  try {
    const r = await admin.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'flab-listen' and state = 'idle' and query = $1",
      [`listen ${CHANNELS.resultPublished}`],
    );
    return r.rows[0].n as number;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!bin)('refreshed results shared by two API replicas', () => {
  it('serves what the other replica computed, and its newer result after the NOTIFY', async () => {
    let computedByA = 0;
    let computedByB = 0;
    const a = await replica(async () => ({ figure: 100 + ++computedByA }), 400);
    // B's own copy would stay fresh for a minute: only the NOTIFY can make it serve a newer one.
    const b = await replica(async () => ({ figure: 200 + ++computedByB }), 60_000);
    // Both listeners are up before anything is published: asked of the server, not of a clock.
    await vi.waitFor(async () => expect(await listenersUp()).toBe(2), { timeout: 30_000, interval: 100 });

    expect(await a.get('all')).toEqual({ figure: 101 });
    expect(await b.get('all')).toEqual({ figure: 101 });
    expect(computedByB).toBe(0);

    // Past the fresh window A serves its copy once more and computes a newer one behind it…
    await new Promise((r) => setTimeout(r, 500));
    expect(await a.get('all')).toEqual({ figure: 101 });
    await vi.waitFor(async () => expect(await a.get('all')).toEqual({ figure: 102 }), WAIT);
    // …published: B dropped its copy on the NOTIFY and reads A's newer figure, computing nothing.
    await vi.waitFor(async () => expect(await b.get('all')).toEqual({ figure: 102 }), WAIT);
    expect(computedByB).toBe(0);
    expect(computedByA).toBe(2);
  });
});
