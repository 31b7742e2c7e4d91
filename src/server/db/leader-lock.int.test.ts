/**
 * The leader lock on a real Postgres (a throw-away cluster): one of two candidates leads, the other
 * takes over when the leader's session ends, and a leader whose session is cut learns it (onLost).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from '../../../scripts/postgres-cluster';
import { createLeaderElection } from './leader-lock';

const bin = findPostgresBin();
if (!bin) console.warn('leader-lock test skipped: PostgreSQL binaries (initdb, pg_ctl) not found.');

let cluster: PostgresCluster;
beforeAll(async () => {
  if (bin) cluster = await startPostgresCluster(bin);
});
afterAll(async () => {
  await cluster?.stop();
});

describe.skipIf(!bin)('leader election by advisory lock', () => {
  it('one leads; the standby leads once the leader stops; a cut session is noticed', async () => {
    const lost: string[] = [];
    const key = 42n;
    const a = createLeaderElection({
      url: cluster.url,
      workerId: 'a',
      checkMs: 200,
      key,
      onLost: (r) => lost.push(`a:${r}`),
    });
    const b = createLeaderElection({
      url: cluster.url,
      workerId: 'b',
      checkMs: 200,
      key,
      onLost: (r) => lost.push(`b:${r}`),
    });
    await a.acquire();
    let bLeads = false;
    const bAcquired = b.acquire().then(() => {
      bLeads = true;
    });
    await new Promise((r) => setTimeout(r, 800));
    expect(a.isLeader()).toBe(true);
    expect(bLeads).toBe(false);

    // The leader's session is ended by the server (as when its process dies): b takes over, a knows.
    const admin = new pg.Client(cluster.url);
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'flab-worker a'",
    );
    await bAcquired;
    expect(b.isLeader()).toBe(true);
    // a notices on its next check (every 200 ms), however late a loaded machine runs it.
    for (let i = 0; i < 600 && lost.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(a.isLeader()).toBe(false);
    expect(lost.some((l) => l.startsWith('a:'))).toBe(true);
    const holders = await admin.query(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = 42",
    );
    expect(holders.rows[0].n).toBe(1);
    await admin.end();
    await a.stop();
    await b.stop();
  });
});
