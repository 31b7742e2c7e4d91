/**
 * Portfolio API on a fresh anvil with the test scenario: the demo wallet's total equals
 * Σ balanceOf × price computed here from the pools' reserves (token→WETH→USD); wallet stats come
 * from the index and receipts; bad input is a 400 and an empty wallet is an empty portfolio.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioSchema, walletStatsSchema } from '../../shared/portfolio';
import type { ScenarioManifest } from '../../shared/scenario';
import { rowsOf } from '../db/rows';
import type { Runtime } from '../runtime';
import { type ScenarioApp, startScenarioApp } from '../test-support/scenario-app';
import { registerPortfolioRoutes } from './routes/portfolio';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;

const get = (url: string) => app.inject({ method: 'GET', url });

const abi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function decimals() view returns (uint8)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)',
]);

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  manifest = runtime.localChain?.manifest as ScenarioManifest;
  if (!app.hasRoute({ method: 'GET', url: '/api/portfolio/:address' })) {
    registerPortfolioRoutes(app, { ...runtime, log }, { manifest });
  }
});
afterAll(async () => {
  await scenario?.stop();
});

/**
 * USD prices a token can honestly have: one per WETH pool it trades in (V2 reserves, V3 slot0),
 * each times the WETH/USDC pair's price. The engine prices from the deepest pool, whichever venue.
 */
async function poolPrices(token: Address): Promise<number[]> {
  const client = runtime.chain.public;
  const weth = manifest.contracts.weth.toLowerCase();
  const usd = manifest.contracts.usd.toLowerCase();
  const side = async (pair: Address, base: string) => {
    const [r0, r1] = await client.readContract({ address: pair, abi, functionName: 'getReserves' });
    const t0 = (await client.readContract({ address: pair, abi, functionName: 'token0' })).toLowerCase();
    return t0 === base ? { base: r0, quote: r1 } : { base: r1, quote: r0 };
  };
  const usdPair = manifest.pairs.USDC as Address;
  const e = await side(usdPair, weth);
  const ethUsd = Number(e.quote) / 1e6 / (Number(e.base) / 1e18);
  if (token.toLowerCase() === usd) return [(Number(e.base) / 1e18 / (Number(e.quote) / 1e6)) * ethUsd];
  const dec = await client.readContract({ address: token, abi, functionName: 'decimals' });
  const prices: number[] = [];
  const symbol = Object.entries(manifest.tokens).find(
    ([, a]) => a.toLowerCase() === token.toLowerCase(),
  )?.[0];
  const pair = symbol ? manifest.pairs[symbol] : undefined;
  if (pair) {
    const p = await side(pair as Address, token.toLowerCase());
    prices.push((Number(p.quote) / 1e18 / (Number(p.base) / 10 ** dec)) * ethUsd);
  }
  for (const v3 of manifest.uniswapV3?.pools ?? []) {
    if (v3.token.toLowerCase() !== token.toLowerCase()) continue;
    const [sqrtPriceX96] = await client.readContract({ address: v3.pool, abi, functionName: 'slot0' });
    const t0 = (await client.readContract({ address: v3.pool, abi, functionName: 'token0' })).toLowerCase();
    const raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2; // token1 per token0, raw units
    const wethPerTokenRaw = t0 === token.toLowerCase() ? raw : 1 / raw;
    prices.push(wethPerTokenRaw * 10 ** (dec - 18) * ethUsd);
  }
  // Aerodrome: a volatile classic pool's price is its reserve ratio, a Slipstream pool's its slot0
  // (the same sqrtPriceX96 as Uniswap V3's). Stable pools hold the USD look-alikes only.
  for (const a of manifest.aerodrome?.pools ?? []) {
    if (a.token.toLowerCase() !== token.toLowerCase()) continue;
    const t0 = (await client.readContract({ address: a.pool, abi, functionName: 'token0' })).toLowerCase();
    if (a.kind === 'classic') {
      const [r0, r1] = await client.readContract({ address: a.pool, abi, functionName: 'getReserves' });
      const [base, quote] = t0 === token.toLowerCase() ? [r0, r1] : [r1, r0];
      prices.push((Number(quote) / 1e18 / (Number(base) / 10 ** dec)) * ethUsd);
    } else {
      const sqrtPriceX96 = await client.readContract({
        address: a.pool,
        abi: clSlot0,
        functionName: 'slot0',
      });
      const raw = (Number(sqrtPriceX96) / 2 ** 96) ** 2;
      const wethPerTokenRaw = t0 === token.toLowerCase() ? raw : 1 / raw;
      prices.push(wethPerTokenRaw * 10 ** (dec - 18) * ethUsd);
    }
  }
  return prices;
}

/** Slipstream's slot0 has no feeProtocol: only its first word is read here. */
const clSlot0 = parseAbi(['function slot0() view returns (uint160 sqrtPriceX96)']);

describe('GET /api/portfolio/:address', () => {
  it('totals the demo wallet as Σ balanceOf × price', async () => {
    const demo = manifest.wallets.demo.toLowerCase() as Address;
    const res = await get(`/api/portfolio/${demo}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = portfolioSchema.parse(res.json());
    expect(body.tokenCount).toBeGreaterThan(1);
    expect(body.holdings.length).toBe(body.tokenCount);

    let expected = 0;
    for (const h of body.holdings) {
      const bal = await runtime.chain.public.readContract({
        address: h.address as Address,
        abi,
        functionName: 'balanceOf',
        args: [demo],
      });
      expect(h.balanceRaw).toBe(bal.toString());
      const prices = await poolPrices(h.address as Address);
      const price = prices.find((p) => Math.abs((h.price ?? Number.NaN) / p - 1) < 1e-6);
      expect(
        price,
        `price of ${h.symbol}: ${h.price} is none of its pools' ${prices.join(', ')}`,
      ).toBeDefined();
      expect(h.flabScore).not.toBeNull();
      expect(h.holders).toBeGreaterThan(0);
      expected += (Number(bal) / 10 ** (h.decimals as number)) * (price as number);
    }
    expect(body.totalValue / expected).toBeCloseTo(1, 9);
    expect(body.holdings.reduce((s, h) => s + (h.allocation ?? 0), 0)).toBeCloseTo(100, 6);
    expect(body.unpricedCount).toBe(0);
    expect(body.avgFlabScore).not.toBeNull();
    expect(body.riskLevel).not.toBeNull();
    expect(body.diversificationScore).toBeGreaterThan(0);
    expect(body.diversificationScore).toBeLessThan(100);
  });

  it('a wallet with nothing is an empty portfolio, not an error', async () => {
    const res = await get('/api/portfolio/0x00000000000000000000000000000000000a11ce');
    expect(res.statusCode, res.body).toBe(200);
    const body = portfolioSchema.parse(res.json());
    expect(body).toMatchObject({
      totalValue: 0,
      tokenCount: 0,
      holdings: [],
      avgFlabScore: null,
      riskLevel: null,
      // An empty wallet has no change, diversification or profile: unknown, never 0 % or "conservative".
      totalChange24h: null,
      diversificationScore: null,
      unpricedCount: 0,
      unscoredCount: 0,
    });
  });

  it('422 not_a_wallet for a token contract typed as a wallet, naming it (not "$0.00, no tokens")', async () => {
    const flab = (manifest.tokens.FLAB as string).toLowerCase();
    const res = await get(`/api/portfolio/${flab}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'not_a_wallet',
      details: { token: flab, symbol: 'FLAB' },
    });
    expect(res.json().error.message).toContain('is a token contract (FLAB), not a wallet');
  });

  it('400 on a bad address', async () => {
    for (const bad of ['0x123', 'nope', `0x${'g'.repeat(40)}`]) {
      const res = await get(`/api/portfolio/${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error ?? res.json()).toBeTruthy();
    }
    expect((await get('/api/wallet-stats/0x123')).statusCode).toBe(400);
  });
});

describe('GET /api/wallet-stats/:address', () => {
  it('computes age, transactions, gas and profitable tokens for the demo wallet', async () => {
    const demo = manifest.wallets.demo.toLowerCase();
    const res = await get(`/api/wallet-stats/${demo}`);
    expect(res.statusCode, res.body).toBe(200);
    const s = walletStatsSchema.parse(res.json());
    const db = runtime.database.db;
    const seen = rowsOf(
      await db.execute(sql`select first_ts from wallet_first_seen where address = ${demo}`),
    )[0];
    const head = await runtime.chain.public.getBlock();
    expect(s.firstSeenAt).toBe(Number(seen?.first_ts));
    expect(s.walletAge).toBe(Math.floor((Number(head.timestamp) - Number(seen?.first_ts)) / 86_400));
    expect(s.totalTransactions).toBeGreaterThan(0);
    expect(s.sentTransactions).toBe(
      await runtime.chain.public.getTransactionCount({ address: demo as Address }),
    );
    expect(s.gasSpent).toBeGreaterThan(0);
    // gas spent in USD at the WETH/USDC pool's price
    const [r0, r1] = await runtime.chain.public.readContract({
      address: manifest.pairs.USDC as Address,
      abi,
      functionName: 'getReserves',
    });
    const t0 = await runtime.chain.public.readContract({
      address: manifest.pairs.USDC as Address,
      abi,
      functionName: 'token0',
    });
    const wethIs0 = t0.toLowerCase() === manifest.contracts.weth.toLowerCase();
    const ethUsd = wethIs0 ? Number(r1) / 1e6 / (Number(r0) / 1e18) : Number(r0) / 1e6 / (Number(r1) / 1e18);
    expect((s.gasSpentUsd as number) / (s.gasSpent * ethUsd)).toBeCloseTo(1, 8);
    expect(s.tradedTokens).toBeGreaterThan(0);
    expect(s.profitableTokens).toBeLessThanOrEqual(s.tradedTokens);
    expect(['aggressive', 'moderate', 'conservative', null]).toContain(s.riskProfile);
  });

  it('an unknown wallet has zeros and no age', async () => {
    const res = await get('/api/wallet-stats/0x00000000000000000000000000000000000a11ce');
    expect(res.statusCode, res.body).toBe(200);
    expect(walletStatsSchema.parse(res.json())).toMatchObject({
      walletAge: null,
      totalTransactions: 0,
      profitableTokens: 0,
      gasSpent: 0,
      riskProfile: null,
    });
  });
});

describe('GET /api/demo-wallet', () => {
  it('returns the scenario demo wallet in local mode', async () => {
    const res = await get('/api/demo-wallet');
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe(manifest.wallets.demo.toLowerCase());
  });
});
