/**
 * The webhook delivery queue: rows of `webhook_deliveries` (ADR 0024). An alert becomes one row per
 * subscribed endpoint in the transaction that stores the alert; a worker claims due rows with
 * `SELECT … FOR UPDATE SKIP LOCKED` (several workers against one Postgres never take the same row),
 * sends, and records the attempt. A claim carries a lease (`locked_until`): a worker that dies
 * mid-attempt leaves a row that is due again when its lease ends, so nothing is lost on a crash or
 * restart, and a delivery is at-least-once (receivers dedupe on the idempotency key).
 *
 * Retries: exponential backoff from RETRY_BASE_MS (×2 per attempt, capped at RETRY_CAP_MS) with
 * full jitter on the upper half, for RETRY_WINDOW_MS after the event; then the delivery is failed.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { analysisPath } from '../../../shared/badge';
import type { SecurityAlert } from '../../../shared/market-tools';
import type { WatchKind, WebhookEvent } from '../../../shared/watch';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { watchlistItems, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { AttemptResult } from './send';

export const RETRY_BASE_MS = 10_000;
export const RETRY_CAP_MS = 60 * 60_000;
export const RETRY_WINDOW_MS = 24 * 3600_000;
/** How long a claimed delivery is reserved for the worker that claimed it. */
export const LEASE_MS = 60_000;

export type RetryPolicy = { baseMs: number; capMs: number; windowMs: number };
export const DEFAULT_RETRY: RetryPolicy = {
  baseMs: RETRY_BASE_MS,
  capMs: RETRY_CAP_MS,
  windowMs: RETRY_WINDOW_MS,
};

/** Delay before attempt `attempts + 1`: base × 2^(attempts−1), capped, jittered in [½, 1]. */
export function backoffMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  const exp = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  const half = Math.floor(exp / 2);
  return half + (half > 0 ? randomInt(0, half + 1) : 0);
}

type Tx = Pick<Db, 'insert' | 'select' | 'execute'>;

/** The event an alert makes (its id is the idempotency key). */
export function alertEvent(alert: SecurityAlert, kind: WatchKind): WebhookEvent {
  return {
    id: `alert:${alert.id}`,
    type: `alert.${kind}`,
    createdAt: new Date(alert.timestamp).toISOString(),
    data: { kind, alert, links: { analysis: analysisPath(alert.tokenAddress) } },
  };
}

/**
 * Queue one delivery per endpoint whose watchlist wants this alert's kind for its token. Runs in
 * the alert's own transaction, so an alert is never stored without its deliveries.
 */
export async function enqueueAlertDeliveries(tx: Tx, alert: SecurityAlert, kind: WatchKind): Promise<number> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .innerJoin(watchlistItems, eq(watchlistItems.watchlistId, webhookEndpoints.watchlistId))
    .where(
      and(
        eq(watchlistItems.token, alert.tokenAddress.toLowerCase()),
        sql`${watchlistItems.kinds} @> ${JSON.stringify([kind])}::jsonb`,
      ),
    );
  if (!endpoints.length) return 0;
  const event = alertEvent(alert, kind);
  const body = JSON.stringify(event);
  const rows = await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, body })))
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** A test event for one endpoint ("Send test event"). */
export async function enqueueTestDelivery(db: Db, endpointId: string, now = new Date()): Promise<string> {
  const event: WebhookEvent = {
    id: `test:${randomUUID()}`,
    type: 'test',
    createdAt: now.toISOString(),
    data: { message: 'A test event from FLAB Hub: your endpoint receives and verifies deliveries.' },
  };
  await db
    .insert(webhookDeliveries)
    .values({ endpointId, eventId: event.id, eventType: event.type, body: JSON.stringify(event) });
  return event.id;
}

export type ClaimedDelivery = {
  id: number;
  endpointId: string;
  eventId: string;
  eventType: string;
  body: string;
  attempts: number;
  createdAt: Date;
  url: string;
  secret: string;
};

/** Claim up to `limit` due deliveries for LEASE_MS (rows other workers hold are skipped). */
export async function claimDue(
  db: Db,
  limit: number,
  now: Date,
  leaseMs = LEASE_MS,
): Promise<ClaimedDelivery[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const res = await db.execute(sql`
    update webhook_deliveries d
       set locked_until = ${lease.toISOString()}::timestamptz
      from webhook_endpoints e
     where d.id in (
             select id from webhook_deliveries
              where status = 'pending'
                and next_attempt_at <= ${now.toISOString()}::timestamptz
                and (locked_until is null or locked_until <= ${now.toISOString()}::timestamptz)
              order by next_attempt_at, id
              limit ${limit}
              for update skip locked)
       and e.id = d.endpoint_id
    returning d.id, d.endpoint_id, d.event_id, d.event_type, d.body, d.attempts, d.created_at, e.url, e.secret`);
  return rowsOf(res).map((r) => ({
    id: Number(r.id),
    endpointId: String(r.endpoint_id),
    eventId: String(r.event_id),
    eventType: String(r.event_type),
    body: String(r.body),
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at as string | Date),
    url: String(r.url),
    secret: String(r.secret),
  }));
}

/** Record an attempt and move the delivery on: delivered, retried later, or failed for good. */
export async function recordAttempt(
  db: Db,
  d: ClaimedDelivery,
  r: AttemptResult,
  now: Date,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<'delivered' | 'pending' | 'failed'> {
  const attempt = d.attempts + 1;
  const next = new Date(now.getTime() + backoffMs(attempt, policy));
  const expired = next.getTime() - d.createdAt.getTime() > policy.windowMs;
  const status: 'delivered' | 'pending' | 'failed' = r.ok
    ? 'delivered'
    : r.permanent || expired
      ? 'failed'
      : 'pending';
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: d.id,
      attempt,
      at: now,
      statusCode: r.statusCode,
      latencyMs: r.latencyMs,
      error: r.error,
    });
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: attempt,
        status,
        lastStatusCode: r.statusCode,
        lastLatencyMs: r.latencyMs,
        lastError: r.error,
        lockedUntil: null,
        ...(status === 'pending' ? { nextAttemptAt: next } : { finishedAt: now }),
      })
      .where(eq(webhookDeliveries.id, d.id));
  });
  return status;
}

/** The delivery log of one endpoint, newest first, each with its attempts. */
export async function deliveryLog(db: Db, endpointId: string, limit = 50) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.deliveryId, webhookAttempts.attempt)
    : [];
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    eventType: r.eventType,
    status: r.status,
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastLatencyMs: r.lastLatencyMs,
    lastError: r.lastError,
    createdAt: r.createdAt.getTime(),
    nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.getTime() : null,
    finishedAt: r.finishedAt?.getTime() ?? null,
    log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attempt: a.attempt,
        at: a.at.getTime(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        error: a.error,
      })),
  }));
}
