/**
 * Background job: turns indexed events of monitored tokens into security alerts. Per token and run
 * it reads the window's reserves, LP burns, sells and contract events from the index plus the
 * engine's report (rug score, fees, holders), runs the pure detectors (src/server/alerts) and then
 * - inserts each new condition (`dedupeKey` unique: an occurrence fires once),
 * - keeps one active alert per (type, token, subject),
 * - auto-resolves active alerts whose condition no longer holds.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { MonitoredAlertType } from '../../shared/market-tools';
import {
  ALERT_RULES,
  type AlertCondition,
  detectContractChanges,
  detectHoneypotOn,
  detectLiquidityDrain,
  detectNewMints,
  detectRugRisk,
  detectWhaleDumps,
  type Fees,
  type ReserveSample,
} from '../alerts/detectors';
import { watchKindOf } from '../alerts/kinds';
import { toAlert } from '../alerts/watch-list';
import { enqueueAlertDeliveries } from '../alerts/webhooks/queue';
import { markChanged } from '../db/changes';
import type { Db } from '../db/client';
import {
  balances,
  contractEvents,
  liquidityEvents,
  monitoredTokens,
  securityAlerts,
  syncs,
  transfers,
} from '../db/schema';
import type { TokenEngine } from '../engine/token-engine';
import type { Logger } from '../logger';
import { startIntervalJob } from './interval-job';

export const ALERT_MONITOR_INTERVAL_MS = 15_000;

export type AlertMonitorRun = { tokens: number; fired: number; resolved: number; failed: number };

type Deps = {
  db: Db;
  engine: Pick<TokenEngine, 'facts' | 'report' | 'invalidate'>;
  log: Logger;
  /** Called after a run queued webhook deliveries (wakes the delivery job). */
  onDeliveriesQueued?: () => void;
};

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** Evaluate one monitored token: every condition that holds now, for its enabled types. */
export async function evaluateToken(
  deps: Deps,
  row: typeof monitoredTokens.$inferSelect,
  nowSec: number,
  activeSubjects: Set<string>,
): Promise<{
  conditions: AlertCondition[];
  state: Record<string, unknown>;
  symbol: string | null;
  name: string | null;
  rugScore: number | null;
}> {
  const { db, engine } = deps;
  const token = row.address;
  engine.invalidate(token as Address);
  const report = await engine.report(token as Address);
  const facts = await engine.facts(token as Address);
  const symbol = facts.token.symbol;
  const rugScore = report.rug.rugScore;
  const types = new Set(row.alertTypes as MonitoredAlertType[]);
  const since = nowSec - ALERT_RULES.windowSeconds;
  const conditions: AlertCondition[] = [];
  const pools = facts.pools.length ? facts.pools : facts.mainPool ? [facts.mainPool] : [];
  const pairs = pools.map((p) => p.pair.toLowerCase());

  let liquidityChange: number | null = null;
  for (const pool of pools) {
    const pair = pool.pair.toLowerCase();
    const tokenIs0 = token.toLowerCase() < pool.quoteToken.toLowerCase();
    const [before] = await db
      .select()
      .from(syncs)
      .where(and(eq(syncs.pair, pair), lt(syncs.ts, since)))
      .orderBy(desc(syncs.blockNumber), desc(syncs.logIndex))
      .limit(1);
    const inWindow = await db
      .select()
      .from(syncs)
      .where(and(eq(syncs.pair, pair), gte(syncs.ts, since)))
      .orderBy(asc(syncs.blockNumber), asc(syncs.logIndex));
    const reserves: ReserveSample[] = [...(before ? [before] : []), ...inWindow].map((s) => ({
      blockNumber: s.blockNumber,
      logIndex: s.logIndex,
      ts: s.ts,
      quote: BigInt(tokenIs0 ? s.reserve1 : s.reserve0),
    }));
    const first = reserves[0];
    const last = reserves.at(-1);
    if (pool === (facts.mainPool ?? pools[0]) && first && last && first.quote > 0n)
      liquidityChange = Math.round((Number((last.quote * 10_000n) / first.quote) / 100 - 100) * 10) / 10;
    if (!types.has('liquidity_drain')) continue;
    const removes = await db
      .select()
      .from(liquidityEvents)
      .where(
        and(
          eq(liquidityEvents.pair, pair),
          eq(liquidityEvents.kind, 'remove'),
          gte(liquidityEvents.ts, since),
        ),
      );
    conditions.push(
      ...detectLiquidityDrain({
        token,
        symbol,
        pair,
        reserves,
        removes: removes.map((r) => ({
          txHash: r.txHash,
          ts: r.ts,
          provider: r.recipient,
          // A 'remove' row always has amounts (only V4 fee collections have none).
          quoteAmount: BigInt((tokenIs0 ? r.amount1 : r.amount0) ?? 0),
        })),
        rugScore,
      }),
    );
  }

  if (types.has('whale_dump') && pairs.length && facts.token.totalSupply) {
    const sells = await db
      .select()
      .from(transfers)
      .where(and(eq(transfers.token, token), inArray(transfers.to, pairs), gte(transfers.ts, since)));
    const sellers = [...new Set(sells.map((s) => s.from))];
    const bal = sellers.length
      ? await db
          .select()
          .from(balances)
          .where(and(eq(balances.token, token), inArray(balances.holder, sellers)))
      : [];
    const excluded = new Set<string>([...pairs, '0x0000000000000000000000000000000000000000']);
    for (const h of facts.holders.top)
      if (h.kind !== 'eoa' && h.kind !== 'deployer') excluded.add(h.address.toLowerCase());
    conditions.push(
      ...detectWhaleDumps({
        token,
        symbol,
        totalSupply: facts.token.totalSupply,
        sells: sells.map((s) => ({ seller: s.from, txHash: s.txHash, ts: s.ts, amount: BigInt(s.value) })),
        balances: new Map(bal.map((b) => [b.holder, BigInt(b.balance)])),
        excluded,
        rugScore,
        liquidityChange,
      }),
    );
  }

  const state = { ...row.state };
  if (types.has('contract_change')) {
    const events = await db
      .select()
      .from(contractEvents)
      .where(and(eq(contractEvents.address, token), gte(contractEvents.ts, Math.max(since, 0))))
      .orderBy(asc(contractEvents.blockNumber), asc(contractEvents.logIndex));
    const t = facts.trade;
    const currentFees: Fees | null =
      t.status === 'ok' ? { buyPct: t.buyTaxPct, sellPct: t.sellTaxPct } : null;
    const previousFees = (row.state.fees as Fees | undefined) ?? null;
    const activeFee = [...activeSubjects].find((s) => s.startsWith('contract_change|fee:')) ?? null;
    conditions.push(
      ...detectContractChanges({
        token,
        symbol,
        events: events.map((e) => ({
          blockNumber: e.blockNumber,
          logIndex: e.logIndex,
          ts: e.ts,
          kind: e.kind,
          data: e.data,
        })),
        previousFees,
        currentFees,
        observedAt: nowSec * 1000,
        rugScore,
      }),
    );
    // A fee change stays "current" until the window passes since it was seen.
    if (activeFee) {
      const seenAt = Number(activeFee.split('fee:')[1]);
      if (seenAt >= since * 1000)
        conditions.push({
          type: 'contract_change',
          subject: activeFee.slice('contract_change|'.length),
        } as AlertCondition);
    }
    if (currentFees) state.fees = currentFees;

    // New mints after launch (the launch block's mint excluded).
    const [launch] = await db
      .select({ block: sql<string>`min(${transfers.blockNumber})::text` })
      .from(transfers)
      .where(eq(transfers.token, token));
    const mints = await db
      .select()
      .from(transfers)
      .where(and(eq(transfers.token, token), eq(transfers.from, ZERO_ADDRESS), gte(transfers.ts, since)))
      .orderBy(asc(transfers.blockNumber), asc(transfers.logIndex));
    conditions.push(
      ...detectNewMints({
        token,
        symbol,
        mints: mints
          .filter((m) => !launch?.block || m.blockNumber !== BigInt(launch.block))
          .map((m) => ({
            blockNumber: m.blockNumber,
            logIndex: m.logIndex,
            ts: m.ts,
            to: m.to,
            amount: BigInt(m.value),
          })),
        totalSupply: facts.token.totalSupply,
        rugScore,
      }),
    );

    // Selling worked at the last run and fails now.
    conditions.push(
      ...detectHoneypotOn({
        token,
        symbol,
        previousStatus: (row.state.tradeStatus as string | undefined) ?? null,
        currentStatus: t.status,
        active: activeSubjects.has('contract_change|honeypot'),
        observedAt: nowSec * 1000,
        revertReason: t.status === 'sell_failed' ? t.revertReason : null,
        rugScore,
      }),
    );
    state.tradeStatus = t.status;
  }

  if (types.has('rug_risk')) {
    conditions.push(
      ...detectRugRisk({
        token,
        symbol,
        rugScore,
        active: activeSubjects.has(`rug_risk|${token}`),
        observedAt: nowSec * 1000,
        topFactors: report.rug.riskFactors.map((f) => f.factor),
      }),
    );
  }
  return { conditions, state, symbol, name: facts.token.name, rugScore };
}

/**
 * Evaluate one monitored token now and record the outcome: new conditions fire, cleared ones
 * resolve, the token's last-checked time moves. The interval job runs it for every token; the
 * monitor-token route runs it at once, so a newly monitored token shows its risks immediately.
 */
export async function checkMonitoredToken(
  deps: Deps,
  row: typeof monitoredTokens.$inferSelect,
  t: number,
): Promise<{ fired: number; resolved: number; queued: number }> {
  const { db } = deps;
  const result = { fired: 0, resolved: 0, queued: 0 };
  const active = await db
    .select()
    .from(securityAlerts)
    .where(and(eq(securityAlerts.tokenAddress, row.address), isNull(securityAlerts.resolvedAt)));
  const activeSubjects = new Set(active.map((a) => `${a.type}|${a.subject}`));
  const ev = await evaluateToken(deps, row, Math.floor(t / 1000), activeSubjects);
  const current = new Set(ev.conditions.map((c) => `${c.type}|${c.subject}`));
  await db.transaction(async (tx) => {
    for (const c of ev.conditions) {
      if (!c.dedupeKey || activeSubjects.has(`${c.type}|${c.subject}`)) continue;
      const inserted = await tx
        .insert(securityAlerts)
        .values({
          dedupeKey: c.dedupeKey,
          type: c.type,
          subject: c.subject,
          severity: c.severity,
          tokenAddress: row.address,
          tokenSymbol: ev.symbol,
          title: c.title,
          description: c.description,
          actionRequired: c.actionRequired,
          details: c.details,
          detectedAt: new Date(t),
        })
        .onConflictDoNothing()
        .returning();
      const stored = inserted[0];
      if (stored) {
        // Webhook deliveries in the alert's own transaction: an alert is never stored without them.
        const kind = watchKindOf(c.type, c.subject);
        if (kind) result.queued += await enqueueAlertDeliveries(tx, toAlert(stored), kind);
        result.fired++;
        activeSubjects.add(`${c.type}|${c.subject}`);
        deps.log.info({ msg: 'security alert', token: row.address, type: c.type, severity: c.severity });
      }
    }
    const clear = active.filter((a) => !current.has(`${a.type}|${a.subject}`)).map((a) => a.id);
    if (clear.length) {
      await tx
        .update(securityAlerts)
        .set({ resolvedAt: new Date(t) })
        .where(and(inArray(securityAlerts.id, clear), isNull(securityAlerts.resolvedAt)));
      result.resolved += clear.length;
    }
    await tx
      .update(monitoredTokens)
      .set({
        state: ev.state,
        symbol: ev.symbol,
        name: ev.name,
        rugScore: ev.rugScore,
        lastCheckedAt: new Date(t),
      })
      .where(eq(monitoredTokens.address, row.address));
  });
  if (result.fired || result.resolved) markChanged(db, 'alerts');
  if (result.queued) deps.onDeliveriesQueued?.();
  return result;
}

export function startAlertMonitor(opts: Deps & { intervalMs?: number; now?: () => number }) {
  const now = opts.now ?? (() => Date.now());
  const log = opts.log.child({ component: 'alert-monitor' });

  const run = async (): Promise<AlertMonitorRun> => {
    const { db } = opts;
    const rows = await db.select().from(monitoredTokens).where(eq(monitoredTokens.alertsEnabled, true));
    const result: AlertMonitorRun = { tokens: rows.length, fired: 0, resolved: 0, failed: 0 };
    for (const row of rows) {
      try {
        const r = await checkMonitoredToken(opts, row, now());
        result.fired += r.fired;
        result.resolved += r.resolved;
      } catch (e) {
        result.failed++;
        log.warn({ msg: 'alert evaluation failed', token: row.address, err: (e as Error).message });
      }
    }
    return result;
  };

  return startIntervalJob({
    name: 'alert monitoring',
    intervalMs: opts.intervalMs ?? ALERT_MONITOR_INTERVAL_MS,
    log,
    run,
  });
}
