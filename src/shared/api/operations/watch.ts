/** The visitor's watchlist and its signed webhooks. (Part of the API contract: src/shared/api/contract.ts.) */
import { z } from 'zod';
import {
  testEventResponseSchema,
  watchAlertSchema,
  watchItemRequestSchema,
  watchlistSchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookRequestSchema,
} from '../../watch';
import { type ApiOperation, addressParamsSchema, op, visitorHeadersSchema, WRITE_LIMIT } from './common';

/**
 * Every watchlist operation has its tag and the visitor header: the watchlist is the signed-in
 * wallet's, or else the client id's.
 */
const watchOp = <const T extends Omit<ApiOperation, 'tag' | 'headers'>>(o: T) =>
  op({ tag: 'Watchlist and webhooks', headers: visitorHeadersSchema, ...o });

export const watchOperations = {
  getWatchlist: watchOp({
    method: 'get',
    path: '/api/watchlist',
    summary: "The visitor's watchlist: tokens, alert kinds wanted, webhook endpoint",
    description:
      'The visitor is the signed-in wallet (session cookie or Bearer token) or else the browser client id (the `x-client-id` header, 8–64 of A–Z a–z 0–9 _ -, or the cookie set on first use).',
    ok: { status: 200, schema: watchlistSchema },
    errors: [],
  }),
  postWatchItem: watchOp({
    method: 'post',
    path: '/api/watchlist/items',
    summary: 'Watch a token for the alert kinds given (all when omitted); adding again updates the kinds',
    body: watchItemRequestSchema,
    ok: { status: 201, schema: watchlistSchema },
    errors: [400, 409, 422, 429, 503],
    rateLimit: WRITE_LIMIT,
  }),
  deleteWatchItem: watchOp({
    method: 'delete',
    path: '/api/watchlist/items/{address}',
    summary: 'Stop watching a token',
    params: addressParamsSchema,
    ok: { status: 200, schema: watchlistSchema },
    errors: [400, 404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  getWatchAlerts: watchOp({
    method: 'get',
    path: '/api/watchlist/alerts',
    summary: 'Alerts of the watched tokens, of the kinds wanted; active first, newest first',
    ok: { status: 200, schema: z.array(watchAlertSchema) },
    errors: [503],
  }),
  putWebhook: watchOp({
    method: 'put',
    path: '/api/watchlist/webhook',
    summary: "Set the watchlist's webhook endpoint; answers the signing secret once",
    description:
      'Deliveries are POSTs of a JSON event (`WebhookEvent`) with headers `x-flab-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, `x-flab-event` and `idempotency-key` (the event id, the same at every retry). A 2xx answer within 10 s accepts it; anything else is retried with exponential backoff and jitter for 24 h, then marked failed. Redirects are not followed.',
    body: webhookRequestSchema,
    ok: { status: 201, schema: webhookCreatedSchema },
    errors: [400, 429],
    rateLimit: WRITE_LIMIT,
  }),
  deleteWebhook: watchOp({
    method: 'delete',
    path: '/api/watchlist/webhook',
    summary: "Remove the watchlist's webhook endpoint (and its delivery log)",
    ok: { status: 200, schema: z.object({ deleted: z.literal(true) }) },
    errors: [404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  postWebhookTest: watchOp({
    method: 'post',
    path: '/api/watchlist/webhook/test',
    summary: 'Queue a signed test event to the endpoint',
    ok: { status: 202, schema: testEventResponseSchema },
    errors: [404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  getWebhookDeliveries: watchOp({
    method: 'get',
    path: '/api/watchlist/webhook/deliveries',
    summary: 'The delivery log of the endpoint: status, attempts, latency (newest 50)',
    ok: { status: 200, schema: z.array(webhookDeliverySchema) },
    errors: [404],
  }),
} as const satisfies Record<string, ApiOperation>;
