/**
 * Analyse once per facts version, serialise once per part, answer If-None-Match with 304: the token
 * routes over an engine whose fact gathering is replaced by fixtures (the chain is not the subject).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerTokenRoutes } from '../api/routes/tokens';
import type { TokenReportFacts } from '../facts/types';
import { FIXTURE_NOW, safeToken } from '../test-support/fixtures';
import { createTokenEngine, type TokenEngine } from './token-engine';

let version = 0;
vi.mock('../facts/gather', () => ({
  // A new object per gather (a new facts version), as the real gatherer returns; the holder count
  // moves so that every part's content changes with the version.
  gatherTokenFacts: vi.fn(
    async (): Promise<TokenReportFacts> => ({
      ...safeToken,
      now: FIXTURE_NOW + version,
      holders: { ...safeToken.holders, holderCount: safeToken.holders.holderCount + version++ },
    }),
  ),
}));

const TOKEN = safeToken.token.address.toLowerCase();
let engine: TokenEngine;
let app: FastifyInstance;

beforeEach(async () => {
  version = 0;
  engine = createTokenEngine({
    db: {} as never,
    chain: { public: { getBlockNumber: async () => 1n } } as never,
    network: { mode: 'local' } as never,
    indexer: undefined,
    log: pino({ level: 'silent' }),
  });
  app = Fastify();
  registerTokenRoutes(app, engine, (_client, _address, analyse) => analyse());
  await app.ready();
});
afterEach(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('token routes over the engine cache', () => {
  it('performs no analysis and no serialisation for a second request', async () => {
    const first = await get(`/api/scanner/${TOKEN}`);
    expect(first.statusCode).toBe(200);
    const after = engine.stats();
    expect(after).toEqual({ gathers: 1, analyses: 1, serialisations: 1 });
    const second = await get(`/api/scanner/${TOKEN}`);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(engine.stats()).toEqual(after);
  });

  it('shares one analysis among all parts of a token', async () => {
    for (const p of ['scanner', 'rug-detector', 'whale-tracker', 'liquidity', 'flab-score', 'token-health']) {
      expect((await get(`/api/${p}/${TOKEN}`)).statusCode).toBe(200);
    }
    expect(engine.stats().gathers).toBe(1);
    expect(engine.stats().analyses).toBe(1);
  });

  it('analyses again for another liquidity amount, once', async () => {
    await get(`/api/liquidity/${TOKEN}`);
    const a = await get(`/api/liquidity/${TOKEN}?amount=5000`);
    await get(`/api/liquidity/${TOKEN}?amount=5000`);
    expect(a.statusCode).toBe(200);
    expect(engine.stats().analyses).toBe(2);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await get(`/api/token-health/${TOKEN}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(`/api/token-health/${TOKEN}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(`/api/token-health/${TOKEN}`, { 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(
      304,
    );
    expect((await get(`/api/token-health/${TOKEN}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('changes the ETag with a new facts version whose content differs', async () => {
    const first = await get(`/api/scanner/${TOKEN}`);
    engine.invalidate(TOKEN as `0x${string}`);
    const next = await get(`/api/scanner/${TOKEN}`, { 'if-none-match': first.headers.etag as string });
    expect(engine.stats().gathers).toBe(2);
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(first.headers.etag);
  });

  it('gives each part its own ETag', async () => {
    const a = await get(`/api/scanner/${TOKEN}`);
    const b = await get(`/api/rug-detector/${TOKEN}`);
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });
});
