/**
 * The limits on cold analyses hold across API processes on one Postgres (ADR 0038): two API apps,
 * each with its own engine and its own connection pool to a throw-away Postgres (the way two
 * ROLE=api processes share nothing but the database), share the global cap (a cold analysis on one
 * waits in its line — 202 with its place and Retry-After — while the other holds every slot, and
 * starts when a slot comes free in the database) and each client's allowance (429 once it is spent across
 * both), while cached reads stay 200; a slot left by a process that died frees itself on expiry.
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  findPostgresBin,
  type PostgresCluster,
  startPostgresCluster,
} from '../../../scripts/postgres-cluster';
import { type Database, openDatabase } from '../db/client';
import { createLeasedSlots, createSharedBuckets } from '../db/cold-limits';
import { createSharedAnswers } from '../engine/shared-answers';
import { createTokenEngine, type TokenEngine } from '../engine/token-engine';
import type { TokenReportFacts } from '../facts/types';
import { safeToken } from '../test-support/fixtures';
import { coldGuard, createColdGate } from './cold-gate';
import { installErrorHandling } from './error-handler';
import { registerTokenRoutes } from './routes/tokens';

/** Gathers wait on this gate when `hold` is set: a test can keep cold analyses running. */
let hold: Promise<void> | undefined;
vi.mock('../facts/gather', () => ({
  gatherTokenFacts: vi.fn(async (_deps: unknown, address: string): Promise<TokenReportFacts> => {
    if (hold) await hold;
    return { ...safeToken, token: { ...safeToken.token, address: address as `0x${string}` } };
  }),
}));

const bin = findPostgresBin();
if (!bin) console.warn('shared cold limits test skipped: PostgreSQL binaries (initdb, pg_ctl) not found.');

const tokenAt = (i: number) => `0x${(0x2000 + i).toString(16).padStart(40, '0')}`;
const log = pino({ level: 'silent' });
let cluster: PostgresCluster;
const opened: Database[] = [];
const apps: FastifyInstance[] = [];
const closers: (() => Promise<void>)[] = [];

type Api = {
  app: FastifyInstance;
  engine: TokenEngine;
  get(url: string, ip: string): Promise<LightMyRequestResponse>;
};

/** One "API process": its own pool, engine and gate; only Postgres in common with the others. */
/** Asks again while the answer is a 202 (waiting in line), as the web app does; at most ~10 s. */
async function answered<T extends { statusCode: number }>(ask: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    const res = await ask();
    if (res.statusCode !== 202 || i >= 50) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function api(limits: { ratePerMinute: number; concurrency: number }, name: string): Promise<Api> {
  const database = await openDatabase({ kind: 'postgres', url: cluster.url });
  opened.push(database);
  // Answers shared between the replicas as in ROLE=api (engine/shared-answers.ts).
  const shared = createSharedAnswers({ db: database.db, url: cluster.url, ttlMs: 60_000, log });
  closers.push(() => shared.close());
  const engine = createTokenEngine({
    shared,
    db: database.db,
    chain: { public: { getBlockNumber: async () => 1n } } as never,
    network: { mode: 'local' } as never,
    indexer: undefined,
    log,
  });
  const gate = createColdGate({
    ...limits,
    // A short wait in the line: the tests see the 202 of a cold analysis waiting for a slot.
    waitMs: 300,
    pollMs: 50,
    shared: {
      slots: createLeasedSlots({ db: database.db, cap: limits.concurrency, leaseMs: 30_000, holder: name }),
      buckets: createSharedBuckets({ db: database.db, ratePerMinute: limits.ratePerMinute }),
    },
  });
  const app = Fastify();
  installErrorHandling(app);
  registerTokenRoutes(app, engine, coldGuard(engine, gate));
  await app.ready();
  apps.push(app);
  return { app, engine, get: (url, ip) => app.inject({ method: 'GET', url, remoteAddress: ip }) };
}

beforeAll(async () => {
  if (bin) cluster = await startPostgresCluster(bin);
}, 60_000);
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const c of closers) await c();
  for (const d of opened) await d.close().catch(() => {});
  await cluster?.stop();
});
beforeEach(async () => {
  hold = undefined;
  for (const a of apps.splice(0)) await a.close();
  // Each test starts with no slot taken and every allowance full.
  if (opened[0]) await opened[0].db.execute('truncate cold_leases, cold_buckets, answer_cache' as never);
});

describe.skipIf(!bin)('cold-analysis limits shared by two API processes through Postgres', () => {
  it('keeps a cold analysis on one API in line (202 + Retry-After) while the other holds every slot', async () => {
    const limits = { ratePerMinute: 1000, concurrency: 2 };
    const a = await api(limits, 'api-a');
    const b = await api(limits, 'api-b');
    // Each process has one token cached. Nothing else runs, but on a loaded machine the first
    // analysis can outlast the 300 ms wait: a 202 then is the line working, so ask again as a client does.
    expect((await answered(() => a.get(`/api/scanner/${tokenAt(0)}`, '10.0.0.1'))).statusCode).toBe(200);
    expect((await answered(() => b.get(`/api/scanner/${tokenAt(1)}`, '10.0.0.1'))).statusCode).toBe(200);

    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    // Two cold analyses on A take both slots of the whole deployment…
    const running = [2, 3].map((i) => a.get(`/api/scanner/${tokenAt(i)}`, `10.0.1.${i}`));
    // vi.waitFor gives up after 1 s by default: two cold starts on a loaded 2-core machine take longer.
    await vi.waitFor(() => expect(a.engine.stats().gathers).toBe(3), { timeout: 15_000 });
    // …so on B (which has no analysis of its own running) one waits in line and is told its place.
    const refused = await b.get(`/api/scanner/${tokenAt(4)}`, '10.0.1.4');
    expect(refused.statusCode).toBe(202);
    expect(refused.json().queued).toMatchObject({ position: 1, ahead: 0 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(b.engine.stats().gathers).toBe(1);
    // Cached answers flow on both meanwhile.
    expect((await a.get(`/api/scanner/${tokenAt(0)}`, '10.0.1.9')).statusCode).toBe(200);
    expect((await b.get(`/api/scanner/${tokenAt(1)}`, '10.0.1.9')).statusCode).toBe(200);

    release();
    for (const r of await Promise.all(running)) expect([200, 202]).toContain(r.statusCode);
    // The slots are given back in the database: B's line takes one (polled) and analyses the token.
    await vi.waitFor(() => expect(b.engine.stats().gathers).toBe(2), { timeout: 10_000 });
    expect((await b.get(`/api/scanner/${tokenAt(4)}`, '10.0.1.4')).statusCode).toBe(200);
  });

  it("spends one client's allowance across both APIs (429 + Retry-After), not per API", async () => {
    const limits = { ratePerMinute: 3, concurrency: 100 };
    const a = await api(limits, 'api-a');
    const b = await api(limits, 'api-b');
    expect((await a.get(`/api/scanner/${tokenAt(10)}`, '10.0.2.1')).statusCode).toBe(200);
    expect((await b.get(`/api/scanner/${tokenAt(11)}`, '10.0.2.1')).statusCode).toBe(200);
    expect((await a.get(`/api/scanner/${tokenAt(12)}`, '10.0.2.1')).statusCode).toBe(200);
    // Three a minute in all: the fourth, on the API that served only one, is refused.
    const refused = await b.get(`/api/scanner/${tokenAt(13)}`, '10.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another client has its own allowance; the flooding client's cached reads stay 200.
    expect((await b.get(`/api/scanner/${tokenAt(13)}`, '10.0.2.2')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await b.get(`/api/scanner/${tokenAt(11)}`, '10.0.2.1')).statusCode).toBe(200);
    }
  });

  it('frees the slots of a process that died once their lease expires', async () => {
    const a = await api({ ratePerMinute: 1000, concurrency: 2 }, 'api-a');
    // A process takes both slots and dies without giving them back.
    const dead = await openDatabase({ kind: 'postgres', url: cluster.url });
    // A lease long enough that the refusal below is seen inside it even on a loaded machine.
    const slots = createLeasedSlots({ db: dead.db, cap: 2, leaseMs: 5_000, holder: 'dead' });
    expect(await slots.tryTake()).toBeDefined();
    expect(await slots.tryTake()).toBeDefined();
    expect(await slots.tryTake()).toBeUndefined();
    await dead.close();
    expect((await a.get(`/api/scanner/${tokenAt(20)}`, '10.0.3.1')).statusCode).toBe(202);
    // Once the lease has run out the slots are free again: waited for, not slept on.
    await vi.waitFor(
      async () => expect((await a.get(`/api/scanner/${tokenAt(20)}`, '10.0.3.1')).statusCode).toBe(200),
      { timeout: 60_000, interval: 250 },
    );
  });

  it("serves another replica's published answer at the cap: it is not a cold analysis", async () => {
    const limits = { ratePerMinute: 1000, concurrency: 1 };
    const a = await api(limits, 'api-a');
    const b = await api(limits, 'api-b');
    // A analyses a token and publishes its answer.
    expect((await a.get(`/api/scanner/${tokenAt(30)}`, '10.0.4.1')).statusCode).toBe(200);
    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    // A cold analysis on A takes the deployment's only slot…
    const running = a.get(`/api/scanner/${tokenAt(31)}`, '10.0.4.2');
    await vi.waitFor(() => expect(a.engine.stats().gathers).toBe(2), { timeout: 15_000 });
    // …B, which never analysed the published token, serves it from Postgres (the same ETag)…
    const served = await b.get(`/api/scanner/${tokenAt(30)}`, '10.0.4.3');
    expect(served.statusCode).toBe(200);
    const fromA = await a.get(`/api/scanner/${tokenAt(30)}`, '10.0.4.3');
    expect(served.headers.etag).toBe(fromA.headers.etag);
    expect(b.engine.stats().gathers).toBe(0);
    // …while a token nobody analysed waits in line there.
    expect((await b.get(`/api/scanner/${tokenAt(32)}`, '10.0.4.3')).statusCode).toBe(202);
    release();
    expect([200, 202]).toContain((await running).statusCode);
  });
});
