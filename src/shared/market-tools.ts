/**
 * Market tools (Security Alerts, Pump Finder, Airdrop Finder): request schemas, response shapes and
 * spec constants shared by the API and the browser (spec §3, §5, §7, §9).
 */
import { z } from 'zod';
import type { VerdictHeadline } from './analysis';
import { parseDateTime } from './strict-input';
import { addressField as sharedAddressField } from './trader-tools';

// ---------------------------------------------------------------------------------------------
// Security alerts

export const ALERT_TYPES = [
  'rug_risk',
  'whale_dump',
  'liquidity_drain',
  'contract_change',
  'governance_risk',
  'exploit_risk',
  'other',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
/** The types the monitor job detects (the monitor-token request's default). */
export const MONITORED_ALERT_TYPES = [
  'rug_risk',
  'whale_dump',
  'liquidity_drain',
  'contract_change',
] as const;
export type MonitoredAlertType = (typeof MONITORED_ALERT_TYPES)[number];

export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const SECURITY_REFRESH_MS = 15_000;
export const PUMP_REFRESH_MS = 30_000;

export const SECURITY_MESSAGES = {
  invalidAddress: 'Please enter a valid Base token contract address',
  startFailed: '❌ Failed to start monitoring. Please try again.',
  setupFailed: '❌ Monitoring setup failed. Please check the address and try again.',
  fetchFailed: 'Failed to fetch security alerts',
  monitoring: (short: string) => `Now monitoring ${short} for security threats`,
} as const;

const addressField = sharedAddressField();

export const monitorTokenRequestSchema = z.strictObject({
  tokenAddress: addressField,
  alertTypes: z.array(z.enum(MONITORED_ALERT_TYPES)).max(4).optional(),
});
export type MonitorTokenRequest = z.input<typeof monitorTokenRequestSchema>;

export type AlertDetails = {
  rugScore: number | null;
  whaleAddress: string | null;
  /** Percent: for whale dumps, the share of the whale's holding sold in the window. */
  volumeChange: number | null;
  /** Percent change of the pool's quote reserve over the window (negative = drained). */
  liquidityChange: number | null;
};

export type SecurityAlert = {
  id: number;
  type: AlertType;
  severity: Severity;
  title: string;
  tokenSymbol: string | null;
  tokenAddress: string;
  /** ms epoch: when the condition was first detected. */
  timestamp: number;
  description: string;
  autoResolved: boolean;
  /** ms epoch when auto-resolved, else null. */
  resolvedAt: number | null;
  actionRequired: boolean;
  details: AlertDetails;
};

export type SecurityStats = {
  totalTokensMonitored: number;
  activeAlerts: number;
  criticalAlerts: number;
  /** Alerts that fired and were auto-resolved once their condition cleared. */
  threatsPrevented: number;
};

export type MonitoredToken = {
  address: string;
  symbol: string | null;
  name: string | null;
  riskLevel: 'low' | 'medium' | 'high' | 'critical' | 'unknown';
  rugScore: number | null;
  totalAlerts: number;
  criticalAlerts: number;
  alertsEnabled: boolean;
  alertTypes: MonitoredAlertType[];
  /** ms epoch. */
  monitoredSince: number;
  lastCheckedAt: number | null;
};

export type MonitorTokenResponse = { ok: true; token: MonitoredToken };

// ---------------------------------------------------------------------------------------------
// Pump finder

export const PUMP_TIMEFRAMES = ['1h', '4h', '24h', '7d'] as const;
export type PumpTimeframe = (typeof PUMP_TIMEFRAMES)[number];
export const PUMP_RISKS = ['all', 'low', 'medium', 'high'] as const;
export type PumpRiskFilter = (typeof PUMP_RISKS)[number];
/** Spec §4: a pump figure of 80+ gets the top badge. Our figure is a momentum score, so the badge
 * reads 'Strong Momentum' (not 'High Probability': the score is not calibrated; ADR 0005). */
export const PUMP_STRONG_SCORE = 80;
export const PUMP_TIMEFRAME_SECONDS: Record<PumpTimeframe, number> = {
  '1h': 3_600,
  '4h': 4 * 3_600,
  '24h': 86_400,
  '7d': 7 * 86_400,
};

export const pumpQuerySchema = z.object({
  timeframe: z.enum(PUMP_TIMEFRAMES).default('24h'),
  risk: z.enum(PUMP_RISKS).default('all'),
});

export type PumpSignal = {
  name: string;
  /** The raw measurement, in `unit`; null when not known. */
  value: number | null;
  unit: string;
  /** Normalised input to the score (about −1…1). */
  normalised: number;
  weight: number;
  /** weight × normalised: this signal's share of the logit. */
  contribution: number;
  label: string;
};

export type PumpOpportunity = {
  id: string;
  address: string;
  name: string | null;
  symbol: string | null;
  isNewLaunch: boolean;
  /** ms epoch of the pool's creation, or null. */
  launchDate: number | null;
  risk: 'low' | 'medium' | 'high';
  rugScore: number | null;
  /** 0–100: ranks how strongly trading activity is building in the window. Not a probability. */
  momentumScore: number;
  /** The score reaches PUMP_STRONG_SCORE: the card's top badge, decided on the server (issue 21). */
  strongMomentum: boolean;
  currentPrice: number | null;
  priceChange24h: number | null;
  timeframe: PumpTimeframe;
  volume24h: number | null;
  marketCap: number | null;
  holders: number;
  /** Human-readable signal lines, strongest first. */
  signals: string[];
  /** The score's inputs with their weights and contributions. */
  model: PumpSignal[];
  /** Window volatility (stdev of log price moves over the window); null with fewer than two moves. */
  volatility: number | null;
  /** The token's verdict (Caution or No major risk found: anything worse is under `avoid`). */
  verdict: VerdictHeadline;
  /**
   * Share (0..1) of the main pool's 24 h volume that is organic (the report's trading patterns,
   * issue 39): the score's volumes are scaled by it; null when not measured (index not at the head).
   */
  organicShare: number | null;
  /** The trading-pattern findings (wash volume, a selling sniper cluster): never Strong Momentum with one. */
  patternFindings: string[];
};

/** Why a traded token is never shown as an opportunity (the engine's safety verdict). */
export type PumpAvoidReason = { check: string; label: string; detail: string };

/** A token with momentum in the window that fails the safety verdict. */
export type PumpAvoid = {
  id: string;
  address: string;
  name: string | null;
  symbol: string | null;
  rugScore: number | null;
  momentumScore: number;
  reasons: PumpAvoidReason[];
  /** The token's verdict: Honeypot, Rugged, Dangerous or Unknown. */
  verdict: VerdictHeadline;
};

export type PumpResponse = {
  timeframe: PumpTimeframe;
  risk: PumpRiskFilter;
  generatedAt: number;
  /** Tokens that pass the safety verdict, strongest momentum first. */
  opportunities: PumpOpportunity[];
  /** Tokens traded in the window that fail the safety verdict: never opportunities. */
  avoid: PumpAvoid[];
  summary: {
    total: number;
    strongMomentum: number;
    newLaunches: number;
    avgScore: number | null;
    avoided: number;
    /**
     * Tokens traded in the window that are neither ranked nor avoided because they could not be
     * judged: the pool's value is unknown (unpriced) or the analysis did not finish in time.
     */
    skippedUnknown: number;
  };
};

// ---------------------------------------------------------------------------------------------
// Airdrops

export const AIRDROP_CATEGORIES = ['defi', 'ecosystem', 'nft', 'social', 'layer3', 'wallet'] as const;
export type AirdropCategory = (typeof AIRDROP_CATEGORIES)[number];
/** 'unknown': a programme without verified start and end dates (never counted as active). */
export const AIRDROP_STATUSES = ['active', 'upcoming', 'ended', 'unknown'] as const;
export type AirdropStatus = (typeof AIRDROP_STATUSES)[number];
export const AIRDROP_MESSAGES = {
  fetchFailed: 'Failed to fetch airdrops',
  empty: 'No Airdrops Found',
} as const;

/** What an eligibility requirement checks on chain; `manual` ones cannot be checked. */
export const REQUIREMENT_KINDS = [
  'swap_count',
  'hold_token',
  'stake',
  'lend_supply',
  'provide_liquidity',
  'wallet_age_days',
  'tx_count',
  'manual',
] as const;
export type RequirementKind = (typeof REQUIREMENT_KINDS)[number];

export const requirementSchema = z.strictObject({
  id: z.string().min(1).max(60),
  label: z.string().min(1).max(200),
  kind: z.enum(REQUIREMENT_KINDS),
  /** Token symbol (hold_token, stake, lend_supply; swap_count optionally). */
  token: z.string().max(20).optional(),
  /** Minimum count, amount (whole tokens) or days. */
  min: z.number().nonnegative().max(1e15).optional(),
});
export type AirdropRequirement = z.infer<typeof requirementSchema>;

/** Programme dates: ISO 8601 with an offset, 2015 … 2100 (strict-input.ts). */
const isoDate = z
  .string()
  .max(40)
  .refine(
    (s) => parseDateTime(s, { latest: new Date('2100-01-01T00:00:00Z') }).ok,
    'must be an ISO 8601 date-time with a time zone, from 2015 to 2100',
  );

export const airdropEntrySchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'must be lowercase letters, digits and dashes'),
  name: z.string().min(1).max(100),
  category: z.enum(AIRDROP_CATEGORIES),
  description: z.string().max(1000),
  /** When the programme opened / closes (ISO). Local entries may use offsets instead. */
  startDate: isoDate.nullable().optional(),
  endDate: isoDate.nullable().optional(),
  /** Local entries: days relative to the scenario's "now" (negative = past). */
  startOffsetDays: z.number().min(-3650).max(3650).optional(),
  endOffsetDays: z.number().min(-3650).max(3650).optional(),
  /** Published USD estimate, if the source states one. */
  estimatedValueUsd: z.number().nonnegative().max(1e12).nullable().optional(),
  /** Reward pool in tokens (valued at the pool price at request time). */
  rewardToken: z.string().max(20).optional(),
  rewardAmount: z.number().nonnegative().max(1e15).optional(),
  requirements: z.array(requirementSchema).max(20),
  instructions: z.array(z.string().max(300)).max(20).optional(),
  website: z.string().url().max(300).nullable().optional(),
  twitter: z.string().url().max(300).nullable().optional(),
  /** The public page the entry's facts come from. */
  source: z.string().url().max(300),
  /** A programme of the scenario's own protocols on the local chain (not a real airdrop). */
  local: z.boolean().optional(),
  /** When the entry's facts were last checked against its source (ISO date). */
  checkedAt: isoDate.optional(),
  /**
   * The contract that pays a local programme: its dates and reward are read from chain at request
   * time ('staking': the StakingRewards pool's current reward period and amount).
   */
  backedBy: z.enum(['staking']).optional(),
});
export type AirdropEntry = z.infer<typeof airdropEntrySchema>;

export const airdropQuerySchema = z.object({
  category: z.union([z.literal('all'), z.enum(AIRDROP_CATEGORIES)]).default('all'),
  search: z.string().max(100).default(''),
});

export const eligibilityRequestSchema = z.strictObject({ address: addressField });

export type Airdrop = {
  id: string;
  name: string;
  category: AirdropCategory;
  status: AirdropStatus;
  /** ISO or null (open-ended). */
  startDate: string | null;
  endDate: string | null;
  description: string;
  /** USD; null when neither the source nor the chain gives one. */
  estimatedValue: number | null;
  /** Only after an eligibility check; null in the list. */
  eligibilityScore: number | null;
  requirements: string[];
  requirementDetails: AirdropRequirement[];
  instructions: string[];
  website: string | null;
  twitter: string | null;
  source: string;
  local: boolean;
  /** ISO date the entry was last checked against its source; null for chain-backed entries. */
  checkedAt: string | null;
  /** The contract on this chain whose state the dates and reward were read from. */
  contract: string | null;
};

export type AirdropSummary = {
  total: number;
  active: number;
  upcoming: number;
  ended: number;
  /** Sum of the active and upcoming entries' estimated values that are known. */
  totalEstimatedValue: number;
  valuedEntries: number;
  /** Active entries ending within 7 days. */
  endingSoon: number;
};

export type RequirementResult = {
  id: string;
  label: string;
  kind: RequirementKind;
  status: 'pass' | 'fail' | 'unknown';
  /** What was measured (count, amount, days), when checkable. */
  actual: number | null;
  required: number | null;
  reason: string;
};

export type EligibilityResult = {
  airdropId: string;
  address: string;
  /** 0–100: share of checkable requirements passed; null when none can be checked. */
  eligibilityScore: number | null;
  eligible: boolean;
  requirements: RequirementResult[];
};
