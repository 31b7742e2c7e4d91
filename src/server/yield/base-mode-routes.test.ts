/**
 * Base mode of the yield and demo-wallet routes with fakes (no chain): DefiLlama's Base pools
 * become opportunities and strategies; DefiLlama unreachable → 503 with the reason; no demo
 * wallet in Base mode unless one is configured.
 */
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { yieldOpportunitiesResponseSchema, yieldStrategiesResponseSchema } from '../../shared/yield';
import type { AppContext } from '../api/context';
import { installErrorHandling } from '../api/error-handler';
import { registerPortfolioRoutes } from '../api/routes/portfolio';
import { registerYieldRoutes } from '../api/routes/yield';
import type { FetchLike } from './defillama';

const ctx = { network: { mode: 'base' }, log: pino({ level: 'silent' }) } as unknown as AppContext;

const pools = {
  status: 'success',
  data: [
    {
      chain: 'Base',
      project: 'aave-v3',
      symbol: 'USDC',
      tvlUsd: 2e8,
      apy: 4,
      apyBase: 4,
      pool: 'p1',
      stablecoin: true,
      ilRisk: 'no',
      exposure: 'single',
    },
    {
      chain: 'Base',
      project: 'uniswap-v3',
      symbol: 'WETH-USDC',
      tvlUsd: 5e7,
      apy: 12,
      apyBase: 12,
      pool: 'p2',
      stablecoin: false,
      ilRisk: 'yes',
      exposure: 'multi',
    },
    {
      chain: 'Base',
      project: 'moonwell',
      symbol: 'WETH',
      tvlUsd: 9e7,
      apy: 2.5,
      apyBase: 2.5,
      pool: 'p3',
      stablecoin: false,
      ilRisk: 'no',
      exposure: 'single',
    },
  ],
};

async function appWith(fetchFn: FetchLike, demoWallet?: string) {
  const app = Fastify();
  installErrorHandling(app);
  registerYieldRoutes(app, ctx, { fetch: fetchFn });
  registerPortfolioRoutes(app, ctx, { demoWallet });
  await app.ready();
  return app;
}

describe('Base mode', () => {
  it('serves DefiLlama Base pools and strategies built from them', async () => {
    const app = await appWith(async () => ({ ok: true, status: 200, json: async () => pools }));
    const o = yieldOpportunitiesResponseSchema.parse((await app.inject('/api/yield-opportunities')).json());
    expect(o.source).toBe('defillama');
    expect(o.opportunities.map((x) => x.id)).toEqual(['defillama-p1', 'defillama-p3', 'defillama-p2']);
    const s = yieldStrategiesResponseSchema.parse((await app.inject('/api/yield-strategies')).json());
    const conservative = s.strategies.find((x) => x.riskLevel === 'conservative');
    // A single-asset stablecoin pool fills the stablecoin share and the share of its type.
    expect(conservative?.opportunities.map((x) => [x.id, x.bucket])).toEqual([
      ['defillama-p1', 'stablecoin'],
      ['defillama-p1', 'lending'],
    ]);
    await app.close();
  });

  it('DefiLlama unreachable → 503 with a clear message', async () => {
    const app = await appWith(async () => {
      throw new Error('fetch failed');
    });
    const res = await app.inject('/api/yield-opportunities');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/DefiLlama yields .* is unreachable: fetch failed/);
    await app.close();
  });

  it('demo wallet: 404 unless configured', async () => {
    const none = await appWith(async () => ({ ok: true, status: 200, json: async () => pools }));
    expect((await none.inject('/api/demo-wallet')).statusCode).toBe(404);
    await none.close();
    const w = '0x1111111111111111111111111111111111111111';
    const some = await appWith(async () => ({ ok: true, status: 200, json: async () => pools }), w);
    expect((await some.inject('/api/demo-wallet')).json()).toEqual({
      address: w,
      source: 'the configured DEMO_WALLET',
    });
    await some.close();
  });
});
