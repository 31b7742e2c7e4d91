/**
 * Tables for running as several processes on one Postgres (ADR 0029, 0030): the shared analysis
 * cache and where each token's backfill started (for the API's progress figure).
 */
import {
  bigint,
  customType,
  doublePrecision,
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

/** Base mode: the block each token's backfill started from (progress = read / total blocks). */
export const tokenBackfills = pgTable('token_backfills', {
  token: text('token').primaryKey(),
  fromBlock: bigint('from_block', { mode: 'bigint' }).notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});
