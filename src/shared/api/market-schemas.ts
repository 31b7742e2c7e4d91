/**
 * Response schemas of the market tools, the network description, wallet sign-in, candles and
 * source verification: the source of their TypeScript types (re-exported as `z.infer` where the
 * types are declared) and of the OpenAPI document.
 */
import { z } from 'zod';
import {
  AIRDROP_CATEGORIES,
  AIRDROP_STATUSES,
  ALERT_TYPES,
  MONITORED_ALERT_TYPES,
  PUMP_RISKS,
  PUMP_TIMEFRAMES,
  REQUIREMENT_KINDS,
  requirementSchema,
  SEVERITIES,
} from '../market-tools';
import { walletVerificationSchema } from '../trader-tools';
import { verdictHeadlineSchema } from '../verdict-schema';
import { providerStatusSchema } from './provider-schema';

const d = (description: string) => ({ description });
/** A 0x address as the server writes it (typed `0x${string}`). */
const address = z.templateLiteral(['0x', z.string()]);

// ---------------------------------------------------------------------------------------------
// Security alerts

export const alertDetailsSchema = z
  .object({
    rugScore: z.number().nullable(),
    whaleAddress: z.string().nullable(),
    volumeChange: z
      .number()
      .nullable()
      .meta(d("Percent: for whale dumps, the share of the whale's holding sold.")),
    liquidityChange: z
      .number()
      .nullable()
      .meta(d("Percent change of the pool's quote reserve (negative = drained).")),
  })
  .meta({ id: 'AlertDetails' });

export const securityAlertSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(ALERT_TYPES),
    severity: z.enum(SEVERITIES),
    title: z.string(),
    tokenSymbol: z.string().nullable(),
    tokenAddress: z.string(),
    timestamp: z.number().meta(d('ms epoch: when the condition was first detected.')),
    description: z.string(),
    autoResolved: z.boolean(),
    resolvedAt: z.number().nullable().meta(d('ms epoch when auto-resolved, else null.')),
    actionRequired: z.boolean(),
    details: alertDetailsSchema,
  })
  .meta({ id: 'SecurityAlert' });

export const securityStatsSchema = z
  .object({
    totalTokensMonitored: z.number().int(),
    activeAlerts: z.number().int(),
    criticalAlerts: z.number().int(),
    threatsPrevented: z.number().int().meta(d('Alerts that fired and were auto-resolved.')),
  })
  .meta({ id: 'SecurityStats' });

export const monitoredTokenSchema = z
  .object({
    address: z.string(),
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    riskLevel: z.enum(['low', 'medium', 'high', 'critical', 'unknown']),
    rugScore: z.number().nullable(),
    totalAlerts: z.number().int(),
    criticalAlerts: z.number().int(),
    alertsEnabled: z.boolean(),
    alertTypes: z.array(z.enum(MONITORED_ALERT_TYPES)),
    monitoredSince: z.number().meta(d('ms epoch.')),
    lastCheckedAt: z.number().nullable(),
  })
  .meta({ id: 'MonitoredToken' });

export const monitorTokenResponseSchema = z
  .object({ ok: z.literal(true), token: monitoredTokenSchema })
  .meta({ id: 'MonitorTokenResponse' });

// ---------------------------------------------------------------------------------------------
// Pump finder

export const pumpSignalSchema = z
  .object({
    name: z.string(),
    value: z
      .number()
      .nullable()
      .meta(d('The raw measurement in `unit`; null when not known (it then adds nothing).')),
    unit: z.string(),
    normalised: z.number(),
    weight: z.number(),
    contribution: z.number(),
    label: z.string(),
  })
  .meta({ id: 'PumpSignal' });

export const pumpOpportunitySchema = z
  .object({
    id: z.string(),
    address: z.string(),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    isNewLaunch: z.boolean(),
    launchDate: z.number().nullable(),
    risk: z.enum(['low', 'medium', 'high']),
    rugScore: z.number().nullable(),
    momentumScore: z
      .number()
      .meta(d('0–100: ranks how strongly trading activity builds. Not a probability.')),
    strongMomentum: z
      .boolean()
      .meta(d("momentumScore reaches the spec's top band (80+): the card's 'Strong Momentum' badge.")),
    currentPrice: z.number().nullable(),
    priceChange24h: z.number().nullable(),
    timeframe: z.enum(PUMP_TIMEFRAMES),
    volume24h: z.number().nullable(),
    marketCap: z.number().nullable(),
    holders: z.number(),
    signals: z.array(z.string()),
    model: z.array(pumpSignalSchema),
    volatility: z.number().nullable().meta(d('Window volatility; null with fewer than two price moves.')),
    verdict: verdictHeadlineSchema.meta({
      description: 'Caution or No major risk found (anything worse is under avoid).',
    }),
    organicShare: z
      .number()
      .nullable()
      .meta(
        d(
          "Share (0..1) of the main pool's 24 h volume that is organic; the score's volumes are scaled by it.",
        ),
      ),
    patternFindings: z
      .array(z.string())
      .meta(d('Wash volume or a selling sniper cluster (issue 39): never strongMomentum with one.')),
  })
  .meta({ id: 'PumpOpportunity' });

export const pumpAvoidReasonSchema = z.object({ check: z.string(), label: z.string(), detail: z.string() });

export const pumpAvoidSchema = z
  .object({
    id: z.string(),
    address: z.string(),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    rugScore: z.number().nullable(),
    momentumScore: z.number(),
    reasons: z.array(pumpAvoidReasonSchema),
    verdict: verdictHeadlineSchema,
  })
  .meta({ id: 'PumpAvoid' });

export const pumpResponseSchema = z
  .object({
    timeframe: z.enum(PUMP_TIMEFRAMES),
    risk: z.enum(PUMP_RISKS),
    generatedAt: z.number(),
    opportunities: z.array(pumpOpportunitySchema),
    avoid: z.array(pumpAvoidSchema),
    summary: z.object({
      total: z.number(),
      strongMomentum: z.number(),
      newLaunches: z.number(),
      avgScore: z.number().nullable(),
      avoided: z.number(),
      /** Tokens traded in the window left out of the ranking because they could not be judged. */
      skippedUnknown: z.number(),
    }),
  })
  .meta({ id: 'PumpResponse' });

// ---------------------------------------------------------------------------------------------
// Airdrops

export const airdropSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: z.enum(AIRDROP_CATEGORIES),
    status: z.enum(AIRDROP_STATUSES),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    description: z.string(),
    estimatedValue: z.number().nullable(),
    eligibilityScore: z.number().nullable(),
    requirements: z.array(z.string()),
    requirementDetails: z.array(requirementSchema),
    instructions: z.array(z.string()),
    website: z.string().nullable(),
    twitter: z.string().nullable(),
    source: z.string(),
    local: z.boolean(),
    checkedAt: z.string().nullable(),
    contract: z.string().nullable(),
  })
  .meta({ id: 'Airdrop' });

export const airdropSummarySchema = z
  .object({
    total: z.number(),
    active: z.number(),
    upcoming: z.number(),
    ended: z.number(),
    totalEstimatedValue: z.number(),
    valuedEntries: z.number(),
    endingSoon: z.number(),
  })
  .meta({ id: 'AirdropSummary' });

export const requirementResultSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    kind: z.enum(REQUIREMENT_KINDS),
    status: z.enum(['pass', 'fail', 'unknown']),
    actual: z.number().nullable(),
    required: z.number().nullable(),
    reason: z.string(),
  })
  .meta({ id: 'RequirementResult' });

export const eligibilityResultSchema = z
  .object({
    airdropId: z.string(),
    address: z.string(),
    eligibilityScore: z.number().nullable(),
    eligible: z.boolean(),
    requirements: z.array(requirementResultSchema),
  })
  .meta({ id: 'EligibilityResult' });

// ---------------------------------------------------------------------------------------------
// Network, health

export const uniswapV3ContractsSchema = z.object({
  factory: address,
  positionManager: address,
  swapRouter02: address,
  quoterV2: address,
  positionLockers: z.array(address),
});

export const uniswapV4ContractsSchema = z.object({
  poolManager: address,
  positionManager: address,
  stateView: address,
  v4Quoter: address,
  universalRouter: address,
  permit2: address,
  positionLockers: z.array(address),
});

/** Aerodrome: classic pools (PoolFactory, Router) and Slipstream (both CLFactories, each with its periphery). */
export const aerodromeContractsSchema = z.object({
  poolFactory: address,
  router: address,
  voter: address,
  factoryRegistry: address,
  slipstream: z.array(
    z.object({ factory: address, positionManager: address, swapRouter: address, quoterV2: address }),
  ),
  lpLockers: z.array(address),
  /** Lockers of position NFTs (Slipstream), asked unlockTimeOf(manager, id). */
  positionLockers: z.array(address),
});

export const networkInfoSchema = z
  .object({
    mode: z.enum(['local', 'base']),
    chainId: z.number().int(),
    headBlock: z.string().meta(d('Decimal string.')),
    label: z.string(),
    rpcUrl: z.string().optional().meta(d('Loopback JSON-RPC URL of the embedded chain (local mode only).')),
    contracts: z.object({
      uniswapV2Factory: address,
      uniswapV2Router: address,
      weth: address,
      usd: address,
      multicall3: address,
      lpLockers: z.array(address),
      uniswapV3: uniswapV3ContractsSchema.nullable(),
      uniswapV4: uniswapV4ContractsSchema
        .nullable()
        .optional()
        .meta(d('Uniswap V4 singleton and periphery; absent or null when the chain has none.')),
      aerodrome: aerodromeContractsSchema.nullable().optional(),
    }),
    flabToken: address.nullable(),
    tokens: z.record(z.string(), address),
    riskTokens: z.record(z.string(), address).optional(),
  })
  .meta({ id: 'NetworkInfo' });

/** What the site says about itself, from the server's configuration (not from the chain). */
export const siteInfoSchema = z
  .object({
    community: z
      .object({
        telegram: z.string().nullable(),
        x: z.string().nullable(),
      })
      .meta(
        d('The project’s own accounts (COMMUNITY_TELEGRAM_URL, COMMUNITY_X_URL); null when not configured.'),
      ),
  })
  .meta({ id: 'SiteInfo' });

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    db: z.object({ ok: z.boolean(), kind: z.string() }),
    chain: z.object({ ok: z.boolean(), mode: z.enum(['local', 'base']), headBlock: z.string().nullable() }),
    uptimeSeconds: z.number(),
    eventLoopDelay: z.looseObject({}).nullable().meta(d('Event-loop delay over the last minute (ms).')),
    provider: providerStatusSchema
      .optional()
      .meta(d('What the chain provider was found to be: head age, chain id, eth_simulateV1.')),
  })
  .meta({ id: 'Health' });

// ---------------------------------------------------------------------------------------------
// Wallet sign-in, local faucet, games

export const siweNonceResponseSchema = z
  .object({
    message: z.string().meta(d('The exact EIP-4361 text to sign (personal_sign).')),
    nonce: z.string(),
    expiresAt: z.string().meta(d('ISO time after which the message is refused.')),
  })
  .meta({ id: 'SiweNonceResponse' });

export const walletSessionSchema = z
  .object({ signedIn: z.literal(true), walletAddress: z.string(), expiresAt: z.string() })
  .meta({ id: 'WalletSession' });
export const signedOutSchema = z.object({ signedIn: z.literal(false) });
export const sessionStateSchema = z
  .union([walletSessionSchema, signedOutSchema])
  .meta({ id: 'SessionState' });
export const siweVerifyResponseSchema = walletSessionSchema
  .extend({ verification: walletVerificationSchema })
  .meta({ id: 'SiweVerifyResponse' });

export const faucetResponseSchema = z
  .object({
    address: z.string(),
    flabSent: z
      .string()
      .meta(d("Whole FLAB sent now (decimal string); '0' when the wallet already held FLAB.")),
    ethSent: z.string().meta(d('Wei sent now (decimal string).')),
    transactions: z.array(z.string()),
    flabBalance: z.string(),
  })
  .meta({ id: 'FaucetResponse' });

export const startGameResponseSchema = z
  .object({ gameId: z.string(), startedAt: z.string() })
  .meta({ id: 'StartGameResponse' });

// ---------------------------------------------------------------------------------------------
// Candles, source verification

export const CANDLE_INTERVAL_NAMES = ['15m', '1h', '1d'] as const;

export const candleSchema = z
  .object({
    time: z.number().meta(d('Bucket start, unix seconds.')),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
    volume: z.number(),
    trades: z.number(),
  })
  .meta({ id: 'Candle' });

export const candlesResponseSchema = z
  .object({
    address: z.string(),
    pair: z.string(),
    interval: z.enum(CANDLE_INTERVAL_NAMES),
    currency: z.enum(['USD', 'WETH']),
    ethUsd: z.number().nullable(),
    candles: z.array(candleSchema),
  })
  .meta({ id: 'CandlesResponse' });

export const verifyContractResponseSchema = z
  .object({ match: z.enum(['exact', 'partial']), contractName: z.string(), address: z.string() })
  .meta({ id: 'VerifyContractResponse' });

export const verifiedContractSchema = z
  .looseObject({ address: z.string(), contractName: z.string() })
  .meta({ id: 'VerifiedContract', description: 'The registered verified source of a contract.' });

// ---------------------------------------------------------------------------------------------
// Token search

export const tokenMatchSchema = z
  .object({
    address: z.string(),
    symbol: z.string().nullable(),
    name: z.string().nullable(),
    matched: z.enum(['symbol', 'symbol prefix', 'name']),
    verdict: verdictHeadlineSchema.nullable(),
  })
  .meta({ id: 'TokenMatch' });

export const tokenSearchResponseSchema = z
  .object({ query: z.string(), matches: z.array(tokenMatchSchema) })
  .meta({ id: 'TokenSearchResponse' });
