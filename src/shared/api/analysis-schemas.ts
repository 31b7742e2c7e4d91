/**
 * The token analysis results as the API returns them, as zod schemas: the one source of their
 * TypeScript types (src/shared/analysis.ts re-exports `z.infer` of each), of the OpenAPI document's
 * components (src/shared/api/contract.ts) and of the contract test's checks. Field comments are
 * `.meta({ description })`, so they reach the API reference too.
 */
import { z } from 'zod';
import { pricePathSchema } from '../price-path';
import { VENUE_IDS } from '../venues';
import { shownBandSchema, VERDICT_KINDS, verdictHeadlineSchema } from '../verdict-schema';
import type { LevelOf } from '../vocabulary';
import { holderSellOutcomeSchema, holderSellsSchema } from './holder-sells-schema';
import { creatorPullableFields, liquidityLedgerSchema } from './liquidity-ledger-schema';
import { poolValueFields } from './pool-value-schema';
import { providerStatusSchema } from './provider-schema';
import { proxyFactsSchema } from './proxy-schema';
import { tradingPatternsSchema } from './trading-patterns-schema';

const d = (description: string) => ({ description });

export { holderSellOutcomeSchema };

/** ms epoch. */
const msEpoch = z.number().meta(d('Milliseconds since the Unix epoch.'));
const score100 = z.number().min(0).max(100);

export const checkOutcomeSchema = z.enum(['pass', 'warn', 'fail', 'unknown']).meta({ id: 'CheckOutcome' });
export const riskLevelSchema = z.enum(['LOW', 'MEDIUM', 'HIGH', 'CRITICAL']).meta({ id: 'RiskLevel' });
export const severitySchema = z.enum(['low', 'medium', 'high', 'critical']).meta({ id: 'Severity' });
export const scoreStatusSchema = z.enum(['Excellent', 'Good', 'Needs Review']).meta({ id: 'ScoreStatus' });
export const gradeSchema = z.enum(['A+', 'A', 'B', 'C', 'D']).meta({ id: 'Grade' });

export const evidenceSchema = z
  .object({
    check: z.string().meta(d("Stable machine id of the check, e.g. 'sell_tax'.")),
    label: z.string().meta(d("Short human label, e.g. 'Sell tax'.")),
    value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
    outcome: checkOutcomeSchema,
    weight: z.number().meta(d('Points this check can move the score by; 0 for informational lines.')),
    impact: z.number().meta(d('Points actually deducted by this check (0 ≤ impact ≤ weight).')),
    detail: z.string().meta(d('One sentence a user understands.')),
  })
  .meta({ id: 'Evidence', description: 'One line of evidence: the check, what was seen, how it judged.' });

export const holderIndexStateSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('complete') }),
    z.object({
      status: z.literal('indexing'),
      progressPct: z.number().nullable(),
      job: z
        .enum(['queued', 'running', 'retrying'])
        .optional()
        .meta(d("Several processes: the backfill job's state in the work queue (absent in one process).")),
      catchingUp: z
        .boolean()
        .optional()
        .meta(
          d(
            'Base mode: the token was left idle (not followed) and its history since then is being read again; progressPct counts from the pause.',
          ),
        ),
    }),
    z.object({ status: z.literal('unavailable'), reason: z.string() }),
  ])
  .meta({ id: 'HolderIndexState', description: 'Where the holder index of a token stands (Base mode).' });

export const ownerPowersSummarySchema = z
  .object({
    status: z.enum(['simulated', 'no_callers', 'no_pool', 'error']),
    reason: z.string().nullable().meta(d("Why it was not simulated (status other than 'simulated').")),
    callers: z.array(z.object({ address: z.string(), role: z.string() })),
    functionsProbed: z.number(),
    callsSimulated: z.number(),
    rpcRequests: z.number(),
    powers: z.array(
      z.object({
        function: z.string(),
        selector: z.string(),
        caller: z.string(),
        callerRole: z.string(),
        args: z.string(),
        effects: z.array(z.string()),
        effect: z.string(),
        usable: z.boolean().meta(d("Whether the call succeeds today from the power's current holder.")),
        usableNow: z.string(),
      }),
    ),
    inconclusive: z.array(z.object({ function: z.string(), reason: z.string() })),
  })
  .meta({ id: 'OwnerPowersSummary', description: 'What the owner-power simulation found.' });

export const scannerResultSchema = z
  .object({
    score: score100.meta(d('0–100 integer, higher is safer.')),
    ownerPowers: ownerPowersSummarySchema,
    status: scoreStatusSchema,
    contractVerified: z.boolean().nullable(),
    holderCount: z.number().nullable().meta(d('null when the holder count is not known.')),
    details: z.object({
      name: z.string().nullable(),
      symbol: z.string().nullable(),
      contractVerified: z.boolean().nullable(),
      holderCount: z.number().nullable(),
      holderIndex: holderIndexStateSchema.optional(),
      decimals: z.number().nullable(),
      totalSupply: z.string().nullable().meta(d('Base units, decimal string; null if unknown.')),
    }),
    risks: z.array(z.string()).meta(d("At most 4 strings, worst first, prefixed '✅ ', '⚠️ ' or '❌ '.")),
    evidence: z.array(evidenceSchema),
  })
  .meta({ id: 'ScannerResult' });

export const rugRiskFactorSchema = z
  .object({ factor: z.string(), severity: severitySchema, description: z.string() })
  .meta({ id: 'RugRiskFactor' });

export const rugModelSummarySchema = z
  .object({
    variant: z.string(),
    score: z
      .number()
      .nullable()
      .meta(
        d(
          "The fitted model's rug score (0–1), null when every feature was missing. Not a calibrated chance.",
        ),
      ),
    missing: z.array(z.string()),
    contributions: z.array(z.object({ feature: z.string(), value: z.number(), contribution: z.number() })),
  })
  .meta({ id: 'RugModelSummary' });

export const rugResultSchema = z
  .object({
    rugScore: score100.meta(d('0–100 integer, higher = more likely a rug.')),
    score: score100.meta(d('100 − rugScore.')),
    riskLevel: riskLevelSchema,
    dataCoverage: z
      .number()
      .min(0)
      .max(1)
      .meta(d("Share of the detector's features that had data (not a confidence in the score).")),
    riskFactors: z.array(rugRiskFactorSchema),
    risks: z.array(z.string()),
    recommendation: z.string(),
    completedRug: z.boolean().meta(d('Set when the pool has already been drained.')),
    features: z.object({ total: z.number(), available: z.number(), names: z.array(z.string()) }),
    model: rugModelSummarySchema.nullable(),
    evidence: z.array(evidenceSchema),
  })
  .meta({ id: 'RugResult' });

export const whaleTransactionSchema = z
  .object({
    value: z.number().nullable().meta(d('Value in ETH; null when no ETH price is known.')),
    timestamp: z.number().meta(d('Unix seconds.')),
    hash: z.string(),
    from: z.string(),
    to: z.string(),
    side: z.enum(['buy', 'sell']),
  })
  .meta({ id: 'WhaleTransaction' });

export const whaleHolderSchema = z
  .object({
    rank: z.number(),
    address: z.string(),
    walletType: z.string(),
    riskLevel: severitySchema,
    balance: z.string().meta(d('Whole tokens, decimal string (base units when decimals are unknown).')),
    percentage: z.number(),
    walletAge: z.number().nullable(),
    rugHistory: z.number(),
    lastActive: msEpoch.nullable(),
  })
  .meta({ id: 'WhaleHolder' });

export const whaleEntrySchema = z
  .object({
    wallet: z.string(),
    transactionType: z.enum(['Buy', 'Sell']),
    time: msEpoch,
    amount: z.string().meta(d('Whole tokens, decimal string.')),
    valueEth: z.number().nullable(),
    walletAge: z.number().nullable(),
    rugHistory: z.number(),
    hash: z.string(),
  })
  .meta({ id: 'WhaleEntry' });

export const whaleResultSchema = z
  .object({
    whaleScore: score100,
    score: score100.meta(d('Same as whaleScore (the home card reads `score`).')),
    whaleCount: z.number(),
    spread: z
      .enum(['Spread out', 'Moderate', 'Concentrated'] as const satisfies readonly LevelOf<'whaleSpread'>[])
      .meta(
        d('How evenly the supply is spread among large holders (SCORE_BANDS.whaleSpread of whaleScore).'),
      ),
    skippedUnknown: z
      .number()
      .meta(d('Whales left out of the fresh-wallet share because their wallet age is unknown.')),
    recentTransactions: z.array(whaleTransactionSchema),
    concentration: z.object({ topFivePercentage: z.number().nullable(), ruggedWallets: z.number() }),
    topHolders: z.array(whaleHolderSchema),
    newWhaleEntries: z.array(whaleEntrySchema),
    risks: z.array(z.string()),
    evidence: z.array(evidenceSchema),
  })
  .meta({ id: 'WhaleResult' });

export const lpDrainEventSchema = z
  .object({
    hash: z.string(),
    time: msEpoch,
    provider: z.string().nullable(),
    shareOfPool: z.number().meta(d("Share of the pool's quote reserve removed, 0–1.")),
    quoteAmount: z.string().meta(d('Quote-token base units, decimal string.')),
  })
  .meta({ id: 'LpDrainEvent' });

export const level3Schema = z.enum(['Low', 'Medium', 'High', 'Unknown']);

export const poolSummarySchema = z
  .object({
    pool: z.string(),
    venue: z.string().meta(d('"Uniswap V2", "Uniswap V3".')),
    pair: z.string().meta(d('"FLAB/WETH".')),
    feePct: z.number().nullable().meta(d('Fee tier in percent (0.3 = 0.3%), null when the venue has none.')),
    liquidityUsd: z.number().nullable(),
    share: z.number().nullable(),
    lockedShare: z.number(),
    depthUsd2Pct: z.number().nullable(),
    priceUsd: z.number().nullable(),
    twapPriceUsd: z.number().nullable(),
    twapDeviationPct: z.number().nullable(),
    priceManipulated: z.boolean().nullable(),
    twapNote: z.string().nullable(),
    hook: z
      .object({
        address: z.string(),
        permissions: z.array(z.string()).meta(d('What its address bits let it do, in words.')),
        verdict: z
          .enum(['ok', 'caution', 'dangerous', 'honeypot'])
          .nullable()
          .meta(d("The hook verdict; null when not measured (only the main pool's hook is).")),
      })
      .nullable()
      .optional()
      .meta(d("A Uniswap V4 pool's hook; absent for pools without one.")),
  })
  .meta({ id: 'PoolSummary' });

export const liquidityResultSchema = z
  .object({
    liquidityScore: score100,
    score: score100.meta(d('Same as liquidityScore (the home card reads `score`).')),
    rugScore: score100,
    riskLevel: riskLevelSchema,
    timestamp: msEpoch,
    amountUsd: z.number(),
    warnings: z.array(z.string()),
    recommendations: z.array(z.string()),
    risks: z.array(z.string()),
    liquidityData: z.object({
      poolValue: z.number().nullable(),
      priceImpact: z.number().nullable().meta(d('Percent (2.25 = 2.25 %), null when unknown.')),
      tradingVolume24h: z.number().nullable(),
      liquidityHealth: z.string(),
      liquidityLocked: z.boolean().nullable(),
      liquidityLockTime: msEpoch.nullable(),
    }),
    pools: z.array(poolSummarySchema),
    unreadPoolCount: z.number(),
    rugAnalysis: z.object({
      rugScore: score100,
      riskLevel: riskLevelSchema.meta(d("The rug score's level (vocabulary SCORE_BANDS.rugRisk).")),
      dataCoverage: z.number().meta(d("Share of the rug detector's features that had data.")),
      lpDrainEvents: z.object({ count: z.number(), events: z.array(lpDrainEventSchema) }),
      behaviorFlags: z.array(z.string()),
    }),
    liveMonitoring: z.object({
      liquidityDrainRisk: level3Schema,
      whaleActivity: level3Schema,
      recentTransactions: z.number(),
      contractAge: z.number().nullable(),
    }),
    evidence: z.array(evidenceSchema),
  })
  .meta({ id: 'LiquidityResult' });

export const scoreComponentSchema = z
  .object({ component: z.string(), score: z.number(), weight: z.number(), impact: z.number() })
  .meta({ id: 'ScoreComponent' });

export const flabScoreResultSchema = z
  .object({
    flabScore: score100,
    score: score100.meta(d('Same as flabScore (the home card reads `score`).')),
    grade: gradeSchema,
    status: scoreStatusSchema,
    risks: z.array(z.string()),
    breakdown: z.array(scoreComponentSchema),
    evidence: z.array(evidenceSchema),
  })
  .meta({ id: 'FlabScoreResult' });

export { shownBandSchema };

export const tokenHealthResultSchema = z
  .object({
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    overallScore: score100,
    securityScore: score100,
    liquidityScore: score100,
    communityScore: score100,
    momentumScore: score100,
    riskLevel: severitySchema,
    /** The overall score's health level (SCORE_BANDS.health), decided on the server. */
    level: z.enum([
      'excellent',
      'good',
      'moderate',
      'poor',
      'critical',
    ] as const satisfies readonly LevelOf<'health'>[]),
    /** Each score card's band under the token's verdict, decided on the server (the page only reads it). */
    bands: z.object({
      overall: shownBandSchema,
      security: shownBandSchema,
      liquidity: shownBandSchema,
      community: shownBandSchema,
      momentum: shownBandSchema,
    }),
    metrics: z.object({
      price: z.number().nullable(),
      priceChange24h: z.number().nullable(),
      marketCap: z.number().nullable(),
      volume24h: z.number().nullable(),
      holders: z.number(),
      liquidity: z.number().nullable(),
      contractVerified: z.boolean().nullable(),
      liquidityLocked: z.boolean().nullable(),
      ownershipRenounced: z.boolean().nullable(),
    }),
    indicators: z.object({
      trend: z.enum(['bullish', 'bearish', 'neutral', 'unknown']),
      momentum: z.enum(['strong', 'moderate', 'weak', 'unknown']),
      sentiment: z.enum(['positive', 'negative', 'neutral', 'unknown']),
      activity: z.enum(['high', 'medium', 'low', 'unknown']),
    }),
    indicatorWhy: z.object({
      trend: z.string(),
      momentum: z.string(),
      sentiment: z.string(),
      activity: z.string(),
    }),
    evidence: z.array(evidenceSchema),
    communityEvidence: z.array(evidenceSchema),
    momentumEvidence: z.array(evidenceSchema),
  })
  .meta({ id: 'TokenHealthResult' });

export const hookSummarySchema = z
  .object({
    pool: z.string(),
    hook: z.string(),
    /** False: the hook could not be measured (the rest is then empty, not "harmless"). */
    measured: z.boolean(),
    level: z.enum(['ok', 'caution', 'dangerous']).nullable(),
    honeypot: z.boolean().nullable(),
    honeypotReason: z.string().nullable(),
    buyFeePct: z.number().nullable(),
    sellFeePct: z.number().nullable(),
    decayingTo: z.number().nullable(),
    permissions: z.array(z.object({ name: z.string(), words: z.string() })),
    upgradeable: z.object({ implementation: z.string(), admin: z.string().nullable() }).nullable(),
    owner: z.string().nullable(),
    ownerPowers: z.enum(['failed', 'passed', 'unchecked']).nullable(),
    evidence: z.array(z.string()),
  })
  .meta({
    id: 'HookSummary',
    description: "The main pool's Uniswap V4 hook: permissions, measured trades, owner powers, verdict.",
  });

export const factsSummarySchema = z
  .object({
    now: z.number(),
    address: z.string(),
    name: z.string().nullable(),
    symbol: z.string().nullable(),
    decimals: z.number().nullable(),
    totalSupply: z.string().nullable(),
    owner: z.string().nullable(),
    ownerRenounced: z.boolean().nullable(),
    deployer: z.string().nullable(),
    createdAt: z.number().nullable(),
    codeSize: z.number(),
    verification: z.object({
      status: z.string(),
      source: z.string().nullable(),
      contractName: z.string().nullable(),
    }),
    capabilities: z.array(z.object({ capability: z.string(), via: z.array(z.string()) })),
    capabilityBasis: z.string(),
    proxy: proxyFactsSchema.nullable(),
    trade: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    holderSells: holderSellsSchema,
    holderCount: z.number().nullable(),
    holderIndex: holderIndexStateSchema.optional(),
    provider: providerStatusSchema.optional().meta(d('Base mode: the provider when the facts were read.')),
    topHolderCount: z.number(),
    unreadPoolCount: z.number(),
    pools: z.array(
      z.object({
        pair: z.string(),
        venue: z.enum(VENUE_IDS),
        venueLabel: z.string(),
        feeTier: z.number().nullable(),
        share: z.number().nullable(),
        depthUsd2Pct: z.number().nullable(),
        quoteSymbol: z.string(),
        pricePath: pricePathSchema.optional(),
        priceNote: z.string().optional().meta(d('Why the price per token is unknown.')),
        routeNote: z.string().optional().meta(d('Why the trade simulation did not trade this pool.')),
        tokenReserve: z.string(),
        quoteReserve: z.string(),
        peakQuoteReserve: z.string(),
        poolValueUsd: z.number().nullable(),
        ...poolValueFields,
        priceUsd: z.number().nullable(),
        priceEth: z.number().nullable(),
        twapPriceUsd: z.number().nullable(),
        twapDeviationPct: z.number().nullable(),
        twapNote: z.string().nullable(),
        lpBurnedShare: z.number(),
        lpLockedShare: z.number(),
        lpCreatorShare: z.number(),
        lockUnlockTime: z.number().nullable(),
        createdAt: z.number().nullable(),
        volume24hUsd: z.number().nullable(),
        swaps24h: z.object({ buys: z.number(), sells: z.number() }),
        priceChange24hPct: z.number().nullable(),
        recentSwapCount: z.number(),
        liquidityEventCount: z.number(),
        liquidityLedger: liquidityLedgerSchema.optional(),
      }),
    ),
    deployerFacts: z.object({
      address: z.string().nullable(),
      tokensDeployed: z.number(),
      ruggedTokens: z.number(),
    }),
    events: z.object({
      ownershipTransfers: z.number(),
      upgrades: z.number(),
      pauses: z.number(),
      mintsAfterLaunch: z.number(),
    }),
    ownerPowers: ownerPowersSummarySchema,
    rugFeatures: z.record(z.string(), z.number()),
    /** The main pool's Uniswap V4 hook and its verdict (analysis/hook-verdict.ts); absent: no hook. */
    hook: hookSummarySchema.optional(),
  })
  .meta({ id: 'FactsSummary', description: 'JSON-safe digest of the facts a report was computed from.' });

// ---------------------------------------------------------------------------------------------
// The verdict (issue 24)

export const verdictKindSchema = z.enum(VERDICT_KINDS).meta({ id: 'VerdictKind' });

export const verdictFindingSchema = z
  .object({ check: z.string(), label: z.string(), outcome: checkOutcomeSchema, detail: z.string() })
  .meta({ id: 'VerdictFinding', description: 'An evidence line that decided the verdict.' });

export const traderSummarySchema = z
  .object({
    buyTaxPct: z.number().nullable(),
    sellTaxPct: z.number().nullable(),
    transferTaxPct: z.number().nullable(),
    canSell: z
      .boolean()
      .nullable()
      .meta(d('true/false when measured, null when selling could not be tested.')),
    canSellDetail: z.string(),
    ownerPowersNow: z.array(z.string()).meta(d('Owner powers usable today, as "effect (function)".')),
    ownerPowersChecked: z.boolean(),
    lpLockedShare: z.number().nullable(),
    lpUnlockAt: z.number().nullable().meta(d('Unix seconds.')),
    ...creatorPullableFields,
    top10SharePct: z.number().nullable(),
    mainPool: z.string().nullable(),
  })
  .meta({ id: 'TraderSummary', description: 'What a trader reads first; null = not measured.' });

export const tokenVerdictSchema = z
  .object({
    kind: verdictKindSchema,
    label: z.string().meta(d('"Honeypot — cannot be sold", "No major risk found", …')),
    reason: z.string().meta(d('One line: why this verdict.')),
    findings: z.array(verdictFindingSchema),
    summary: traderSummarySchema,
  })
  .meta({ id: 'TokenVerdict', description: 'The one verdict per token, from the evidence.' });

export { verdictHeadlineSchema };

/**
 * A part's score card band under the token's verdict, decided by the server once the verdict is known
 * (analysis/report.ts): `score` is the card's figure (the rug detector's is its safety, 100 − rugScore).
 * The same `bands: { <score>: ShownBand }` shape as Token Health's and the portfolio holdings'.
 */
const scoreBands = {
  bands: z
    .object({ score: shownBandSchema })
    .meta(d("The band of `score` under the token's verdict, decided by the server: pages colour by it.")),
};
export const bandedScannerSchema = scannerResultSchema.extend(scoreBands);
export const bandedRugSchema = rugResultSchema.extend(scoreBands);
export const bandedWhaleSchema = whaleResultSchema.extend(scoreBands);
export const bandedLiquiditySchema = liquidityResultSchema.extend(scoreBands);
export const bandedFlabScoreSchema = flabScoreResultSchema.extend(scoreBands);

export const tokenReportSchema = z
  .object({
    address: z.string(),
    generatedAt: msEpoch.meta(d('When the facts were gathered (ms epoch).')),
    scanner: bandedScannerSchema,
    rug: bandedRugSchema,
    whales: bandedWhaleSchema,
    liquidity: bandedLiquiditySchema,
    flabScore: bandedFlabScoreSchema,
    health: tokenHealthResultSchema,
    facts: factsSummarySchema,
    verdict: tokenVerdictSchema,
    tradingPatterns: tradingPatternsSchema.optional().meta(d('Snipers, bundles and wash volume (issue 39).')),
  })
  .meta({ id: 'TokenReport', description: 'Every analysis of one token over one set of facts.' });

// An endpoint's part of the report, with the token's verdict beside it.
const verdictField = { verdict: tokenVerdictSchema };
export const scannerAnswerSchema = bandedScannerSchema.extend(verdictField).meta({ id: 'ScannerAnswer' });
export const rugAnswerSchema = bandedRugSchema.extend(verdictField).meta({ id: 'RugAnswer' });
export const whaleAnswerSchema = bandedWhaleSchema.extend(verdictField).meta({ id: 'WhaleAnswer' });
export const liquidityAnswerSchema = bandedLiquiditySchema
  .extend(verdictField)
  .meta({ id: 'LiquidityAnswer' });
export const flabScoreAnswerSchema = bandedFlabScoreSchema
  .extend(verdictField)
  .meta({ id: 'FlabScoreAnswer' });
export const tokenHealthAnswerSchema = tokenHealthResultSchema
  .extend(verdictField)
  .meta({ id: 'TokenHealthAnswer' });
