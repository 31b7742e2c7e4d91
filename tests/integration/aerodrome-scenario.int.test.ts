/**
 * Issue 27 acceptance on the test scenario: tokens that trade only on Aerodrome (classic and
 * Slipstream) get their price from the pool within 0.5%, their impact from the pool's own
 * getAmountOut / Slipstream's QuoterV2 within 0.1 point, liquidity and 24 h volume from their
 * events, a sell simulation through Aerodrome (honeypot caught with its reason), the rug's
 * removal; the gauge-staked LP is not counted as locked; /api/network lists Aerodrome; and a cold
 * report of an Aerodrome token costs at most 10 JSON-RPC requests.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerYieldRoutes } from '../../src/server/api/routes/yield';
import { BATCH_WAIT_MS, createChainClients } from '../../src/server/chain/client';
import { createTokenEngine } from '../../src/server/engine/token-engine';
import { evaluateToken } from '../../src/server/jobs/alert-monitor';
import { findPumpOpportunities } from '../../src/server/pump/finder';
import type { Runtime } from '../../src/server/runtime';
import {
  cachedReports,
  type ScenarioApp,
  startScenarioApp,
} from '../../src/server/test-support/scenario-app';
import type { CandlesResponse } from '../../src/shared/candles';
import type { NetworkInfo } from '../../src/shared/network';
import type { Portfolio } from '../../src/shared/portfolio';
import type { ScenarioAerodrome } from '../../src/shared/scenario';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let network: NetworkInfo;
let aero: ScenarioAerodrome;

const poolAbi = parseAbi([
  'function getAmountOut(uint256, address) view returns (uint256)',
  'function getReserves() view returns (uint256, uint256, uint256)',
  'function token0() view returns (address)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24, uint16, uint16, uint16, bool)',
]);
const clQuoterAbi = parseAbi([
  'struct P { address tokenIn; address tokenOut; uint256 amountIn; int24 tickSpacing; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(P params) returns (uint256 amountOut, uint160, uint32, uint256)',
]);

const report = cachedReports(() => app);

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  network = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
  const m = runtime.localChain?.manifest.aerodrome;
  if (!m) throw new Error('the scenario has no Aerodrome part');
  aero = m;
}, 600_000);
afterAll(async () => {
  await scenario?.stop();
});

/** The impact of the default $1,000 buy (percent) from an amount out, against the pool's spot. */
const impactOf = (amountIn: bigint, out: bigint, ethPerToken: number) =>
  (1 - Number(out) / 1e18 / (Number(amountIn) / 1e18 / ethPerToken)) * 100;

describe('Aerodrome as a venue (scenario)', () => {
  it('/api/network lists the Aerodrome addresses, both Slipstream factories', () => {
    const c = network.contracts.aerodrome;
    expect(c).toBeTruthy();
    expect(c?.slipstream.length).toBeGreaterThanOrEqual(2);
    for (const a of [c?.poolFactory, c?.router, c?.voter, ...(c?.slipstream.map((s) => s.factory) ?? [])])
      expect(a).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('classic-only token: price from the pool, impact from its getAmountOut, liquidity and volume from its events', async () => {
    const token = aero.only.classic as Address;
    const r = await report(token);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('aerodrome');
    expect(pool?.feeTier).toBe(3000);
    const client = runtime.chain.public;
    const [reserves, token0] = await Promise.all([
      client.readContract({ address: pool?.pair as Address, abi: poolAbi, functionName: 'getReserves' }),
      client.readContract({ address: pool?.pair as Address, abi: poolAbi, functionName: 'token0' }),
    ]);
    const tokenIs0 = token0.toLowerCase() === token;
    const ethPerToken =
      Number(tokenIs0 ? reserves[1] : reserves[0]) / Number(tokenIs0 ? reserves[0] : reserves[1]);
    expect(Math.abs((pool?.priceEth as number) / ethPerToken - 1)).toBeLessThan(0.005);
    const ethUsd = (pool?.priceUsd as number) / (pool?.priceEth as number);
    const amountIn = BigInt(Math.floor((1000 / ethUsd) * 1e18));
    const out = await client.readContract({
      address: pool?.pair as Address,
      abi: poolAbi,
      functionName: 'getAmountOut',
      args: [amountIn, network.contracts.weth as Address],
    });
    const impact = r.liquidity.liquidityData.priceImpact as number;
    expect(impact).not.toBeNull();
    expect(Math.abs(impact - impactOf(amountIn, out, ethPerToken))).toBeLessThan(0.1);
    expect(pool?.poolValueUsd).toBeGreaterThan(1000);
    expect(pool?.swaps24h.buys).toBeGreaterThan(0);
    expect(pool?.volume24hUsd).toBeGreaterThan(0);
    expect(r.facts.trade.status).toBe('ok');
  });

  it('the gauge-staked LP is withdrawable, so not counted as locked', async () => {
    const r = await report(aero.only.classic as Address);
    expect(aero.gaugeStake).not.toBeNull();
    expect(r.facts.pools[0]?.lpLockedShare).toBe(0);
    expect(r.liquidity.liquidityData.liquidityLocked).toBe(false);
    // The ledger, by effect: only the staker can take it back from the gauge (issue 35).
    const staked = r.facts.pools[0]?.liquidityLedger?.positions.find(
      (p) => p.holder === aero.gaugeStake?.gauge,
    );
    expect(staked?.kind, staked?.evidence).toBe('staked');
    expect(staked?.withdrawer).toBe(aero.gaugeStake?.staker);
  });

  it('the Slipstream position staked in a CL gauge is withdrawable, so not counted as locked', async () => {
    const stake = aero.clGaugeStake;
    expect(stake).not.toBeNull();
    const manager = network.contracts.aerodrome?.slipstream[1]?.positionManager as Address;
    // The gauge holds the NFT (it was really staked), and the pool knows its gauge.
    const owner = await runtime.chain.public.readContract({
      address: manager,
      abi: parseAbi(['function ownerOf(uint256) view returns (address)']),
      functionName: 'ownerOf',
      args: [BigInt(stake?.tokenId ?? 0)],
    });
    expect(owner.toLowerCase()).toBe(stake?.gauge);
    const r = await report(aero.only.slipstream as Address);
    const pool = r.facts.pools[0];
    expect(pool?.pair).toBe(stake?.pool);
    expect(pool?.lpLockedShare).toBe(0);
    expect(pool?.lpBurnedShare).toBe(0);
    // Staked by its deployer, but held by the gauge now: not the deployer's own either.
    expect(pool?.lpCreatorShare).toBe(0);
    expect(r.liquidity.liquidityData.liquidityLocked).toBe(false);
    // The ledger, by effect: the gauge holds it, its staker alone can withdraw it (issue 35).
    const staked = pool?.liquidityLedger?.positions.find((p) => p.holder === stake?.gauge);
    expect(staked?.kind, staked?.evidence).toBe('staked');
    expect(staked?.withdrawer).toBe(stake?.staker);
  });

  it('Slipstream-only token: price from slot0, impact from its QuoterV2', async () => {
    const token = aero.only.slipstream as Address;
    const r = await report(token);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('aerodrome-slipstream');
    const client = runtime.chain.public;
    const [slot0, token0] = await Promise.all([
      client.readContract({ address: pool?.pair as Address, abi: poolAbi, functionName: 'slot0' }),
      client.readContract({ address: pool?.pair as Address, abi: poolAbi, functionName: 'token0' }),
    ]);
    const raw = (Number(slot0[0]) / 2 ** 96) ** 2;
    const ethPerToken = token0.toLowerCase() === token ? raw : 1 / raw;
    expect(Math.abs((pool?.priceEth as number) / ethPerToken - 1)).toBeLessThan(0.005);
    const ethUsd = (pool?.priceUsd as number) / (pool?.priceEth as number);
    const amountIn = BigInt(Math.floor((1000 / ethUsd) * 1e18));
    const quoter = network.contracts.aerodrome?.slipstream[1]?.quoterV2 as Address;
    const { result } = await client.simulateContract({
      address: quoter,
      abi: clQuoterAbi,
      functionName: 'quoteExactInputSingle',
      args: [
        {
          tokenIn: network.contracts.weth as Address,
          tokenOut: token,
          amountIn,
          tickSpacing: 100,
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
    const impact = r.liquidity.liquidityData.priceImpact as number;
    expect(Math.abs(impact - impactOf(amountIn, result[0], ethPerToken))).toBeLessThan(0.1);
    expect(pool?.swaps24h.buys).toBeGreaterThan(0);
    expect(pool?.volume24hUsd).toBeGreaterThan(0);
    expect(r.facts.trade.status).toBe('ok');
  });

  it('flags the Aerodrome-only honeypot with its revert reason', async () => {
    const r = await report(aero.only.honeypot as Address);
    expect(r.facts.pools[0]?.venue).toBe('aerodrome');
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(String((r.facts.trade as { revertReason?: string }).revertReason)).toContain('trading locked');
  });

  it("shows the Aerodrome rug's liquidity removal", async () => {
    const r = await report(aero.only.rug as Address);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('aerodrome');
    expect(pool?.liquidityEventCount).toBeGreaterThanOrEqual(2);
    expect(r.liquidity.warnings.join(' ')).toMatch(/drained|rugged|removed/i);
  });

  it('the USDC/USDbC stable pool is priced by its own curve: about $1, a $1,000 trade barely moves it', async () => {
    expect(aero.stable).not.toBeNull();
    const r = await report(aero.stable?.usdbc as Address);
    const pool = r.facts.pools.find((p) => p.pair === aero.stable?.pool);
    expect(pool?.venue).toBe('aerodrome');
    expect(pool?.feeTier).toBe(500);
    expect(Math.abs((pool?.priceUsd as number) - 1)).toBeLessThan(0.01);
    // The 0.05% fee plus the stable curve's own slippage: far below a volatile pool of equal
    // depth (x·y = k would move ~0.1% on $1,000 against ~$800k a side, fee aside).
    const impact = r.liquidity.liquidityData.priceImpact as number;
    expect(impact).not.toBeNull();
    expect(impact).toBeLessThan(0.06);
    // Its ±2% depth, from a grid of the pool's own quotes: a balanced stable pool moves 2% only
    // after about a fifth of a side has traded (balanced), far beyond x·y = k's ~2% of the quote side.
    const quoteSide = Number(pool?.quoteReserve ?? 0) / 1e6;
    expect(pool?.depthUsd2Pct).toBeGreaterThan(0.1 * quoteSide);
  });

  it('AERO trades on Aerodrome too, and its deepest pool is the main one', async () => {
    const r = await report(network.tokens.AERO as string);
    const venues = new Set(r.facts.pools.map((p) => p.venue));
    expect(venues.has('aerodrome')).toBe(true);
    expect(venues.has('aerodrome-slipstream')).toBe(true);
    expect(r.facts.pools[0]?.venue).toBe('aerodrome');
  });

  it('yield offers the Aerodrome classic pool at its own fee, emissions left out (not guessed)', async () => {
    const manifest = runtime.localChain?.manifest;
    if (!app.hasRoute({ method: 'GET', url: '/api/yield-opportunities' }))
      registerYieldRoutes(app, { ...runtime, log }, { manifest });
    const res = await app.inject({ method: 'GET', url: '/api/yield-opportunities' });
    expect(res.statusCode, res.body).toBe(200);
    const opps = (
      res.json() as {
        opportunities: { protocol: string; address: string; apySource: string; description: string }[];
      }
    ).opportunities;
    const pool = aero.pools.find((p) => p.symbol === 'AEROC')?.pool;
    const o = opps.find((x) => x.address === pool);
    expect(o?.protocol).toBe('Aerodrome');
    expect(o?.apySource).toContain('× 0.3% ×');
    expect(o?.description).toMatch(/emissions are not included/);
  });

  it('a cold report of an Aerodrome token costs at most 10 JSON-RPC requests', async () => {
    for (const token of [aero.only.classic, aero.only.slipstream] as Address[]) {
      const counter = { requests: 0 };
      const chain = createChainClients({
        rpcUrl: runtime.chain.rpcUrl,
        mode: 'local',
        batchWaitMs: BATCH_WAIT_MS,
        onFetchRequest: () => {
          counter.requests++;
        },
      });
      const engine = createTokenEngine({
        db: runtime.database.db,
        chain,
        network: runtime.network,
        indexer: runtime.indexer,
        log,
      });
      const r = await engine.report(token);
      expect(r.facts.pools[0]?.venue).toMatch(/^aerodrome/);
      expect(counter.requests, token).toBeLessThanOrEqual(10);
    }
  });
});

describe('Aerodrome in the tools (scenario)', () => {
  it('alerts: the drain of the Aerodrome rug (RUGA) fires a liquidity-drain alert', async () => {
    const rug = aero.rug;
    expect(rug).not.toBeNull();
    const row = {
      address: aero.only.rug as string,
      symbol: 'RUGA',
      name: null,
      alertTypes: ['liquidity_drain'],
      alertsEnabled: true,
      rugScore: null,
      state: {},
      lastCheckedAt: null,
      createdAt: new Date(),
    };
    const ev = await evaluateToken(
      { db: runtime.database.db, engine: runtime.engine, log },
      row,
      (rug?.pulledAt ?? 0) + 60,
      new Set(),
    );
    const drain = ev.conditions.find((c) => c.type === 'liquidity_drain');
    expect(drain, JSON.stringify(ev.conditions)).toBeTruthy();
    expect(drain?.subject).toBe(rug?.pool);
  });

  it('candles: Aerodrome classic and Slipstream tokens get candles from their own pools', async () => {
    for (const token of [aero.only.classic, aero.only.slipstream] as Address[]) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/tokens/${token}/candles?interval=1h&limit=500`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json() as CandlesResponse;
      expect(c.pair).toBe(aero.pools.find((p) => p.token === token)?.pool);
      expect(c.candles.reduce((n, x) => n + x.trades, 0)).toBeGreaterThan(0);
      expect(c.candles.at(-1)?.close).toBeGreaterThan(0);
    }
  });

  it('pump finder: Aerodrome-only tokens are candidates, judged on their Aerodrome pools', async () => {
    const res = await findPumpOpportunities(
      {
        db: runtime.database.db,
        engine: runtime.engine,
        weth: network.contracts.weth as Address,
        skip: [],
        log,
      },
      '7d',
      'all',
    );
    const seen = [...res.opportunities, ...res.avoid].map((o) => o.address.toLowerCase());
    const only = [aero.only.classic, aero.only.slipstream].map((a) => String(a).toLowerCase());
    expect(seen.filter((a) => only.includes(a)).length, JSON.stringify(seen)).toBeGreaterThan(0);
  });

  it('portfolio: Aerodrome-only holdings are priced', async () => {
    const staker = aero.clGaugeStake?.staker ?? aero.gaugeStake?.staker;
    const res = await app.inject({ method: 'GET', url: `/api/portfolio/${staker}` });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as Portfolio;
    const h = p.holdings.find((x) => x.address.toLowerCase() === String(aero.only.slipstream).toLowerCase());
    expect(h, JSON.stringify(p.holdings.map((x) => x.symbol))).toBeTruthy();
    expect(h?.price).toBeGreaterThan(0);
    expect(h?.value).toBeGreaterThan(0);
  });
});
