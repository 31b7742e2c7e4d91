/**
 * Security Alerts (spec §2, §3, §7): monitor a token, list monitored tokens, stats and alerts.
 * Alerts are raised and auto-resolved by the alert monitor job (src/server/jobs/alert-monitor.ts).
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Address } from 'viem';
import {
  type AlertDetails,
  type AlertType,
  MONITORED_ALERT_TYPES,
  type MonitoredAlertType,
  type MonitoredToken,
  type MonitorTokenResponse,
  monitorTokenRequestSchema,
  SEVERITIES,
  type SecurityAlert,
  type SecurityStats,
  type Severity,
} from '../../../shared/market-tools';
import { rugSeverity } from '../../alerts/detectors';
import { changeCount, markChanged } from '../../db/changes';
import { monitoredTokens, securityAlerts } from '../../db/schema';
import { createSharedCache } from '../../engine/cache';
import { type Serialised, serialise } from '../../engine/serialised';
import { AppError, BadRequestError } from '../../errors';
import { checkMonitoredToken } from '../../jobs/alert-monitor';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { sendSerialised } from '../send-serialised';

export const ALERT_LIST_LIMIT = 200;
/** How long /api/security-stats answers from its last count. */
const STATS_FRESH_MS = 2_000;
/** How long past STATS_FRESH_MS unchanged stats may be served while they are read again. */
const STATS_STALE_MS = 30_000;

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

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  app.post('/api/monitor-token', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const body = parseWith(monitorTokenRequestSchema, req.body);
    const alertTypes: MonitoredAlertType[] = body.alertTypes?.length
      ? [...new Set(body.alertTypes)]
      : [...MONITORED_ALERT_TYPES];
    let facts: Awaited<ReturnType<typeof ctx.engine.facts>>;
    try {
      facts = await ctx.engine.facts(body.tokenAddress as Address);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new BadRequestError('The address could not be read as a token.', { field: 'tokenAddress' });
    }
    if (facts.token.totalSupply === null || facts.token.codeSize === 0)
      throw new AppError('not_erc20', 'The address is not an ERC-20 token contract.', {
        status: 422,
        details: { field: 'tokenAddress' },
      });
    const [row] = await db
      .insert(monitoredTokens)
      .values({
        address: body.tokenAddress,
        symbol: facts.token.symbol,
        name: facts.token.name,
        alertTypes,
        alertsEnabled: true,
      })
      .onConflictDoUpdate({
        target: monitoredTokens.address,
        set: { alertTypes, alertsEnabled: true, symbol: facts.token.symbol, name: facts.token.name },
      })
      .returning();
    // Evaluate at once: the page shows the token's current risks now, not after the next run.
    if (row) {
      try {
        await checkMonitoredToken({ db, engine: ctx.engine, log: ctx.log }, row, Date.now());
      } catch (e) {
        if (e instanceof AppError && e.code === 'chain_unavailable') throw e;
        ctx.log.warn({ msg: 'first alert evaluation failed', token: row.address, err: (e as Error).message });
      }
    }
    markChanged(db, 'alerts');
    const [token] = await listMonitored(ctx, row?.address);
    reply.status(201);
    return { ok: true, token } as MonitorTokenResponse;
  });

  app.get('/api/monitored-tokens', async () => listMonitored(ctx));

  // The page polls the stats; they change only when alerts fire or resolve or a token is added to
  // the watch list (db/changes.ts). Kept as bytes until then, and at most STATS_FRESH_MS (writes of
  // other app instances sharing a Postgres server are not counted here). Past STATS_FRESH_MS with no
  // change counted, a poll gets the last bytes while they are read again behind it.
  const stats = createSharedCache<Serialised>({
    ttlMs: STATS_FRESH_MS,
    staleMs: STATS_STALE_MS,
    maxEntries: 2,
    onRefreshError: (_key, err) =>
      ctx.log.warn({ msg: 'reading security stats failed', err: (err as Error).message }),
  });
  app.get('/api/security-stats', async (req, reply) => {
    const key = String(changeCount(db, 'alerts'));
    return sendSerialised(req, reply, await stats.get(key, async () => serialise(await readStats())));
  });
  const readStats = async (): Promise<SecurityStats> => {
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
  };

  app.get('/api/security-alerts', async (req): Promise<SecurityAlert[]> => {
    const q = req.query as Record<string, unknown>;
    const severity = q.severity === undefined || q.severity === '' ? 'all' : q.severity;
    if (severity !== 'all' && !SEVERITIES.includes(severity as Severity))
      throw new BadRequestError('severity must be all, critical, high, medium or low.', {
        field: 'severity',
      });
    const status = q.status === undefined || q.status === '' ? 'all' : q.status;
    if (status !== 'all' && status !== 'active' && status !== 'resolved')
      throw new BadRequestError('status must be all, active or resolved.', { field: 'status' });
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
  });
}

async function listMonitored(ctx: AppContext, only?: string): Promise<MonitoredToken[]> {
  const db = ctx.database.db;
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
