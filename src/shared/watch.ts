/**
 * Watchlists and webhooks (issue 26): the alert kinds a visitor can watch a token for, the request
 * and response schemas of /api/watchlist…, and the webhook's wire format (signature header and
 * event shape) that receivers verify. Shared by the server, the /security page and the docs.
 */
import { z } from 'zod';
import { securityAlertSchema } from './api/market-schemas';
import { addressField } from './trader-tools';

/** What a watcher can ask to be told about. */
export const WATCH_KINDS = [
  'liquidity_drain',
  'tax_change',
  'owner_change',
  'new_mint',
  'honeypot_on',
  'large_holder_exit',
  'rug_risk',
] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

export const WATCH_KIND_LABELS: Record<WatchKind, string> = {
  liquidity_drain: 'Liquidity drain',
  tax_change: 'Tax change',
  owner_change: 'Owner or proxy change',
  new_mint: 'New mint',
  honeypot_on: 'Honeypot turned on',
  large_holder_exit: 'Large holder exit',
  rug_risk: 'Rug risk',
};

/** Tokens one watchlist may hold. */
export const MAX_WATCH_ITEMS = 100;
/** Longest webhook URL accepted. */
export const MAX_WEBHOOK_URL_CHARS = 500;

export const watchItemRequestSchema = z.strictObject({
  tokenAddress: addressField(),
  kinds: z
    .array(z.enum(WATCH_KINDS))
    .min(1, 'must name at least one alert kind')
    .max(WATCH_KINDS.length)
    .optional()
    .meta({ description: 'Alert kinds wanted; all of them when omitted.' }),
});
export type WatchItemRequest = z.input<typeof watchItemRequestSchema>;

export const webhookRequestSchema = z.strictObject({
  url: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(MAX_WEBHOOK_URL_CHARS, `must be at most ${MAX_WEBHOOK_URL_CHARS} characters`)
    .meta({
      description:
        'HTTPS URL that receives the deliveries (HTTP only on the local chain). In Base mode, hosts that resolve to private, loopback or link-local addresses are refused.',
      example: 'https://example.com/hooks/flab',
    }),
});
export type WebhookRequest = z.input<typeof webhookRequestSchema>;

export const watchItemSchema = z
  .object({
    token: z.string(),
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    kinds: z.array(z.enum(WATCH_KINDS)),
    addedAt: z.number().meta({ description: 'ms epoch.' }),
    activeAlerts: z.number().int(),
    riskLevel: z.enum(['low', 'medium', 'high', 'critical', 'unknown']),
    lastCheckedAt: z.number().nullable(),
  })
  .meta({ id: 'WatchItem' });
export type WatchItem = z.infer<typeof watchItemSchema>;

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    /** Last four characters of the secret, to tell secrets apart. */
    secretHint: z.string(),
    createdAt: z.number(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookCreatedSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({ description: 'The signing secret. Shown once: store it now.' }),
  })
  .meta({ id: 'WebhookCreated' });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const watchlistSchema = z
  .object({
    owner: z.object({
      kind: z.enum(['wallet', 'client']),
      /** The wallet address when signed in; null for a browser client id (kept private). */
      wallet: z.string().nullable(),
    }),
    items: z.array(watchItemSchema),
    webhook: webhookEndpointSchema.nullable(),
  })
  .meta({ id: 'Watchlist' });
export type Watchlist = z.infer<typeof watchlistSchema>;

export const watchAlertSchema = securityAlertSchema
  .extend({ kind: z.enum(WATCH_KINDS).nullable().meta({ description: 'The watch kind, when it is one.' }) })
  .meta({ id: 'WatchAlert' });
export type WatchAlert = z.infer<typeof watchAlertSchema>;

export const deliveryAttemptSchema = z
  .object({
    attempt: z.number().int(),
    at: z.number(),
    statusCode: z.number().int().nullable(),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DeliveryAttempt' });

export const webhookDeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z.string().meta({ description: 'The idempotency key, sent as Idempotency-Key.' }),
    eventType: z.string(),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.number(),
    nextAttemptAt: z.number().nullable(),
    finishedAt: z.number().nullable(),
    log: z.array(deliveryAttemptSchema),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const testEventResponseSchema = z
  .object({ queued: z.literal(true), eventId: z.string() })
  .meta({ id: 'TestEventQueued' });

// ---------------------------------------------------------------------------------------------
// The webhook's wire format

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'x-flab-signature';
export const EVENT_HEADER = 'x-flab-event';
/** The event id; the same value at every retry of one event. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Receivers should refuse a signature older than this (replay protection). */
export const SIGNATURE_TOLERANCE_S = 300;

export const webhookEventSchema = z
  .object({
    id: z.string().meta({ description: 'Event id = idempotency key: alert:<id> or test:<uuid>.' }),
    type: z.string().meta({ description: 'alert.<kind> or test.' }),
    createdAt: z.string().meta({ description: 'ISO time the event was made.' }),
    data: z.looseObject({}),
  })
  .meta({ id: 'WebhookEvent' });
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
