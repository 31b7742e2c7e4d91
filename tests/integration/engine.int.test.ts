/**
 * Issue 3 acceptance on the test scenario: the engine, through the HTTP API, finds what the chain
 * really holds for each risk token and computes FLAB's About-page facts.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/server/runtime';
import {
  cachedReports,
  type ScenarioApp,
  startScenarioApp,
} from '../../src/server/test-support/scenario-app';
import type { TokenReport } from '../../src/shared/analysis';
import type { NetworkInfo } from '../../src/shared/network';

const log = pino({ level: 'silent' });
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let network: NetworkInfo;

const report = cachedReports(() => app);
const risk = (kind: string) => network.riskTokens?.[kind] as string;
const caps = (r: TokenReport) => r.facts.capabilities.map((c) => c.capability);

beforeAll(async () => {
  scenario = await startScenarioApp({ log });
  ({ runtime, app } = scenario);
  network = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
});
afterAll(async () => {
  await scenario?.stop();
});

describe('token engine on the scenario', () => {
  it("computes FLAB's About-page facts from chain", async () => {
    const r = await report(network.flabToken as string);
    expect(r.facts.symbol).toBe('FLAB');
    expect(r.facts.totalSupply).toBe((10n ** 27n).toString());
    expect(r.facts.trade.status).toBe('ok');
    expect(r.facts.trade.buyTaxPct).toBeLessThan(0.5);
    expect(r.facts.trade.sellTaxPct).toBeLessThan(0.5);
    expect(r.liquidity.liquidityData.liquidityLocked).toBe(true);
    const lockDays = ((r.liquidity.liquidityData.liquidityLockTime ?? 0) - r.facts.now * 1000) / 86_400_000;
    expect(lockDays).toBeGreaterThan(303);
    expect(lockDays).toBeLessThan(306);
    expect(r.whales.whaleCount).toBe(6);
    expect(r.whales.concentration.topFivePercentage).toBeGreaterThanOrEqual(43);
    expect(r.whales.concentration.topFivePercentage).toBeLessThanOrEqual(45);
  });

  it('flags the honeypot with the sell revert reason', async () => {
    const r = await report(risk('honeypot'));
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(String(r.facts.trade.revertReason)).toContain('trading locked');
    expect(r.scanner.score).toBeLessThanOrEqual(10);
    expect(r.scanner.risks[0]).toMatch(/^❌ Honeypot/);
  });

  it("measures the tax token's taxes within 0.5 percentage points", async () => {
    const taxed = await report(risk('highTax'));
    const m = await (await app.inject({ method: 'GET', url: '/api/network' })).json();
    expect(m.riskTokens.highTax).toBe(risk('highTax'));
    const details = runtime.localChain?.manifest.riskDetails.highTax;
    expect(details).toBeDefined();
    expect(
      Math.abs(Number(taxed.facts.trade.sellTaxPct) - (details?.sellBps ?? 0) / 100),
    ).toBeLessThanOrEqual(0.5);
    expect(Math.abs(Number(taxed.facts.trade.buyTaxPct) - (details?.buyBps ?? 0) / 100)).toBeLessThanOrEqual(
      0.5,
    );
    expect(caps(taxed)).toContain('setFees');
  });

  it('finds mint, blacklist, pause, max-tx and proxy capabilities', async () => {
    expect(caps(await report(risk('mint')))).toContain('mint');
    expect(caps(await report(risk('blacklist')))).toContain('blacklist');
    expect(caps(await report(risk('pausable')))).toContain('pause');
    expect(caps(await report(risk('maxTx')))).toContain('maxTx');
    const proxy = await report(risk('proxy'));
    expect(caps(proxy)).toContain('upgradeable');
    expect(proxy.facts.proxy?.implementation).toBe(
      runtime.localChain?.manifest.riskDetails.proxy.implementationV2,
    );
    expect(proxy.facts.proxy?.upgradeCount).toBeGreaterThanOrEqual(1);
  });

  it('rates the rugged token HIGH or CRITICAL and lists its LP drain', async () => {
    const r = await report(risk('rugged'));
    expect(['HIGH', 'CRITICAL']).toContain(r.rug.riskLevel);
    expect(r.liquidity.rugAnalysis.lpDrainEvents.count).toBeGreaterThanOrEqual(1);
    expect(r.liquidity.rugAnalysis.lpDrainEvents.events[0]?.shareOfPool).toBeGreaterThan(0.9);
  });

  it("counts the serial rugger's earlier rugs", async () => {
    const r = await report(risk('serialRugger'));
    expect(r.facts.deployerFacts.ruggedTokens).toBeGreaterThanOrEqual(2);
  });

  it('does not flag the popular look-alikes as honeypots', async () => {
    for (const sym of ['DEGEN', 'BRETT', 'TOSHI', 'AERO']) {
      const r = await report(network.tokens[sym] as string);
      expect(r.facts.trade.status, sym).toBe('ok');
      expect(r.scanner.risks.join(' '), sym).not.toMatch(/Honeypot/);
    }
  });

  it('serves every spec endpoint from one analysis per token', async () => {
    const degen = network.tokens.DEGEN as string;
    const before = runtime.engine.stats().analyses;
    const paths = ['scanner', 'rug-detector', 'whale-tracker', 'liquidity', 'flab-score', 'token-health'];
    const res = await Promise.all(paths.map((p) => app.inject({ method: 'GET', url: `/api/${p}/${degen}` })));
    for (const r of res) expect(r.statusCode).toBe(200);
    expect(runtime.engine.stats().analyses - before).toBeLessThanOrEqual(1);
  });

  it('shares one analysis among 200 simultaneous cold requests', async () => {
    const toshi = network.tokens.USDC as string;
    const before = runtime.engine.stats().analyses;
    const res = await Promise.all(
      Array.from({ length: 200 }, () => app.inject({ method: 'GET', url: `/api/scanner/${toshi}` })),
    );
    expect(res.every((r) => r.statusCode === 200)).toBe(true);
    expect(runtime.engine.stats().analyses - before).toBe(1);
  });

  it('answers bad input with 4xx JSON errors', async () => {
    const cases: [string, number, string][] = [
      ['/api/scanner/0x123', 400, 'invalid_address'],
      [`/api/scanner/0x${'1'.repeat(40)}`, 422, 'not_a_contract'],
      [`/api/scanner/${network.contracts.uniswapV2Router}`, 422, 'not_erc20'],
      [`/api/liquidity/${network.flabToken}?amount=-5`, 400, 'bad_request'],
      [`/api/scanner/${'<img src=x onerror=alert(1)>'.repeat(3)}`, 400, 'invalid_address'],
      ['/api/does-not-exist', 404, 'not_found'],
    ];
    for (const [url, status, code] of cases) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(status);
      expect(r.json().error.code, url).toBe(code);
      expect(r.body).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});
