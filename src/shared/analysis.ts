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
import type { z } from 'zod';
import type * as S from './api/analysis-schemas';
import type { LevelOf, ShownBand } from './vocabulary';

export type CheckOutcome = z.infer<typeof S.checkOutcomeSchema>;

/** One line of evidence: which check, what was seen, how it judged, and its weight in the score. */
export type Evidence = z.infer<typeof S.evidenceSchema>;

/** Share of a check's weight deducted when its facts are missing. */
export const UNKNOWN_SHARE = 0.25;

export type RiskLevel = z.infer<typeof S.riskLevelSchema>;
export type Severity = z.infer<typeof S.severitySchema>;
export type ScoreStatus = z.infer<typeof S.scoreStatusSchema>;
export type Grade = z.infer<typeof S.gradeSchema>;
/** Score → level bands live in vocabulary.ts (SCORE_BANDS, levelOf); these are their level types. */
export type ScoreBand = LevelOf<'colour'>;
export type HealthLevel = LevelOf<'health'>;

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

/**
 * The one rounding helper: half away from zero to `digits` places (so −2.25 → −2.3 like 2.25 → 2.3,
 * and 1.005 → 1.01 despite its binary form), never −0.
 */
export function round(n: number, digits: number): number {
  const f = 10 ** digits;
  const r = (Math.sign(n) * Math.round(Math.abs(n) * f + Number.EPSILON * f)) / f;
  return Object.is(r, -0) ? 0 : r;
}

// ---------------------------------------------------------------------------------------------
// Result shapes (spec §3 + evidence): inferred from the API's zod schemas (api/analysis-schemas.ts),
// which also make the OpenAPI document, so the types, the document and the answers cannot drift.
// ---------------------------------------------------------------------------------------------

export type HolderIndexState = z.infer<typeof S.holderIndexStateSchema>;
export type ScannerResult = z.infer<typeof S.scannerResultSchema>;
export type RugRiskFactor = z.infer<typeof S.rugRiskFactorSchema>;
export type RugModelSummary = z.infer<typeof S.rugModelSummarySchema>;
export type RugResult = z.infer<typeof S.rugResultSchema>;
export type WhaleTransaction = z.infer<typeof S.whaleTransactionSchema>;
export type WhaleHolder = z.infer<typeof S.whaleHolderSchema>;
export type WhaleEntry = z.infer<typeof S.whaleEntrySchema>;
export type WhaleResult = z.infer<typeof S.whaleResultSchema>;
export type LpDrainEvent = z.infer<typeof S.lpDrainEventSchema>;
export type Level3 = z.infer<typeof S.level3Schema>;
/** One pool of a token, for the pools lists (liquidity scanner, token analysis). */
export type PoolSummary = z.infer<typeof S.poolSummarySchema>;
export type LiquidityResult = z.infer<typeof S.liquidityResultSchema>;
export type ScoreComponent = z.infer<typeof S.scoreComponentSchema>;
export type FlabScoreResult = z.infer<typeof S.flabScoreResultSchema>;
export type TokenHealthResult = z.infer<typeof S.tokenHealthResultSchema>;
/** One real holder's simulated sell (server facts and the report share it). */
export type HolderSellOutcome = z.infer<typeof S.holderSellOutcomeSchema>;
/** JSON-safe digest of the facts a report was computed from (bigints as decimal strings). */
export type FactsSummary = z.infer<typeof S.factsSummarySchema>;
/** What the owner-power simulation found, for the page: function, who can call it, effect. */
export type OwnerPowersSummary = z.infer<typeof S.ownerPowersSummarySchema>;
export type TokenReport = z.infer<typeof S.tokenReportSchema>;

// ---------------------------------------------------------------------------------------------
// The verdict: one sentence per token (issue 24), computed once by the engine
// (src/server/analysis/verdict.ts) and carried by the report and by every part an endpoint serves.
// Its types are its API schemas' too (api/analysis-schemas.ts).
// ---------------------------------------------------------------------------------------------

export type VerdictKind = z.infer<typeof S.verdictKindSchema>;
/** One finding that decided the verdict: an evidence line of the scanner or the rug detector. */
export type VerdictFinding = z.infer<typeof S.verdictFindingSchema>;
/** What a trader reads first, from the same facts as the verdict; null = not measured (see reason). */
export type TraderSummary = z.infer<typeof S.traderSummarySchema>;
export type TokenVerdict = z.infer<typeof S.tokenVerdictSchema>;

/** An endpoint's part of the report, with the token's verdict beside it. */
export type WithVerdict<T> = T & { verdict: TokenVerdict };

/**
 * A report part as it crosses the wire: the analyser's result with its score's band under the
 * verdict (`bands.score`), added by the server once the verdict is known (analysis/report.ts).
 */
export type Banded<T> = T & { bands: { score: ShownBand } };

/** The verdict's headline, as list views (pump cards, call cards, portfolio rows, search) carry it. */
export type VerdictHeadline = Pick<TokenVerdict, 'kind' | 'label' | 'reason'>;

export const verdictHeadline = (v: TokenVerdict): VerdictHeadline => ({
  kind: v.kind,
  label: v.label,
  reason: v.reason,
});
