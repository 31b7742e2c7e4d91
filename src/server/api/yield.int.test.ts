/**
 * Yield API on a fresh anvil with the test scenario: each pool's APY matches a hand computation
 * from its reserves and its indexed 24 h swaps, the staking APY from rewardRate, reward price and
 * the staked total, the lending APY from supplyRatePerYear; strategies follow the §9 rules.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioManifest } from '../../shared/scenario';
import {
  ALLOCATION_SPLITS,
  ALLOWED_RISKS,
  type AvoidedYield,
  type YieldOpportunity,
  yieldOpportunitiesResponseSchema,
  yieldStrategiesResponseSchema,
} from '../../shared/yield';
import { rowsOf } from '../db/rows';
import type { Runtime } from '../runtime';
import { type ScenarioApp, startScenarioApp } from '../test-support/scenario-app';
import { ENTRY_EVENTS } from '../yield/entry-costs';
import { registerYieldRoutes } from './routes/yield';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;
let opps: YieldOpportunity[];
let avoid: AvoidedYield[];

const get = (url: string) => app.inject({ method: 'GET', url });

const abi = parseAbi([
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function rewardRate() view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function periodFinish() view returns (uint256)',
  'function supplyRatePerYear() view returns (uint256)',
  'function totalSupplied() view returns (uint256)',
]);

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  manifest = runtime.localChain?.manifest as ScenarioManifest;
  if (!app.hasRoute({ method: 'GET', url: '/api/yield-opportunities' })) {
    registerYieldRoutes(app, { ...runtime, log }, { manifest });
  }
  const res = await get('/api/yield-opportunities');
  expect(res.statusCode, res.body).toBe(200);
  const body = yieldOpportunitiesResponseSchema.parse(res.json());
  expect(body.source).toBe('chain');
  opps = body.opportunities;
  avoid = body.avoid;
});
afterAll(async () => {
  await scenario?.stop();
});

async function reservesOf(pair: Address, base: string) {
  const c = runtime.chain.public;
  const [r0, r1] = await c.readContract({ address: pair, abi, functionName: 'getReserves' });
  const t0 = (await c.readContract({ address: pair, abi, functionName: 'token0' })).toLowerCase();
  return t0 === base.toLowerCase()
    ? { base: r0, quote: r1, baseIs0: true }
    : { base: r1, quote: r0, baseIs0: false };
}

async function ethUsd(): Promise<number> {
  const e = await reservesOf(manifest.pairs.USDC as Address, manifest.contracts.weth);
  return Number(e.quote) / 1e6 / (Number(e.base) / 1e18);
}

describe('GET /api/yield-opportunities', () => {
  it('a pool whose token fails the verdict is never an opportunity: it is under Avoid with the verdict', async () => {
    const honeypot = (manifest.risks.honeypot ?? '').toLowerCase();
    expect(honeypot).not.toBe('');
    const report = await runtime.engine.report(honeypot as Address);
    expect(report.verdict?.kind).toBe('honeypot');
    const a = avoid.find((x) => x.token === honeypot);
    expect(a, JSON.stringify(avoid)).toBeDefined();
    expect(a?.verdictKind).toBe('honeypot');
    expect(a?.verdictLabel).toBe(report.verdict?.label);
    expect(a?.reason).toBe(report.verdict?.reason);
    for (const x of avoid) expect(opps.some((o) => o.id === x.id)).toBe(false);
  });

  it('lists pools, the staking pool and the lending pool, sorted by APY', () => {
    expect(opps.some((o) => o.type === 'liquidity')).toBe(true);
    expect(opps.find((o) => o.address === manifest.contracts.staking.toLowerCase())?.type).toBe('staking');
    expect(opps.find((o) => o.address === manifest.contracts.lending.toLowerCase())?.type).toBe('lending');
    // Known APYs best first; unknown ones (unpriced pools, apy null) after them, never read as 0%.
    const known = opps.filter((o) => o.apy !== null).map((o) => o.apy as number);
    for (let i = 1; i < known.length; i++) expect(known[i - 1]).toBeGreaterThanOrEqual(known[i] as number);
    const firstUnknown = opps.findIndex((o) => o.apy === null);
    if (firstUnknown >= 0) expect(opps.slice(firstUnknown).every((o) => o.apy === null)).toBe(true);
    for (const o of opps.filter((x) => x.apy === null)) expect(o.apySource).toMatch(/^APY unknown: /);
    // Risk tokens are not offered.
    const risky = new Set(Object.values(manifest.risks).map((a) => a.toLowerCase()));
    for (const [sym, pair] of Object.entries(manifest.pairs))
      if (risky.has((manifest.tokens[sym] ?? '').toLowerCase()))
        expect(opps.some((o) => o.address === pair.toLowerCase())).toBe(false);
  });

  it('FLAB/WETH fee APY = 24 h volume × 0.3% × 365 ÷ TVL, from reserves and indexed swaps', async () => {
    const flab = (manifest.tokens.FLAB as string).toLowerCase();
    const pair = (manifest.pairs.FLAB as string).toLowerCase();
    const o = opps.find((x) => x.address === pair);
    expect(o).toBeDefined();
    const usd = await ethUsd();
    const r = await reservesOf(pair as Address, flab);
    const tvl = 2 * (Number(r.quote) / 1e18) * usd;
    const now = (await runtime.engine.facts(flab as Address)).now; // the window the engine used
    const quoteCol = r.baseIs0 ? sql`abs(amount1_in - amount1_out)` : sql`abs(amount0_in - amount0_out)`;
    const row = rowsOf(
      await runtime.database.db.execute(
        sql`select coalesce(sum(${quoteCol}), 0)::text as q from swaps where pair = ${pair} and ts >= ${now - 86_400}`,
      ),
    )[0];
    const volume = (Number(row?.q) / 1e18) * usd;
    expect(volume).toBeGreaterThan(0);
    expect(o?.tvl).toBeCloseTo(tvl, 4);
    expect(o?.apy).toBeCloseTo(((volume * 0.003 * 365) / tvl) * 100, 6);
    expect(o?.tags).toContain('impermanent-loss');
    expect(o?.flabScore).not.toBeNull();
    expect(o?.risk).not.toBe('low'); // impermanent loss
    expect(o?.riskReasons.join(' ')).toMatch(/impermanent loss/i);
    // Entering is measured from the scenario's own add-liquidity transactions (+ a simulated swap),
    // never from the one that created the pair (it deployed the pair: ten times a later add).
    const mints = (await runtime.chain.public.request({
      method: 'eth_getLogs',
      params: [{ address: pair, topics: [[ENTRY_EVENTS.pair.enter]], fromBlock: '0x0', toBlock: 'latest' }],
    } as never)) as unknown[];
    if (mints.length > 1) expect(o?.entryCosts?.gasEnter).toBeGreaterThan(21_000);
    else expect(o?.entryCosts?.gasEnter).toBeNull();
    expect(o?.entryCosts?.gasPriceGwei).toBeGreaterThan(0);
    expect(o?.entryCosts?.swapShare).toBe(0.5);
    // A kind of transaction never seen stays unknown, and says so; nothing is assumed.
    for (const x of opps) {
      const c = x.entryCosts;
      if (!c) continue;
      for (const g of [c.gasEnter, c.gasExit]) if (g !== null) expect(g).toBeGreaterThan(21_000);
      if (c.gasEnter === null || c.gasExit === null) expect(c.basis).toMatch(/gas unknown/);
    }
  });

  it('costs and break-even for a requested amount; a bad amount is a 400 naming the field', async () => {
    const res = await get('/api/yield-opportunities?amount=2500');
    expect(res.statusCode, res.body).toBe(200);
    const body = yieldOpportunitiesResponseSchema.parse(res.json());
    for (const o of body.opportunities) {
      if (!o.entryCosts) continue;
      expect(o.breakEven?.amountUsd).toBe(2500);
      if (o.breakEven?.costsUsd !== null && o.apy !== null && o.apy > 0)
        expect(o.breakEven?.months).toBeGreaterThan(0);
    }
    for (const bad of ['-1', 'abc', '1e99']) {
      const r = await get(`/api/yield-opportunities?amount=${bad}`);
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().error.details.field).toBe('amount');
    }
  });

  it('staking APY = rewardRate × FLAB price × seconds/year ÷ staked value', async () => {
    const staking = manifest.contracts.staking as Address;
    const o = opps.find((x) => x.address === staking.toLowerCase());
    const c = runtime.chain.public;
    const [rate, staked, finish] = await Promise.all([
      c.readContract({ address: staking, abi, functionName: 'rewardRate' }),
      c.readContract({ address: staking, abi, functionName: 'totalSupply' }),
      c.readContract({ address: staking, abi, functionName: 'periodFinish' }),
    ]);
    const head = await c.getBlock();
    const r = await reservesOf(manifest.pairs.FLAB as Address, manifest.tokens.FLAB as string);
    const flabUsd = (Number(r.quote) / 1e18 / (Number(r.base) / 1e18)) * (await ethUsd());
    const stakedUsd = (Number(staked) / 1e18) * flabUsd;
    const expected =
      head.timestamp >= finish ? 0 : (((Number(rate) / 1e18) * flabUsd * 31_536_000) / stakedUsd) * 100;
    expect(o?.tvl).toBeCloseTo(stakedUsd, 4);
    expect(o?.apy).toBeCloseTo(expected, 6);
    expect(o?.lockPeriod).toBe(0);
  });

  it('lending APY = supplyRatePerYear, TVL = totalSupplied × USDC price', async () => {
    const lending = manifest.contracts.lending as Address;
    const o = opps.find((x) => x.address === lending.toLowerCase());
    const c = runtime.chain.public;
    const rate = await c.readContract({ address: lending, abi, functionName: 'supplyRatePerYear' });
    const supplied = await c.readContract({ address: lending, abi, functionName: 'totalSupplied' });
    expect(o?.apy).toBeCloseTo((Number(rate) / 1e18) * 100, 10);
    const e = await reservesOf(manifest.pairs.USDC as Address, manifest.contracts.weth);
    const usdcUsd = (Number(e.base) / 1e18 / (Number(e.quote) / 1e6)) * (await ethUsd());
    expect(o?.tvl).toBeCloseTo((Number(supplied) / 1e6) * usdcUsd, 4);
    expect(o?.tags).toContain('stablecoin');
  });
});

describe('GET /api/yield-strategies', () => {
  it("follows each label's split with the best allowed pick per bucket", async () => {
    const res = await get('/api/yield-strategies');
    expect(res.statusCode, res.body).toBe(200);
    const { strategies } = yieldStrategiesResponseSchema.parse(res.json());
    expect(strategies.length).toBeGreaterThan(0);
    for (const s of strategies) {
      const a = s.allocation;
      expect(a).toEqual(ALLOCATION_SPLITS[s.riskLevel]);
      for (const o of s.opportunities) {
        expect(ALLOWED_RISKS[s.riskLevel]).toContain(o.risk);
        expect(o.weight).toBe(a[o.bucket]);
      }
      const total =
        s.opportunities.reduce((x, o) => x + o.weight, 0) + s.unallocated.reduce((x, u) => x + u.weight, 0);
      expect(total).toBe(100);
      expect(s.totalApy).toBeCloseTo(
        s.opportunities.reduce((x, o) => x + (o.apy * o.weight) / 100, 0),
        8,
      );
    }
  });
});
