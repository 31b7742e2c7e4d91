/**
 * Background job: turns indexed events of monitored tokens into security alerts. Per token and run
 * it reads the window's reserves, LP burns, sells and contract events from the index plus the
 * engine's report (rug score, fees, holders), runs the pure detectors (src/server/alerts) and then
 * - inserts each new condition (`dedupeKey` unique: an occurrence fires once),
 * - keeps one active alert per (type, token, subject),
 * - auto-resolves active alerts whose condition no longer holds.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Address } from 'viem';
import type { MonitoredAlertType } from '../../shared/market-tools';
import { ALERT_RULES, type AlertCondition } from '../alerts/detectors';
import { watchKindOf } from '../alerts/kinds';
import { toAlert } from '../alerts/watch-list';
import { enqueueAlertDeliveries } from '../alerts/webhooks/queue';
import { markChanged } from '../db/changes';
import type { Db } from '../db/client';
import { monitoredTokens, securityAlerts } from '../db/schema';
import type { TokenEngine } from '../engine/token-engine';
import type { Logger } from '../logger';
import {
  contractChangeConditions,
  liquidityConditions,
  rugRiskConditions,
  type TokenCheck,
  whaleDumpConditions,
} from './alert-conditions';
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
  const check: TokenCheck = {
    db,
    row,
    token,
    symbol,
    rugScore,
    facts,
    report,
    types: new Set(row.alertTypes as MonitoredAlertType[]),
    since: nowSec - ALERT_RULES.windowSeconds,
    nowSec,
    activeSubjects,
  };
  const pools = facts.pools.length ? facts.pools : facts.mainPool ? [facts.mainPool] : [];
  const pairs = pools.map((p) => p.pair.toLowerCase());
  const liquidity = await liquidityConditions(check, pools);
  const conditions: AlertCondition[] = [...liquidity.conditions];
  conditions.push(...(await whaleDumpConditions(check, pairs, liquidity.liquidityChange)));
  const state = { ...row.state };
  conditions.push(...(await contractChangeConditions(check, state)));
  conditions.push(...rugRiskConditions(check));
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
