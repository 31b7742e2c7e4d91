/**
 * The write limit on an injected clock: 30 writes per client per minute, the 31st refused with
 * Retry-After, a new window once the clock has moved a minute, each route and client counted apart.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WRITE_RATE_LIMIT } from './http';
import { clockedWriteLimitStore } from './write-limit-store';

let app: FastifyInstance | undefined;
let nowMs = 1_000_000;

async function appOnClock(): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(fastifyRateLimit, { global: false, store: clockedWriteLimitStore(() => nowMs) });
  a.post('/a', { config: WRITE_RATE_LIMIT }, async () => ({ ok: true }));
  a.post('/b', { config: WRITE_RATE_LIMIT }, async () => ({ ok: true }));
  await a.ready();
  return a;
}
const post = (url: string, ip = '192.0.2.1') =>
  (app as FastifyInstance).inject({ method: 'POST', url, remoteAddress: ip });

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('the write limit on its clock', () => {
  it('refuses the 31st write in a window and lets writes through once the clock passes it', async () => {
    app = await appOnClock();
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await post('/a')).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    nowMs += 59_000;
    const refused = await post('/a');
    expect(refused.statusCode).toBe(429);
    // One second of the window is left.
    expect(refused.headers['retry-after']).toBe('1');
    nowMs += 1_000;
    expect((await post('/a')).statusCode).toBe(200);
  });

  it('counts each route and each client on its own', async () => {
    app = await appOnClock();
    for (let i = 0; i < 30; i++) await post('/a');
    expect((await post('/a')).statusCode).toBe(429);
    expect((await post('/b')).statusCode).toBe(200);
    expect((await post('/a', '192.0.2.2')).statusCode).toBe(200);
  });

  it('keeps no more than 5000 clients per route, dropping the least recently seen', async () => {
    app = await appOnClock();
    for (let i = 0; i < 30; i++) await post('/a', '10.9.9.9');
    for (let i = 0; i < 5000; i++) await post('/a', `10.0.${Math.floor(i / 250)}.${i % 250}`);
    // The first client was pushed out, so its count starts again.
    expect((await post('/a', '10.9.9.9')).statusCode).toBe(200);
  });
});
