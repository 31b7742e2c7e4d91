/**
 * The Security Alerts watch list and its alerts in the database: adding a token to the watch list,
 * the list with each token's alert counts, the page's summary and the alert list. Alerts are raised
 * and auto-resolved by the alert monitor job (src/server/jobs/alert-monitor.ts).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  AlertDetails,
  AlertType,
  MonitoredAlertType,
  MonitoredToken,
  SecurityAlert,
  SecurityStats,
  Severity,
} from '../../shared/market-tools';
import type { Db } from '../db/client';
import { monitoredTokens, securityAlerts } from '../db/schema';
import { rugSeverity } from './detectors';

export const ALERT_LIST_LIMIT = 200;

type AlertRow = typeof securityAlerts.$inferSelect;

export function toAlert(r: AlertRow): SecurityAlert {
  return {
    id: r.id,
    type: r.type as AlertType,
    severity: r.severity,
    title: r.title,
    tokenSymbol: r.tokenSymbol,
    tokenAddress: r.tokenAddress,
    timestamp: r.detectedAt.getTime(),
    description: r.description,
    autoResolved: r.resolvedAt !== null,
    resolvedAt: r.resolvedAt?.getTime() ?? null,
    actionRequired: r.actionRequired && r.resolvedAt === null,
    details: r.details as AlertDetails,
  };
}

/** Adds `token` to the watch list, or updates its alert types, name and symbol; its row. */
export async function watchToken(
  db: Db,
  token: { address: string; symbol: string | null; name: string | null },
  alertTypes: MonitoredAlertType[],
): Promise<typeof monitoredTokens.$inferSelect | undefined> {
  const [row] = await db
    .insert(monitoredTokens)
    .values({
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      alertTypes,
      alertsEnabled: true,
    })
    .onConflictDoUpdate({
      target: monitoredTokens.address,
      set: { alertTypes, alertsEnabled: true, symbol: token.symbol, name: token.name },
    })
    .returning();
  return row;
}

/** The watch list with each token's alert counts (one token when `only` is given), newest first. */
export async function listMonitored(db: Db, only?: string): Promise<MonitoredToken[]> {
  const rows = await db
    .select()
    .from(monitoredTokens)
    .where(only ? eq(monitoredTokens.address, only) : undefined)
    .orderBy(desc(monitoredTokens.createdAt));
  const counts = await db
    .select({
      token: securityAlerts.tokenAddress,
      total: sql<number>`count(*)::int`,
      critical: sql<number>`count(*) filter (where ${securityAlerts.severity} = 'critical')::int`,
    })
    .from(securityAlerts)
    .groupBy(securityAlerts.tokenAddress);
  const byToken = new Map(counts.map((c) => [c.token, c]));
  return rows.map((r) => ({
    address: r.address,
    symbol: r.symbol,
    name: r.name,
    riskLevel: r.rugScore === null ? 'unknown' : rugSeverity(r.rugScore),
    rugScore: r.rugScore,
    totalAlerts: byToken.get(r.address)?.total ?? 0,
    criticalAlerts: byToken.get(r.address)?.critical ?? 0,
    alertsEnabled: r.alertsEnabled,
    alertTypes: r.alertTypes as MonitoredAlertType[],
    monitoredSince: r.createdAt.getTime(),
    lastCheckedAt: r.lastCheckedAt?.getTime() ?? null,
  }));
}

/** The page's summary: tokens watched, alerts active and critical, alerts resolved. */
export async function readSecurityStats(db: Db): Promise<SecurityStats> {
  const [m] = await db.select({ n: sql<number>`count(*)::int` }).from(monitoredTokens);
  const [a] = await db
    .select({
      active: sql<number>`count(*) filter (where ${securityAlerts.resolvedAt} is null)::int`,
      critical: sql<number>`count(*) filter (where ${securityAlerts.resolvedAt} is null and ${securityAlerts.severity} = 'critical')::int`,
      resolved: sql<number>`count(*) filter (where ${securityAlerts.resolvedAt} is not null)::int`,
    })
    .from(securityAlerts);
  return {
    totalTokensMonitored: m?.n ?? 0,
    activeAlerts: a?.active ?? 0,
    criticalAlerts: a?.critical ?? 0,
    threatsPrevented: a?.resolved ?? 0,
  };
}

/** Alerts by severity and status ('all' for any), unresolved first, newest first. */
export async function listAlerts(
  db: Db,
  filter: { severity: Severity | 'all'; status: 'all' | 'active' | 'resolved' },
): Promise<SecurityAlert[]> {
  const { severity, status } = filter;
  const conds = [];
  if (severity !== 'all') conds.push(eq(securityAlerts.severity, severity as Severity));
  if (status === 'active') conds.push(isNull(securityAlerts.resolvedAt));
  if (status === 'resolved') conds.push(sql`${securityAlerts.resolvedAt} is not null`);
  const rows = await db
    .select()
    .from(securityAlerts)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(
      sql`${securityAlerts.resolvedAt} is not null`,
      desc(securityAlerts.detectedAt),
      desc(securityAlerts.id),
    )
    .limit(ALERT_LIST_LIMIT);
  return rows.map(toAlert);
}
