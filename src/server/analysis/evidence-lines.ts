/**
 * Building blocks for evidence lines, shared by every analyser.
 *
 * Impact rule (every analyser): a check has a weight w (the most it can deduct).
 *   pass → 0, warn → ceil(w × WARN_SHARE), fail → w, unknown → round(w × UNKNOWN_SHARE)
 * unless a check documents an override (e.g. the sell simulation deducts less when it could not run
 * because there is no pool: the missing pool is already counted by the pool-liquidity check).
 * The analyser's score is then `scoreFromEvidence` = clamp(round(100 − Σ impact)).
 *
 * Pure: no I/O, no clock (time is `facts.now`), no randomness. The checks themselves live beside the
 * analysers that own them (contract-checks, trade-checks, owner-power-checks, holder-checks,
 * liquidity-checks); the shared terms and thresholds in shared/vocabulary.ts.
 */
import { type CheckOutcome, type Evidence, round, UNKNOWN_SHARE } from '../../shared/analysis';
import type { TokenReportFacts } from '../facts/types';

export const DAY_S = 86_400;
/** Share of the weight a 'warn' deducts. */
export const WARN_SHARE = 0.5;

export function impactFor(outcome: CheckOutcome, weight: number): number {
  switch (outcome) {
    case 'pass':
      return 0;
    case 'warn':
      return Math.ceil(weight * WARN_SHARE);
    case 'fail':
      return weight;
    case 'unknown':
      return Math.round(weight * UNKNOWN_SHARE);
  }
}

export type CheckSpec = { check: string; label: string; weight: number };

/** One evidence line with the standard impact for its outcome (or an explicit override). */
export function judged(
  spec: CheckSpec,
  outcome: CheckOutcome,
  value: Evidence['value'],
  detail: string,
  impactOverride?: number,
): Evidence {
  const raw = impactOverride ?? impactFor(outcome, spec.weight);
  const impact = Math.min(spec.weight, Math.max(0, Number.isFinite(raw) ? raw : 0));
  return {
    check: spec.check,
    label: spec.label,
    value: typeof value === 'number' && !Number.isFinite(value) ? null : value,
    outcome,
    weight: spec.weight,
    impact,
    detail,
  };
}

/** Outcome of "higher is worse" against two thresholds (strictly above). */
export function gradeAbove(value: number, warnAbove: number, failAbove: number): CheckOutcome {
  if (value > failAbove) return 'fail';
  if (value > warnAbove) return 'warn';
  return 'pass';
}

/** Outcome of "lower is worse" against two thresholds (strictly below). */
export function gradeBelow(value: number, failBelow: number, warnBelow: number): CheckOutcome {
  if (value < failBelow) return 'fail';
  if (value < warnBelow) return 'warn';
  return 'pass';
}

export const pct = (n: number, digits = 1) => `${round(n, digits)}%`;
export const usd = (n: number) =>
  n >= 1e6 ? `$${round(n / 1e6, 2)}M` : n >= 1e3 ? `$${round(n / 1e3, 1)}K` : `$${round(n, 2)}`;

export type Check = (facts: TokenReportFacts, weight: number) => Evidence;
