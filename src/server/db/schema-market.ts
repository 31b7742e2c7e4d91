/**
 * Market tools (issue 6): monitored tokens and the security alerts the monitor job raises, and the
 * airdrop catalogue. Addresses are lowercase hex text; times are `timestamptz`.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Tokens the security monitor watches; `state` holds what the detectors compare across runs. */
export const monitoredTokens = pgTable('monitored_tokens', {
  address: text('address').primaryKey(),
  symbol: text('symbol'),
  name: text('name'),
  alertTypes: jsonb('alert_types').$type<string[]>().notNull(),
  alertsEnabled: boolean('alerts_enabled').notNull().default(true),
  /** Last rug score seen by the monitor. */
  rugScore: integer('rug_score'),
  state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
  lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per detected condition. `dedupeKey` makes each alert fire once; `subject` (pair, whale,
 * event) lets the monitor keep one active alert per condition and resolve it when it clears.
 */
export const securityAlerts = pgTable(
  'security_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    dedupeKey: text('dedupe_key').notNull(),
    type: text('type').notNull(),
    subject: text('subject').notNull(),
    severity: text('severity').$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    tokenAddress: text('token_address').notNull(),
    tokenSymbol: text('token_symbol'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    actionRequired: boolean('action_required').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('security_alerts_dedupe_idx').on(t.dedupeKey),
    index('security_alerts_token_idx').on(t.tokenAddress, t.type, t.subject),
    index('security_alerts_detected_idx').on(t.detectedAt),
    check('security_alerts_severity_chk', sql`${t.severity} in ('critical', 'high', 'medium', 'low')`),
  ],
);

/** The airdrop catalogue, seeded from src/server/airdrops/catalogue.json; admin writes add rows. */
export const airdrops = pgTable('airdrops', {
  id: text('id').primaryKey(),
  /** The validated catalogue entry (shared `airdropEntrySchema`). */
  entry: jsonb('entry').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
