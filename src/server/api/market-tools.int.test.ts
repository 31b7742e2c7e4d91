/**
 * Security Alerts, Pump Finder and Airdrop Finder on a fresh anvil with the test scenario. The
 * test makes each alert's event happen on chain (an LP holder burns its liquidity, a FLAB whale
 * sells, the proxy owner hands over ownership; the rugged token's score is the scenario's own),
 * indexes it and runs the monitor: each alert type fires on its event, and only once.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { type Address, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Airdrop,
  type AirdropSummary,
  type EligibilityResult,
  type MonitoredToken,
  PUMP_TIMEFRAMES,
  type PumpResponse,
  type SecurityAlert,
  type SecurityStats,
} from '../../shared/market-tools';
import type { ScenarioManifest } from '../../shared/scenario';
import { safetyVerdict } from '../analysis/safety-verdict';
import type { LocalChainClients } from '../chain/client';
import { rowsOf } from '../db/rows';
import { startAlertMonitor } from '../jobs/alert-monitor';
import { amountOut } from '../localchain/scenario/market';
import type { Runtime } from '../runtime';
import { type ScenarioApp, startScenarioApp } from '../test-support/scenario-app';

const log = pino({ level: 'silent' });
const ADMIN = 'test-admin-token-0123456789';
let scenario: ScenarioApp | undefined;
let runtime: Runtime;
let app: FastifyInstance;
let manifest: ScenarioManifest;
let clients: LocalChainClients;
let monitor: ReturnType<typeof startAlertMonitor>;
/** The pool the test drains (set by the alert test, refilled by the resolution test). */
let drained: { pair: Address; holder: Address; token: Address } | undefined;

const get = (url: string) => app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

const abi = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function totalSupply() view returns (uint256)',
  'function burn(address to) returns (uint256, uint256)',
  'function mint(address to) returns (uint256)',
  'function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function owner() view returns (address)',
  'function transferOwnership(address newOwner)',
  'function setTaxes(uint16 buyBps, uint16 sellBps)',
  'function sellTaxBps() view returns (uint16)',
]);

async function send(from: Address, address: Address, functionName: string, args: readonly unknown[]) {
  await clients.test.setBalance({ address: from, value: 10n ** 20n });
  const hash = await clients.wallet.writeContract({
    account: from,
    chain: clients.chain,
    address,
    abi,
    functionName: functionName as 'transfer',
    args: args as [Address, bigint],
  });
  const r = await clients.public.waitForTransactionReceipt({ hash });
  expect(r.status).toBe('success');
}
const read = <T>(address: Address, functionName: string, args: readonly unknown[] = []) =>
  clients.public.readContract({
    address,
    abi,
    functionName: functionName as 'owner',
    args: args as [],
  }) as Promise<T>;

async function alertsFor(token: string): Promise<SecurityAlert[]> {
  const res = await get('/api/security-alerts');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SecurityAlert[]).filter((a) => a.tokenAddress === token.toLowerCase());
}

beforeAll(async () => {
  scenario = await startScenarioApp({ log, app: { airdropAdminToken: ADMIN } });
  ({ runtime, app } = scenario);
  manifest = runtime.localChain?.manifest as ScenarioManifest;
  clients = runtime.localChain?.clients as LocalChainClients;
  monitor = startAlertMonitor({
    db: runtime.database.db,
    engine: runtime.engine,
    log,
    intervalMs: 3_600_000,
  });
});
afterAll(async () => {
  await monitor?.stop();
  await scenario?.stop();
});

describe('security alerts', () => {
  it('validates the token to monitor', async () => {
    expect((await post('/api/monitor-token', { tokenAddress: '0x1234' })).statusCode).toBe(400);
    expect(
      (await post('/api/monitor-token', { tokenAddress: manifest.tokens.FLAB, alertTypes: ['nope'] }))
        .statusCode,
    ).toBe(400);
    const eoa = await post('/api/monitor-token', { tokenAddress: manifest.wallets.noFlab });
    expect(eoa.statusCode).toBeGreaterThanOrEqual(400);
    expect(eoa.statusCode).toBeLessThan(500);
    expect((await get('/api/security-alerts?severity=extreme')).statusCode).toBe(400);
  });

  it('each alert type fires on its event, once, and stats follow', async () => {
    const db = runtime.database.db;
    const weth = manifest.contracts.weth.toLowerCase();
    // An LP position held by a wallet (not the locker, not burned) big enough to drain its pool.
    const lp = rowsOf(
      await db.execute(sql`
        select b.token as pair, b.holder, b.balance::text as balance,
               case when p.token0 = ${weth} then p.token1 else p.token0 end as token
        from balances b join pairs p on p.pair = b.token
        where b.balance > 0 and (p.token0 = ${weth} or p.token1 = ${weth})
          and b.holder not in ('0x0000000000000000000000000000000000000000', '0x000000000000000000000000000000000000dead', ${manifest.contracts.locker.toLowerCase()})
          and b.holder not in (select pair from pairs)
        order by b.balance desc`),
    );
    let drain: { pair: Address; holder: Address; balance: bigint; token: Address } | undefined;
    for (const r of lp) {
      const supply = await read<bigint>(r.pair as Address, 'totalSupply');
      if (BigInt(String(r.balance)) * 100n >= supply * 50n && r.token !== manifest.risks.rugged) {
        drain = {
          pair: r.pair as Address,
          holder: r.holder as Address,
          balance: BigInt(String(r.balance)),
          token: r.token as Address,
        };
        break;
      }
    }
    expect(drain, 'a wallet holding half of a pool').toBeDefined();
    if (!drain) return;
    const flab = manifest.tokens.FLAB as Address;
    const proxy = manifest.risks.proxy;
    const rugged = manifest.risks.rugged;

    for (const [tokenAddress, alertTypes] of [
      [drain.token, ['liquidity_drain']],
      [flab, ['whale_dump']],
      [proxy, ['contract_change']],
      [rugged, ['rug_risk']],
    ] as const) {
      const res = await post('/api/monitor-token', { tokenAddress, alertTypes });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The scenario's own event: the rugged token's rug score is over the level. Monitoring
    // evaluates at once, so the alert is there before the monitor job has run.
    const rugAlerts = await alertsFor(rugged);
    expect(rugAlerts.map((a) => a.type)).toEqual(['rug_risk']);
    expect(rugAlerts[0]?.details.rugScore).toBeGreaterThanOrEqual(60);
    const monitored = (await get('/api/monitored-tokens')).json() as MonitoredToken[];
    expect(monitored.find((m) => m.address === rugged.toLowerCase())?.lastCheckedAt).not.toBeNull();
    const first = await monitor.runOnce();
    expect(first.failed).toBe(0);
    expect((await alertsFor(rugged)).length).toBe(1);
    expect(await alertsFor(drain.token)).toEqual([]);
    expect(await alertsFor(flab)).toEqual([]);
    const proxyBefore = (await alertsFor(proxy)).length;

    // 1. The LP holder burns its whole position.
    await send(drain.holder, drain.pair, 'transfer', [drain.pair, drain.balance]);
    await send(drain.holder, drain.pair, 'burn', [drain.holder]);
    drained = drain;
    // 2. The largest FLAB whale sells half its FLAB into the pool.
    const whale = manifest.wallets.flabWhales[0] as Address;
    const flabPair = manifest.flab.pair;
    const held = await read<bigint>(flab, 'balanceOf', [whale]);
    const amount = held / 2n;
    const [r0, r1] = await read<[bigint, bigint, number]>(flabPair, 'getReserves');
    const flabIs0 = (await read<string>(flabPair, 'token0')).toLowerCase() === flab.toLowerCase();
    const out = amountOut(amount, flabIs0 ? r0 : r1, flabIs0 ? r1 : r0);
    await send(whale, flab, 'transfer', [flabPair, amount]);
    await send(whale, flabPair, 'swap', flabIs0 ? [0n, out, whale, '0x'] : [out, 0n, whale, '0x']);
    // 3. The proxy's owner hands ownership to another wallet.
    const owner = await read<Address>(proxy, 'owner');
    await send(owner, proxy, 'transferOwnership', [manifest.wallets.noFlab]);

    await runtime.indexer?.syncOnce();
    const second = await monitor.runOnce();
    expect(second.failed).toBe(0);

    const drainAlerts = await alertsFor(drain.token);
    expect(drainAlerts.map((a) => a.type)).toEqual(['liquidity_drain']);
    expect(drainAlerts[0]?.details.liquidityChange).toBeLessThanOrEqual(-30);
    const dumped = await alertsFor(flab);
    expect(dumped.map((a) => a.type)).toEqual(['whale_dump']);
    expect(dumped[0]?.details.whaleAddress).toBe(whale.toLowerCase());
    const changed = await alertsFor(proxy);
    expect(changed.length).toBe(proxyBefore + 1);
    expect(changed.some((a) => a.type === 'contract_change' && /ownership transferred/.test(a.title))).toBe(
      true,
    );

    // Running again (and re-indexing) raises nothing new.
    await runtime.indexer?.syncOnce();
    const third = await monitor.runOnce();
    expect(third.fired).toBe(0);
    expect((await alertsFor(drain.token)).length).toBe(1);
    expect((await alertsFor(flab)).length).toBe(1);
    expect((await alertsFor(proxy)).length).toBe(proxyBefore + 1);
    expect((await alertsFor(rugged)).length).toBe(1);

    const all = (await get('/api/security-alerts')).json() as SecurityAlert[];
    const stats = (await get('/api/security-stats')).json() as SecurityStats;
    expect(stats.totalTokensMonitored).toBe(4);
    expect(stats.activeAlerts).toBe(all.filter((a) => !a.autoResolved).length);
    expect(stats.criticalAlerts).toBe(all.filter((a) => !a.autoResolved && a.severity === 'critical').length);
    const crit = (await get('/api/security-alerts?severity=critical')).json() as SecurityAlert[];
    expect(crit.every((a) => a.severity === 'critical')).toBe(true);
    const tokens = (await get('/api/monitored-tokens')).json() as MonitoredToken[];
    expect(tokens).toHaveLength(4);
    const t = tokens.find((x) => x.address === flab.toLowerCase());
    expect(t?.totalAlerts).toBe(1);
    expect(t?.symbol).toBe('FLAB');
  });

  it('auto-resolves an alert when its condition clears', async () => {
    // The LP holder puts the liquidity back: the reserve is at its peak again, the drain is over.
    const d = drained as NonNullable<typeof drained>;
    const weth = manifest.contracts.weth;
    const w = await read<bigint>(weth, 'balanceOf', [d.holder]);
    const t = await read<bigint>(d.token, 'balanceOf', [d.holder]);
    await send(d.holder, weth, 'transfer', [d.pair, w]);
    await send(d.holder, d.token, 'transfer', [d.pair, t]);
    await send(d.holder, d.pair, 'mint', [d.holder]);
    await runtime.indexer?.syncOnce();
    const run = await monitor.runOnce();
    expect(run.resolved).toBe(1);
    expect(run.fired).toBe(0);
    const alerts = await alertsFor(d.token);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.autoResolved).toBe(true);
    expect(alerts[0]?.resolvedAt).not.toBeNull();
    const stats = (await get('/api/security-stats')).json() as SecurityStats;
    expect(stats.threatsPrevented).toBe(1);
    expect((await get('/api/security-alerts?status=active')).json()).not.toContainEqual(alerts[0]);
  });
  it('a fee change fires one contract_change alert', async () => {
    const tax = manifest.risks.highTax;
    expect(
      (await post('/api/monitor-token', { tokenAddress: tax, alertTypes: ['contract_change'] })).statusCode,
    ).toBe(201);
    await monitor.runOnce(); // the first run records the fees the trade simulation measures
    const before = (await alertsFor(tax)).length;
    const sell = await read<number>(tax, 'sellTaxBps');
    const owner = await read<Address>(tax, 'owner');
    await send(owner, tax, 'setTaxes', [100, sell >= 2000 ? 500 : sell + 1500]);
    await runtime.indexer?.syncOnce();
    await monitor.runOnce();
    const after = await alertsFor(tax);
    expect(after.length, after.map((a) => a.title).join('; ')).toBe(before + 1);
    expect(after.filter((a) => /fees changed/.test(a.title))).toHaveLength(1);
    await monitor.runOnce();
    expect((await alertsFor(tax)).length).toBe(before + 1);
  });
});

describe('pump finder', () => {
  it('lists tokens active in the last 7 days ranked by momentum score', async () => {
    const res = await get('/api/pump-opportunities?timeframe=7d&risk=all');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PumpResponse;
    expect(body.opportunities.length).toBeGreaterThan(0);
    const p = body.opportunities.map((o) => o.momentumScore);
    expect([...p].sort((a, b) => b - a)).toEqual(p);
    for (const o of body.opportunities) {
      expect(o.momentumScore).toBeGreaterThanOrEqual(0);
      expect(o.momentumScore).toBeLessThanOrEqual(100);
      expect(o.model).toHaveLength(7);
      expect(o.timeframe).toBe('7d');
      // No invented exit targets or gains (issue 11).
      expect(o).not.toHaveProperty('exitTarget');
      expect(o).not.toHaveProperty('potentialGain');
    }
    expect(body.summary.total).toBe(body.opportunities.length);
    // Strong Momentum is the top band on organic trading only (issue 39): never with a pattern finding.
    expect(body.summary.strongMomentum).toBe(body.opportunities.filter((o) => o.strongMomentum).length);
    for (const o of body.opportunities.filter((x) => x.strongMomentum)) {
      expect(o.momentumScore).toBeGreaterThanOrEqual(80);
      expect(o.organicShare ?? 1).toBeGreaterThanOrEqual(0.5);
    }
    expect(body.summary.strongMomentum).toBeLessThanOrEqual(p.filter((x) => x >= 80).length);
    expect(body.summary.avoided).toBe(body.avoid.length);
    // Tokens that could not be judged are counted, not ranked (a whole number, never missing).
    expect(Number.isInteger(body.summary.skippedUnknown)).toBe(true);
    const low = (await get('/api/pump-opportunities?timeframe=7d&risk=high')).json() as PumpResponse;
    expect(low.opportunities.every((o) => o.risk === 'high')).toBe(true);
    expect((await get('/api/pump-opportunities?timeframe=2d')).statusCode).toBe(400);
  });

  it('no opportunity in any timeframe fails the safety verdict; traps are listed to avoid', async () => {
    const avoided = new Set<string>();
    for (const tf of PUMP_TIMEFRAMES) {
      const body = (await get(`/api/pump-opportunities?timeframe=${tf}&risk=all`)).json() as PumpResponse;
      for (const o of body.opportunities) {
        const verdict = safetyVerdict(await runtime.engine.report(o.address as Address));
        expect(verdict.reasons, `${o.symbol} (${tf}) is listed as an opportunity`).toEqual([]);
      }
      for (const a of body.avoid) {
        expect(a.reasons.length).toBeGreaterThan(0);
        expect(body.opportunities.some((o) => o.address === a.address)).toBe(false);
        avoided.add(a.address);
      }
    }
    // The scenario's honeypot trades in its history: it must show up as one to avoid.
    const honeypot = manifest.risks.honeypot.toLowerCase();
    const week = (await get('/api/pump-opportunities?timeframe=7d&risk=all')).json() as PumpResponse;
    expect(week.opportunities.some((o) => o.address === honeypot)).toBe(false);
    if (avoided.has(honeypot)) {
      const entry = week.avoid.find((a) => a.address === honeypot);
      expect(entry?.reasons.map((r) => r.check)).toContain('honeypot');
    }
  });
});

describe('airdrops', () => {
  it('filters, searches and summarises the catalogue', async () => {
    const all = (await get('/api/airdrops')).json() as Airdrop[];
    expect(all.length).toBeGreaterThan(4);
    expect(all.every((a) => a.source.startsWith('https://'))).toBe(true);
    // The one local programme is the staking pool: dates and reward read from the contract.
    const local = all.filter((a) => a.local);
    expect(local.map((a) => a.id)).toEqual(['flab-staking-rewards']);
    expect(local[0]?.contract).toBe(manifest.contracts.staking.toLowerCase());
    expect(local[0]?.startDate).not.toBeNull();
    expect(local[0]?.endDate).not.toBeNull();
    // Real programmes without verified dates are never "active": status unknown, with a checked date.
    for (const a of all.filter((x) => !x.local && !(x.startDate && x.endDate))) {
      expect(a.status).toBe('unknown');
      expect(a.checkedAt).not.toBeNull();
    }
    for (const a of all.filter((x) => x.status === 'active'))
      expect(Date.parse(a.startDate ?? '') <= Date.now() && Date.parse(a.endDate ?? '') > Date.now()).toBe(
        true,
      );
    const defi = (await get('/api/airdrops?category=defi')).json() as Airdrop[];
    expect(defi.length).toBeGreaterThan(0);
    expect(defi.every((a) => a.category === 'defi')).toBe(true);
    const search = (await get('/api/airdrops?search=staking')).json() as Airdrop[];
    expect(search.map((a) => a.id)).toContain('flab-staking-rewards');
    expect((await get('/api/airdrops?search=nothing-matches-this')).json()).toEqual([]);
    expect((await get('/api/airdrops?category=bogus')).statusCode).toBe(400);
    const s = (await get('/api/airdrops/summary')).json() as AirdropSummary;
    expect(s.total).toBe(all.length);
    expect(s.active).toBe(all.filter((a) => a.status === 'active').length);
    expect(s.upcoming).toBe(all.filter((a) => a.status === 'upcoming').length);
    const open = all.filter((a) => a.status !== 'ended' && a.estimatedValue !== null);
    expect(s.totalEstimatedValue).toBeCloseTo(
      open.reduce((x, a) => x + (a.estimatedValue ?? 0), 0),
      1,
    );
    if (open.length) expect(s.totalEstimatedValue).toBeGreaterThan(0);
  });

  it('checks each requirement against the address activity', async () => {
    const db = runtime.database.db;
    const staking = manifest.contracts.staking.toLowerCase();
    const [staker] = rowsOf(
      await db.execute(
        sql`select from_addr from transfers where to_addr = ${staking} and token = ${(manifest.tokens.FLAB as string).toLowerCase()} limit 1`,
      ),
    );
    expect(staker).toBeDefined();
    const res = await post('/api/airdrops/flab-staking-rewards/eligibility', { address: staker?.from_addr });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json() as EligibilityResult;
    expect(r.requirements.find((x) => x.id === 'stake-flab')?.status).toBe('pass');
    const none = (
      await post('/api/airdrops/flab-staking-rewards/eligibility', { address: manifest.wallets.noFlab })
    ).json() as EligibilityResult;
    expect(none.requirements.find((x) => x.id === 'hold-flab')?.status).toBe('fail');
    expect(none.requirements.find((x) => x.id === 'stake-flab')?.status).toBe('fail');
    expect(none.eligibilityScore).toBeLessThan(100);
    const manual = (
      await post('/api/airdrops/zora-creators/eligibility', { address: manifest.wallets.noFlab })
    ).json() as EligibilityResult;
    expect(manual.eligibilityScore).toBeNull();
    // A Galxe programme's swaps happen on its own venues: Uniswap V2 activity does not count.
    const galxe = (
      await post('/api/airdrops/galxe-base-campaigns/eligibility', { address: staker?.from_addr })
    ).json() as EligibilityResult;
    for (const r of galxe.requirements) if (r.kind === 'swap_count') expect(r.status).toBe('unknown');
    expect(
      (await post('/api/airdrops/nope/eligibility', { address: manifest.wallets.noFlab })).statusCode,
    ).toBe(404);
    expect((await post('/api/airdrops/zora-creators/eligibility', { address: '0x12' })).statusCode).toBe(400);
  });

  it('catalogue writes need the admin token', async () => {
    const entry = {
      id: 'test-drop',
      name: 'Test Drop',
      category: 'social',
      description: 'Added by the admin.',
      requirements: [{ id: 'm', label: 'Manual', kind: 'manual' }],
      source: 'https://example.org/test-drop',
    };
    expect((await post('/api/airdrops', entry)).statusCode).toBe(403);
    expect(
      (await post('/api/airdrops', entry, { authorization: 'Bearer wrong-token-000000000' })).statusCode,
    ).toBe(403);
    const ok = await post('/api/airdrops', entry, { authorization: `Bearer ${ADMIN}` });
    expect(ok.statusCode, ok.body).toBe(201);
    const list = (await get('/api/airdrops?category=social')).json() as Airdrop[];
    expect(list.map((a) => a.id)).toContain('test-drop');
  });
});
