/**
 * Base mode proven offline (issue 13): the app starts in Base mode against the Base replica
 * (Base's contracts at their canonical addresses) through a gateway that behaves like a public Base
 * provider (80 ms round trips, eth_getLogs limits, 429s), and must reach the same verdicts as on the
 * local chain, within a request budget. Faults (no state overrides, 20% failing requests) follow.
 */
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareReports, describeImprovements } from '../../src/server/analysis/report-compare';
import { safetyVerdict } from '../../src/server/analysis/safety-verdict';
import { createApp } from '../../src/server/api/app';
import { createLocalChainClients } from '../../src/server/chain/client';
import type { Replica } from '../../src/server/replica';
import { addV3PoolLater } from '../../src/server/replica/build';
import type { Runtime } from '../../src/server/runtime';
import type { TokenReport } from '../../src/shared/analysis';
import type { NetworkInfo } from '../../src/shared/network';
import { type ReplicaWithRuntime, startBaseRuntime, startReplicaWithRuntime } from '../support/base-replica';
import { type FaultCase, improvementLines, reportsUnderFault } from '../support/fault-reports';
import { describeFollowIdle } from '../support/follow-idle-cases';

const log = pino({ level: process.env.TEST_LOG ?? 'silent' });
let replica: Replica;
let runtime: Runtime;
let base: ReplicaWithRuntime;
let app: FastifyInstance;
/** JSON-RPC round trips (HTTP requests; a batch counts once) per cold report. */
const REQUEST_BUDGET = 12;
/** Fault-free figures, to compare with what the app serves after faults. */
const baseline = new Map<string, TokenReport>();

async function report(address: string): Promise<{ r: TokenReport; requests: number }> {
  // Let the follower read the blocks earlier tests mined before counting: its getLogs are its own
  // work, not this report's, and would otherwise land in whichever report runs on a slow machine.
  await runtime.indexer?.syncOnce().catch(() => {});
  replica.gateway.resetStats();
  const res = await app.inject({ method: 'GET', url: `/api/tokens/${address}/report` });
  expect(res.statusCode, res.body).toBe(200);
  const s = replica.gateway.stats();
  if (!baseline.has(address)) baseline.set(address, res.json() as TokenReport);
  // The runtime's follower polls the head on its own timer (a lone eth_blockNumber); those polls land
  // in whichever report is running, more of them the slower the machine, so they are not the report's.
  const own = s.trace.filter((t) => !(t.length === 1 && t[0] === 'eth_blockNumber'));
  if (process.env.TEST_TRACE || own.length > REQUEST_BUDGET)
    console.log(address, own.length, s.trace.map((t) => t.join('+')).join('\n'));
  return { r: res.json() as TokenReport, requests: own.length };
}

/**
 * The fault-free report of every token, read whole: a baseline taken while the token's history was
 * still being backfilled is taken again (the index is warm by now), so a faulty report is compared
 * with one that read everything.
 */
async function completeBaselines(): Promise<void> {
  for (const a of Object.values(replica.manifest.tokens)) {
    const b = baseline.get(a);
    if (b && (b.facts.holderIndex?.status ?? 'complete') === 'complete') continue;
    runtime.engine.invalidate(a);
    const res = await app.inject({ method: 'GET', url: `/api/tokens/${a}/report` });
    if (res.statusCode === 200) baseline.set(a, res.json() as TokenReport);
  }
}

beforeAll(async () => {
  base = await startReplicaWithRuntime({ log, gateway: { latencyMs: 80 } });
  ({ replica, runtime } = base);
  app = await createApp({ ...runtime, log });
});
afterAll(async () => {
  await app?.close();
  await base?.stop();
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
    expect(n.contracts.uniswapV3).toMatchObject({
      factory: '0x33128a8fc17869897dce68ed026d694621f6fdfd',
      positionManager: '0x03a520b32c04bf3beef7beb72e919cf822ed34f1',
      swapRouter02: '0x2626664c2603336e57b271c5c0b26f421741e481',
      quoterV2: '0x3d4e44eb1374240ce5f1b871ab261cd16335b76a',
    });
    // The replica's contracts answer at those addresses (real code, not empty accounts).
    for (const a of [n.contracts.uniswapV3?.factory, n.contracts.uniswapV3?.quoterV2]) {
      const code = await runtime.chain.public.getCode({ address: a as `0x${string}` });
      expect(code?.length ?? 0).toBeGreaterThan(1000);
    }
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
    const { r, requests } = await report(replica.manifest.tokens.honeypot);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(r.scanner.risks[0]).toMatch(/^❌ Honeypot/);
  });

  it("measures the tax token's raised sell tax", async () => {
    const { r, requests } = await report(replica.manifest.tokens.tax);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(
      Math.abs(Number(r.facts.trade.sellTaxPct) - replica.manifest.taxBps.sell / 100),
    ).toBeLessThanOrEqual(0.5);
  });

  it('follows a pool created after the token was first analysed', async () => {
    const token = replica.manifest.tokens.tax;
    expect(baseline.has(token)).toBe(true);
    const t0 = Date.now();
    const stage = (what: string) => process.env.TEST_TRACE && console.log(what, Date.now() - t0);
    const pool = await addV3PoolLater(
      createLocalChainClients({ rpcUrl: replica.anvil.rpcUrl }),
      replica.manifest,
      'tax',
      500,
    );
    stage('pool opened');
    // The follower reaches the new blocks on its own (its head may lag by its cache and interval).
    const head = await runtime.chain.public.getBlockNumber({ cacheTime: 0 });
    expect(await runtime.indexer?.waitForBlock(head, 20_000)).toBe(true);
    stage('follower at the head');
    runtime.engine.invalidate(token);
    const { r } = await report(token);
    // The token's fault-free report is now this one (it has a second pool).
    baseline.set(token, r);
    stage('reported');
    const p = r.facts.pools.find((x) => x.pair === pool);
    expect(p?.venue).toBe('uniswap-v3');
    // Its mint and its first buy were indexed, i.e. the follower read the new pool's logs.
    expect(p?.liquidityEventCount).toBeGreaterThanOrEqual(1);
    expect(p?.swaps24h.buys).toBeGreaterThanOrEqual(1);
  });

  it('rates the rug HIGH or CRITICAL with its LP drain', async () => {
    const { r, requests } = await report(replica.manifest.tokens.rug);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(['HIGH', 'CRITICAL']).toContain(r.rug.riskLevel);
    expect(r.liquidity.rugAnalysis.lpDrainEvents.count).toBeGreaterThanOrEqual(1);
  });
});

describe('Base mode against the replica: tokens that trade only on Uniswap V3', () => {
  it('reports the V3-only clean token as tradable, priced from its pool, holders backfilled', async () => {
    const { r, requests } = await report(replica.manifest.tokens.v3Clean);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('uniswap-v3');
    expect(pool?.pair).toBe(replica.manifest.pairs.v3Clean);
    expect(pool?.feeTier).toBe(replica.manifest.fees.v3Clean);
    expect(pool?.priceUsd).toBeGreaterThan(0);
    expect(pool?.lpBurnedShare).toBeGreaterThan(0.99);
    expect(r.facts.trade.status).toBe('ok');
    expect(r.facts.trade.sellTaxPct).toBeLessThan(0.5);
    expect(r.facts.holderCount).toBeGreaterThanOrEqual(12);
    expect(r.scanner.risks.join(' ')).not.toMatch(/Honeypot/);
  });

  it('flags the V3-only honeypot with its revert reason', async () => {
    const { r, requests } = await report(replica.manifest.tokens.v3Honeypot);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(r.facts.pools[0]?.venue).toBe('uniswap-v3');
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(String((r.facts.trade as { revertReason?: string }).revertReason)).toContain('trading locked');
    expect(r.scanner.risks[0]).toMatch(/^❌ Honeypot/);
    expect(safetyVerdict(r).safe).toBe(false);
  });
});

describe('Base mode against the replica: tokens that trade only on Aerodrome', () => {
  it('Aerodrome answers at its canonical Base addresses (classic and every Slipstream factory)', async () => {
    const n = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
    const a = n.contracts.aerodrome;
    expect(a?.poolFactory).toBe('0x420dd381b31aef6683db6b902084cb0ffece40da');
    expect(a?.router).toBe('0xcf77a3ba9a5ca399b7c97c74d54e5b1beb874e43');
    expect(a?.slipstream.map((s) => s.factory)).toEqual(
      expect.arrayContaining([
        '0x5e7bb104d84c7cb9b682aac2f3d509f5f406809a',
        '0xade65c38cd4849adba595a4323a8c7ddfe89716a',
      ]),
    );
    for (const addr of [
      a?.poolFactory,
      a?.router,
      a?.voter,
      ...(a?.slipstream.flatMap((s) => [s.factory, s.quoterV2]) ?? []),
    ]) {
      const code = await runtime.chain.public.getCode({ address: addr as `0x${string}` });
      expect(code?.length ?? 0, addr).toBeGreaterThan(1000);
    }
  });

  it('reports the Aerodrome-only clean token as tradable, priced from its classic pool', async () => {
    const { r, requests } = await report(replica.manifest.tokens.aeroClean);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('aerodrome');
    expect(pool?.pair).toBe(replica.manifest.pairs.aeroClean);
    expect(pool?.priceUsd).toBeGreaterThan(0);
    expect(r.facts.trade.status).toBe('ok');
    expect(r.facts.trade.sellTaxPct).toBeLessThan(0.5);
    expect(r.scanner.risks.join(' ')).not.toMatch(/Honeypot/);
  });

  it('flags the Slipstream-only honeypot with its revert reason', async () => {
    const { r, requests } = await report(replica.manifest.tokens.aeroHoneypot);
    expect(requests).toBeLessThanOrEqual(REQUEST_BUDGET);
    expect(r.facts.pools[0]?.venue).toBe('aerodrome-slipstream');
    expect(r.facts.pools[0]?.pair).toBe(replica.manifest.pairs.aeroHoneypot);
    expect(r.facts.trade.status).toBe('sell_failed');
    expect(String((r.facts.trade as { revertReason?: string }).revertReason)).toContain('trading locked');
    expect(safetyVerdict(r).safe).toBe(false);
    // The follower paired the pool's Mint with the Slipstream manager's IncreaseLiquidity (issue 27):
    // the position is known, and its liquidity is the deployer's own (neither locked nor burned).
    const pool = r.facts.pools[0];
    expect(pool?.lpCreatorShare).toBeGreaterThan(0.99);
    expect(pool?.lpLockedShare).toBe(0);
    expect(pool?.lpBurnedShare).toBe(0);
  });
});

describe('Base mode against the replica: tokens that trade only on Uniswap V4', () => {
  it('V4 answers at its canonical Base addresses', async () => {
    const n = (await app.inject({ method: 'GET', url: '/api/network' })).json() as NetworkInfo;
    expect(n.contracts.uniswapV4).toMatchObject({
      poolManager: '0x498581ff718922c3f8e6a244956af099b2652b2b',
      positionManager: '0x7c5f5a4bbd8fd63184577525326123b519429bdc',
      stateView: '0xa3c0c9b65bad0b08107aa264b0f3db444b867a71',
      v4Quoter: '0x0d5e0f971ed27fbff6c2837bf31316121532048d',
      universalRouter: '0x6ff5693b99212da76ad316178a184ab56d299b43',
    });
    const v4 = n.contracts.uniswapV4;
    for (const a of [
      v4?.poolManager,
      v4?.positionManager,
      v4?.stateView,
      v4?.v4Quoter,
      v4?.universalRouter,
    ]) {
      const code = await runtime.chain.public.getCode({ address: a as `0x${string}` });
      expect(code?.length ?? 0).toBeGreaterThan(1000);
    }
  });

  it('reports the V4-only clean token priced from its ETH pool, its hook-less pool not a honeypot', async () => {
    const { r, requests } = await report(replica.manifest.tokens.v4Clean);
    console.info(`replica: cold report of the V4-only clean token: ${requests} JSON-RPC requests`);
    const pool = r.facts.pools[0];
    expect(pool?.venue).toBe('uniswap-v4');
    expect(pool?.pair).toBe(replica.manifest.pairs.v4Clean);
    expect(pool?.priceUsd).toBeGreaterThan(0);
    expect(r.verdict.kind).not.toBe('honeypot');
    expect(r.verdict.kind).not.toBe('rugged');
    expect(r.scanner.risks.join(' ')).not.toMatch(/Honeypot/);
  });

  it('flags the token behind the NoOp hook as a honeypot, found by its Initialize topic alone', async () => {
    const { r, requests } = await report(replica.manifest.tokens.v4NoOp);
    console.info(`replica: cold report of the V4 NoOp-hook token: ${requests} JSON-RPC requests`);
    expect(r.facts.pools[0]?.venue).toBe('uniswap-v4');
    expect(r.facts.pools[0]?.pair).toBe(replica.manifest.pairs.v4NoOp);
    expect(r.facts.hook).toMatchObject({ honeypot: true });
    expect(r.verdict.kind).toBe('honeypot');
    expect(safetyVerdict(r).safe).toBe(false);
  });
});

describe('Base mode when the RPC lacks features', () => {
  it('still catches the honeypots (V2 and V3) without eth_call state overrides (eth_simulateV1)', async () => {
    replica.gateway.configure({ stateOverrides: false });
    try {
      for (const kind of ['honeypot', 'v3Honeypot'] as const) {
        runtime.engine.invalidate(replica.manifest.tokens[kind]);
        const { r } = await report(replica.manifest.tokens[kind]);
        expect(r.facts.trade.status, kind).toBe('sell_failed');
        expect(r.scanner.risks[0]).toMatch(/^❌ Honeypot/);
      }
    } finally {
      replica.gateway.configure({ stateOverrides: true });
    }
  });

  it('says it could not simulate, never "safe", when neither is offered', async () => {
    replica.gateway.configure({ stateOverrides: false, simulateV1: false });
    try {
      for (const kind of ['honeypot', 'clean', 'v3Honeypot'] as const) {
        runtime.engine.invalidate(replica.manifest.tokens[kind]);
        const { r } = await report(replica.manifest.tokens[kind]);
        expect(r.facts.trade.status).toBe('error');
        expect(safetyVerdict(r).safe).toBe(false);
        expect(safetyVerdict(r).reasons.map((x) => x.check)).toContain('sell_untested');
      }
    } finally {
      replica.gateway.configure({ stateOverrides: true, simulateV1: true });
    }
  });
});

describe('Base mode within a time budget', () => {
  const BUDGET_MS = 4000;
  const SLOW_MS = 5000;
  let budgeted: Runtime;
  let budgetedApp: FastifyInstance;
  beforeAll(async () => {
    budgeted = await startBaseRuntime(replica, log, { REPORT_BUDGET_MS: String(BUDGET_MS) });
    budgetedApp = await createApp({ ...budgeted, log });
  });
  afterAll(async () => {
    replica.gateway.configure({ stateOverrides: true, slowSimulationMs: 0 });
    await budgetedApp?.close();
    await budgeted?.stop();
  });
  const get = async (a: string) => {
    const res = await budgetedApp.inject({ method: 'GET', url: `/api/tokens/${a}/report` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TokenReport;
  };
  const sleep = (ms: number) => new Promise((x) => setTimeout(x, ms));

  it('answers with the simulations marked "not checked in time" (never safe), and gathers them again later', async () => {
    const a = replica.manifest.tokens.honeypot;
    // The token's history first: this is about the simulations, not the backfill. (A loaded
    // machine may answer a cold report with the budget's 503 "try again": that is an answer too.)
    for (let i = 0; i < 20; i++) {
      budgeted.engine.invalidate(a);
      const res = await budgetedApp.inject({ method: 'GET', url: `/api/tokens/${a}/report` });
      expect([200, 503]).toContain(res.statusCode);
      if (res.statusCode === 200 && (res.json() as TokenReport).facts.holderCount !== null) break;
      await sleep(300);
    }
    // No state overrides, and eth_simulateV1 (the simulations' fallback) queued at the provider.
    replica.gateway.configure({ stateOverrides: false, slowSimulationMs: SLOW_MS });
    try {
      budgeted.engine.invalidate(a);
      const r = await get(a);
      expect(r.facts.trade.status).toBe('error');
      expect(JSON.stringify(r.facts.trade)).toMatch(/could not be checked in time/);
      expect(safetyVerdict(r).safe).toBe(false);
      // Served, but not kept: nothing of it is cached.
      expect(budgeted.engine.peekSerialised(a, 'report')).toBeUndefined();
    } finally {
      replica.gateway.configure({ stateOverrides: true, slowSimulationMs: 0 });
    }
    // The next request gathers again (nothing was cached) and, the provider quick again, finds the
    // honeypot; a simulation still queued behind the slow ones may need one more try.
    let again = await get(a);
    for (let i = 0; i < 5 && again.facts.trade.status === 'error'; i++) {
      await sleep(1000);
      again = await get(a);
    }
    expect(again.facts.trade.status).toBe('sell_failed');
    expect(again.scanner.risks[0]).toMatch(/^❌ Honeypot/);
  });
});

describe('Base mode with 20% of RPC requests failing', () => {
  let faulty: Runtime;
  let faultyApp: FastifyInstance;
  const TOKEN_PATHS = [
    '/api/tokens/{a}/report',
    '/api/scanner/{a}',
    '/api/rug-detector/{a}',
    '/api/liquidity/{a}',
    '/api/whale-tracker/{a}',
    '/api/token-health/{a}',
    '/api/flab-score/{a}',
    '/api/tokens/{a}/candles',
  ];

  beforeAll(async () => {
    // A second app with an empty index and cache: every token is cold again.
    faulty = await startBaseRuntime(replica, log);
    faultyApp = await createApp({ ...faulty, log });
  });
  afterAll(async () => {
    replica.gateway.configure({ errorRate: 0 });
    await faultyApp?.close();
    await faulty?.stop();
  });

  it('never answers 500, says nothing kinder than without faults, and caches no wrong figure', async () => {
    await completeBaselines();
    replica.gateway.configure({ errorRate: 0.2, seed: 13 });
    const statuses: number[] = [];
    const improved: string[] = [];
    for (const path of ['/api/network', '/api/health']) {
      statuses.push((await faultyApp.inject({ method: 'GET', url: path })).statusCode);
    }
    for (const kind of ['clean', 'rug', 'v3Clean'] as const) {
      for (const p of TOKEN_PATHS) {
        const url = p.replace('{a}', replica.manifest.tokens[kind]);
        const res = await faultyApp.inject({ method: 'GET', url });
        // 4xx (e.g. no candles for an unindexed pool) and 503 are answers; a 500 or 502 is not.
        expect(res.statusCode < 500 || res.statusCode === 503, `${url}: ${res.statusCode} ${res.body}`).toBe(
          true,
        );
        statuses.push(res.statusCode);
        const healthy = baseline.get(replica.manifest.tokens[kind]);
        if (p === TOKEN_PATHS[0] && res.statusCode === 200 && healthy)
          improved.push(...describeImprovements(compareReports(healthy, res.json() as TokenReport), kind));
      }
    }
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    // The fault-injection property (issue 40): a report may say less, never more in favour.
    expect(improved).toEqual([]);
    expect(replica.gateway.stats().faults).toBeGreaterThan(0);

    // Faults over: once the backfill has completed, the figures are the fault-free ones.
    replica.gateway.configure({ errorRate: 0 });
    for (const kind of ['clean', 'rug', 'v3Clean'] as const) {
      const a = replica.manifest.tokens[kind];
      let r: TokenReport | undefined;
      for (let i = 0; i < 10; i++) {
        faulty.engine.invalidate(a);
        const res = await faultyApp.inject({ method: 'GET', url: `/api/tokens/${a}/report` });
        expect(res.statusCode).toBe(200);
        r = res.json() as TokenReport;
        if (r.facts.holderCount !== null) break;
        await new Promise((x) => setTimeout(x, 500));
      }
      const want = baseline.get(a);
      expect(r?.facts.holderCount).toBe(want?.facts.holderCount);
      expect(r?.facts.trade.status).toBe(want?.facts.trade.status);
      expect(r?.rug.riskLevel).toBe(want?.rug.riskLevel);
      // The pool's history was indexed too (a failed pool look-up must not mean "no pools").
      expect(r?.facts.pools[0]?.recentSwapCount).toBe(want?.facts.pools[0]?.recentSwapCount);
      // A V3 pool's burned position was found (its id comes from the indexed mint), not "unlocked".
      expect(r?.facts.pools[0]?.lpBurnedShare).toBe(want?.facts.pools[0]?.lpBurnedShare);
    }
  });
});

describe('Base mode under faults: no report says more in favour than the fault-free one (issue 40)', () => {
  // A short sample; `npm run check:faults` runs every fault kind at 5–30% (over 200 reports). The
  // case is a fresh app (empty index) behind a gateway of its own on the same replica, with a 1 s
  // RPC timeout (what a timed-out request costs it), compared with this file's fault-free reports.
  const CASES: FaultCase[] = [{ kind: 'mixed', rate: 0.2, seed: 40, staleHeadBlocks: 40 }];

  it('every token, under every failure of a public endpoint at once and a stale head', async () => {
    await completeBaselines();
    const reports = [];
    for (const c of CASES)
      reports.push(
        ...(await reportsUnderFault(
          { replica, log, tokens: replica.manifest.tokens, baseline, rpcTimeoutMs: 1000 },
          c,
        )),
      );
    if (process.env.TEST_TRACE)
      console.log(reports.map((r) => `${r.kind} ${r.status} ${r.ms} ms (start ${r.startMs} ms)`).join('\n'));
    // Each improvement names the token, the fault and the check or the verdict that came out kinder.
    expect(improvementLines(reports)).toEqual([]);
    expect(reports.length).toBe(CASES.length * Object.keys(replica.manifest.tokens).length);
    // Some reports answer 503 ("try again") under these faults: that says nothing, but the sample
    // must compare some (a loaded machine answers fewer in time).
    expect(reports.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(3);
  });
});

// The follower's cases (FOLLOW_IDLE_MINUTES), last: they move tokens on this replica's chain.
describeFollowIdle(() => replica, log);
