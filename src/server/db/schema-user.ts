/**
 * User data for the trader tools (issue 5): journal trades, trading calls with their follows and
 * likes, and Gaming Arena scores. Money, prices and token amounts are `numeric` (arbitrary
 * precision, never floats); addresses are lowercase hex text; times are `timestamptz`.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Trading journal entries, one per position, owned by a (typed, unproven) wallet address. */
export const trades = pgTable(
  'trades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    walletAddress: text('wallet_address').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    tokenName: text('token_name').notNull(),
    tokenAddress: text('token_address').notNull(),
    tradeType: text('trade_type').$type<'buy' | 'sell'>().notNull(),
    quantity: numeric('quantity').notNull(),
    entryPrice: numeric('entry_price').notNull(),
    /** Set → the trade is closed. */
    exitPrice: numeric('exit_price'),
    /** Total fees paid for the round trip, in USD. */
    fees: numeric('fees').notNull().default('0'),
    notes: text('notes'),
    strategy: text('strategy'),
    timeframe: text('timeframe'),
    stopLoss: numeric('stop_loss'),
    takeProfit: numeric('take_profit'),
    entryDate: timestamp('entry_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the exit price was recorded (creation with an exit price, or the update that set it). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trades_wallet_idx').on(t.walletAddress, t.entryDate),
    check('trades_type_chk', sql`${t.tradeType} in ('buy', 'sell')`),
    check('trades_closed_chk', sql`(${t.exitPrice} is null) = (${t.closedAt} is null)`),
  ],
);

/** Public trading calls; `status` moves from 'active' to 'completed' or 'stopped' (call tracker). */
export const tradingCalls = pgTable(
  'trading_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    symbol: text('symbol').notNull(),
    tokenName: text('token_name').notNull(),
    /** Optional: without an address there is no pool price, so the call cannot be tracked. */
    tokenAddress: text('token_address'),
    callType: text('call_type').$type<'long' | 'short'>().notNull(),
    entryPrice: numeric('entry_price').notNull(),
    targetPrice: numeric('target_price').notNull(),
    stopLoss: numeric('stop_loss').notNull(),
    confidence: integer('confidence').notNull(),
    timeframe: text('timeframe').notNull(),
    reasoning: text('reasoning').notNull().default(''),
    /** Last pool price seen by the tracker; null while unknown. */
    currentPrice: numeric('current_price'),
    pnlPercentage: numeric('pnl_percentage').notNull().default('0'),
    status: text('status').$type<'active' | 'completed' | 'stopped'>().notNull().default('active'),
    priceUpdatedAt: timestamp('price_updated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trading_calls_status_idx').on(t.status),
    index('trading_calls_created_idx').on(t.createdAt),
    check('trading_calls_type_chk', sql`${t.callType} in ('long', 'short')`),
    check('trading_calls_status_chk', sql`${t.status} in ('active', 'completed', 'stopped')`),
    check('trading_calls_confidence_chk', sql`${t.confidence} between 1 and 100`),
  ],
);

/** Follows and likes: one row per (call, kind, client), so counts are real and toggling is exact. */
export const callReactions = pgTable(
  'call_reactions',
  {
    callId: integer('call_id')
      .notNull()
      .references(() => tradingCalls.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'follow' | 'like'>().notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.callId, t.kind, t.clientId] }),
    check('call_reactions_kind_chk', sql`${t.kind} in ('follow', 'like')`),
  ],
);

/** Gaming Arena submissions, each re-checked by the server (FLAB balance from chain, plausibility). */
export const gameScores = pgTable(
  'game_scores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    playerName: text('player_name').notNull(),
    walletAddress: text('wallet_address').notNull(),
    /** FLAB held when the score was submitted, in whole tokens (read from chain, not the client). */
    flabBalance: numeric('flab_balance').notNull(),
    score: integer('score').notNull(),
    level: integer('level').notNull(),
    /** Computed by the server. */
    achievements: jsonb('achievements').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_scores_wallet_idx').on(t.walletAddress, t.score),
    index('game_scores_score_idx').on(t.score),
  ],
);

/**
 * Sign-In with Ethereum (EIP-4361) nonces the server issued: each signs in at most once
 * (`usedAt` set atomically) and only before `expiresAt`. The message we issued is kept, so a
 * signature is checked against our own text, never one the client rewrote.
 */
export const siweNonces = pgTable(
  'siwe_nonces',
  {
    nonce: text('nonce').primaryKey(),
    walletAddress: text('wallet_address').notNull(),
    message: text('message').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('siwe_nonces_expires_idx').on(t.expiresAt)],
);

/**
 * Wallet sessions created by a verified signature. Only the SHA-256 of the bearer token is
 * stored, so a database leak does not hand out sessions.
 */
export const walletSessions = pgTable(
  'wallet_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    walletAddress: text('wallet_address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wallet_sessions_wallet_idx').on(t.walletAddress)],
);

/**
 * Games the server started for a signed-in wallet. A score is accepted once per game, and only
 * if the time the server observed since `startedAt` is enough for it.
 */
export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    walletAddress: text('wallet_address').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** Set when a score was submitted for it (single use). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    scoreId: integer('score_id'),
  },
  (t) => [index('games_wallet_idx').on(t.walletAddress, t.startedAt)],
);
