/**
 * Background job: sends due webhook deliveries from the table-backed queue (webhooks/queue.ts),
 * a few at a time, every POLL_MS (and at once when `wake()` is called, e.g. after an alert or a
 * test event). Each attempt is recorded; a restart picks up whatever is still pending.
 */

import { claimDue, DEFAULT_RETRY, LEASE_MS, type RetryPolicy, recordAttempt } from '../alerts/webhooks/queue';
import { sendWebhook } from '../alerts/webhooks/send';
import type { WebhookMode } from '../alerts/webhooks/url-guard';
import type { Db } from '../db/client';
import type { Logger } from '../logger';
import { startIntervalJob } from './interval-job';

export const WEBHOOK_POLL_MS = 1_000;
/** Deliveries sent at once per pass. */
const BATCH = 8;

export type WebhookDeliveryRun = { sent: number; delivered: number; failed: number; retrying: number };

export type WebhookDeliveryJob = {
  runOnce(): Promise<WebhookDeliveryRun>;
  /** Run a pass soon (new work was queued). */
  wake(): void;
  stop(): Promise<void>;
};

export function startWebhookDelivery(opts: {
  db: Db;
  log: Logger;
  mode: WebhookMode;
  pollMs?: number;
  retry?: RetryPolicy;
  attemptTimeoutMs?: number;
  leaseMs?: number;
  now?: () => Date;
}): WebhookDeliveryJob {
  const log = opts.log.child({ component: 'webhooks' });
  const now = opts.now ?? (() => new Date());
  const retry = opts.retry ?? DEFAULT_RETRY;
  const run = async (): Promise<WebhookDeliveryRun> => {
    const out: WebhookDeliveryRun = { sent: 0, delivered: 0, failed: 0, retrying: 0 };
    const due = await claimDue(opts.db, BATCH, now(), opts.leaseMs ?? LEASE_MS);
    await Promise.all(
      due.map(async (d) => {
        const r = await sendWebhook(
          { url: d.url, secret: d.secret },
          { id: d.eventId, type: d.eventType, body: d.body },
          { mode: opts.mode, timeoutMs: opts.attemptTimeoutMs },
        );
        const status = await recordAttempt(opts.db, d, r, now(), retry);
        out.sent++;
        if (status === 'delivered') out.delivered++;
        else if (status === 'failed') out.failed++;
        else out.retrying++;
        log.info({
          msg: 'webhook attempt',
          delivery_id: d.id,
          endpoint_id: d.endpointId,
          event_id: d.eventId,
          attempt: d.attempts + 1,
          status_code: r.statusCode,
          latency_ms: r.latencyMs,
          outcome: status,
          err: r.error ?? undefined,
        });
      }),
    );
    return out;
  };
  const job = startIntervalJob({
    name: 'webhook delivery',
    intervalMs: opts.pollMs ?? WEBHOOK_POLL_MS,
    firstDelayMs: 0,
    log,
    run,
  });
  return {
    runOnce: job.runOnce,
    wake: () =>
      void job.runOnce().catch((e) => log.warn({ msg: 'webhook pass failed', err: (e as Error).message })),
    stop: job.stop,
  };
}
