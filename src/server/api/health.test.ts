/**
 * /api/health without a chain or a database: it answers from the last head and the last database
 * answer while they are fresh, so it never queues behind a busy chain, and it turns 503 as soon as a
 * read has failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import type { AppContext } from './context';

let app: FastifyInstance;
let webDir: string;
let chain: 'up' | 'slow' | 'down' = 'up';
let head = 100n;
let headReads = 0;

// The clock is faked (timers and performance.now()): the chain's slowness and the freshness of the
// last head are fake time that passes only where a test says so; nothing is asserted about speed.
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>FLAB Hub</title>');
  const ctx = {
    database: { kind: 'pglite', ping: async () => true },
    chain: {
      public: {
        getBlockNumber: async () => {
          headReads++;
          if (chain === 'down') throw new Error('connection refused');
          if (chain === 'slow') await new Promise((r) => setTimeout(r, 2_000));
          return head;
        },
      },
    },
    network: { mode: 'base', contracts: { weth: '0x4200000000000000000000000000000000000006' } },
    engine: {},
    log: pino({ level: 'silent' }),
  } as unknown as AppContext;
  app = await createApp({ ...ctx, webDir });
});
afterAll(async () => {
  vi.useRealTimers();
  await app?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const health = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json() };
};

describe('/api/health', () => {
  it('does not wait for a slow chain while the last head is fresh, and shows a newer one next', async () => {
    chain = 'up';
    expect((await health()).status).toBe(200);
    await sleep(300);
    chain = 'slow';
    head = 101n;
    const reads = headReads;
    // No time passes while it answers: had it waited for the slow read (2 s), it would never answer.
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body.chain.headBlock).toBe('100');
    expect(headReads).toBe(reads + 1); // one read went out in the background
    await sleep(2_100);
    expect((await health()).body.chain.headBlock).toBe('101');
  });

  it('turns 503 once a head read has failed, and 200 when the chain answers again', async () => {
    chain = 'up';
    await health();
    await sleep(300);
    chain = 'down';
    await health(); // answered from the last head; its background read fails
    await sleep(10);
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'degraded', chain: { ok: false, headBlock: null } });
    chain = 'up';
    expect((await health()).status).toBe(200);
  });
});
