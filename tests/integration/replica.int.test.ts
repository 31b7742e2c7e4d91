/**
 * Base mode proven offline (issue 13): the app starts in Base mode against the Base replica
 * (Base's contracts at their canonical addresses) through a gateway that behaves like a public Base
 * provider (80 ms round trips, eth_getLogs limits, 429s), and must reach the same verdicts as on the
 * local chain, within a request budget. Faults (no state overrides, 20% failing requests) follow.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/api/app';
import { parseConfig } from '../../src/server/config';
import { type Replica, startReplica } from '../../src/server/replica';
import { type Runtime, startRuntime } from '../../src/server/runtime';
import type { TokenReport } from '../../src/shared/analysis';
import type { NetworkInfo } from '../../src/shared/network';

const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
let replica: Replica;
let runtime: Runtime;
let app: FastifyInstance;
/** JSON-RPC round trips (HTTP requests; a batch counts once) per cold report. */
const REQUEST_BUDGET = 60;

async function report(address: string): Promise<{ r: TokenReport; requests: number }> {
  replica.gateway.resetStats();
  const res = await app.inject({ method: 'GET', url: `/api/tokens/${address}/report` });
  expect(res.statusCode, res.body).toBe(200);
  const s = replica.gateway.stats();
  return { r: res.json() as TokenReport, requests: s.requests };
}

beforeAll(async () => {
  replica = await startReplica({ log, gateway: { latencyMs: 80 } });
  runtime = await startRuntime(parseConfig({ BASE_RPC_URL: replica.rpcUrl, LOG_LEVEL: 'silent' }), log, {
    memoryDb: true,
    ephemeralChain: true,
  });
  app = await createApp({ ...runtime, log });
});
afterAll(async () => {
  await app?.close();
  await runtime?.stop();
  await replica?.stop();
});

describe('Base mode against the replica', () => {
  it('describes Base with its canonical addresses', async () => {
    const n = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
    expect(n.mode).toBe('base');
    expect(n.chainId).toBe(8453);
    expect(n.contracts.weth).toBe('0x4200000000000000000000000000000000000006');
    expect(n.contracts.multicall3).toBe('0xca11bde05977b3631167028862be2a173976ca11');
    expect(n.contracts.uniswapV2Factory).toBe('0x8909dc15e40173ff4699343b6eb8132c65e18ec6');
    expect(n.contracts.uniswapV2Router).toBe('0x4752ba5dbc23f44d87826276bf6fd6b1c372ad24');
  });

  it('reports the clean token as tradable, with its holders backfilled', async () => {
    const { r, requests } = await report(replica.manifest.tokens.clean);
    expect(r.facts.trade.status).toBe('ok');
    expect(r.facts.trade.sellTaxPct).toBeLessThan(0.5);
    expect(r.facts.holderCount).toBeGreaterThanOrEqual(12);
    expect(r.facts.pools[0]?.pair).toBe(replica.manifest.pairs.clean);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
  });

  it('flags the honeypot', async () => {
    const { r } = await report(replica.manifest.tokens.honeypot);
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(r.scanner.risks[0]).toMatch(/^❌ Honeypot/);
  });

  it("measures the tax token's raised sell tax", async () => {
    const { r } = await report(replica.manifest.tokens.tax);
    expect(
      Math.abs(Number(r.facts.trade.sellTaxPct) - replica.manifest.taxBps.sell / 100),
    ).toBeLessThanOrEqual(0.5);
  });

  it('rates the rug HIGH or CRITICAL with its LP drain', async () => {
    const { r } = await report(replica.manifest.tokens.rug);
    expect(['HIGH', 'CRITICAL']).toContain(r.rug.riskLevel);
    expect(r.liquidity.rugAnalysis.lpDrainEvents.count).toBeGreaterThanOrEqual(1);
  });
});
