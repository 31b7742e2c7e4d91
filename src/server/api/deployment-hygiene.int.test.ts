/**
 * Deployment hygiene (ADR 0034): behind a TLS proxy that TRUST_PROXY names, the sign-in message
 * carries the visitor's https origin and the session cookie is Secure (and a header from anyone
 * else changes nothing); every answer carries the security headers; expired nonces and sessions
 * are swept by the timer job, not only when someone signs in. An in-memory database, no chain.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSession, storeSession } from '../auth/sessions';
import { SESSION_TOKEN_RE } from '../auth/siwe';
import { type Database, openDatabase } from '../db/client';
import { siweNonces } from '../db/schema';
import { startSignInSweeper } from '../jobs/sign-in-sweeper';
import type { AppContext } from './context';
import { registerApiDocs } from './docs';
import { installErrorHandling } from './error-handler';
import { registerWalletAuthRoutes } from './routes/wallet-auth';
import { APP_CSP, installSecurityHeaders } from './security-headers';

const WALLET = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
});
afterAll(async () => {
  await database?.close();
});

async function appBehind(trustProxy: boolean | string[]): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy });
  installErrorHandling(app);
  installSecurityHeaders(app);
  const ctx = {
    database,
    network: { chainId: 8453 },
    log: pino({ level: 'silent' }),
  } as unknown as AppContext;
  registerWalletAuthRoutes(app, ctx);
  await app.ready();
  return app;
}

const askNonce = (app: FastifyInstance, headers: Record<string, string>, remoteAddress = '10.1.2.3') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/nonce',
    headers: { host: 'localhost:5000', ...headers },
    remoteAddress,
    payload: { address: WALLET },
  });

describe('TRUST_PROXY', () => {
  const forwarded = {
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'flab.example',
    'x-forwarded-for': '203.0.113.7',
  };

  it('takes the scheme and host from a trusted proxy', async () => {
    const app = await appBehind(['10.1.2.3']);
    const r = await askNonce(app, forwarded);
    expect(r.statusCode).toBe(200);
    const { message } = r.json() as { message: string };
    expect(message.startsWith('https://flab.example wants you to sign in')).toBe(true);
    expect(message).toContain('URI: https://flab.example/');
    await app.close();
  });

  it('ignores X-Forwarded-* from a peer it does not trust', async () => {
    const app = await appBehind(['10.1.2.3']);
    const r = await askNonce(app, forwarded, '198.51.100.1');
    const { message } = r.json() as { message: string };
    expect(message.startsWith('http://localhost:5000 wants you to sign in')).toBe(true);
    expect(message).toContain('URI: http://localhost:5000/');
    await app.close();
  });

  it('ignores them entirely when off (the default)', async () => {
    const app = await appBehind(false);
    const { message } = (await askNonce(app, forwarded)).json() as { message: string };
    expect(message).toContain('URI: http://localhost:5000/');
    await app.close();
  });
});

describe('the session cookie over HTTP', () => {
  // Anvil's second well-known account: WALLET's key (a test key, public).
  const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');

  /** Signs in over a real socket, through a proxy's X-Forwarded-Proto: https; the Set-Cookie given. */
  async function signInOverHttp(trustProxy: boolean): Promise<string> {
    const app = Fastify({ trustProxy });
    installErrorHandling(app);
    const ctx = {
      database,
      network: { chainId: 8453, flabToken: '0x00000000000000000000000000000000000f1ab0' },
      // An EOA signature needs no chain; the FLAB balance read answers "none".
      chain: {
        public: {
          readContract: async ({ functionName }: { functionName: string }) =>
            functionName === 'decimals' ? 18 : 0n,
        },
      },
      log: pino({ level: 'silent' }),
    } as unknown as AppContext;
    registerWalletAuthRoutes(app, ctx);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const headers = { 'content-type': 'application/json', 'x-forwarded-proto': 'https' };
      const nonce = await fetch(`${url}/api/auth/nonce`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ address: account.address }),
      });
      expect(nonce.status).toBe(200);
      const { message } = (await nonce.json()) as { message: string };
      const signature = await account.signMessage({ message });
      const verified = await fetch(`${url}/api/auth/verify`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ message, signature }),
      });
      expect(verified.status, await verified.clone().text()).toBe(200);
      return verified.headers.get('set-cookie') ?? '';
    } finally {
      await app.close();
    }
  }

  it('is Secure behind a trusted TLS proxy (TRUST_PROXY), and not when the proxy is not trusted', async () => {
    const behind = await signInOverHttp(true);
    expect(behind).toMatch(/HttpOnly/);
    expect(behind).toMatch(/; Secure/);
    const direct = await signInOverHttp(false);
    expect(direct).toMatch(/HttpOnly/);
    expect(direct).not.toMatch(/Secure/);
  });
});

describe('security headers', () => {
  it('are on JSON answers and errors alike', async () => {
    const app = await appBehind(false);
    for (const r of [
      await askNonce(app, {}),
      await app.inject({ method: 'POST', url: '/api/auth/nonce', payload: {} }),
    ]) {
      expect(r.headers['content-security-policy']).toBe(APP_CSP);
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    await app.close();
  });

  it('let the API reference run its own inline script by hash, and nothing else inline', async () => {
    const app = Fastify();
    installSecurityHeaders(app);
    await registerApiDocs(app);
    const r = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(r.statusCode).toBe(200);
    const csp = String(r.headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src ')) ?? '';
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    await app.close();
  });
});

describe('sign-in sweeper', () => {
  it('deletes expired sessions and long-expired nonces on its own', async () => {
    const db = database.db;
    const t0 = new Date('2026-01-01T00:00:00Z');
    const { token } = await storeSession(db, { walletAddress: WALLET, now: t0 });
    expect(SESSION_TOKEN_RE.test(token)).toBe(true);
    await db.insert(siweNonces).values([
      { nonce: 'oldnonce0001', walletAddress: WALLET, message: 'm', issuedAt: t0, expiresAt: t0 },
      {
        nonce: 'livenonce001',
        walletAddress: WALLET,
        message: 'm',
        issuedAt: t0,
        expiresAt: new Date('2027-06-01T00:00:00Z'),
      },
    ]);
    // Long after the session expired, and nobody signs in.
    const later = new Date('2027-01-01T00:00:00Z');
    const sweeper = startSignInSweeper({
      db,
      log: pino({ level: 'silent' }),
      intervalMs: 60_000,
      now: () => later,
    });
    const swept = await sweeper.runOnce();
    await sweeper.stop();
    expect(swept.sessions).toBeGreaterThanOrEqual(1);
    expect(swept.nonces).toBeGreaterThanOrEqual(1);
    expect(await readSession(db, token, t0)).toBeNull();
    const left = (await db.select().from(siweNonces)).map((n) => n.nonce);
    expect(left).toContain('livenonce001');
    expect(left).not.toContain('oldnonce0001');
  });
});

describe('a Host the sign-in message cannot carry', () => {
  it('is a 400 naming the host, not a 500', async () => {
    const app = await appBehind(false);
    const r = await askNonce(app, { host: 'internal:5000' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.details.field).toBe('host');
    await app.close();
  });
});
