/**
 * Trader tools (Trading Journal, Trading Calls, Gaming Arena): request schemas, response shapes and
 * the game's constants, shared by the API and the browser.
 *
 * Requests accept what a form sends: numeric fields as numbers or decimal strings, and an empty
 * string for an optional field means "not given". Prices and amounts are validated as finite and
 * positive and stored as `numeric`; responses carry them as JSON numbers.
 */
import { z } from 'zod';
import { checkAddress } from './address';
import { parseDateTime, parseDecimal } from './strict-input';
import { verdictHeadlineSchema } from './verdict-schema';

// ---------------------------------------------------------------------------------------------
// Spec constants (§5, §9)

export const TRADE_TYPES = ['buy', 'sell'] as const;
export const TRADE_STRATEGIES = ['swing', 'scalp', 'hold', 'dca', 'momentum'] as const;
export const TRADE_STRATEGY_LABELS: Record<(typeof TRADE_STRATEGIES)[number], string> = {
  swing: 'Swing Trading',
  scalp: 'Scalping',
  hold: 'Hold',
  dca: 'DCA',
  momentum: 'Momentum',
};
export const TRADE_TIMEFRAMES = ['1h', '4h', '1d', '1w', '1m'] as const;

export const CALL_TYPES = ['long', 'short'] as const;
export const CALL_TIMEFRAMES = ['1h', '4h', '24h', '3d', '7d'] as const;
export const CALL_STATUSES = ['active', 'completed', 'stopped'] as const;
export const CALL_DEFAULT_TIMEFRAME = '24h';
export const CALL_DEFAULT_CONFIDENCE = 80;

/** Target Hunter (spec §4, §9). */
export const GAME = {
  startSeconds: 30,
  secondsPerClearedRound: 5,
  startTargets: 3,
  maxTargets: 8,
  /** Targets added on top of the cleared level's number: next round has min(level + 3, 8). */
  nextRoundExtraTargets: 3,
  pointsPerTargetPerLevel: 10,
  /** Target positions, percent of the arena. */
  xRange: [10, 90] as const,
  yRange: [20, 80] as const,
  leaderboardSize: 10,
  /**
   * Sanity bound on a submitted level: a game that reaches level 1000 has lasted 30 + 5 × 999 s
   * (84 minutes) and ~8,000 clicks. Keeps scores inside a 32-bit integer.
   */
  maxLevel: 1000,
} as const;

/**
 * Targets shown during `level`. Level 1 starts with 3; clearing level L brings min(L + 3, 8)
 * targets for level L + 1 (the count uses the level just cleared). So level L ≥ 2 has
 * min(L + 2, 8), which also gives 3 for level 1. The browser game and the server's plausibility
 * check both use this function.
 */
export function targetsForLevel(level: number): number {
  if (level <= 1) return GAME.startTargets;
  return Math.min(level - 1 + GAME.nextRoundExtraTargets, GAME.maxTargets);
}

/** Points for one target at `level`. */
export const pointsPerTarget = (level: number) => GAME.pointsPerTargetPerLevel * level;

export const ACHIEVEMENTS = [
  { name: 'First Century', description: 'Score 100 or more' },
  { name: 'High Scorer', description: 'Score 500 or more' },
  { name: 'Level Master', description: 'Reach level 5' },
  { name: 'FLAB Whale', description: 'Hold 1,000,000 FLAB or more' },
] as const;
export type AchievementName = (typeof ACHIEVEMENTS)[number]['name'];

export const MESSAGES = {
  noFlab:
    "❌ No FLAB tokens found in this wallet. You can still play the game but won't have leaderboard access.",
  verificationFailed: '❌ Live verification failed. Please check your wallet address and try again.',
  verified: (n: string) =>
    `Live verification successful! Found ${n} FLAB tokens. Leaderboard access granted!`,
  scoreSubmitted: '🏆 Score submitted to leaderboard!',
  tradeAdded: 'Trade added to journal successfully!',
  callCreated: 'Your trading call has been posted successfully.',
} as const;

/** The header a client may send to identify itself for follows and likes (else a cookie is set). */
export const CLIENT_ID_HEADER = 'x-client-id';
export const CLIENT_ID_COOKIE = 'flab_client';
export const CLIENT_ID_RE = /^[A-Za-z0-9_-]{8,64}$/;

// ---------------------------------------------------------------------------------------------
// Field helpers

/** '' and null from a form mean "not given". */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/**
 * A decimal from a number or a string in plain decimal notation (strict-input.ts). Output: a
 * canonical decimal string, stored exactly (no float rounding reaches the database).
 */
function decimal(opts: { allowZero: boolean }) {
  return z
    .custom<number | string>(() => true)
    .meta({
      override: {
        anyOf: [{ type: 'number' }, { type: 'string' }],
        description: 'A plain decimal (12.5), as a number or a string: no exponent, hex, sign or Infinity.',
      },
    })
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') {
        ctx.addIssue({ code: 'custom', message: 'is required' });
        return z.NEVER;
      }
      const r = parseDecimal(v, { allowZero: opts.allowZero });
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.reason });
        return z.NEVER;
      }
      return r.value;
    });
}

const positiveDecimal = () => decimal({ allowZero: false });
const optionalPositiveDecimal = () => z.preprocess(blankToUndefined, positiveDecimal().optional());

/** C0 controls other than tab, LF and CR, and DEL. */
function hasControlCharacters(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !hasControlCharacters(s), 'must not contain control characters');
const requiredText = (max: number) => text(max).min(1, 'is required');
const optionalText = (max: number) => z.preprocess(blankToUndefined, text(max).optional());

export const addressField = () =>
  z.string({ error: 'is required' }).transform((v, ctx) => {
    const a = checkAddress(v);
    if (!a.ok) {
      ctx.addIssue({ code: 'custom', message: a.reason });
      return z.NEVER;
    }
    return a.address;
  });

/** A trade's date: ISO 8601 with an offset, from 2015-01-01 to a day from now (strict-input.ts). */
const isoDate = () =>
  z
    .custom<string>(() => true)
    .meta({
      override: {
        type: 'string',
        format: 'date-time',
        description: 'ISO 8601 with a time zone, from 2015-01-01 to a day from now.',
      },
    })
    .transform((v, ctx) => {
      const r = parseDateTime(v);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.reason });
        return z.NEVER;
      }
      return r.value;
    });

// ---------------------------------------------------------------------------------------------
// Trading journal

export const createTradeRequestSchema = z.object({
  walletAddress: addressField(),
  tokenSymbol: requiredText(20),
  tokenName: requiredText(80),
  tokenAddress: addressField(),
  tradeType: z.enum(TRADE_TYPES, { error: 'must be buy or sell' }),
  quantity: positiveDecimal(),
  entryPrice: positiveDecimal(),
  exitPrice: optionalPositiveDecimal(),
  fees: z.preprocess(blankToUndefined, decimal({ allowZero: true }).optional().default('0')),
  notes: optionalText(2000),
  strategy: z.preprocess(
    blankToUndefined,
    z.enum(TRADE_STRATEGIES, { error: `must be one of ${TRADE_STRATEGIES.join(', ')}` }).optional(),
  ),
  timeframe: z.preprocess(
    blankToUndefined,
    z.enum(TRADE_TIMEFRAMES, { error: `must be one of ${TRADE_TIMEFRAMES.join(', ')}` }).optional(),
  ),
  stopLoss: optionalPositiveDecimal(),
  takeProfit: optionalPositiveDecimal(),
  /** When the position was opened; defaults to now. Not in the future. */
  entryDate: z.preprocess(blankToUndefined, isoDate().optional()),
  /** When it was closed (with `exitPrice`); defaults to now. */
  exitDate: z.preprocess(blankToUndefined, isoDate().optional()),
});
export type CreateTradeRequest = z.input<typeof createTradeRequestSchema>;
export type CreateTradeInput = z.output<typeof createTradeRequestSchema>;

const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable().optional());

/**
 * Row actions. `walletAddress` must be the trade's wallet. Every other field is optional; `null`
 * clears an optional field — `exitPrice: null` re-opens a closed trade.
 */
export const updateTradeRequestSchema = z
  .object({
    walletAddress: addressField(),
    tokenSymbol: requiredText(20).optional(),
    tokenName: requiredText(80).optional(),
    tokenAddress: addressField().optional(),
    tradeType: z.enum(TRADE_TYPES, { error: 'must be buy or sell' }).optional(),
    quantity: positiveDecimal().optional(),
    entryPrice: positiveDecimal().optional(),
    exitPrice: clearable(positiveDecimal()),
    fees: decimal({ allowZero: true }).optional(),
    notes: clearable(text(2000)),
    strategy: clearable(z.enum(TRADE_STRATEGIES, { error: `must be one of ${TRADE_STRATEGIES.join(', ')}` })),
    timeframe: clearable(
      z.enum(TRADE_TIMEFRAMES, { error: `must be one of ${TRADE_TIMEFRAMES.join(', ')}` }),
    ),
    stopLoss: clearable(positiveDecimal()),
    takeProfit: clearable(positiveDecimal()),
    entryDate: isoDate().optional(),
    /** When the exit happened, with `exitPrice`; defaults to the time of the update. */
    exitDate: isoDate().optional(),
  })
  .strict();
export type UpdateTradeRequest = z.input<typeof updateTradeRequestSchema>;
export type UpdateTradeInput = z.output<typeof updateTradeRequestSchema>;

export const deleteTradeQuerySchema = z.object({ walletAddress: addressField() });

/** Where `currentPrice` and the P&L's mark came from. */
export const PRICE_SOURCES = ['exit', 'pool', 'entry'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const tradeSchema = z.object({
  id: z.number().int(),
  walletAddress: z.string(),
  tokenSymbol: z.string(),
  tokenName: z.string(),
  tokenAddress: z.string(),
  tradeType: z.enum(TRADE_TYPES),
  quantity: z.number(),
  entryPrice: z.number(),
  exitPrice: z.number().nullable(),
  fees: z.number(),
  notes: z.string().nullable(),
  strategy: z.string().nullable(),
  timeframe: z.string().nullable(),
  stopLoss: z.number().nullable(),
  takeProfit: z.number().nullable(),
  /** The token's pool price now (open trades); null when closed or unknown. */
  currentPrice: z.number().nullable(),
  /**
   * The price the P&L is marked at: 'exit' (closed), 'pool' (open, live price) or 'entry' (open,
   * price unknown — P&L is then just minus the fees).
   */
  priceSource: z.enum(PRICE_SOURCES),
  netPnL: z.number(),
  pnlPercentage: z.number(),
  status: z.enum(['open', 'closed']),
  entryDate: z.string(),
  closedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Trade = z.infer<typeof tradeSchema>;
export const tradeListSchema = z.array(tradeSchema);

export const journalStatsSchema = z.object({
  /** Σ netPnL over all trades (closed at exit, open marked to the current price). */
  totalPnL: z.number(),
  /** Closed trades with netPnL > 0, percent of closed trades, 1 decimal (0 with none closed). */
  winRate: z.number(),
  totalTrades: z.number().int(),
  /** Σ entryPrice × quantity. */
  totalVolume: z.number(),
  /** Highest / lowest netPnL among closed trades (0 with none closed). */
  bestTrade: z.number(),
  worstTrade: z.number(),
  /**
   * Σ winning netPnL / |Σ losing netPnL| over closed trades, 2 decimals. 0 with no wins;
   * null when there are wins and no losses (unbounded — show '∞').
   */
  profitFactor: z.number().nullable(),
  /** totalVolume / totalTrades. */
  avgTradeSize: z.number(),
  /** Mean of (closedAt − entryDate) over closed trades, days, 1 decimal. */
  avgHoldTime: z.number(),
  openTrades: z.number().int(),
  closedTrades: z.number().int(),
  realizedPnL: z.number(),
  unrealizedPnL: z.number(),
  /** Open trades whose token has no known pool price (marked at entry). */
  openTradesWithoutPrice: z.number().int(),
});
export type JournalStats = z.infer<typeof journalStatsSchema>;

// ---------------------------------------------------------------------------------------------
// Trading calls

export const createCallRequestSchema = z
  .object({
    symbol: requiredText(20),
    tokenName: optionalText(80),
    /** Optional; 'N/A' or blank means none (chart and analysis are then unavailable). */
    tokenAddress: z.preprocess(
      (v) => (typeof v === 'string' && v.trim().toUpperCase() === 'N/A' ? undefined : blankToUndefined(v)),
      addressField().optional(),
    ),
    callType: z.enum(CALL_TYPES, { error: 'must be long or short' }),
    entryPrice: positiveDecimal(),
    targetPrice: positiveDecimal(),
    stopLoss: positiveDecimal(),
    confidence: z.preprocess(
      (v) => {
        const b = blankToUndefined(v);
        return typeof b === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
      },
      z
        .number({ error: 'must be a whole number from 1 to 100' })
        .int('must be a whole number from 1 to 100')
        .min(1, 'must be at least 1')
        .max(100, 'must be at most 100')
        .optional()
        .default(CALL_DEFAULT_CONFIDENCE),
    ),
    timeframe: z.preprocess(
      blankToUndefined,
      z
        .enum(CALL_TIMEFRAMES, { error: `must be one of ${CALL_TIMEFRAMES.join(', ')}` })
        .optional()
        .default(CALL_DEFAULT_TIMEFRAME),
    ),
    reasoning: optionalText(2000),
  })
  .superRefine((c, ctx) => {
    // A call must be able to end either way: long stop < entry < target, short target < entry < stop.
    const entry = Number(c.entryPrice);
    const target = Number(c.targetPrice);
    const stop = Number(c.stopLoss);
    if (c.callType === 'long') {
      if (!(target > entry))
        ctx.addIssue({
          code: 'custom',
          path: ['targetPrice'],
          message: 'must be above the entry price for a long call',
        });
      if (!(stop < entry))
        ctx.addIssue({
          code: 'custom',
          path: ['stopLoss'],
          message: 'must be below the entry price for a long call',
        });
    } else {
      if (!(target < entry))
        ctx.addIssue({
          code: 'custom',
          path: ['targetPrice'],
          message: 'must be below the entry price for a short call',
        });
      if (!(stop > entry))
        ctx.addIssue({
          code: 'custom',
          path: ['stopLoss'],
          message: 'must be above the entry price for a short call',
        });
    }
  });
export type CreateCallRequest = z.input<typeof createCallRequestSchema>;
export type CreateCallInput = z.output<typeof createCallRequestSchema>;

export const tradingCallSchema = z.object({
  id: z.number().int(),
  symbol: z.string(),
  tokenName: z.string(),
  tokenAddress: z.string().nullable(),
  callType: z.enum(CALL_TYPES),
  entryPrice: z.number(),
  targetPrice: z.number(),
  stopLoss: z.number(),
  confidence: z.number().int(),
  timeframe: z.string(),
  reasoning: z.string(),
  /** Last pool price the tracker saw; null while unknown. */
  currentPrice: z.number().nullable(),
  /** 'pool' when currentPrice is known, else 'entry' (P&L 0 until a price is seen). */
  priceSource: z.enum(['pool', 'entry']),
  status: z.enum(CALL_STATUSES),
  /** Signed move in the call's direction, percent of the entry price. */
  pnlPercentage: z.number(),
  followers: z.number().int(),
  likes: z.number().int(),
  /** Whether the asking client follows / likes it (false when the client is unknown). */
  following: z.boolean(),
  liked: z.boolean(),
  createdAt: z.string(),
  priceUpdatedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** The token's verdict now (issue 24); null when the call has no token or it could not be had. */
  verdict: verdictHeadlineSchema.nullable(),
});
export type TradingCall = z.infer<typeof tradingCallSchema>;
export const tradingCallListSchema = z.array(tradingCallSchema);

export const callStatsSchema = z.object({
  totalCalls: z.number().int(),
  /** completed / (completed + stopped), percent, 1 decimal (0 with none resolved). */
  winRate: z.number(),
  activeCalls: z.number().int(),
  /** Σ pnlPercentage over all calls, percentage points, 2 decimals. */
  totalPnL: z.number(),
  /** totalPnL / totalCalls, 2 decimals (0 with no calls). */
  averagePnL: z.number(),
  /** Calls that reached their target. */
  successfulCalls: z.number().int(),
  stoppedCalls: z.number().int(),
});
export type CallStats = z.infer<typeof callStatsSchema>;

export const reactionResultSchema = z.object({
  callId: z.number().int(),
  followers: z.number().int(),
  likes: z.number().int(),
  following: z.boolean(),
  liked: z.boolean(),
});
export type ReactionResult = z.infer<typeof reactionResultSchema>;

// ---------------------------------------------------------------------------------------------
// Gaming arena

export const walletVerificationSchema = z.object({
  walletAddress: z.string(),
  token: z.string(),
  /** Whole FLAB as a decimal string (exact). */
  flabBalance: z.string(),
  /** Smallest units, decimal string. */
  flabBalanceRaw: z.string(),
  decimals: z.number().int(),
  /** Leaderboard access: balance above 0. */
  verified: z.boolean(),
  message: z.string(),
});
export type WalletVerification = z.infer<typeof walletVerificationSchema>;

/**
 * A score for a game the server started (POST /api/gaming/games) for the signed-in wallet. The
 * wallet is the session's; a `walletAddress` sent along must be that same wallet.
 */
export const submitScoreRequestSchema = z.object({
  gameId: z.string({ error: 'is required' }).uuid('must be a game id from POST /api/gaming/games'),
  playerName: requiredText(40),
  walletAddress: addressField().optional(),
  score: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be above 0')
    .max(2_147_483_647, 'is too large'),
  level: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(GAME.maxLevel, `must be at most ${GAME.maxLevel}`),
  /** Ignored: the server reads the balance from chain. */
  flabBalance: z.unknown().optional(),
  /** Ignored: the server computes the achievements. */
  achievements: z.unknown().optional(),
});
export type SubmitScoreRequest = z.input<typeof submitScoreRequestSchema>;

export const leaderboardEntrySchema = z.object({
  id: z.number().int(),
  playerName: z.string(),
  walletAddress: z.string(),
  flabBalance: z.string(),
  score: z.number().int(),
  level: z.number().int(),
  achievements: z.array(z.string()),
  createdAt: z.string(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.array(leaderboardEntrySchema);

export const submitScoreResponseSchema = z.object({
  entry: leaderboardEntrySchema,
  /** Place on the leaderboard (best score per wallet), 1-based. */
  rank: z.number().int(),
  message: z.string(),
});
export type SubmitScoreResponse = z.infer<typeof submitScoreResponseSchema>;
