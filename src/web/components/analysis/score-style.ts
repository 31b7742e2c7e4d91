/** Colours for scores and risk levels (spec §4), shared by the analysis components and pages. */
import type { CheckOutcome, Evidence, RiskLevel, Severity, VerdictKind, WithVerdict } from '@shared/analysis';
import { type ShownBand, type SubScoreBand, VERDICTS } from '@shared/vocabulary';
import type { BadgeTone } from '../ui/badge';

type ScoreBand = SubScoreBand;

/**
 * Spec §4 score colour bands: 80+ green, 60+ yellow, 40+ orange, else red; 'muted' (grey) when the
 * token's verdict makes the score not meaningful. The band itself is the server's (a result's
 * `bands`): these tables only colour it.
 */
export const BAND_TEXT: Record<ScoreBand, string> = {
  muted: 'text-slate-400',
  green: 'text-emerald-400',
  yellow: 'text-yellow-400',
  orange: 'text-orange-400',
  red: 'text-red-400',
};

export const BAND_BAR: Record<ScoreBand, string> = {
  muted: 'bg-slate-600',
  green: 'bg-emerald-500',
  yellow: 'bg-yellow-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

export const BAND_RING: Record<ScoreBand, string> = {
  muted: 'border-white/10',
  green: 'border-emerald-500/30',
  yellow: 'border-yellow-500/30',
  orange: 'border-orange-500/30',
  red: 'border-red-500/30',
};

export const BAND_TONE: Record<ScoreBand, BadgeTone> = {
  muted: 'neutral',
  green: 'success',
  yellow: 'warning',
  orange: 'caution',
  red: 'danger',
};

/** The text colour of a score the server banded (a result's `bands.<score>`). */
export const bandTextClass = (shown: ShownBand): string => BAND_TEXT[shown.band];

/**
 * Text colour of a figure by the evidence outcome the server decided for it (never a threshold
 * re-derived here). Unknown is neutral.
 */
export const OUTCOME_TEXT: Record<CheckOutcome, string> = {
  fail: 'text-red-400',
  warn: 'text-yellow-400',
  unknown: 'text-slate-400',
  pass: 'text-emerald-400',
};

/** The token's verdict on a result the server sent with one (undefined on a bare result). */
export const verdictOf = <T extends object>(data: T | WithVerdict<T>): VerdictKind | undefined =>
  'verdict' in data ? (data as WithVerdict<T>).verdict.kind : undefined;

/** The evidence lines of the given checks, in the result's order (a card's own part of the evidence). */
export const pickEvidence = (evidence: readonly Evidence[], ...checks: string[]): Evidence[] =>
  evidence.filter((e) => checks.includes(e.check));

/** The outcome of one evidence line by its check (undefined when the result has no such line). */
export const outcomeOf = (evidence: readonly Evidence[], check: string): CheckOutcome | undefined =>
  evidence.find((e) => e.check === check)?.outcome;

/** The class of a figure judged by the evidence line `check`: its outcome's colour, neutral without one. */
export const outcomeClass = (evidence: readonly Evidence[], check: string): string => {
  const o = outcomeOf(evidence, check);
  return o ? OUTCOME_TEXT[o] : 'text-slate-300';
};

/**
 * Text colour of a figure whose level the server decided (rug score → riskLevel): the page never
 * re-derives a threshold from the number.
 */
export const RISK_LEVEL_TEXT: Record<RiskLevel, string> = {
  CRITICAL: 'text-red-400',
  HIGH: 'text-red-400',
  MEDIUM: 'text-yellow-400',
  LOW: 'text-emerald-400',
};

/** Spec §4 severity colours: critical red, high orange, medium yellow, else green. */
export function severityTone(s: Severity | RiskLevel | string): BadgeTone {
  switch (s.toLowerCase()) {
    case 'critical':
      return 'danger';
    case 'high':
      return 'caution';
    case 'medium':
      return 'warning';
    case 'low':
      return 'success';
    default:
      return 'neutral';
  }
}

/**
 * Whether "good" figures may be coloured healthy (green) under the token's verdict: only when the
 * verdict shows sub-scores as they are (VERDICTS[…].subScores === 'as_is' in shared/vocabulary.ts).
 */
export const greenAllowed = (verdict: VerdictKind | null | undefined): boolean =>
  !verdict || VERDICTS[verdict].subScores === 'as_is';

/** The class for a "good" figure: green when the verdict allows it, neutral otherwise. */
export const goodClass = (verdict: VerdictKind | null | undefined): string =>
  greenAllowed(verdict) ? 'text-emerald-400' : 'text-slate-300';

/** A badge tone for a "good" value under the verdict. */
export const goodTone = (verdict: VerdictKind | null | undefined): BadgeTone =>
  greenAllowed(verdict) ? 'success' : 'neutral';

/**
 * A class the server's outcome or level chose, with green withheld when the verdict does not allow
 * healthy colours (a small price impact on a honeypot is not good news).
 */
export const underVerdict = (cls: string, verdict: VerdictKind | null | undefined): string =>
  cls === 'text-emerald-400' ? goodClass(verdict) : cls;
