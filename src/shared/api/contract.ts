/**
 * The public API's contract: every operation with its parameters, body, answers (each status
 * code with its schema), caching and rate limit, as zod schemas. The OpenAPI 3.1 document is
 * generated from it (src/server/api/openapi.ts, with zod-openapi; ADR 0024), the contract test
 * calls every route live and checks each answer against that document, and the browser takes its
 * response types from it (`ApiResponse<'getScanner'>`). Nothing here runs on the request path.
 */
import { z } from 'zod';
import {
  airdropEntrySchema,
  airdropQuerySchema,
  eligibilityRequestSchema,
  monitorTokenRequestSchema,
  pumpQuerySchema,
} from '../market-tools';
import { demoWalletSchema, portfolioSchema, walletStatsSchema } from '../portfolio';
import {
  callStatsSchema,
  createCallRequestSchema,
  createTradeRequestSchema,
  deleteTradeQuerySchema,
  journalStatsSchema,
  leaderboardSchema,
  reactionResultSchema,
  submitScoreRequestSchema,
  submitScoreResponseSchema,
  tradeListSchema,
  tradeSchema,
  tradingCallListSchema,
  tradingCallSchema,
  updateTradeRequestSchema,
  walletVerificationSchema,
} from '../trader-tools';
import { faucetRequestSchema, siweNonceRequestSchema, siweVerifyRequestSchema } from '../wallet-auth';
import {
  testEventResponseSchema,
  watchAlertSchema,
  watchItemRequestSchema,
  watchlistSchema,
  webhookCreatedSchema,
  webhookDeliverySchema,
  webhookRequestSchema,
} from '../watch';
import { yieldOpportunitiesResponseSchema, yieldStrategiesResponseSchema } from '../yield';
import {
  flabScoreAnswerSchema,
  liquidityAnswerSchema,
  rugAnswerSchema,
  scannerAnswerSchema,
  tokenHealthAnswerSchema,
  tokenReportSchema,
  whaleAnswerSchema,
} from './analysis-schemas';
import {
  airdropSchema,
  airdropSummarySchema,
  CANDLE_INTERVAL_NAMES,
  candlesResponseSchema,
  eligibilityResultSchema,
  faucetResponseSchema,
  healthSchema,
  monitoredTokenSchema,
  monitorTokenResponseSchema,
  networkInfoSchema,
  pumpResponseSchema,
  securityAlertSchema,
  securityStatsSchema,
  sessionStateSchema,
  signedOutSchema,
  siweNonceResponseSchema,
  siweVerifyResponseSchema,
  startGameResponseSchema,
  tokenSearchResponseSchema,
  verifiedContractSchema,
  verifyContractResponseSchema,
} from './market-schemas';

// ---------------------------------------------------------------------------------------------
// Shared pieces

/** The one error shape of every 4xx and 5xx answer. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: 'Stable machine code, e.g. invalid_address, rate_limited.' }),
      message: z.string().meta({ description: 'One sentence for people.' }),
      details: z
        .record(z.string(), z.unknown())
        .optional()
        .meta({ description: 'For refused input: `field` (the field at fault) and `reason`.' }),
    }),
  })
  .meta({ id: 'Error', description: 'Every error answer: { error: { code, message, details? } }.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What each documented error status means (the `description` of its response). */
export const ERROR_STATUS_TEXT = {
  400: 'Invalid input: the field at fault is named in error.details.field (codes bad_request, invalid_address).',
  401: 'No valid wallet session (code unauthorized): sign in with POST /api/auth/nonce then /api/auth/verify.',
  403: 'Not allowed (code forbidden).',
  404: 'Not found (code not_found).',
  409: 'Already done (code conflict).',
  413: 'Body too large (code payload_too_large).',
  422: 'The address is not a contract or not an ERC-20 token (codes not_a_contract, not_erc20).',
  429: 'Too many writes, or too many analyses of tokens not analysed lately, from this client (code rate_limited); retry after the Retry-After header.',
  503: 'The chain RPC is not answering (code chain_unavailable), or the server is analysing as many new tokens as it allows at once (code busy, with Retry-After); retrying later can help.',
} as const;
export type ErrorStatus = keyof typeof ERROR_STATUS_TEXT;

const addressText =
  'Token or wallet address: 0x followed by 40 hex characters; a mixed-case address must carry a valid EIP-55 checksum.';
const EXAMPLE_ADDRESS = '0x4200000000000000000000000000000000000006';
export const addressParamsSchema = z.object({
  address: z.string().meta({ description: addressText, example: EXAMPLE_ADDRESS }),
});
const walletParamsSchema = z.object({
  wallet: z.string().meta({ description: addressText, example: EXAMPLE_ADDRESS }),
});
const idParamsSchema = z.object({
  id: z.string().meta({ description: 'Positive whole number.', example: '1' }),
});
const amountQuerySchema = z.object({
  amount: z
    .string()
    .optional()
    .meta({ description: 'US dollars, a plain decimal (default 1000).', example: '1000' }),
});

/** Who a watchlist request is from when no wallet session is sent. */
const visitorHeadersSchema = z.object({
  'x-client-id': z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional()
    .meta({
      description:
        'Your client id (8–64 of A–Z a–z 0–9 _ -): the watchlist is kept under it. Browsers get one in a cookie; a signed-in wallet session takes precedence.',
      example: 'my-bot-0001',
    }),
});

export type RateLimit = { max: number; windowSeconds: number };
/** Every write's limit per client IP (WRITE_RATE_LIMIT on the server). */
export const WRITE_LIMIT: RateLimit = { max: 30, windowSeconds: 60 };
export const FAUCET_LIMIT: RateLimit = { max: 10, windowSeconds: 60 };

export type ApiOperation = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** OpenAPI path template: `/api/scanner/{address}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer. `schema` absent → no JSON body (a CSV, an image, a page). */
  ok: {
    status: 200 | 201 | 202;
    schema?: z.ZodType;
    /** Defaults to application/json. */
    contentTypes?: readonly string[];
    description?: string;
  };
  errors: readonly ErrorStatus[];
  /** Answers carry an ETag; If-None-Match with it → 304 without a body. */
  etag?: boolean;
  rateLimit?: RateLimit;
  /** Signed-in wallet session (cookie or Bearer) required. */
  session?: boolean;
  /** Only on the local chain. */
  localOnly?: boolean;
};

/** Keeps each operation's exact schema types (for `ApiResponse`). */
const op = <const T extends ApiOperation>(o: T): T => o;

const tokenPart = <S extends z.ZodType>(path: string, summary: string, schema: S, withAmount = false) =>
  op({
    method: 'get',
    path,
    tag: 'Token research',
    summary,
    params: addressParamsSchema,
    ...(withAmount ? { query: amountQuerySchema } : {}),
    ok: { status: 200, schema },
    errors: [400, 422, 429, 503],
    etag: true,
  });

// ---------------------------------------------------------------------------------------------
// The operations (operationId → operation)

export const API = {
  getHealth: op({
    method: 'get',
    path: '/api/health',
    tag: 'System',
    summary: 'Health of the database and the chain, and event-loop delay',
    description: 'Answers 503 with the same body when the database or the chain does not answer.',
    ok: { status: 200, schema: healthSchema },
    errors: [],
  }),
  getNetwork: op({
    method: 'get',
    path: '/api/network',
    tag: 'System',
    summary: 'Chain mode, chain id, head block and the DEX contracts',
    ok: { status: 200, schema: networkInfoSchema },
    errors: [503],
    etag: true,
  }),
  getOpenApi: op({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This document (OpenAPI 3.1)',
    ok: { status: 200, schema: z.looseObject({ openapi: z.string() }) },
    errors: [],
  }),
  getScanner: tokenPart(
    '/api/scanner/{address}',
    'Security scanner: score, verification, holders, owner powers',
    scannerAnswerSchema,
  ),
  getRugDetector: tokenPart(
    '/api/rug-detector/{address}',
    'Rug detector: rug score, risk factors, model',
    rugAnswerSchema,
  ),
  getWhaleTracker: tokenPart(
    '/api/whale-tracker/{address}',
    'Whale tracker: top holders, new whale entries',
    whaleAnswerSchema,
  ),
  getLiquidity: tokenPart(
    '/api/liquidity/{address}',
    'Liquidity: pools, price impact for `amount` US dollars, locks, drains',
    liquidityAnswerSchema,
    true,
  ),
  getFlabScore: tokenPart(
    '/api/flab-score/{address}',
    'FLAB Score (0–100) and its breakdown',
    flabScoreAnswerSchema,
  ),
  getTokenHealth: tokenPart(
    '/api/token-health/{address}',
    'Token health: sub-scores, metrics, indicators',
    tokenHealthAnswerSchema,
  ),
  getTokenReport: tokenPart(
    '/api/tokens/{address}/report',
    'The whole report: every analysis over one set of facts, with the facts digest',
    tokenReportSchema,
    true,
  ),
  searchTokens: op({
    method: 'get',
    path: '/api/tokens/search',
    tag: 'Token research',
    summary: 'Indexed tokens whose symbol or name matches, each with its address and verdict',
    query: z.object({ q: z.string().max(64).meta({ description: 'A symbol or a name.', example: 'FLAB' }) }),
    ok: { status: 200, schema: tokenSearchResponseSchema },
    errors: [400],
  }),
  getCandles: op({
    method: 'get',
    path: '/api/tokens/{address}/candles',
    tag: 'Token research',
    summary: "Price candles of the token's deepest WETH pool, from the index",
    params: addressParamsSchema,
    query: z.object({
      interval: z.enum(CANDLE_INTERVAL_NAMES).optional().meta({ description: 'Default 1h.' }),
      limit: z.string().optional().meta({ description: 'Candles, 1–500 (default 96).', example: '96' }),
    }),
    ok: { status: 200, schema: candlesResponseSchema },
    errors: [400, 404, 503],
    etag: true,
  }),
  getBadge: op({
    method: 'get',
    path: '/badge/{file}',
    tag: 'Badge',
    summary: 'Embeddable safety badge: verdict, FLAB Score and when it was computed',
    description:
      '`file` is `{address}.svg` or `{address}.png`. An address that is not a token, or a failed analysis, gets a badge saying so and no score. Cache-Control public (60 s; 300 s for non-tokens; no-store for a failed analysis) and an ETag that follows the report’s version.',
    params: z.object({ file: z.string().meta({ example: `${EXAMPLE_ADDRESS}.svg` }) }),
    ok: { status: 200, contentTypes: ['image/svg+xml', 'image/png'], description: 'The badge image.' },
    errors: [400, 429, 503],
    etag: true,
  }),
  postVerifyContract: op({
    method: 'post',
    path: '/api/contracts/verify',
    tag: 'Verification',
    summary: 'Verify a contract: standard-JSON sources → solc → runtime bytecode match',
    body: z.looseObject({
      address: z.string(),
      contractName: z.string(),
      sources: z.record(z.string(), z.object({ content: z.string() })),
      settings: z.looseObject({}).optional(),
    }),
    ok: { status: 200, schema: verifyContractResponseSchema },
    errors: [400, 413, 422, 429, 503],
    rateLimit: WRITE_LIMIT,
  }),
  getContractVerification: op({
    method: 'get',
    path: '/api/contracts/{address}/verification',
    tag: 'Verification',
    summary: 'The verified source registered for a contract',
    params: addressParamsSchema,
    ok: { status: 200, schema: verifiedContractSchema },
    errors: [400, 404],
  }),
  getJournal: op({
    method: 'get',
    path: '/api/trading-journal/{wallet}',
    tag: 'Trading journal',
    summary: "A wallet's journal trades with current prices and P&L",
    params: walletParamsSchema,
    ok: { status: 200, schema: tradeListSchema },
    errors: [400],
  }),
  getJournalStats: op({
    method: 'get',
    path: '/api/trading-journal/stats/{wallet}',
    tag: 'Trading journal',
    summary: "A wallet's journal statistics",
    params: walletParamsSchema,
    ok: { status: 200, schema: journalStatsSchema },
    errors: [400],
  }),
  getJournalCsv: op({
    method: 'get',
    path: '/api/trading-journal/{wallet}/export.csv',
    tag: 'Trading journal',
    summary: "A wallet's journal as CSV",
    params: walletParamsSchema,
    ok: { status: 200, contentTypes: ['text/csv'], description: 'CSV, one trade per line.' },
    errors: [400],
  }),
  postTrade: op({
    method: 'post',
    path: '/api/trading-journal',
    tag: 'Trading journal',
    summary: 'Add a trade',
    body: createTradeRequestSchema,
    ok: { status: 201, schema: tradeSchema },
    errors: [400, 429],
    rateLimit: WRITE_LIMIT,
  }),
  patchTrade: op({
    method: 'patch',
    path: '/api/trading-journal/{id}',
    tag: 'Trading journal',
    summary: 'Update a trade (close it with an exit price, edit notes…)',
    params: idParamsSchema,
    body: updateTradeRequestSchema,
    ok: { status: 200, schema: tradeSchema },
    errors: [400, 403, 404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  deleteTrade: op({
    method: 'delete',
    path: '/api/trading-journal/{id}',
    tag: 'Trading journal',
    summary: 'Delete a trade of the wallet named in `walletAddress`',
    params: idParamsSchema,
    query: deleteTradeQuerySchema,
    ok: { status: 200, schema: z.object({ id: z.number(), deleted: z.literal(true) }) },
    errors: [400, 403, 404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  getTradingCalls: op({
    method: 'get',
    path: '/api/trading-calls',
    tag: 'Trading calls',
    summary: 'Trading calls, newest first, with follow/like counts',
    ok: { status: 200, schema: tradingCallListSchema },
    errors: [],
  }),
  getTradingCallStats: op({
    method: 'get',
    path: '/api/trading-calls/stats',
    tag: 'Trading calls',
    summary: 'Trading call statistics',
    ok: { status: 200, schema: callStatsSchema },
    errors: [],
  }),
  postTradingCall: op({
    method: 'post',
    path: '/api/trading-calls',
    tag: 'Trading calls',
    summary: 'Post a trading call',
    body: createCallRequestSchema,
    ok: { status: 201, schema: tradingCallSchema },
    errors: [400, 429],
    rateLimit: WRITE_LIMIT,
  }),
  postFollowCall: op({
    method: 'post',
    path: '/api/trading-calls/{id}/follow',
    tag: 'Trading calls',
    summary: 'Toggle following a call (per browser client id)',
    params: idParamsSchema,
    ok: { status: 200, schema: reactionResultSchema },
    errors: [400, 404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  postLikeCall: op({
    method: 'post',
    path: '/api/trading-calls/{id}/like',
    tag: 'Trading calls',
    summary: 'Toggle liking a call (per browser client id)',
    params: idParamsSchema,
    ok: { status: 200, schema: reactionResultSchema },
    errors: [400, 404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  postAuthNonce: op({
    method: 'post',
    path: '/api/auth/nonce',
    tag: 'Wallet sign-in',
    summary: 'Issue a Sign-In with Ethereum (EIP-4361) message to sign',
    body: siweNonceRequestSchema,
    ok: { status: 200, schema: siweNonceResponseSchema },
    errors: [400, 429],
    rateLimit: WRITE_LIMIT,
  }),
  postAuthVerify: op({
    method: 'post',
    path: '/api/auth/verify',
    tag: 'Wallet sign-in',
    summary: 'Verify the signed message; sets the httpOnly session cookie',
    body: siweVerifyRequestSchema,
    ok: { status: 200, schema: siweVerifyResponseSchema },
    errors: [400, 401, 429, 503],
    rateLimit: WRITE_LIMIT,
  }),
  getAuthSession: op({
    method: 'get',
    path: '/api/auth/session',
    tag: 'Wallet sign-in',
    summary: 'The current wallet session, if any',
    ok: { status: 200, schema: sessionStateSchema },
    errors: [],
  }),
  postAuthLogout: op({
    method: 'post',
    path: '/api/auth/logout',
    tag: 'Wallet sign-in',
    summary: 'End the wallet session',
    ok: { status: 200, schema: signedOutSchema },
    errors: [],
  }),
  postLocalFaucet: op({
    method: 'post',
    path: '/api/local/faucet',
    tag: 'Wallet sign-in',
    summary: 'Local chain only: test FLAB and ETH for the local test wallet',
    body: faucetRequestSchema,
    ok: { status: 200, schema: faucetResponseSchema },
    errors: [400, 429, 503],
    rateLimit: FAUCET_LIMIT,
    localOnly: true,
  }),
  getVerifyWallet: op({
    method: 'get',
    path: '/api/verify-wallet/{address}',
    tag: 'Gaming',
    summary: "A wallet's FLAB balance, read from the chain",
    params: addressParamsSchema,
    ok: { status: 200, schema: walletVerificationSchema },
    errors: [400, 503],
  }),
  getLeaderboard: op({
    method: 'get',
    path: '/api/gaming/leaderboard',
    tag: 'Gaming',
    summary: 'Top 10 scores (best per wallet)',
    ok: { status: 200, schema: leaderboardSchema },
    errors: [],
  }),
  postGame: op({
    method: 'post',
    path: '/api/gaming/games',
    tag: 'Gaming',
    summary: 'Start a game for the signed-in wallet',
    ok: { status: 201, schema: startGameResponseSchema },
    errors: [401, 429],
    rateLimit: WRITE_LIMIT,
    session: true,
  }),
  postScore: op({
    method: 'post',
    path: '/api/gaming/submit-score',
    tag: 'Gaming',
    summary: "Submit a game's score (re-checked by the server)",
    body: submitScoreRequestSchema,
    ok: { status: 201, schema: submitScoreResponseSchema },
    errors: [400, 401, 403, 409, 429, 503],
    rateLimit: WRITE_LIMIT,
    session: true,
  }),
  getPortfolio: op({
    method: 'get',
    path: '/api/portfolio/{address}',
    tag: 'Market tools',
    summary: "A wallet's holdings, valued from pools, with scores",
    params: addressParamsSchema,
    ok: { status: 200, schema: portfolioSchema },
    errors: [400, 503],
    etag: true,
  }),
  getWalletStats: op({
    method: 'get',
    path: '/api/wallet-stats/{address}',
    tag: 'Market tools',
    summary: "A wallet's age, activity and risk profile",
    params: addressParamsSchema,
    ok: { status: 200, schema: walletStatsSchema },
    errors: [400, 503],
    etag: true,
  }),
  getDemoWallet: op({
    method: 'get',
    path: '/api/demo-wallet',
    tag: 'Market tools',
    summary: 'A wallet to try the portfolio tracker with',
    ok: { status: 200, schema: demoWalletSchema },
    errors: [404],
  }),
  getYieldOpportunities: op({
    method: 'get',
    path: '/api/yield-opportunities',
    tag: 'Market tools',
    summary: 'Yield opportunities measured from contracts; with `amount`, costs and break-even',
    query: amountQuerySchema,
    ok: { status: 200, schema: yieldOpportunitiesResponseSchema },
    errors: [400, 503],
    etag: true,
  }),
  getYieldStrategies: op({
    method: 'get',
    path: '/api/yield-strategies',
    tag: 'Market tools',
    summary: 'Strategies built from the opportunities; with `amount`, allocated and projected for it',
    query: amountQuerySchema,
    ok: { status: 200, schema: yieldStrategiesResponseSchema },
    errors: [400, 503],
    etag: true,
  }),
  postMonitorToken: op({
    method: 'post',
    path: '/api/monitor-token',
    tag: 'Security alerts',
    summary: 'Monitor a token for the alert types given (shared monitored list)',
    body: monitorTokenRequestSchema,
    ok: { status: 201, schema: monitorTokenResponseSchema },
    errors: [400, 422, 429, 503],
    rateLimit: WRITE_LIMIT,
  }),
  getMonitoredTokens: op({
    method: 'get',
    path: '/api/monitored-tokens',
    tag: 'Security alerts',
    summary: 'Every monitored token with its alert counts',
    ok: { status: 200, schema: z.array(monitoredTokenSchema) },
    errors: [503],
  }),
  getSecurityStats: op({
    method: 'get',
    path: '/api/security-stats',
    tag: 'Security alerts',
    summary: 'Monitored tokens, active, critical and resolved alerts',
    ok: { status: 200, schema: securityStatsSchema },
    errors: [503],
    etag: true,
  }),
  getSecurityAlerts: op({
    method: 'get',
    path: '/api/security-alerts',
    tag: 'Security alerts',
    summary: 'Alerts, active first, newest first (at most 200)',
    query: z.object({
      severity: z.enum(['all', 'critical', 'high', 'medium', 'low']).optional(),
      status: z.enum(['all', 'active', 'resolved']).optional(),
    }),
    ok: { status: 200, schema: z.array(securityAlertSchema) },
    errors: [400, 503],
  }),
  getPumpOpportunities: op({
    method: 'get',
    path: '/api/pump-opportunities',
    tag: 'Market tools',
    summary: 'Tokens with building momentum that pass the safety verdict (and those that fail it)',
    query: pumpQuerySchema.partial(),
    ok: { status: 200, schema: pumpResponseSchema },
    errors: [400, 503],
    etag: true,
  }),
  getAirdrops: op({
    method: 'get',
    path: '/api/airdrops',
    tag: 'Airdrops',
    summary: 'The airdrop catalogue, filtered',
    query: airdropQuerySchema.partial(),
    ok: { status: 200, schema: z.array(airdropSchema) },
    errors: [400, 503],
    etag: true,
  }),
  getAirdropSummary: op({
    method: 'get',
    path: '/api/airdrops/summary',
    tag: 'Airdrops',
    summary: 'Counts and values computed from the catalogue',
    ok: { status: 200, schema: airdropSummarySchema },
    errors: [503],
  }),
  postEligibility: op({
    method: 'post',
    path: '/api/airdrops/{id}/eligibility',
    tag: 'Airdrops',
    summary: "Check a wallet against an airdrop's requirements, from chain and index",
    params: z.object({ id: z.string() }),
    body: eligibilityRequestSchema,
    ok: { status: 200, schema: eligibilityResultSchema },
    errors: [400, 404, 503],
  }),
  postAirdrop: op({
    method: 'post',
    path: '/api/airdrops',
    tag: 'Airdrops',
    summary: 'Add or replace a catalogue entry (admin bearer token)',
    body: airdropEntrySchema,
    ok: { status: 201, schema: airdropSchema },
    errors: [400, 403, 429],
    rateLimit: WRITE_LIMIT,
  }),
  getWatchlist: op({
    method: 'get',
    path: '/api/watchlist',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: "The visitor's watchlist: tokens, alert kinds wanted, webhook endpoint",
    description:
      'The visitor is the signed-in wallet (session cookie or Bearer token) or else the browser client id (the `x-client-id` header, 8–64 of A–Z a–z 0–9 _ -, or the cookie set on first use).',
    ok: { status: 200, schema: watchlistSchema },
    errors: [],
  }),
  postWatchItem: op({
    method: 'post',
    path: '/api/watchlist/items',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: 'Watch a token for the alert kinds given (all when omitted); adding again updates the kinds',
    body: watchItemRequestSchema,
    ok: { status: 201, schema: watchlistSchema },
    errors: [400, 409, 422, 429, 503],
    rateLimit: WRITE_LIMIT,
  }),
  deleteWatchItem: op({
    method: 'delete',
    path: '/api/watchlist/items/{address}',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: 'Stop watching a token',
    params: addressParamsSchema,
    ok: { status: 200, schema: watchlistSchema },
    errors: [400, 404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  getWatchAlerts: op({
    method: 'get',
    path: '/api/watchlist/alerts',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: 'Alerts of the watched tokens, of the kinds wanted; active first, newest first',
    ok: { status: 200, schema: z.array(watchAlertSchema) },
    errors: [503],
  }),
  putWebhook: op({
    method: 'put',
    path: '/api/watchlist/webhook',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: "Set the watchlist's webhook endpoint; answers the signing secret once",
    description:
      'Deliveries are POSTs of a JSON event (`WebhookEvent`) with headers `x-flab-signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`, `x-flab-event` and `idempotency-key` (the event id, the same at every retry). A 2xx answer within 10 s accepts it; anything else is retried with exponential backoff and jitter for 24 h, then marked failed. Redirects are not followed.',
    body: webhookRequestSchema,
    ok: { status: 201, schema: webhookCreatedSchema },
    errors: [400, 429],
    rateLimit: WRITE_LIMIT,
  }),
  deleteWebhook: op({
    method: 'delete',
    path: '/api/watchlist/webhook',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: "Remove the watchlist's webhook endpoint (and its delivery log)",
    ok: { status: 200, schema: z.object({ deleted: z.literal(true) }) },
    errors: [404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  postWebhookTest: op({
    method: 'post',
    path: '/api/watchlist/webhook/test',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: 'Queue a signed test event to the endpoint',
    ok: { status: 202, schema: testEventResponseSchema },
    errors: [404, 429],
    rateLimit: WRITE_LIMIT,
  }),
  getWebhookDeliveries: op({
    method: 'get',
    path: '/api/watchlist/webhook/deliveries',
    tag: 'Watchlist and webhooks',
    headers: visitorHeadersSchema,
    summary: 'The delivery log of the endpoint: status, attempts, latency (newest 50)',
    ok: { status: 200, schema: z.array(webhookDeliverySchema) },
    errors: [404],
  }),
} as const satisfies Record<string, ApiOperation>;

export type ApiOperationId = keyof typeof API;
type OkSchema<K extends ApiOperationId> = (typeof API)[K]['ok'] extends { schema: infer S extends z.ZodType }
  ? S
  : never;
/** The success answer's type of an operation: `ApiResponse<'getScanner'>`. */
export type ApiResponse<K extends ApiOperationId> = z.output<OkSchema<K>>;
/** The JSON body an operation takes. */
export type ApiRequestBody<K extends ApiOperationId> = (typeof API)[K] extends {
  body: infer B extends z.ZodType;
}
  ? z.input<B>
  : never;
