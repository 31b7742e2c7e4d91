/**
 * Page routes and the chain guard, without a chain or a database: spec pages are served the app
 * with 200, any other page path gets the app with 404 (the browser renders the spec's 404 page),
 * and chain-bound API routes answer 503 `chain_unavailable` while the chain does not answer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { createApp } from './app';
import { CHAIN_BOUND_ROUTES } from './chain-guard';
import type { AppContext } from './context';

let app: FastifyInstance;
let webDir: string;
let chainUp = false;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>FLAB Hub</title>');
  const ctx = {
    database: {},
    chain: {
      public: {
        getBlockNumber: async () => {
          if (!chainUp) throw new Error('connection refused');
          return 1n;
        },
      },
    },
    network: { mode: 'local', contracts: { weth: '0x4200000000000000000000000000000000000006' } },
    engine: {},
    log: pino({ level: 'silent' }),
  } as unknown as AppContext;
  app = await createApp({ ...ctx, webDir });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('page routes', () => {
  it('serves every spec page with 200', async () => {
    for (const r of ROUTES) {
      const res = await app.inject({ method: 'GET', url: r.path });
      expect(res.statusCode, r.path).toBe(200);
      expect(res.body).toContain('FLAB Hub');
    }
  });
  it('answers an unknown page with the app and HTTP 404', async () => {
    for (const url of ['/nope', '/pump-finder/extra', '/portfolio-x?a=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('FLAB Hub');
    }
  });
  it('keeps JSON 404s for unknown API paths', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('chain guard', () => {
  it('answers 503 chain_unavailable on chain-bound routes while the chain is down', async () => {
    chainUp = false;
    for (const url of [
      '/api/pump-opportunities?timeframe=24h&risk=all',
      '/api/yield-opportunities',
      '/api/yield-strategies',
      '/api/portfolio/0x0000000000000000000000000000000000000001',
      '/api/security-alerts',
      '/api/airdrops',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json().error.code, url).toBe('chain_unavailable');
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });
  it('lists only API paths', () => {
    for (const r of CHAIN_BOUND_ROUTES) expect(r.source.startsWith('^\\/api\\/')).toBe(true);
  });
});
