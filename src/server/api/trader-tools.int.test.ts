/**
 * Trader tools API over in-memory PGlite with a fake engine (pool prices) and a fake chain (FLAB
 * balances): journal, calls (with the tracker job), gaming, validation, CSV, rate limits.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { ContractFunctionZeroDataError } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAIN_DECIMAL_REASON } from '../../shared/strict-input';
import {
  callStatsSchema,
  journalStatsSchema,
  leaderboardSchema,
  MESSAGES,
  reactionResultSchema,
  submitScoreResponseSchema,
  tradeListSchema,
  tradeSchema,
  tradingCallListSchema,
  tradingCallSchema,
  walletVerificationSchema,
} from '../../shared/trader-tools';
import { SESSION_COOKIE, SIWE_TTL_SECONDS } from '../../shared/wallet-auth';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import { type Database, openDatabase } from '../db/client';
import type { TokenEngine } from '../engine/token-engine';
import { startCallTracker } from '../jobs/call-tracker';
import { parseCsv } from '../trader-tools/csv';
import type { AppContext } from './context';
import { installErrorHandling } from './error-handler';
import { registerGamingRoutes } from './routes/gaming';
import { registerTradingCallsRoutes } from './routes/trading-calls';
import { registerTradingJournalRoutes } from './routes/trading-journal';
import { registerWalletAuthRoutes } from './routes/wallet-auth';

const FLAB = '0xf1ab00000000000000000000000000000000f1ab' as const;
const E18 = 10n ** 18n;
const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as const;
const TOKEN_A = addr(0xa);
const TOKEN_B = addr(0xb);
const TOKEN_NOPRICE = addr(0xdead);

/** Pool prices the fake engine answers with; a token not listed throws (like a non-token). */
const prices = new Map<string, number | null>([
  [TOKEN_A, 2],
  [TOKEN_B, 10],
]);
/** A token whose report's verdict is Honeypot (the fake engine's only report). */
const TOKEN_HONEY = addr(0x40);
prices.set(TOKEN_HONEY, 2);
const HONEY_VERDICT = {
  kind: 'honeypot',
  label: 'Honeypot — cannot be sold',
  reason: 'Selling it back failed.',
} as const;
const engine = {
  async facts(address: string) {
    const p = prices.get(address.toLowerCase());
    if (p === undefined) throw new Error(`${address} is not a token`);
    return { mainPool: p === null ? null : { priceUsd: p } };
  },
  async report(address: string) {
    if (address.toLowerCase() !== TOKEN_HONEY) throw new Error(`no report for ${address}`);
    return { verdict: { ...HONEY_VERDICT, findings: [], summary: {} } };
  },
} as unknown as TokenEngine;

/** FLAB balances (smallest units) the fake chain answers with. */
const balances = new Map<string, bigint>();
let chainMode: 'ok' | 'down' | 'not-a-token' = 'ok';
const chain = {
  mode: 'local',
  rpcUrl: 'http://fake',
  public: {
    /** Test wallets are keys (EOAs): no contract code anywhere. */
    async getCode() {
      if (chainMode === 'down') throw new Error('fetch failed');
      return undefined;
    },
    async readContract(args: { address: string; functionName: string; args?: readonly unknown[] }) {
      if (chainMode === 'down') throw new Error('fetch failed');
      if (chainMode === 'not-a-token')
        throw new ContractFunctionZeroDataError({ functionName: args.functionName });
      expect(args.address).toBe(FLAB);
      if (args.functionName === 'decimals') return 18;
      if (args.functionName === 'balanceOf') return balances.get(String(args.args?.[0]).toLowerCase()) ?? 0n;
      throw new Error(`unexpected ${args.functionName}`);
    },
  },
} as unknown as ChainClients;

const network = {
  mode: 'local',
  chainId: 8453,
  label: 'test',
  flabToken: FLAB,
} as unknown as NetworkDescription;
const log = pino({ level: 'silent' });

let clock = Date.parse('2025-06-01T12:00:00Z');
const now = () => new Date(clock);

async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify();
  installErrorHandling(app);
  await app.register(fastifyRateLimit, { global: false });
  registerTradingJournalRoutes(app, ctx, { now });
  registerTradingCallsRoutes(app, ctx, { now });
  registerWalletAuthRoutes(app, ctx, { now });
  registerGamingRoutes(app, ctx, { now });
  await app.ready();
  return app;
}

let database: Database;
let ctx: AppContext;
let app: FastifyInstance;
/** A distinct client address per test so the per-client write limit never interferes. */
let ipSeq = 1;
const nextIp = () => `10.0.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
  ctx = { database, chain, network, engine, log };
  app = await buildApp(ctx);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const WALLET = addr(0x1001);
const OTHER_WALLET = addr(0x1002);

const trade = (over: Record<string, unknown> = {}) => ({
  walletAddress: WALLET,
  tokenSymbol: 'AAA',
  tokenName: 'Token A',
  tokenAddress: TOKEN_A,
  tradeType: 'buy',
  quantity: '10',
  entryPrice: '1.5',
  fees: '1',
  ...over,
});

async function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress: nextIp() });
}

describe('trading journal', () => {
  it('rejects bad input with 400 naming the field and the reason', async () => {
    const missing = await post('/api/trading-journal', trade({ quantity: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      error: { code: 'bad_request', details: { field: 'quantity', reason: 'is required' } },
    });
    const notNumber = await post('/api/trading-journal', trade({ entryPrice: 'abc' }));
    expect(notNumber.json().error.details).toMatchObject({ field: 'entryPrice' });
    // Strict input (issue 15): other notations, subnormals, year 0000, bad checksums → 400 naming the field.
    for (const [field, value] of [
      ['entryPrice', '0x123'],
      ['quantity', '0b101'],
      ['entryPrice', '1e3'],
      ['entryPrice', 'Infinity'],
      ['entryPrice', '+5'],
      ['entryPrice', 1e-320],
      ['entryPrice', '0.0000000000000000000001'],
      ['quantity', '10000000000000000'],
      ['entryDate', '0000-01-01T00:00:00Z'],
      ['entryDate', '2025-02-30T00:00:00Z'],
      ['entryDate', '2014-12-31T00:00:00Z'],
      ['walletAddress', '0x52908400098527886e0F7030069857D2E4169EE7'],
    ] as const) {
      const r = await post('/api/trading-journal', trade({ [field]: value }));
      expect(r.statusCode, `${field}=${value}`).toBe(400);
      expect(r.json().error.details.field, `${field}=${value}`).toBe(field);
    }
    const checksummed = await post(
      '/api/trading-journal',
      trade({ walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', entryPrice: '0x1' }),
    );
    expect(checksummed.json().error.details.field).toBe('entryPrice');
    const badType = await post('/api/trading-journal', trade({ tradeType: 'hodl' }));
    expect(badType.json().error.details).toMatchObject({ field: 'tradeType', reason: 'must be buy or sell' });
    const badStrategy = await post('/api/trading-journal', trade({ strategy: 'yolo' }));
    expect(badStrategy.json().error.details.field).toBe('strategy');
    const badWallet = await post('/api/trading-journal', trade({ walletAddress: '0x123' }));
    expect(badWallet.json().error.details.field).toBe('walletAddress');
    const negative = await post('/api/trading-journal', trade({ fees: '-1' }));
    expect(negative.json().error.details).toMatchObject({ field: 'fees', reason: 'must be zero or more' });
    const future = await post('/api/trading-journal', trade({ entryDate: '2030-01-01T00:00:00Z' }));
    expect(future.json().error.details.field).toBe('entryDate');
    const notJson = await post('/api/trading-journal', 'x', { 'content-type': 'text/plain' });
    expect(notJson.statusCode).toBeGreaterThanOrEqual(400);
    const list = await app.inject({ method: 'GET', url: '/api/trading-journal/not-a-wallet' });
    expect(list.statusCode).toBe(400);
    expect(list.json().error.details.field).toBe('wallet');
    // Nothing was written by any of these.
    expect((await app.inject({ method: 'GET', url: `/api/trading-journal/${WALLET}` })).json()).toEqual([]);
  });

  it('adds a trade marked to the pool price; unknown prices mark at entry and say so', async () => {
    const w = addr(0x2001);
    const res = await post('/api/trading-journal', trade({ walletAddress: w, exitPrice: '', notes: '' }));
    expect(res.statusCode).toBe(201);
    const t = tradeSchema.parse(res.json());
    // buy: (2 − 1.5) × 10 − 1
    expect(t).toMatchObject({
      status: 'open',
      currentPrice: 2,
      priceSource: 'pool',
      netPnL: 4,
      exitPrice: null,
      notes: null,
    });
    expect(t.pnlPercentage).toBeCloseTo((4 / 15) * 100, 10);

    const unknown = await post(
      '/api/trading-journal',
      trade({ walletAddress: w, tokenAddress: TOKEN_NOPRICE, tradeType: 'sell' }),
    );
    expect(unknown.json()).toMatchObject({ currentPrice: null, priceSource: 'entry', netPnL: -1 });

    const list = tradeListSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/trading-journal/${w}` })).json(),
    );
    expect(list).toHaveLength(2);
  });

  it('computes the stats from the stored trades', async () => {
    const w = addr(0x3001);
    const entry = new Date(clock - 3 * 86_400_000).toISOString();
    const exitAfter = (days: number) => new Date(clock - 3 * 86_400_000 + days * 86_400_000).toISOString();
    // Closed buy: (3 − 1) × 10 − 1 = 19, held 1 day.
    await post(
      '/api/trading-journal',
      trade({ walletAddress: w, entryPrice: '1', exitPrice: '3', entryDate: entry, exitDate: exitAfter(1) }),
    );
    // Closed short: (4 − 5) × 2 − 0 = −2, held 2 days.
    await post(
      '/api/trading-journal',
      trade({
        walletAddress: w,
        tradeType: 'sell',
        quantity: '2',
        entryPrice: '4',
        exitPrice: '5',
        fees: '',
        entryDate: entry,
        exitDate: exitAfter(2),
      }),
    );
    // Closed buy: (2 − 1) × 5 − 0.5 = 4.5, held 0.5 days.
    await post(
      '/api/trading-journal',
      trade({
        walletAddress: w,
        quantity: '5',
        entryPrice: '1',
        exitPrice: '2',
        fees: '0.5',
        entryDate: entry,
        exitDate: exitAfter(0.5),
      }),
    );
    // Open short on token B at pool 10: (12 − 10) × 1 − 0 = 2.
    await post(
      '/api/trading-journal',
      trade({
        walletAddress: w,
        tradeType: 'sell',
        tokenAddress: TOKEN_B,
        quantity: 1,
        entryPrice: 12,
        fees: 0,
      }),
    );

    const res = await app.inject({ method: 'GET', url: `/api/trading-journal/stats/${w}` });
    expect(res.statusCode).toBe(200);
    const s = journalStatsSchema.parse(res.json());
    expect(s).toEqual({
      totalPnL: 19 - 2 + 4.5 + 2,
      winRate: 66.7,
      totalTrades: 4,
      totalVolume: 10 + 8 + 5 + 12,
      bestTrade: 19,
      worstTrade: -2,
      profitFactor: 11.75,
      avgTradeSize: 35 / 4,
      avgHoldTime: 1.2,
      openTrades: 1,
      closedTrades: 3,
      realizedPnL: 21.5,
      unrealizedPnL: 2,
      openTradesWithoutPrice: 0,
    });
    // Stats move with the market.
    prices.set(TOKEN_B, 11);
    try {
      const s2 = (await app.inject({ method: 'GET', url: `/api/trading-journal/stats/${w}` })).json();
      expect(s2.unrealizedPnL).toBe(1);
    } finally {
      prices.set(TOKEN_B, 10);
    }
  });

  it('row actions: update closes a trade (closedAt set), require the owning wallet, delete removes it', async () => {
    const w = addr(0x4001);
    const created = tradeSchema.parse(
      (await post('/api/trading-journal', trade({ walletAddress: w }))).json(),
    );
    const url = `/api/trading-journal/${created.id}`;
    const patch = (payload: unknown) =>
      app.inject({ method: 'PATCH', url, payload: payload as object, remoteAddress: nextIp() });

    const noWallet = await patch({ exitPrice: '3' });
    expect(noWallet.statusCode).toBe(400);
    expect(noWallet.json().error.details.field).toBe('walletAddress');
    const wrong = await patch({ walletAddress: OTHER_WALLET, exitPrice: '3' });
    expect(wrong.statusCode).toBe(403);
    const unknownField = await patch({ walletAddress: w, walletAddres: 'typo' });
    expect(unknownField.json().error.details).toMatchObject({
      field: 'walletAddres',
      reason: 'is not a known field',
    });
    const badDate = await patch({ walletAddress: w, exitPrice: '3', exitDate: '2000-01-01T00:00:00Z' });
    expect(badDate.json().error.details.field).toBe('exitDate');
    // A rejected update leaves the row as it was.
    const after = tradeListSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/trading-journal/${w}` })).json(),
    );
    expect(after[0]).toMatchObject({
      status: 'open',
      exitPrice: null,
      closedAt: null,
      updatedAt: created.updatedAt,
    });

    clock += 2 * 86_400_000;
    const closed = await patch({ walletAddress: w, exitPrice: '3', notes: 'took profit' });
    expect(closed.statusCode).toBe(200);
    const c = tradeSchema.parse(closed.json());
    // (3 − 1.5) × 10 − 1
    expect(c).toMatchObject({
      status: 'closed',
      exitPrice: 3,
      priceSource: 'exit',
      currentPrice: null,
      netPnL: 14,
      notes: 'took profit',
    });
    expect(c.closedAt).toBe(new Date(clock).toISOString());
    const stats = (await app.inject({ method: 'GET', url: `/api/trading-journal/stats/${w}` })).json();
    expect(stats.avgHoldTime).toBe(2);

    const reopened = tradeSchema.parse((await patch({ walletAddress: w, exitPrice: null })).json());
    expect(reopened).toMatchObject({ status: 'open', closedAt: null, priceSource: 'pool' });

    const delWrong = await app.inject({
      method: 'DELETE',
      url: `${url}?walletAddress=${OTHER_WALLET}`,
      remoteAddress: nextIp(),
    });
    expect(delWrong.statusCode).toBe(403);
    const delMissing = await app.inject({ method: 'DELETE', url, remoteAddress: nextIp() });
    expect(delMissing.statusCode).toBe(400);
    expect(delMissing.json().error.details.field).toBe('walletAddress');
    const del = await app.inject({
      method: 'DELETE',
      url: `${url}?walletAddress=${w}`,
      remoteAddress: nextIp(),
    });
    expect(del.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/trading-journal/${w}` })).json()).toEqual([]);
    expect((await patch({ walletAddress: w, exitPrice: '3' })).statusCode).toBe(404);
    expect(
      (
        await app.inject({ method: 'PATCH', url: '/api/trading-journal/abc', payload: { walletAddress: w } })
      ).json().error.details.field,
    ).toBe('id');
  });

  it('exports CSV that neutralises formula injection and parses back', async () => {
    const w = addr(0x5001);
    const evil = '=HYPERLINK("http://evil.example","click"),x';
    await post(
      '/api/trading-journal',
      trade({ walletAddress: w, tokenName: '+SUM(1,2)', notes: evil, tokenSymbol: '@A' }),
    );
    await post(
      '/api/trading-journal',
      trade({ walletAddress: w, notes: 'line1\nline2 "quoted"', exitPrice: '1' }),
    );
    const res = await app.inject({ method: 'GET', url: `/api/trading-journal/${w}/export.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`trading-journal-${w}.csv`);
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(3);
    const header = rows[0] as string[];
    const col = (row: string[] | undefined, name: string) => row?.[header.indexOf(name)];
    expect(col(rows[1], 'notes')).toBe(`'${evil}`);
    expect(col(rows[1], 'token_name')).toBe("'+SUM(1,2)");
    expect(col(rows[1], 'token_symbol')).toBe("'@A");
    expect(col(rows[1], 'net_pnl')).toBe('4');
    expect(col(rows[2], 'notes')).toBe('line1\nline2 "quoted"');
    // A negative P&L stays a number.
    expect(col(rows[2], 'net_pnl')).toBe('-6');
    // No raw cell anywhere starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });
});

describe('trading calls', () => {
  const call = (over: Record<string, unknown> = {}) => ({
    symbol: 'AAA',
    tokenName: 'Token A',
    tokenAddress: TOKEN_A,
    callType: 'long',
    entryPrice: '2',
    targetPrice: '3',
    stopLoss: '1',
    confidence: '75',
    timeframe: '4h',
    reasoning: 'breakout',
    ...over,
  });

  it('validates per §5 with the field and the reason', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ confidence: 0 }, 'confidence', 'must be at least 1'],
      [{ confidence: 101 }, 'confidence', 'must be at most 100'],
      [{ confidence: 80.5 }, 'confidence', 'must be a whole number from 1 to 100'],
      [{ entryPrice: 'ten' }, 'entryPrice', PLAIN_DECIMAL_REASON],
      [{ entryPrice: '0x10' }, 'entryPrice', PLAIN_DECIMAL_REASON],
      [{ callType: 'sideways' }, 'callType', 'must be long or short'],
      [{ timeframe: '2d' }, 'timeframe', 'must be one of 1h, 4h, 24h, 3d, 7d'],
      [{ targetPrice: '1.5' }, 'targetPrice', 'must be above the entry price for a long call'],
      [{ callType: 'short' }, 'targetPrice', 'must be below the entry price for a short call'],
      [{ tokenAddress: '0xnope' }, 'tokenAddress', 'must be 0x followed by 40 hex characters'],
      [{ symbol: '' }, 'symbol', 'is required'],
    ];
    for (const [over, field, reason] of cases) {
      const res = await post('/api/trading-calls', call(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error.details).toMatchObject({ field, reason });
    }
  });

  it('refuses a call on a honeypot, naming the verdict (issue 24)', async () => {
    const res = await post('/api/trading-calls', call({ tokenAddress: TOKEN_HONEY, symbol: 'HONEY' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toMatchObject({ field: 'tokenAddress' });
    expect(res.json().error.message).toBe(
      'A call on HONEY is refused: the token is a honeypot (Honeypot — cannot be sold): Selling it back failed.',
    );
  });

  it('posts a call (defaults, price from the pool) and lists it', async () => {
    const res = await post(
      '/api/trading-calls',
      call({ confidence: '', timeframe: undefined, tokenName: undefined }),
    );
    expect(res.statusCode).toBe(201);
    const c = tradingCallSchema.parse(res.json());
    expect(c).toMatchObject({
      symbol: 'AAA',
      tokenName: 'AAA',
      confidence: 80,
      timeframe: '24h',
      status: 'active',
      currentPrice: 2,
      priceSource: 'pool',
      pnlPercentage: 0,
      followers: 0,
      likes: 0,
    });
    const noAddr = tradingCallSchema.parse(
      (await post('/api/trading-calls', call({ tokenAddress: 'N/A', symbol: 'NOADDR' }))).json(),
    );
    expect(noAddr).toMatchObject({
      tokenAddress: null,
      currentPrice: null,
      priceSource: 'entry',
      status: 'active',
    });
    const list = tradingCallListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/trading-calls' })).json(),
    );
    expect(list.map((x) => x.id)).toEqual(expect.arrayContaining([c.id, noAddr.id]));
    expect(list[0]?.id).toBe(noAddr.id); // newest first
  });

  it('follows and likes toggle per client, counts are real, a cookie identifies header-less clients', async () => {
    const c = tradingCallSchema.parse((await post('/api/trading-calls', call({ symbol: 'SOCIAL' }))).json());
    const follow = (headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/api/trading-calls/${c.id}/follow`,
        headers,
        remoteAddress: nextIp(),
      });
    const r1 = reactionResultSchema.parse((await follow({ 'x-client-id': 'client-aaaa' })).json());
    expect(r1).toEqual({ callId: c.id, followers: 1, likes: 0, following: true, liked: false });
    const r2 = reactionResultSchema.parse((await follow({ 'x-client-id': 'client-bbbb' })).json());
    expect(r2.followers).toBe(2);
    const r3 = reactionResultSchema.parse((await follow({ 'x-client-id': 'client-aaaa' })).json());
    expect(r3).toMatchObject({ followers: 1, following: false });

    const anon = await app.inject({
      method: 'POST',
      url: `/api/trading-calls/${c.id}/like`,
      remoteAddress: nextIp(),
    });
    const setCookie = String(anon.headers['set-cookie']);
    expect(setCookie).toMatch(/^flab_client=[0-9a-f-]{36}; Path=\/; .*HttpOnly/);
    expect(anon.json()).toMatchObject({ likes: 1, liked: true });
    const cookie = setCookie.split(';')[0] as string;
    const unlike = await app.inject({
      method: 'POST',
      url: `/api/trading-calls/${c.id}/like`,
      headers: { cookie },
      remoteAddress: nextIp(),
    });
    expect(unlike.json()).toMatchObject({ likes: 0, liked: false });
    expect(unlike.headers['set-cookie']).toBeUndefined();

    const listed = tradingCallListSchema
      .parse(
        (
          await app.inject({
            method: 'GET',
            url: '/api/trading-calls',
            headers: { 'x-client-id': 'client-bbbb' },
          })
        ).json(),
      )
      .find((x) => x.id === c.id);
    expect(listed).toMatchObject({ followers: 1, following: true, likes: 0 });

    expect((await follow({})).statusCode).toBe(200);
    const missing = await app.inject({
      method: 'POST',
      url: '/api/trading-calls/999999/follow',
      remoteAddress: nextIp(),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('the tracker moves active calls by direction; stats come from the stored calls', async () => {
    await database.db.execute(sql`delete from trading_calls`);
    const TOKEN_C = addr(0xc);
    const TOKEN_D = addr(0xd);
    prices.set(TOKEN_C, 2);
    prices.set(TOKEN_D, 2);
    const mk = async (over: Record<string, unknown>) =>
      tradingCallSchema.parse((await post('/api/trading-calls', call(over))).json());
    const longWin = await mk({ tokenAddress: TOKEN_C, symbol: 'LW' });
    const shortStop = await mk({
      tokenAddress: TOKEN_D,
      symbol: 'SS',
      callType: 'short',
      targetPrice: '1',
      stopLoss: '3',
    });
    const longOpen = await mk({ tokenAddress: TOKEN_A, symbol: 'LO', targetPrice: '5' });
    // An entry far from the pool (12 against 10) is refused, naming the current price.
    const far = await post(
      '/api/trading-calls',
      call({
        tokenAddress: TOKEN_B,
        symbol: 'SW',
        callType: 'short',
        entryPrice: '12',
        targetPrice: '10.5',
        stopLoss: '15',
      }),
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().error.details).toMatchObject({ field: 'entryPrice' });
    expect(far.json().error.message).toMatch(/current pool price \$10\.00 \(it is 20% above it\)/);
    // Posted when the pool (10) is already past its target: completed at once.
    const shortWin = await mk({
      tokenAddress: TOKEN_B,
      symbol: 'SW',
      callType: 'short',
      entryPrice: '10.4',
      targetPrice: '10.1',
      stopLoss: '15',
    });
    expect(shortWin).toMatchObject({ status: 'completed', currentPrice: 10 });
    const untracked = await mk({ tokenAddress: undefined, symbol: 'UN' });

    const tracker = startCallTracker({ db: database.db, engine, log, intervalMs: 3_600_000, now });
    try {
      prices.set(TOKEN_C, 3.5); // long reaches target 3
      prices.set(TOKEN_D, 3.2); // short hits stop 3
      prices.set(TOKEN_A, 2.5); // long stays active, +25 %
      const run = await tracker.runOnce();
      expect(run).toEqual({ checked: 3, priced: 3, completed: 1, stopped: 1 });

      const byId = new Map(
        tradingCallListSchema
          .parse((await app.inject({ method: 'GET', url: '/api/trading-calls' })).json())
          .map((c) => [c.id, c]),
      );
      expect(byId.get(longWin.id)).toMatchObject({
        status: 'completed',
        currentPrice: 3.5,
        pnlPercentage: 75,
      });
      expect(byId.get(shortStop.id)).toMatchObject({ status: 'stopped', currentPrice: 3.2 });
      expect(byId.get(shortStop.id)?.pnlPercentage).toBeCloseTo(-60, 10);
      expect(byId.get(longOpen.id)).toMatchObject({ status: 'active', currentPrice: 2.5, pnlPercentage: 25 });
      expect(byId.get(shortWin.id)?.status).toBe('completed');
      expect(byId.get(untracked.id)).toMatchObject({
        status: 'active',
        currentPrice: null,
        priceSource: 'entry',
      });

      // Final calls do not move again, even if the price comes back.
      prices.set(TOKEN_C, 0.5);
      const again = await tracker.runOnce();
      expect(again.checked).toBe(1);
      const lw = (await app.inject({ method: 'GET', url: '/api/trading-calls' }))
        .json()
        .find((c: { id: number }) => c.id === longWin.id);
      expect(lw.status).toBe('completed');

      const stats = callStatsSchema.parse(
        (await app.inject({ method: 'GET', url: '/api/trading-calls/stats' })).json(),
      );
      const pnl = 75 + -60 + 25 + ((10.4 - 10) / 10.4) * 100 + 0;
      expect(stats).toEqual({
        totalCalls: 5,
        winRate: 66.7,
        activeCalls: 2,
        totalPnL: Math.round(pnl * 100) / 100,
        averagePnL: Math.round((pnl / 5) * 100) / 100,
        successfulCalls: 2,
        stoppedCalls: 1,
      });
    } finally {
      prices.set(TOKEN_A, 2);
      await tracker.stop();
    }
  });
});

/** A wallet with a key (viem account), so it can sign in like a browser wallet. */
const player = (n: number) => privateKeyToAccount(`0x${n.toString(16).padStart(64, '0')}`);
const walletOf = (a: PrivateKeyAccount) => a.address.toLowerCase() as `0x${string}`;

/** Nonce → personal_sign → verify; returns the session cookie. */
async function signIn(account: PrivateKeyAccount): Promise<string> {
  const n = await post('/api/auth/nonce', { address: account.address });
  expect(n.statusCode, n.body).toBe(200);
  const { message } = n.json() as { message: string };
  const v = await post('/api/auth/verify', { message, signature: await account.signMessage({ message }) });
  expect(v.statusCode, v.body).toBe(200);
  return sessionCookie(v.headers['set-cookie']);
}

function sessionCookie(header: string | string[] | number | undefined): string {
  const raw = Array.isArray(header) ? header.join(';') : String(header ?? '');
  const m = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(raw);
  if (!m) throw new Error(`no session cookie in ${raw}`);
  return `${SESSION_COOKIE}=${m[1]}`;
}

async function startGame(cookie: string): Promise<string> {
  const r = await post('/api/gaming/games', {}, { cookie });
  expect(r.statusCode, r.body).toBe(201);
  return (r.json() as { gameId: string }).gameId;
}

describe('gaming arena', () => {
  const submit = (cookie: string, gameId: string, over: Record<string, unknown> = {}) =>
    post(
      '/api/gaming/submit-score',
      {
        gameId,
        playerName: 'Player',
        flabBalance: 0,
        score: 10,
        level: 1,
        achievements: [],
        ...over,
      },
      { cookie },
    );
  /** Start a game, let `seconds` pass on the server's clock, submit. */
  async function play(cookie: string, seconds: number, over: Record<string, unknown>) {
    const id = await startGame(cookie);
    clock += seconds * 1000;
    return submit(cookie, id, over);
  }

  it('verifies a wallet from the chain balance', async () => {
    const holder = addr(0x6001);
    balances.set(holder, 1234n * E18 + 5n * 10n ** 17n);
    const res = await app.inject({ method: 'GET', url: `/api/verify-wallet/${holder}` });
    expect(res.statusCode).toBe(200);
    expect(walletVerificationSchema.parse(res.json())).toMatchObject({
      flabBalance: '1234.5',
      verified: true,
      decimals: 18,
      message: MESSAGES.verified('1234.5'),
    });
    const empty = (await app.inject({ method: 'GET', url: `/api/verify-wallet/${addr(0x6999)}` })).json();
    expect(empty).toMatchObject({ flabBalance: '0', verified: false, message: MESSAGES.noFlab });
    const bad = await app.inject({ method: 'GET', url: '/api/verify-wallet/0x12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.field).toBe('address');
  });

  it('answers clear errors when FLAB cannot be read', async () => {
    try {
      chainMode = 'down';
      const down = await app.inject({ method: 'GET', url: `/api/verify-wallet/${addr(0x6001)}` });
      expect(down.statusCode).toBe(503);
      expect(down.json().error.code).toBe('chain_unavailable');
      chainMode = 'not-a-token';
      const notToken = await app.inject({ method: 'GET', url: `/api/verify-wallet/${addr(0x6001)}` });
      expect(notToken.statusCode).toBe(422);
      expect(notToken.json().error.code).toBe('not_erc20');
    } finally {
      chainMode = 'ok';
    }
    const noFlabApp = await buildApp({ ...ctx, network: { ...network, flabToken: null } });
    try {
      const res = await noFlabApp.inject({ method: 'GET', url: `/api/verify-wallet/${addr(0x6001)}` });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toContain('FLAB token address is not configured');
    } finally {
      await noFlabApp.close();
    }
  });

  it('signs in a holder and a non-holder; only the holder may post, whatever balance the client claims', async () => {
    const holder = player(0x6101);
    balances.set(walletOf(holder), 1234n * E18);
    const n = await post('/api/auth/nonce', { address: holder.address });
    const { message } = n.json() as { message: string };
    // EIP-4361 with the server's nonce, Base's chain id and an expiry.
    expect(message).toContain('wants you to sign in with your Ethereum account:');
    expect(message).toContain(holder.address);
    expect(message).toContain('Chain ID: 8453');
    expect(message).toMatch(/Expiration Time: /);
    const v = await post('/api/auth/verify', { message, signature: await holder.signMessage({ message }) });
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({
      signedIn: true,
      walletAddress: walletOf(holder),
      verification: { verified: true, flabBalance: '1234', message: MESSAGES.verified('1234') },
    });
    const setCookie = String(v.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    const cookie = sessionCookie(v.headers['set-cookie']);
    const session = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(session.json()).toMatchObject({ signedIn: true, walletAddress: walletOf(holder) });
    // Only the token's hash is stored.
    const token = cookie.split('=')[1] as string;
    const stored = await database.db.execute(sql`select token_hash from wallet_sessions`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const poor = player(0x6102);
    const poorCookie = await signIn(poor);
    const refused = await play(poorCookie, 31, { flabBalance: 5_000_000, score: 20 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(MESSAGES.noFlab);
    const board = leaderboardSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/gaming/leaderboard' })).json(),
    );
    expect(board.find((e) => e.walletAddress === walletOf(poor))).toBeUndefined();

    const out = await post('/api/auth/logout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
    expect(after.json()).toEqual({ signedIn: false });
  });

  it('refuses forged submissions: no session, another wallet, expired or replayed signature, impossible score for the time', async () => {
    const me = player(0x6201);
    const whale = player(0x6202);
    balances.set(walletOf(me), 10n * E18);
    balances.set(walletOf(whale), 50_000_000n * E18);
    const cookie = await signIn(me);
    const gameId = await startGame(cookie);
    clock += 31_000;

    // No session at all, a made-up session, a bearer token that is not one.
    const none = await post('/api/gaming/submit-score', { gameId, playerName: 'X', score: 10, level: 1 });
    expect(none.statusCode).toBe(401);
    const fake = await submit(`${SESSION_COOKIE}=${'A'.repeat(43)}`, gameId);
    expect(fake.statusCode).toBe(401);
    expect((await post('/api/gaming/games', {})).statusCode).toBe(401);

    // Someone else's wallet: naming the whale in the body does not make the score the whale's.
    const other = await submit(cookie, gameId, { walletAddress: walletOf(whale) });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.details.field).toBe('walletAddress');
    // A signature by me over a message issued for the whale's address.
    const n = await post('/api/auth/nonce', { address: whale.address });
    const forMessage = (n.json() as { message: string }).message;
    const stolen = await post('/api/auth/verify', {
      message: forMessage,
      signature: await me.signMessage({ message: forMessage }),
    });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().error.details.field).toBe('signature');
    // A message the server never issued (a rewritten one, or one with a made-up nonce).
    const n2 = await post('/api/auth/nonce', { address: me.address });
    const issued = (n2.json() as { message: string }).message;
    const rewritten = issued.replace(/Expiration Time: .*/, 'Expiration Time: 2099-01-01T00:00:00.000Z');
    const r1 = await post('/api/auth/verify', {
      message: rewritten,
      signature: await me.signMessage({ message: rewritten }),
    });
    expect(r1.statusCode).toBe(401);
    const r1b = await post('/api/auth/verify', { message: 'hello', signature: '0x00' });
    expect(r1b.statusCode).toBe(400);

    // Replayed: a message and signature that already signed in once.
    const n3 = await post('/api/auth/nonce', { address: me.address });
    const once = (n3.json() as { message: string }).message;
    const sig = await me.signMessage({ message: once });
    expect((await post('/api/auth/verify', { message: once, signature: sig })).statusCode).toBe(200);
    const replay = await post('/api/auth/verify', { message: once, signature: sig });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.details.reason).toContain('already used');

    // Expired: signed after the message's 5 minutes.
    const n4 = await post('/api/auth/nonce', { address: me.address });
    const late = (n4.json() as { message: string }).message;
    clock += (SIWE_TTL_SECONDS + 1) * 1000;
    const expired = await post('/api/auth/verify', {
      message: late,
      signature: await me.signMessage({ message: late }),
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.details.reason).toContain('expired');

    // Impossible score for the observed time: level 3 needs 40 s, the server saw 5.
    const g2 = await startGame(cookie);
    clock += 5_000;
    const quick = await submit(cookie, g2, { score: 110, level: 3 });
    expect(quick.statusCode).toBe(400);
    expect(quick.json().error.message).toContain('lasts 40 s');
    // The first submission of a wallet can no longer claim any length either.
    const fresh = player(0x6203);
    balances.set(walletOf(fresh), E18);
    const freshCookie = await signIn(fresh);
    const g3 = await startGame(freshCookie);
    clock += 2_000;
    expect((await submit(freshCookie, g3, { score: 10, level: 1 })).statusCode).toBe(400);

    // A game id is single use, belongs to its wallet and must exist.
    clock += 40_000;
    expect((await submit(cookie, g2, { score: 110, level: 3 })).statusCode).toBe(201);
    const again = await submit(cookie, g2, { score: 110, level: 3 });
    expect(again.statusCode).toBe(409);
    expect((await submit(freshCookie, g2, { score: 10, level: 1 })).statusCode).toBe(404);
    expect((await submit(cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await submit(cookie, 'not-a-uuid')).json().error.details.field).toBe('gameId');
    // Starting a new game abandons the unfinished one (no stock of pre-aged games).
    const g4 = await startGame(cookie);
    const g5 = await startGame(cookie);
    clock += 31_000;
    expect((await submit(cookie, g4)).statusCode).toBe(404);
    expect((await submit(cookie, g5)).statusCode).toBe(201);
  });

  it('rejects impossible scores with the reason', async () => {
    const p = player(0x6301);
    balances.set(walletOf(p), E18);
    const cookie = await signIn(p);
    const tooHigh = await play(cookie, 31, { score: 1000, level: 1 });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.json().error.details).toMatchObject({ field: 'score' });
    expect(tooHigh.json().error.message).toContain('the most a game ending at level 1 can score is 20');
    const offGrid = await play(cookie, 36, { score: 35, level: 2 });
    expect(offGrid.json().error.message).toContain('is impossible at level 2');
    const zero = await play(cookie, 31, { score: 0 });
    expect(zero.json().error.details).toMatchObject({ field: 'score', reason: 'must be above 0' });
    const noName = await play(cookie, 31, { playerName: '  ' });
    expect(noName.json().error.details).toMatchObject({ field: 'playerName', reason: 'is required' });
  });

  it('stores the chain balance and the server-computed achievements', async () => {
    const p = player(0x7001);
    const w = walletOf(p);
    balances.set(w, 2_000_000n * E18);
    const cookie = await signIn(p);
    // Level 5: levels 1-4 cleared = 30 + 80 + 150 + 240 = 500, plus 2 targets × 50; 50 s long.
    const res = await play(cookie, 50, {
      walletAddress: w,
      score: 600,
      level: 5,
      flabBalance: 1,
      achievements: ['Cheater'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = submitScoreResponseSchema.parse(res.json());
    expect(body.entry).toMatchObject({
      walletAddress: w,
      flabBalance: '2000000',
      score: 600,
      level: 5,
      achievements: ['First Century', 'High Scorer', 'Level Master', 'FLAB Whale'],
    });
    expect(body.message).toBe(MESSAGES.scoreSubmitted);
  });

  it('leaderboard: best score per wallet, top 10', async () => {
    await database.db.execute(sql`delete from game_scores`);
    const players = Array.from({ length: 12 }, (_, i) => player(0x8000 + i));
    for (const p of players) balances.set(walletOf(p), E18);
    // Possible scores: level 1 → 0-20 by 10; level 2 → 30-90 by 20; level 3 → 110-230 by 30; level 4 → 260-460 by 40.
    const valid: [number, number][] = [
      [10, 1],
      [20, 1],
      [30, 2],
      [50, 2],
      [70, 2],
      [90, 2],
      [110, 3],
      [140, 3],
      [170, 3],
      [200, 3],
      [230, 3],
      [300, 4],
    ];
    const cookies: string[] = [];
    for (const [i, p] of players.entries()) {
      const [score, level] = valid[i] as [number, number];
      const cookie = await signIn(p);
      cookies.push(cookie);
      const r = await play(cookie, 60, { playerName: `P${i}`, score, level });
      expect(r.statusCode, `${score}@${level} ${r.body}`).toBe(201);
    }
    // The weakest wallet plays again and beats everyone; its older, lower score must not show too.
    const again = await play(cookies[0] as string, 60, { playerName: 'P0 again', score: 460, level: 4 });
    expect(again.statusCode).toBe(201);
    expect(submitScoreResponseSchema.parse(again.json()).rank).toBe(1);

    const board = leaderboardSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/gaming/leaderboard' })).json(),
    );
    expect(board).toHaveLength(10);
    expect(board.map((e) => e.score)).toEqual([460, 300, 230, 200, 170, 140, 110, 90, 70, 50]);
    expect(new Set(board.map((e) => e.walletAddress)).size).toBe(10);
    expect(board[0]).toMatchObject({
      walletAddress: walletOf(players[0] as PrivateKeyAccount),
      playerName: 'P0 again',
    });
  });
});

describe('rate limits', () => {
  it('answers 429 JSON after 30 writes a minute from one client', async () => {
    const limited = await buildApp(ctx);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: '/api/trading-calls',
          payload: { symbol: '' },
          remoteAddress: '192.0.2.7',
        });
        codes.push(r.statusCode);
        if (i === 30) {
          expect(r.statusCode).toBe(429);
          expect(r.headers['content-type']).toContain('application/json');
          expect(r.json()).toMatchObject({ error: { code: 'rate_limited' } });
        }
      }
      expect(codes.slice(0, 30).every((c) => c === 400)).toBe(true);
      // Another client is unaffected; reads are not limited.
      const other = await limited.inject({
        method: 'POST',
        url: '/api/trading-calls',
        payload: { symbol: '' },
        remoteAddress: '192.0.2.8',
      });
      expect(other.statusCode).toBe(400);
      const read = await limited.inject({
        method: 'GET',
        url: '/api/trading-calls',
        remoteAddress: '192.0.2.7',
      });
      expect(read.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
