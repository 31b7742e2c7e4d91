/**
 * GET /api/tokens/:address/candles on a fresh anvil with the test scenario: candles come from the
 * indexed swaps of the token's WETH pool, in US dollars, with OHLC consistent in every bucket, the
 * latest close equal to the last swap's price, and volumes summing to the swaps' WETH value. Bad
 * input is a 400 naming the field; a token without a pool is a 404 JSON error.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../shared/scenario';
import type { CandlesResponse } from '../candles/candles';
import { rowsOf } from '../db/rows';
import type { Runtime } from '../runtime';
import { type ScenarioApp, startScenarioApp } from '../test-support/scenario-app';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;

const get = (url: string) => app.inject({ method: 'GET', url });

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  manifest = runtime.localChain?.manifest as ScenarioManifest;
});
afterAll(async () => {
  await scenario?.stop();
});

describe('GET /api/tokens/:address/candles', () => {
  it('builds hourly USD candles for FLAB from its indexed swaps', async () => {
    const flab = (manifest.tokens.FLAB as string).toLowerCase();
    const res = await get(`/api/tokens/${flab}/candles?interval=1h&limit=48`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CandlesResponse;
    expect(body.address).toBe(flab);
    expect(body.interval).toBe('1h');
    expect(body.currency).toBe('USD');
    expect(body.ethUsd).toBeGreaterThan(0);
    expect(body.candles.length).toBeGreaterThan(0);
    expect(body.candles.length).toBeLessThanOrEqual(48);
    let prev = Number.NEGATIVE_INFINITY;
    for (const c of body.candles) {
      expect(c.time % 3600).toBe(0);
      expect(c.time).toBeGreaterThan(prev);
      prev = c.time;
      expect(c.low).toBeGreaterThan(0);
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close) * (1 + 1e-9));
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close) * (1 - 1e-9));
      expect(c.volume).toBeGreaterThanOrEqual(0);
      if (c.trades === 0) expect(c.volume).toBe(0);
    }
    // Consecutive buckets: gaps are filled, so times step by exactly one interval.
    for (let i = 1; i < body.candles.length; i++) {
      expect((body.candles[i]?.time ?? 0) - (body.candles[i - 1]?.time ?? 0)).toBe(3600);
    }

    // The last close is the last swap's price: WETH per token × the WETH/USD pool's latest price.
    const db = runtime.database.db;
    const weth = runtime.network.contracts.weth.toLowerCase();
    const pair = rowsOf(
      await db.execute(
        sql`select token0 from pairs where pair = ${body.pair} and (token0 = ${weth} or token1 = ${weth})`,
      ),
    )[0];
    expect(pair).toBeDefined();
    const tokenIs0 = String(pair?.token0) === flab;
    const last = rowsOf(
      await db.execute(sql`
        select amount0_in::text a0i, amount0_out::text a0o, amount1_in::text a1i, amount1_out::text a1o
        from swaps where pair = ${body.pair} order by block_number desc, log_index desc limit 1`),
    )[0] as Record<string, string>;
    const abs = (x: bigint) => (x < 0n ? -x : x);
    const d0 = abs(BigInt(last.a0i ?? '0') - BigInt(last.a0o ?? '0'));
    const d1 = abs(BigInt(last.a1i ?? '0') - BigInt(last.a1o ?? '0'));
    const [tok, quote] = tokenIs0 ? [d0, d1] : [d1, d0];
    const expected = (Number(quote) / Number(tok)) * (body.ethUsd ?? 0); // FLAB has 18 decimals
    const close = body.candles.at(-1)?.close ?? 0;
    expect(Math.abs(close - expected) / expected).toBeLessThan(1e-6);

    // Total volume equals the pool's swaps in the window, valued in WETH at the same ETH price.
    const first = body.candles[0]?.time ?? 0;
    const vol = rowsOf(
      await db.execute(sql`
        select coalesce(sum(abs(${tokenIs0 ? sql`amount1_in - amount1_out` : sql`amount0_in - amount0_out`})), 0)::text v
        from swaps where pair = ${body.pair} and ts >= ${first}`),
    )[0];
    const expectedVolume = (Number(vol?.v ?? 0) / 1e18) * (body.ethUsd ?? 0);
    const volume = body.candles.reduce((s, c) => s + c.volume, 0);
    expect(Math.abs(volume - expectedVolume)).toBeLessThanOrEqual(expectedVolume * 1e-9 + 1e-9);
  });

  it('accepts 15m and 1d and defaults to 1h', async () => {
    const flab = manifest.tokens.FLAB as string;
    for (const [interval, seconds] of [
      ['15m', 900],
      ['1d', 86_400],
    ] as const) {
      const res = await get(`/api/tokens/${flab}/candles?interval=${interval}&limit=10`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as CandlesResponse;
      expect(body.interval).toBe(interval);
      expect(body.candles.length).toBeLessThanOrEqual(10);
      for (const c of body.candles) expect(c.time % seconds).toBe(0);
    }
    const res = await get(`/api/tokens/${flab}/candles`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as CandlesResponse).interval).toBe('1h');
  });

  it('rejects bad input with 400 naming the field', async () => {
    const flab = manifest.tokens.FLAB as string;
    const bad = [
      [`/api/tokens/not-an-address/candles`, null],
      [`/api/tokens/${flab}/candles?interval=5m`, 'interval'],
      [`/api/tokens/${flab}/candles?limit=0`, 'limit'],
      [`/api/tokens/${flab}/candles?limit=100000`, 'limit'],
      [`/api/tokens/${flab}/candles?limit=1;drop table swaps`, 'limit'],
    ] as const;
    for (const [url, field] of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      const body = res.json() as { error: { code: string; message: string; details?: { field?: string } } };
      expect(body.error.code).toBeTruthy();
      if (field) expect(JSON.stringify(body.error)).toContain(field);
    }
    // Still there after the hostile limit.
    expect((await get(`/api/tokens/${flab}/candles`)).statusCode).toBe(200);
  });

  it('answers 404 JSON for a token without a pool', async () => {
    const res = await get('/api/tokens/0x000000000000000000000000000000000000dead/candles');
    expect(res.statusCode).toBe(404);
    const body = res.json() as { error: { code: string; message: string } };
    expect(body.error.message).toMatch(/pool/i);
  });
});
