/**
 * Watchlists and signed webhooks (issue 26). A watchlist belongs to one visitor: a signed-in
 * wallet (`owner_kind` 'wallet', the SIWE session's address) or a browser client id ('client').
 * Each item names a token and the alert kinds wanted for it. A watchlist may name one webhook
 * endpoint; every alert of a wanted kind becomes one delivery row (unique per endpoint and event:
 * the event id is the idempotency key), which the delivery job sends, retries and records in
 * `webhook_attempts`. The rows are the queue: nothing lives only in memory, so a restart loses
 * no delivery (ADR 0024).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const watchlists = pgTable(
  'watchlists',
  {
    id: text('id').primaryKey(),
    ownerKind: text('owner_kind').$type<'wallet' | 'client'>().notNull(),
    ownerId: text('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('watchlists_owner_idx').on(t.ownerKind, t.ownerId),
    check('watchlists_owner_kind_chk', sql`${t.ownerKind} in ('wallet', 'client')`),
  ],
);

export const watchlistItems = pgTable(
  'watchlist_items',
  {
    watchlistId: text('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    /** Alert kinds wanted (shared WATCH_KINDS). */
    kinds: jsonb('kinds').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.watchlistId, t.token] }), index('watchlist_items_token_idx').on(t.token)],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    watchlistId: text('watchlist_id')
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** HMAC-SHA256 key of the signatures (shown to the owner once, when created). */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_endpoints_watchlist_idx').on(t.watchlistId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Idempotency key: `alert:<id>` or `test:<uuid>`; one delivery per endpoint and event. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The exact JSON body sent at every attempt (so every attempt signs the same bytes). */
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's claim; an attempt cut short by a crash is taken up again once it passes. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    check('webhook_deliveries_status_chk', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every attempt of a delivery, for the delivery log: when, the answer's status, the latency. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    latencyMs: integer('latency_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
