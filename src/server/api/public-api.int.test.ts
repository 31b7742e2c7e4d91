/**
 * The public API's contract (issue 26), on a fresh anvil with the test scenario:
 * - /api/openapi.json validates as OpenAPI 3.1 (@seriousme/openapi-schema-validator);
 * - every route the app registers is in the document, and every documented operation exists;
 * - every operation is called live, on success and on error paths, and each answer (status, content
 *   type, body) is checked against the document's own schemas with Ajv (JSON Schema 2020-12), so
 *   the document cannot drift from what the server sends;
 * - the badge for FLAB, a honeypot and an unknown address (SVG and PNG) matches the report.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenReport } from '../../shared/analysis';
import { API, type ApiOperationId } from '../../shared/api/contract';
import { BADGE_WIDTH } from '../../shared/badge';
import type { ScenarioManifest } from '../../shared/scenario';
import { badgeVerdictOf } from '../badge/verdict';
import type { Runtime } from '../runtime';
import { type ScenarioApp, startScenarioApp } from '../test-support/scenario-app';
import { registeredRoutes } from './app';

const log = pino({ level: 'silent' });
const ADMIN = 'test-admin-token-0123456789';
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON
let doc: any;
/** The write limit's clock: the test moves it, so no step depends on how long the writes take. */
let limitClockMs = Date.parse('2026-01-01T00:00:00Z');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default ? addFormats.default(ajv) : (addFormats as unknown as (a: Ajv2020) => void)(ajv);

type Call = {
  op: ApiOperationId;
  url: string;
  method?: string;
  payload?: unknown;
  headers?: Record<string, string>;
};
/** Operation → statuses seen. */
const seen = new Map<ApiOperationId, Set<number>>();

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** Calls one operation and checks the answer against the document; returns the response. */
async function call(c: Call): Promise<LightMyRequestResponse> {
  const o = API[c.op];
  const method = (c.method ?? o.method).toUpperCase();
  const res = await app.inject({
    method: method as 'GET',
    url: c.url,
    headers: { 'x-client-id': 'contract-test-client', ...c.headers },
    ...(c.payload !== undefined ? { payload: c.payload as object } : {}),
  });
  const where = `${method} ${c.url} → ${res.statusCode}: ${res.body.slice(0, 300)}`;
  const operation = doc.paths[o.path]?.[o.method];
  expect(operation, `${c.op} is in the document`).toBeDefined();
  const documented = operation.responses[String(res.statusCode)];
  expect(documented, `status documented: ${where}`).toBeDefined();
  let set = seen.get(c.op);
  if (!set) {
    set = new Set();
    seen.set(c.op, set);
  }
  set.add(res.statusCode);
  if (res.statusCode === 304) return res;
  const type =
    String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim() ?? '';
  const content = documented.content ?? {};
  expect(Object.keys(content), `content type documented: ${where}`).toContain(type);
  const schema = content[type]?.schema;
  if (type === 'application/json') {
    const validate = ajv.compile({ ...schema, components: doc.components });
    const ok = validate(res.json());
    expect(ok, `${where}\n${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`).toBe(true);
  }
  return res;
}

beforeAll(async () => {
  scenario = await startScenarioApp({
    log,
    app: { airdropAdminToken: ADMIN, writeLimitClock: () => limitClockMs },
  });
  ({ runtime, app } = scenario);
  manifest = runtime.localChain?.manifest as ScenarioManifest;
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await scenario?.stop();
});

describe('OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const r = await validator.validate(structuredClone(doc));
    expect(r.valid, JSON.stringify(r.errors, null, 1)?.slice(0, 2000)).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every route the app serves, and only those', () => {
    const served = registeredRoutes(app)
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/badge/'))
      // The reference page and its assets are the renderer's own.
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.url)}`);
    const documented = Object.values(API).map((o) => `${o.method} ${o.path}`);
    expect([...new Set(served)].sort()).toEqual([...new Set(documented)].sort());
  });

  it('documents the error shape, rate limits and ETags', () => {
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message']);
    const post = doc.paths['/api/trading-journal'].post;
    expect(post['x-rate-limit']).toEqual({ max: 30, windowSeconds: 60 });
    expect(post.responses['429'].headers['retry-after']).toBeDefined();
    expect(doc.paths['/api/scanner/{address}'].get.responses['304']).toBeDefined();
  });

  it('serves the reference page and its renderer offline', async () => {
    const moved = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 301, 302]).toContain(moved.statusCode);
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('/api/openapi.json');
    // Every script the page loads is served by us (no CDN).
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const u = new URL(src, 'http://flab.test/api/docs/');
      expect(u.origin, src).toBe('http://flab.test');
      const js = await app.inject({ method: 'GET', url: u.pathname });
      expect(js.statusCode, u.pathname).toBe(200);
    }
  });
});

describe('every route, live, against the document', () => {
  it('answers as documented, on success and on error', async () => {
    const flab = manifest.tokens.FLAB as string;
    const honeypot = manifest.risks.honeypot;
    const eoa = manifest.wallets.noFlab;
    const bad = '0x1234';
    const wallet = manifest.wallets.demo;

    // System
    await call({ op: 'getHealth', url: '/api/health' });
    const net = await call({ op: 'getNetwork', url: '/api/network' });
    await call({
      op: 'getNetwork',
      url: '/api/network',
      headers: { 'if-none-match': String(net.headers.etag) },
    });
    await call({ op: 'getOpenApi', url: '/api/openapi.json' });
    await call({ op: 'getSite', url: '/api/site' });

    // Token research: success, 304, bad address, not a contract.
    const parts: [ApiOperationId, (a: string) => string][] = [
      ['getScanner', (a) => `/api/scanner/${a}`],
      ['getRugDetector', (a) => `/api/rug-detector/${a}`],
      ['getWhaleTracker', (a) => `/api/whale-tracker/${a}`],
      ['getLiquidity', (a) => `/api/liquidity/${a}?amount=2500`],
      ['getFlabScore', (a) => `/api/flab-score/${a}`],
      ['getTokenHealth', (a) => `/api/token-health/${a}`],
      ['getTokenReport', (a) => `/api/tokens/${a}/report`],
    ];
    for (const [op, url] of parts) {
      const ok = await call({ op, url: url(flab) });
      expect(ok.statusCode).toBe(200);
      await call({ op, url: url(flab), headers: { 'if-none-match': String(ok.headers.etag) } });
      await call({ op, url: url(honeypot) });
      expect((await call({ op, url: url(bad) })).statusCode).toBe(400);
      expect((await call({ op, url: url(eoa) })).statusCode).toBe(422);
    }
    expect((await call({ op: 'getLiquidity', url: `/api/liquidity/${flab}?amount=-5` })).statusCode).toBe(
      400,
    );
    await call({ op: 'getCandles', url: `/api/tokens/${flab}/candles?interval=1h&limit=10` });
    expect(
      (await call({ op: 'getCandles', url: `/api/tokens/${flab}/candles?interval=2w` })).statusCode,
    ).toBe(400);
    expect((await call({ op: 'getCandles', url: `/api/tokens/${eoa}/candles` })).statusCode).toBe(404);

    // Search
    await call({ op: 'searchTokens', url: '/api/tokens/search?q=FLAB' });
    expect((await call({ op: 'searchTokens', url: '/api/tokens/search?q=' })).statusCode).toBe(400);

    // Badge
    await call({ op: 'getBadge', url: `/badge/${flab}.svg` });
    await call({ op: 'getBadge', url: `/badge/${flab}.png` });
    expect((await call({ op: 'getBadge', url: `/badge/${flab}.gif` })).statusCode).toBe(400);
    expect((await call({ op: 'getBadge', url: `/badge/${bad}.svg` })).statusCode).toBe(400);

    // Verification
    expect(
      (await call({ op: 'postVerifyContract', url: '/api/contracts/verify', payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (await call({ op: 'getContractVerification', url: `/api/contracts/${eoa}/verification` })).statusCode,
    ).toBe(404);
    expect(
      (await call({ op: 'getContractVerification', url: `/api/contracts/${bad}/verification` })).statusCode,
    ).toBe(400);
    // The scenario verifies FLAB's source at start.
    await call({ op: 'getContractVerification', url: `/api/contracts/${flab}/verification` });

    // Trading journal
    const trade = await call({
      op: 'postTrade',
      url: '/api/trading-journal',
      payload: {
        walletAddress: wallet,
        tokenSymbol: 'FLAB',
        tokenName: 'FLAB',
        tokenAddress: flab,
        tradeType: 'buy',
        quantity: '100',
        entryPrice: '0.5',
      },
    });
    expect(trade.statusCode).toBe(201);
    const tradeId = (trade.json() as { id: number }).id;
    expect(
      (await call({ op: 'postTrade', url: '/api/trading-journal', payload: { walletAddress: bad } }))
        .statusCode,
    ).toBe(400);
    await call({ op: 'getJournal', url: `/api/trading-journal/${wallet}` });
    expect((await call({ op: 'getJournal', url: `/api/trading-journal/${bad}` })).statusCode).toBe(400);
    await call({ op: 'getJournalStats', url: `/api/trading-journal/stats/${wallet}` });
    expect((await call({ op: 'getJournalStats', url: `/api/trading-journal/stats/${bad}` })).statusCode).toBe(
      400,
    );
    await call({ op: 'getJournalCsv', url: `/api/trading-journal/${wallet}/export.csv` });
    expect(
      (await call({ op: 'getJournalCsv', url: `/api/trading-journal/${bad}/export.csv` })).statusCode,
    ).toBe(400);
    await call({
      op: 'patchTrade',
      url: `/api/trading-journal/${tradeId}`,
      payload: { walletAddress: wallet, exitPrice: '0.75' },
    });
    expect(
      (
        await call({
          op: 'patchTrade',
          url: '/api/trading-journal/999999',
          payload: { walletAddress: wallet, notes: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call({ op: 'deleteTrade', url: `/api/trading-journal/${tradeId}?walletAddress=${eoa}` }))
        .statusCode,
    ).toBe(403);
    await call({ op: 'deleteTrade', url: `/api/trading-journal/${tradeId}?walletAddress=${wallet}` });
    expect(
      (await call({ op: 'deleteTrade', url: '/api/trading-journal/abc?walletAddress=x' })).statusCode,
    ).toBe(400);

    // Trading calls
    const flabReport = (
      await app.inject({ method: 'GET', url: `/api/tokens/${flab}/report` })
    ).json() as TokenReport;
    const flabPrice = flabReport.facts.pools[0]?.priceUsd ?? 0;
    expect(flabPrice).toBeGreaterThan(0);
    const tc = await call({
      op: 'postTradingCall',
      url: '/api/trading-calls',
      payload: {
        symbol: 'FLAB',
        tokenName: 'FLAB',
        tokenAddress: flab,
        callType: 'long',
        // The entry must be within 5% of the pool price when the call is posted (issue 24).
        entryPrice: flabPrice.toFixed(12),
        targetPrice: (flabPrice * 2).toFixed(12),
        stopLoss: (flabPrice / 2).toFixed(12),
        confidence: 80,
        timeframe: '24h',
        reasoning: 'contract test',
      },
    });
    expect(tc.statusCode).toBe(201);
    const callId = (tc.json() as { id: number }).id;
    expect(
      (await call({ op: 'postTradingCall', url: '/api/trading-calls', payload: { confidence: 500 } }))
        .statusCode,
    ).toBe(400);
    await call({ op: 'getTradingCalls', url: '/api/trading-calls' });
    await call({ op: 'getTradingCallStats', url: '/api/trading-calls/stats' });
    await call({ op: 'postFollowCall', url: `/api/trading-calls/${callId}/follow` });
    await call({ op: 'postLikeCall', url: `/api/trading-calls/${callId}/like` });
    expect((await call({ op: 'postFollowCall', url: '/api/trading-calls/999999/follow' })).statusCode).toBe(
      404,
    );
    expect((await call({ op: 'postLikeCall', url: '/api/trading-calls/x/like' })).statusCode).toBe(400);

    // Wallet sign-in, games
    const account = privateKeyToAccount(generatePrivateKey());
    expect(
      (await call({ op: 'postAuthNonce', url: '/api/auth/nonce', payload: { address: bad } })).statusCode,
    ).toBe(400);
    const nonce = await call({
      op: 'postAuthNonce',
      url: '/api/auth/nonce',
      payload: { address: account.address },
    });
    const { message } = nonce.json() as { message: string };
    expect(
      (
        await call({
          op: 'postAuthVerify',
          url: '/api/auth/verify',
          payload: { message, signature: `0x${'11'.repeat(65)}` },
        })
      ).statusCode,
    ).toBe(401);
    const nonce2 = (
      await call({ op: 'postAuthNonce', url: '/api/auth/nonce', payload: { address: account.address } })
    ).json() as {
      message: string;
    };
    const verified = await call({
      op: 'postAuthVerify',
      url: '/api/auth/verify',
      payload: { message: nonce2.message, signature: await account.signMessage({ message: nonce2.message }) },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = String(verified.headers['set-cookie']).split(';')[0] as string;
    await call({ op: 'getAuthSession', url: '/api/auth/session', headers: { cookie } });
    await call({ op: 'getAuthSession', url: '/api/auth/session' });
    expect((await call({ op: 'postGame', url: '/api/gaming/games' })).statusCode).toBe(401);
    const game = await call({ op: 'postGame', url: '/api/gaming/games', headers: { cookie } });
    expect(game.statusCode).toBe(201);
    const { gameId } = game.json() as { gameId: string };
    const score = { gameId, playerName: 'Contract', walletAddress: account.address, score: 10, level: 1 };
    expect(
      (await call({ op: 'postScore', url: '/api/gaming/submit-score', payload: score })).statusCode,
    ).toBe(401);
    const empty = await call({
      op: 'postScore',
      url: '/api/gaming/submit-score',
      payload: {},
      headers: { cookie },
    });
    expect(empty.statusCode).toBe(400);
    // A new wallet holds no FLAB: refused (403), or too fast for the time observed.
    const submitted = await call({
      op: 'postScore',
      url: '/api/gaming/submit-score',
      payload: score,
      headers: { cookie },
    });
    expect([201, 400, 403, 409]).toContain(submitted.statusCode);
    await call({ op: 'postAuthLogout', url: '/api/auth/logout', headers: { cookie } });
    await call({ op: 'getVerifyWallet', url: `/api/verify-wallet/${wallet}` });
    expect((await call({ op: 'getVerifyWallet', url: `/api/verify-wallet/${bad}` })).statusCode).toBe(400);
    await call({ op: 'getLeaderboard', url: '/api/gaming/leaderboard' });
    await call({ op: 'postLocalFaucet', url: '/api/local/faucet', payload: { address: account.address } });
    expect(
      (await call({ op: 'postLocalFaucet', url: '/api/local/faucet', payload: { address: bad } })).statusCode,
    ).toBe(400);

    // Market tools
    await call({ op: 'getPortfolio', url: `/api/portfolio/${wallet}` });
    expect((await call({ op: 'getPortfolio', url: `/api/portfolio/${bad}` })).statusCode).toBe(400);
    // A token's address as the wallet: 422 not_a_wallet, as documented.
    expect((await call({ op: 'getPortfolio', url: `/api/portfolio/${flab}` })).statusCode).toBe(422);
    await call({ op: 'getWalletStats', url: `/api/wallet-stats/${wallet}` });
    expect((await call({ op: 'getWalletStats', url: `/api/wallet-stats/${bad}` })).statusCode).toBe(400);
    await call({ op: 'getDemoWallet', url: '/api/demo-wallet' });
    await call({ op: 'getYieldOpportunities', url: '/api/yield-opportunities' });
    await call({ op: 'getYieldOpportunities', url: '/api/yield-opportunities?amount=1000' });
    expect(
      (await call({ op: 'getYieldOpportunities', url: '/api/yield-opportunities?amount=-1' })).statusCode,
    ).toBe(400);
    await call({ op: 'getYieldStrategies', url: '/api/yield-strategies' });
    await call({ op: 'getYieldStrategies', url: '/api/yield-strategies?amount=lots' });
    await call({ op: 'getPumpOpportunities', url: '/api/pump-opportunities?timeframe=24h&risk=all' });
    expect(
      (await call({ op: 'getPumpOpportunities', url: '/api/pump-opportunities?timeframe=9y' })).statusCode,
    ).toBe(400);
    const drops = await call({ op: 'getAirdrops', url: '/api/airdrops?category=all&search=' });
    expect((await call({ op: 'getAirdrops', url: '/api/airdrops?category=nope' })).statusCode).toBe(400);
    await call({ op: 'getAirdropSummary', url: '/api/airdrops/summary' });
    const firstDrop = (drops.json() as { id: string }[])[0]?.id ?? 'none';
    await call({
      op: 'postEligibility',
      url: `/api/airdrops/${firstDrop}/eligibility`,
      payload: { address: wallet },
    });
    expect(
      (
        await call({
          op: 'postEligibility',
          url: '/api/airdrops/no-such-drop/eligibility',
          payload: { address: wallet },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call({ op: 'postEligibility', url: `/api/airdrops/${firstDrop}/eligibility`, payload: {} }))
        .statusCode,
    ).toBe(400);
    const entry = {
      id: 'contract-test-drop',
      name: 'Contract test drop',
      category: 'defi',
      description: 'A catalogue entry written by the contract test.',
      requirements: [],
      source: 'https://example.com/drop',
    };
    expect((await call({ op: 'postAirdrop', url: '/api/airdrops', payload: entry })).statusCode).toBe(403);
    expect(
      (
        await call({
          op: 'postAirdrop',
          url: '/api/airdrops',
          payload: entry,
          headers: { authorization: `Bearer ${ADMIN}` },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call({
          op: 'postAirdrop',
          url: '/api/airdrops',
          payload: { id: 1 },
          headers: { authorization: `Bearer ${ADMIN}` },
        })
      ).statusCode,
    ).toBe(400);

    // Security alerts (shared list)
    await call({ op: 'postMonitorToken', url: '/api/monitor-token', payload: { tokenAddress: flab } });
    expect(
      (await call({ op: 'postMonitorToken', url: '/api/monitor-token', payload: { tokenAddress: bad } }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call({ op: 'postMonitorToken', url: '/api/monitor-token', payload: { tokenAddress: eoa } }))
        .statusCode,
    ).toBe(422);
    await call({ op: 'getMonitoredTokens', url: '/api/monitored-tokens' });
    await call({ op: 'getSecurityStats', url: '/api/security-stats' });
    await call({ op: 'getSecurityAlerts', url: '/api/security-alerts?severity=all' });
    expect(
      (await call({ op: 'getSecurityAlerts', url: '/api/security-alerts?severity=extreme' })).statusCode,
    ).toBe(400);

    // Watchlist and webhooks (per visitor: this test's client id)
    await call({ op: 'getWatchlist', url: '/api/watchlist' });
    expect(
      (
        await call({
          op: 'postWatchItem',
          url: '/api/watchlist/items',
          payload: { tokenAddress: honeypot, kinds: ['honeypot_on'] },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call({ op: 'postWatchItem', url: '/api/watchlist/items', payload: { tokenAddress: eoa } }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await call({
          op: 'postWatchItem',
          url: '/api/watchlist/items',
          payload: { tokenAddress: flab, kinds: ['nope'] },
        })
      ).statusCode,
    ).toBe(400);
    await call({ op: 'getWatchAlerts', url: '/api/watchlist/alerts' });
    expect((await call({ op: 'deleteWatchItem', url: `/api/watchlist/items/${flab}` })).statusCode).toBe(404);
    expect((await call({ op: 'deleteWatchItem', url: `/api/watchlist/items/${bad}` })).statusCode).toBe(400);
    await call({ op: 'deleteWatchItem', url: `/api/watchlist/items/${honeypot}` });
    expect(
      (await call({ op: 'getWebhookDeliveries', url: '/api/watchlist/webhook/deliveries' })).statusCode,
    ).toBe(404);
    expect((await call({ op: 'postWebhookTest', url: '/api/watchlist/webhook/test' })).statusCode).toBe(404);
    expect((await call({ op: 'deleteWebhook', url: '/api/watchlist/webhook' })).statusCode).toBe(404);
    expect(
      (await call({ op: 'putWebhook', url: '/api/watchlist/webhook', payload: { url: 'ftp://x' } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call({
          op: 'putWebhook',
          url: '/api/watchlist/webhook',
          payload: { url: 'http://127.0.0.1:9/hook' },
        })
      ).statusCode,
    ).toBe(201);
    expect((await call({ op: 'postWebhookTest', url: '/api/watchlist/webhook/test' })).statusCode).toBe(202);
    await call({ op: 'getWebhookDeliveries', url: '/api/watchlist/webhook/deliveries' });
    await call({ op: 'deleteWebhook', url: '/api/watchlist/webhook' });

    // Rate limit: the 31st write in a minute is a documented 429, and the next minute writes pass
    // again. The limiter's clock is the test's: a fresh window first (the likes above are in an
    // older one), then no time passes until the test moves it.
    limitClockMs += 61_000;
    const like = (i: number) =>
      call({
        op: 'postLikeCall',
        url: `/api/trading-calls/${callId}/like`,
        headers: { 'x-client-id': `rl-${i}-client` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await like(i)).statusCode);
    expect(
      statuses.slice(0, 30).every((s) => s >= 200 && s < 300),
      `${statuses}`,
    ).toBe(true);
    expect(statuses[30]).toBe(429);
    limitClockMs += 60_000;
    expect((await like(31)).statusCode).toBeLessThan(300);

    // Every operation was called; each answered with success at least once (the only exceptions
    // below need what a test cannot give: a real source to verify, a score a server accepts).
    const noSuccess = new Set<ApiOperationId>(['postVerifyContract', 'postScore']);
    for (const id of Object.keys(API) as ApiOperationId[]) {
      const statuses = [...(seen.get(id) ?? [])];
      expect(statuses.length, `${id} was called`).toBeGreaterThan(0);
      if (!noSuccess.has(id))
        expect(
          statuses.some((s) => s >= 200 && s < 300),
          `${id} succeeded: ${statuses}`,
        ).toBe(true);
    }
    // And error paths of every operation that documents one, except those only a dead chain, a
    // full watchlist or Base mode (no demo wallet configured) gives.
    const errorCalled = Object.entries(API).filter(([id, o]) => {
      if (id === 'getDemoWallet') return false;
      const mine = o.errors.filter((s) => s !== 503 && s !== 413 && s !== 409 && s !== 429);
      return mine.length > 0 && ![...(seen.get(id as ApiOperationId) ?? [])].some((s) => s >= 400);
    });
    expect(errorCalled.map(([id]) => id)).toEqual([]);
  });
});

describe('badge', () => {
  const report = async (a: string) =>
    (await app.inject({ method: 'GET', url: `/api/tokens/${a}/report` })).json() as TokenReport;

  it('FLAB and a honeypot: the report’s verdict, score and time, in SVG and PNG', async () => {
    for (const token of [manifest.tokens.FLAB as string, manifest.risks.honeypot]) {
      const r = await report(token);
      const svg = await app.inject({ method: 'GET', url: `/badge/${token}.svg` });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(svg.headers['cache-control']).toMatch(/public, max-age=\d+/);
      expect(svg.headers.etag).toMatch(/^"badge-svg-/);
      const verdict = badgeVerdictOf(r);
      expect(svg.body).toContain(`${r.flabScore.flabScore}/100`);
      expect(svg.body).toContain(verdict.label.replace(/'/g, '&apos;'));
      const at = new Date(r.generatedAt).toISOString();
      expect(svg.body).toContain(`${at.slice(0, 10)} ${at.slice(11, 16)} UTC`);
      expect(svg.body).toContain(`href="/token-analysis?address=${token.toLowerCase()}"`);
      const again = await app.inject({
        method: 'GET',
        url: `/badge/${token}.svg`,
        headers: { 'if-none-match': String(svg.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      const png = await app.inject({ method: 'GET', url: `/badge/${token}.png` });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(png.rawPayload.readUInt32BE(16)).toBe(BADGE_WIDTH * 2); // 2× for sharp screens
      expect(png.headers.etag).toMatch(/^"badge-png-/);
      if (token === manifest.risks.honeypot)
        expect([verdict.kind, verdict.tone]).toEqual(['honeypot', 'danger']);
    }
  });

  it('an unknown address says so and shows no score', async () => {
    for (const ext of ['svg', 'png']) {
      const res = await app.inject({ method: 'GET', url: `/badge/${manifest.wallets.noFlab}.${ext}` });
      expect(res.statusCode).toBe(200);
      if (ext === 'svg') {
        expect(res.body).toContain('Not a token contract');
        expect(res.body).not.toMatch(/\d+\/100/);
      } else {
        expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      }
      expect(res.headers.etag).toBeUndefined();
    }
  });
});
