/**
 * Token analysis results as the API returns them (spec §3 shapes plus an `evidence` list), shared by
 * the server and the browser. Pure types and small pure helpers only: no I/O, no Node APIs.
 *
 * Scoring convention used by every analyser (DESIGN §1.2, "explain every score"):
 *   score = clamp(round(100 − Σ evidence.impact), 0, 100)          — see `scoreFromEvidence`
 * Each evidence line has a `weight` (the most it can deduct) and an `impact` (what it deducted,
 * 0 ≤ impact ≤ weight). A check that passes deducts 0. A check whose facts are missing is reported
 * as `unknown` and deducts a quarter of its weight (UNKNOWN_SHARE): not knowing is a small risk in
 * itself, but we never invent the value. Informational lines have weight 0.
 */

export type CheckOutcome = 'pass' | 'warn' | 'fail' | 'unknown';

/** One line of evidence: which check, what was seen, how it judged, and its weight in the score. */
export type Evidence = {
  /** Stable machine id of the check, e.g. 'sell_tax'. */
  check: string;
  /** Short human label, e.g. 'Sell tax'. */
  label: string;
  value: string | number | boolean | null;
  outcome: CheckOutcome;
  /** Points this check can move the score by (its weight); 0 for informational lines. */
  weight: number;
  /** Points actually deducted by this check (0 ≤ impact ≤ weight). */
  impact: number;
  /** One sentence a user understands. */
  detail: string;
};

/** Share of a check's weight deducted when its facts are missing. */
export const UNKNOWN_SHARE = 0.25;

export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type ScoreStatus = 'Excellent' | 'Good' | 'Needs Review';
export type Grade = 'A+' | 'A' | 'B' | 'C' | 'D';
export type ScoreBand = 'green' | 'yellow' | 'orange' | 'red';
export type HealthLevel = 'excellent' | 'good' | 'moderate' | 'poor' | 'critical';

// ---------------------------------------------------------------------------------------------
// Pure helpers (spec §4 bands)
// ---------------------------------------------------------------------------------------------

export function clampScore(n: number): number {
  if (!Number.isFinite(n)) return 0;
  return Math.min(100, Math.max(0, n));
}

export function sumImpacts(evidence: readonly Evidence[]): number {
  return evidence.reduce((s, e) => s + e.impact, 0);
}

/** The one scoring rule: 100 minus the sum of impacts, rounded to an integer, clamped to 0–100. */
export function scoreFromEvidence(evidence: readonly Evidence[]): number {
  return clampScore(Math.round(100 - sumImpacts(evidence)));
}

/** Spec §4: 80 and up Excellent, 60 and up Good, else Needs Review. */
export function scoreStatus(score: number): ScoreStatus {
  if (score >= 80) return 'Excellent';
  if (score >= 60) return 'Good';
  return 'Needs Review';
}

/** Spec §4: 80 and up A+, 70 A, 60 B, 50 C, else D. */
export function scoreGrade(score: number): Grade {
  if (score >= 80) return 'A+';
  if (score >= 70) return 'A';
  if (score >= 60) return 'B';
  if (score >= 50) return 'C';
  return 'D';
}

/** Spec §4 colour bands: 80+ green, 60+ yellow, 40+ orange, else red. */
export function scoreBand(score: number): ScoreBand {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  if (score >= 40) return 'orange';
  return 'red';
}

/** Spec §4 health levels: 90 excellent, 75 good, 50 moderate, 25 poor, below critical. */
export function healthLevel(score: number): HealthLevel {
  if (score >= 90) return 'excellent';
  if (score >= 75) return 'good';
  if (score >= 50) return 'moderate';
  if (score >= 25) return 'poor';
  return 'critical';
}

/**
 * Rug risk level from the rug score (0–100, higher = more likely a rug). Matches the spec §4
 * fallback on the safety score s = 100 − rugScore (s > 70 LOW, s > 40 MEDIUM, else HIGH) and adds
 * CRITICAL for rugScore ≥ 80.
 */
export function rugRiskLevel(rugScore: number): RiskLevel {
  if (rugScore >= 80) return 'CRITICAL';
  if (rugScore >= 60) return 'HIGH';
  if (rugScore >= 30) return 'MEDIUM';
  return 'LOW';
}

/** Spec §4 fallback: rug risk level from the safety score (above 70 LOW, above 40 MEDIUM, else HIGH). */
export function rugRiskLevelFromSafetyScore(score: number): Exclude<RiskLevel, 'CRITICAL'> {
  if (score > 70) return 'LOW';
  if (score > 40) return 'MEDIUM';
  return 'HIGH';
}

const SEVERITY_RANK: Record<Severity, number> = { critical: 3, high: 2, medium: 1, low: 0 };

export function severityRank(s: Severity): number {
  return SEVERITY_RANK[s];
}

const OUTCOME_RANK: Record<CheckOutcome, number> = { fail: 3, warn: 2, unknown: 1, pass: 0 };

export function outcomeRank(o: CheckOutcome): number {
  return OUTCOME_RANK[o];
}

/** Prefix for a home-card risk string: ✅ good, ⚠️ caution (warn or unknown), ❌ bad. */
export function outcomeIcon(o: CheckOutcome): '✅ ' | '⚠️ ' | '❌ ' {
  if (o === 'fail') return '❌ ';
  if (o === 'pass') return '✅ ';
  return '⚠️ ';
}

/** Evidence lines worst first: fail, warn, unknown, pass; within an outcome, larger impact first. */
export function sortEvidenceWorstFirst(evidence: readonly Evidence[]): Evidence[] {
  return evidence
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) => outcomeRank(b.e.outcome) - outcomeRank(a.e.outcome) || b.e.impact - a.e.impact || a.i - b.i,
    )
    .map((x) => x.e);
}

/** Up to `max` risk strings, worst first, each prefixed by its outcome icon. Weight-0 lines are skipped. */
export function riskStrings(evidence: readonly Evidence[], max: number): string[] {
  return sortEvidenceWorstFirst(evidence.filter((e) => e.weight > 0))
    .slice(0, Math.max(0, max))
    .map((e) => `${outcomeIcon(e.outcome)}${e.detail}`);
}

/**
 * Base units → decimal string in whole tokens, trailing zeros trimmed ("1234.5"). Exact (bigint
 * arithmetic). Negative decimals are treated as 0.
 */
export function formatUnits(value: bigint, decimals: number): string {
  const d = Math.max(0, Math.floor(decimals));
  const neg = value < 0n;
  const abs = neg ? -value : value;
  if (d === 0) return `${neg ? '-' : ''}${abs.toString()}`;
  const base = 10n ** BigInt(d);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(d, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole.toString()}${frac ? `.${frac}` : ''}`;
}

/** Base units → JS number of whole tokens (display only; loses precision beyond ~15 digits). */
export function unitsToNumber(value: bigint, decimals: number): number {
  return Number(formatUnits(value, decimals));
}

export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

// ---------------------------------------------------------------------------------------------
// Result shapes (spec §3 + evidence)
// ---------------------------------------------------------------------------------------------

/**
 * Where the holder index of a token stands. On Base a token is indexed from its creation block the
 * first time it is analysed; until that reaches the head its holder figures are not shown.
 */
export type HolderIndexState =
  | { status: 'complete' }
  | { status: 'indexing'; progressPct: number | null }
  | { status: 'unavailable'; reason: string };

export type ScannerResult = {
  /** 0–100 integer, higher is safer. */
  score: number;
  /** Owner powers measured by simulation: function, who can call it, measured effect. */
  ownerPowers: OwnerPowersSummary;
  status: ScoreStatus;
  contractVerified: boolean | null;
  /** null when the holder count is not known. */
  holderCount: number | null;
  details: {
    name: string | null;
    symbol: string | null;
    contractVerified: boolean | null;
    holderCount: number | null;
    /** Why holderCount is null, when it is (absent on the local chain, which is indexed whole). */
    holderIndex?: HolderIndexState;
    decimals: number | null;
    /** Base units, decimal string; null if unknown. */
    totalSupply: string | null;
  };
  /** At most 4 strings for the home card, worst first, prefixed '✅ ', '⚠️ ' or '❌ '. */
  risks: string[];
  evidence: Evidence[];
};

export type RugRiskFactor = { factor: string; severity: Severity; description: string };

export type RugModelSummary = {
  variant: string;
  /**
   * The fitted model's rug score (0–1), or null when every model feature was missing. It ranks
   * pools by how much their liquidity and creator snapshot resembles labelled rugs (2021 Ethereum
   * Uniswap V2, balanced classes); it is not a calibrated chance (docs/rug-model-report.md).
   */
  score: number | null;
  missing: string[];
  contributions: { feature: string; value: number; contribution: number }[];
};

export type RugResult = {
  /** 0–100 integer, higher = more likely a rug. */
  rugScore: number;
  /** 100 − rugScore. */
  score: number;
  riskLevel: RiskLevel;
  /** 0–1: share of the detector's features that had data. */
  confidence: number;
  riskFactors: RugRiskFactor[];
  risks: string[];
  recommendation: string;
  /** Set when the pool has already been drained (a completed rug). */
  completedRug: boolean;
  features: { total: number; available: number; names: string[] };
  model: RugModelSummary | null;
  evidence: Evidence[];
};

export type WhaleTransaction = {
  /** Value in ETH; null when the pool's quote side is not WETH and no ETH price is known. */
  value: number | null;
  /** Unix seconds. */
  timestamp: number;
  hash: string;
  from: string;
  to: string;
  side: 'buy' | 'sell';
};

export type WhaleHolder = {
  rank: number;
  address: string;
  walletType: string;
  riskLevel: Severity;
  /** Whole tokens, decimal string (base units when decimals are unknown). */
  balance: string;
  percentage: number;
  walletAge: number | null;
  rugHistory: number;
  /** ms epoch or null. */
  lastActive: number | null;
};

export type WhaleEntry = {
  wallet: string;
  transactionType: 'Buy' | 'Sell';
  /** ms epoch. */
  time: number;
  /** Whole tokens, decimal string. */
  amount: string;
  valueEth: number | null;
  walletAge: number | null;
  rugHistory: number;
  hash: string;
};

export type WhaleResult = {
  whaleScore: number;
  /** Same as whaleScore (home card reads `score`). */
  score: number;
  whaleCount: number;
  recentTransactions: WhaleTransaction[];
  concentration: { topFivePercentage: number | null; ruggedWallets: number };
  topHolders: WhaleHolder[];
  newWhaleEntries: WhaleEntry[];
  risks: string[];
  evidence: Evidence[];
};

export type LpDrainEvent = {
  hash: string;
  /** ms epoch. */
  time: number;
  provider: string | null;
  /** Share of the pool's quote reserve removed, 0–1. */
  shareOfPool: number;
  /** Quote-token base units, decimal string. */
  quoteAmount: string;
};

export type Level3 = 'Low' | 'Medium' | 'High';

/** One pool of a token, for the pools lists (liquidity scanner, token analysis). */
export type PoolSummary = {
  pool: string;
  /** "Uniswap V2", "Uniswap V3". */
  venue: string;
  /** "FLAB/WETH". */
  pair: string;
  /** Fee tier in percent (0.3 = 0.3%), null when the venue has none. */
  feePct: number | null;
  /** USD value of the pool (V2: both sides; V3: twice the quote side), null when unpriced. */
  liquidityUsd: number | null;
  /** Share of the USD value of all the token's pools (0..1), null when unpriced. */
  share: number | null;
  /** Share of the pool's liquidity locked or burned (0..1). */
  lockedShare: number;
  /** USD of quote-side liquidity within ±2% of the price (V3: across initialised ticks); null: unknown. */
  depthUsd2Pct: number | null;
  /** Current price (slot0 / reserves), USD. */
  priceUsd: number | null;
  /** The pool's 30-minute time-weighted average price, USD (V3); null when none. */
  twapPriceUsd: number | null;
  /** Current price against that average, percent (signed). */
  twapDeviationPct: number | null;
  /** True when the current price is further from the average than PRICE_MANIPULATION allows. */
  priceManipulated: boolean | null;
  /** "TWAP unavailable: …" when a V3 pool cannot give the average; null otherwise. */
  twapNote: string | null;
};

export type LiquidityResult = {
  liquidityScore: number;
  /** Same as liquidityScore (home card reads `score`). */
  score: number;
  rugScore: number;
  riskLevel: RiskLevel;
  /** ms epoch of the facts. */
  timestamp: number;
  amountUsd: number;
  warnings: string[];
  recommendations: string[];
  risks: string[];
  liquidityData: {
    poolValue: number | null;
    /** Percent (2.25 = 2.25 %), null when the pool or its USD value is unknown. */
    priceImpact: number | null;
    tradingVolume24h: number | null;
    liquidityHealth: string;
    liquidityLocked: boolean | null;
    /** Unlock time, ms epoch, or null. */
    liquidityLockTime: number | null;
  };
  /** Every pool of the token we read, deepest first (the first is the main pool). */
  pools: PoolSummary[];
  /** Pools on venues we do not read yet (not in `pools`). */
  unreadPoolCount: number;
  rugAnalysis: {
    rugScore: number;
    confidence: number;
    lpDrainEvents: { count: number; events: LpDrainEvent[] };
    rugPullRisk: number;
    behaviorFlags: string[];
  };
  liveMonitoring: {
    liquidityDrainRisk: Level3;
    whaleActivity: Level3;
    recentTransactions: number;
    contractAge: number | null;
  };
  evidence: Evidence[];
};

export type ScoreComponent = {
  component: string;
  score: number;
  weight: number;
  /** Points deducted: weight × (100 − score) / 100. */
  impact: number;
};

export type FlabScoreResult = {
  flabScore: number;
  /** Same as flabScore (home card reads `score`). */
  score: number;
  grade: Grade;
  status: ScoreStatus;
  risks: string[];
  breakdown: ScoreComponent[];
  evidence: Evidence[];
};

export type TokenHealthResult = {
  name: string | null;
  symbol: string | null;
  overallScore: number;
  securityScore: number;
  liquidityScore: number;
  communityScore: number;
  momentumScore: number;
  riskLevel: Severity;
  metrics: {
    price: number | null;
    priceChange24h: number | null;
    marketCap: number | null;
    volume24h: number | null;
    holders: number;
    liquidity: number | null;
    contractVerified: boolean | null;
    liquidityLocked: boolean | null;
    ownershipRenounced: boolean | null;
  };
  indicators: {
    trend: 'bullish' | 'bearish' | 'neutral';
    momentum: 'strong' | 'moderate' | 'weak';
    sentiment: 'positive' | 'negative' | 'neutral';
    activity: 'high' | 'medium' | 'low';
  };
  /** Each indicator's numbers and thresholds, in words. */
  indicatorWhy: { trend: string; momentum: string; sentiment: string; activity: string };
  evidence: Evidence[];
  communityEvidence: Evidence[];
  momentumEvidence: Evidence[];
};

/** One real holder's simulated sell (server facts and the report share it). */
export type HolderSellOutcome = {
  address: string;
  /** Why it was sampled: 'oldest buyer', 'median buyer', 'latest buyer', 'largest holder', … */
  role: string;
  /** Block of its first buy from the pool, when it is a pool buyer. */
  boughtBlock: number | null;
  ok: boolean;
  /** Blocks after the analysed block at which its sell passed (1 or 21); null when it never did. */
  afterBlocks: number | null;
  taxPct: number | null;
  revertReason: string | null;
};

/** JSON-safe digest of the facts a report was computed from (bigints as decimal strings). */
export type FactsSummary = {
  now: number;
  address: string;
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  totalSupply: string | null;
  owner: string | null;
  ownerRenounced: boolean | null;
  deployer: string | null;
  createdAt: number | null;
  codeSize: number;
  verification: { status: string; source: string | null; contractName: string | null };
  capabilities: { capability: string; via: string[] }[];
  capabilityBasis: string;
  proxy: {
    kind: string;
    implementation: string | null;
    admin: string | null;
    upgradeCount: number;
    lastUpgradeAt: number | null;
  } | null;
  trade: Record<string, string | number | null>;
  holderSells: {
    sampled: number;
    couldSell: number;
    failed: number;
    minTaxPct: number | null;
    maxTaxPct: number | null;
    /** Each sampled holder: pool buyers of different ages (oldest, median, latest), then the largest. */
    sellers?: HolderSellOutcome[];
    /** Holders whose sell probe returned no report (out of gas, broken by the token). */
    inconclusive?: number;
  } | null;
  holderCount: number | null;
  /** Absent on the local chain (always complete). */
  holderIndex?: HolderIndexState;
  topHolderCount: number;
  /** Pools on venues we do not read yet (their liquidity is not in `pools`). */
  unreadPoolCount: number;
  pools: {
    pair: string;
    /** 'uniswap-v2' | 'uniswap-v3'; venueLabel is for people ("Uniswap V3"). */
    venue: string;
    venueLabel: string;
    /** Fee tier in hundredths of a basis point (3000 = 0.3%), null when the venue has none. */
    feeTier: number | null;
    /** This pool's share of the USD value of all the token's pools (0..1), null when unpriced. */
    share: number | null;
    /** USD value of quote-side liquidity within ±2% of the price, null when unknown. */
    depthUsd2Pct: number | null;
    quoteSymbol: string;
    tokenReserve: string;
    quoteReserve: string;
    peakQuoteReserve: string;
    poolValueUsd: number | null;
    priceUsd: number | null;
    priceEth: number | null;
    /** The pool's 30-minute time-weighted average price (V3 observe), USD; null when none. */
    twapPriceUsd: number | null;
    /** Current price against that average, percent (signed); null when there is no average. */
    twapDeviationPct: number | null;
    /** "TWAP unavailable: …" in plain words when a V3 pool cannot give the average; else null. */
    twapNote: string | null;
    lpBurnedShare: number;
    lpLockedShare: number;
    lpCreatorShare: number;
    lockUnlockTime: number | null;
    createdAt: number | null;
    volume24hUsd: number | null;
    swaps24h: { buys: number; sells: number };
    priceChange24hPct: number | null;
    recentSwapCount: number;
    liquidityEventCount: number;
  }[];
  deployerFacts: { address: string | null; tokensDeployed: number; ruggedTokens: number };
  events: {
    ownershipTransfers: number;
    upgrades: number;
    pauses: number;
    mintsAfterLaunch: number;
  };
  /** Owner powers measured by simulation (see docs/detection-method.md). */
  ownerPowers: OwnerPowersSummary;
  rugFeatures: Record<string, number>;
};

/** What the owner-power simulation found, for the page: function, who can call it, effect. */
export type OwnerPowersSummary = {
  status: 'simulated' | 'no_callers' | 'no_pool' | 'error';
  /** Why it was not simulated (status other than 'simulated'). */
  reason: string | null;
  callers: { address: string; role: string }[];
  functionsProbed: number;
  callsSimulated: number;
  rpcRequests: number;
  powers: {
    function: string;
    selector: string;
    caller: string;
    callerRole: string;
    args: string;
    effects: string[];
    effect: string;
    /** Whether the call succeeds today from the power's current holder, and who that is (or why nobody). */
    usable: boolean;
    usableNow: string;
  }[];
  inconclusive: { function: string; reason: string }[];
};

export type TokenReport = {
  address: string;
  /** ms epoch of the facts. */
  generatedAt: number;
  scanner: ScannerResult;
  rug: RugResult;
  whales: WhaleResult;
  liquidity: LiquidityResult;
  flabScore: FlabScoreResult;
  health: TokenHealthResult;
  facts: FactsSummary;
  /** The one verdict, from the parts above (src/server/analysis/verdict.ts). */
  verdict: TokenVerdict;
};

// ---------------------------------------------------------------------------------------------
// The verdict: one sentence per token (issue 24), computed once by the engine
// (src/server/analysis/verdict.ts) and carried by the report and by every part an endpoint serves.
// ---------------------------------------------------------------------------------------------

export type VerdictKind = 'honeypot' | 'rugged' | 'dangerous' | 'caution' | 'no_major_risk' | 'unknown';

/** One finding that decided the verdict: an evidence line of the scanner or the rug detector. */
export type VerdictFinding = { check: string; label: string; outcome: CheckOutcome; detail: string };

/** What a trader reads first, from the same facts as the verdict; null = not measured (see reason). */
export type TraderSummary = {
  buyTaxPct: number | null;
  sellTaxPct: number | null;
  transferTaxPct: number | null;
  /** Can a holder sell? true/false when measured, null when selling could not be tested. */
  canSell: boolean | null;
  /** In words: "yes (4 of 4 sampled holders sold)", "no: …", "not tested: …". */
  canSellDetail: string;
  /** Owner powers the simulation found usable today, as "effect (function)". */
  ownerPowersNow: string[];
  /** Whether owner powers were simulated at all (false: `ownerPowersNow` is not a clean bill). */
  ownerPowersChecked: boolean;
  /** Share of the main pool's LP locked or burned (0..1), null without a pool. */
  lpLockedShare: number | null;
  /** Unlock time of the main pool's locked LP (unix seconds), null when none is locked by time. */
  lpUnlockAt: number | null;
  /** Share of supply held by the 10 largest holders (percent), null when the holder list is unknown. */
  top10SharePct: number | null;
  /** The main pool, for the price chart (null without a pool). */
  mainPool: string | null;
};

export type TokenVerdict = {
  kind: VerdictKind;
  /** "Honeypot — cannot be sold", … (VERDICTS in shared/vocabulary.ts). */
  label: string;
  /** One line: why this verdict. */
  reason: string;
  /** The two or three findings that decide it, worst first (empty for "No major risk found"). */
  findings: VerdictFinding[];
  summary: TraderSummary;
};

/** An endpoint's part of the report, with the token's verdict beside it. */
export type WithVerdict<T> = T & { verdict: TokenVerdict };

/** The verdict's headline, as list views (pump cards, call cards, portfolio rows, search) carry it. */
export type VerdictHeadline = Pick<TokenVerdict, 'kind' | 'label' | 'reason'>;

export const verdictHeadline = (v: TokenVerdict): VerdictHeadline => ({
  kind: v.kind,
  label: v.label,
  reason: v.reason,
});
