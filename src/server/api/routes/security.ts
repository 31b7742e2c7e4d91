/**
 * Security Alerts (spec §2, §3, §7): monitor a token, list monitored tokens, stats and alerts. The
 * watch list and the alerts are alerts/watch-list.ts's; alerts are raised and auto-resolved by the
 * alert monitor job (src/server/jobs/alert-monitor.ts), which also evaluates a newly watched token.
 */
import type { FastifyInstance } from 'fastify';
import {
  MONITORED_ALERT_TYPES,
  type MonitoredAlertType,
  type MonitorTokenResponse,
  monitorTokenRequestSchema,
  SEVERITIES,
  type SecurityAlert,
  type Severity,
} from '../../../shared/market-tools';
import { listAlerts, listMonitored, readSecurityStats, watchToken } from '../../alerts/watch-list';
import { changeCount, markChanged } from '../../db/changes';
import { createSharedCache } from '../../engine/cache';
import { type Serialised, serialise } from '../../engine/serialised';
import { AppError, BadRequestError } from '../../errors';
import { checkMonitoredToken } from '../../jobs/alert-monitor';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { sendSerialised } from '../send-serialised';
import { readWatchableToken } from '../watchable-token';

/** How long /api/security-stats answers from its last count. */
const STATS_FRESH_MS = 2_000;
/** How long past STATS_FRESH_MS unchanged stats may be served while they are read again. */
const STATS_STALE_MS = 30_000;

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.database.db;

  app.post('/api/monitor-token', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const body = parseWith(monitorTokenRequestSchema, req.body);
    const alertTypes: MonitoredAlertType[] = body.alertTypes?.length
      ? [...new Set(body.alertTypes)]
      : [...MONITORED_ALERT_TYPES];
    const watched = await readWatchableToken(ctx, body.tokenAddress);
    const row = await watchToken(db, watched, alertTypes);
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
    const [token] = await listMonitored(db, row?.address);
    reply.status(201);
    return { ok: true, token } as MonitorTokenResponse;
  });

  app.get('/api/monitored-tokens', async () => listMonitored(db));

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
    return sendSerialised(
      req,
      reply,
      await stats.get(key, async () => serialise(await readSecurityStats(db))),
    );
  });

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
    return listAlerts(db, { severity: severity as Severity | 'all', status });
  });
}
