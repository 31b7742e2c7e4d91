/**
 * Tables for running as several processes on one Postgres (ADR 0029, 0030): the shared analysis
 * cache and where each token's backfill started (for the API's progress figure).
 */
import {
  bigint,
  customType,
  doublePrecision,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Serialised answers (one report part at one liquidity amount) of one facts version of a token,
 * published by the replica that analysed it: every replica serves the same bytes and ETag.
 */
export const answerCache = pgTable(
  'answer_cache',
  {
    token: text('token').notNull(),
    part: text('part').notNull(),
    amountUsd: doublePrecision('amount_usd').notNull(),
    /** The facts version the bytes were analysed from (ms since epoch of the gather). */
    factsVersion: bigint('facts_version', { mode: 'number' }).notNull(),
    etag: text('etag').notNull(),
    body: bytea('body').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.token, t.part, t.amountUsd] })],
);

/**
 * Base mode: the block each token's backfill started from (progress = read / total blocks), when
 * someone last asked for the token, and — for a token idle past FOLLOW_IDLE_MINUTES — the block
 * the follower stopped at (it catches up from there when asked again).
 */
export const tokenBackfills = pgTable('token_backfills', {
  token: text('token').primaryKey(),
  fromBlock: bigint('from_block', { mode: 'bigint' }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  /** Last report, answer or watch read of the token (written at most once a minute per process). */
  lastRequestedAt: timestamp('last_requested_at', { withTimezone: true }).notNull().defaultNow(),
  /** Not followed since this block (idle); null while followed or backfilling. */
  pausedAt: bigint('paused_at', { mode: 'bigint' }),
});

/**
 * The global cap on cold analyses shared by every API process (ADR 0038): one row per analysis
 * running anywhere, taken under a transaction-level advisory lock (so the count and the insert
 * are one step) and deleted when it ends. A process that dies leaves its rows until `expires_at`
 * (a few report budgets), so a crash costs a slot for seconds, never for good.
 */
export const coldLeases = pgTable('cold_leases', {
  id: text('id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * The per-client cold-analysis allowance shared by every API process (ADR 0038): one token bucket
 * per client address, refilled continuously; a bucket untouched for a minute is full again and
 * its row is deleted.
 */
export const coldBuckets = pgTable('cold_buckets', {
  client: text('client').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/**
 * Refreshed results (yield, pump, portfolio; jobs/refreshed-results.ts) shared by the API
 * replicas: the newest computation of each (result, key), so every replica serves the same
 * figures and, within a fresh window, only one of them computes.
 */
export const sharedResults = pgTable(
  'shared_results',
  {
    name: text('name').notNull(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.key] })],
);
