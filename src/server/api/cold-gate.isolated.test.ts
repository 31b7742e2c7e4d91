/**
 * Limits on the expensive path: cold analyses are limited per client (429, at once) and globally
 * (a fair line: 202 with the place after a bounded wait, 503 only when the line is full), while
 * cached answers keep flowing to everyone. The
 * token routes run over a real engine whose fact gathering is replaced (the chain is not the subject).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const tokenAt = (i: number) => `0x${(0x1000 + i).toString(16).padStart(40, '0')}`;
const CACHED = tokenAt(0);

let engine: TokenEngine;
let app: FastifyInstance;

async function appWith(limits: {
  ratePerMinute: number;
  concurrency: number;
  waitMs?: number;
  maxQueued?: number;
}) {
  engine = createTokenEngine({
    db: {} as never,
    chain: { public: { getBlockNumber: async () => 1n } } as never,
    network: { mode: 'local' } as never,
    indexer: undefined,
    log: pino({ level: 'silent' }),
  });
  app = Fastify();
  installErrorHandling(app);
  registerTokenRoutes(app, engine, coldGuard(engine, createColdGate(limits)));
  await app.ready();
}

const get = (url: string, ip: string) => app.inject({ method: 'GET', url, remoteAddress: ip });

beforeEach(() => {
  hold = undefined;
});
afterEach(async () => {
  await app?.close();
});

describe('cold analyses are limited, cached reads are not', () => {
  it('gives a flooding client 429 with Retry-After while another client’s cached reads stay 200', async () => {
    await appWith({ ratePerMinute: 5, concurrency: 100 });
    // Client B warms one token (one cold analysis of its own allowance).
    expect((await get(`/api/scanner/${CACHED}`, '10.0.0.2')).statusCode).toBe(200);

    const flood = [];
    for (let i = 1; i <= 30; i++) flood.push(await get(`/api/scanner/${tokenAt(i)}`, '10.0.0.1'));
    const statuses = flood.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    const refused = flood.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused?.json().error.code).toBe('rate_limited');

    // Cached answers are not counted: B reads its token far past the cold allowance, and so does A
    // for the tokens it already got.
    for (let i = 0; i < 20; i++) {
      expect((await get(`/api/scanner/${CACHED}`, '10.0.0.2')).statusCode).toBe(200);
      expect((await get(`/api/rug-detector/${CACHED}`, '10.0.0.2')).statusCode).toBe(200);
    }
    expect((await get(`/api/scanner/${tokenAt(1)}`, '10.0.0.1')).statusCode).toBe(200);
    expect((await get(`/api/scanner/${CACHED}`, '10.0.0.1')).statusCode).toBe(200);
    // B still has its own cold allowance.
    expect((await get(`/api/scanner/${tokenAt(99)}`, '10.0.0.2')).statusCode).toBe(200);
    expect(engine.stats().gathers).toBe(7);
  });

  it('puts a cold analysis past the cap in the line: 202 with its place, then 200 once served', async () => {
    await appWith({ ratePerMinute: 1000, concurrency: 3, waitMs: 50 });
    expect((await get(`/api/scanner/${CACHED}`, '10.0.0.9')).statusCode).toBe(200);

    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    // Three cold analyses from three clients occupy every slot…
    const running = [1, 2, 3].map((i) => get(`/api/scanner/${tokenAt(i)}`, `10.0.1.${i}`));
    await vi.waitFor(() => expect(engine.stats().gathers).toBe(4));
    // …so a fourth waits in line: past the wait bound it is told its place, not refused.
    const queued = await get(`/api/scanner/${tokenAt(4)}`, '10.0.1.4');
    expect(queued.statusCode).toBe(202);
    expect(queued.json().queued).toMatchObject({ position: 1, ahead: 0 });
    expect(queued.json().message).toMatch(/^In line for analysis/);
    expect(Number(queued.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Asking again while it waits shares its place: no second entry, no allowance spent.
    expect((await get(`/api/rug-detector/${tokenAt(4)}`, '10.0.1.7')).statusCode).toBe(202);
    // A request for a token being gathered joins that gather: not a new cold analysis.
    const joining = get(`/api/rug-detector/${tokenAt(2)}`, '10.0.1.5');
    // The cached token answers throughout.
    expect((await get(`/api/scanner/${CACHED}`, '10.0.1.6')).statusCode).toBe(200);

    release();
    // The three held past the wait bound were told they are next (running), not refused.
    for (const r of await Promise.all(running)) {
      expect(r.statusCode).toBe(202);
      expect(r.json().queued).toMatchObject({ position: 1, ahead: 0 });
    }
    expect((await joining).statusCode).toBe(200);
    for (const i of [1, 2, 3])
      expect((await get(`/api/scanner/${tokenAt(i)}`, `10.0.1.${i}`)).statusCode).toBe(200);
    // The queued token was analysed when a slot came free: asking again finds it.
    await vi.waitFor(() => expect(engine.stats().gathers).toBe(5));
    expect((await get(`/api/scanner/${tokenAt(4)}`, '10.0.1.4')).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After only when the line itself is full', async () => {
    await appWith({ ratePerMinute: 1000, concurrency: 1, waitMs: 20, maxQueued: 1 });
    let release = () => {};
    hold = new Promise((r) => {
      release = r;
    });
    const first = get(`/api/scanner/${tokenAt(1)}`, '10.0.2.1');
    await vi.waitFor(() => expect(engine.stats().gathers).toBe(1));
    expect((await get(`/api/scanner/${tokenAt(2)}`, '10.0.2.2')).statusCode).toBe(202);
    const full = await get(`/api/scanner/${tokenAt(3)}`, '10.0.2.3');
    expect(full.statusCode).toBe(503);
    expect(full.json().error.code).toBe('busy');
    expect(Number(full.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    release();
    expect((await first).statusCode).toBe(202);
    await vi.waitFor(() => expect(engine.stats().gathers).toBe(2));
    expect((await get(`/api/scanner/${tokenAt(1)}`, '10.0.2.1')).statusCode).toBe(200);
  });
});

describe('createColdGate', () => {
  it('refills a client’s allowance over time', async () => {
    let t = 0;
    const gate = createColdGate({ ratePerMinute: 2, concurrency: 10, now: () => t });
    const ok = () => Promise.resolve('ok');
    await gate.run('a', 't', ok);
    await gate.run('a', 't', ok);
    await expect(gate.run('a', 't', ok)).rejects.toMatchObject({ status: 429, retryAfterSeconds: 30 });
    t += 30_000;
    await expect(gate.run('a', 't', ok)).resolves.toBe('ok');
    await expect(gate.run('a', 't', ok)).rejects.toMatchObject({ status: 429 });
  });

  it('gives the slot back when an analysis fails', async () => {
    const gate = createColdGate({ ratePerMinute: 100, concurrency: 1 });
    await expect(gate.run('a', 't', () => Promise.reject(new Error('chain down')))).rejects.toThrow(
      'chain down',
    );
    expect(gate.running()).toBe(0);
    await expect(gate.run('b', 'u', () => Promise.resolve(1))).resolves.toBe(1);
  });
});
