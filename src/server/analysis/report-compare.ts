/**
 * Does a report say more in favour of its token than another one of the same token? (issue 40,
 * the fault-injection property): a report made through a faulty provider may say less than the
 * fault-free one, never more. Pure.
 *
 * "Saying less" is `unknown` (a check that could not run) or a harsher judgement; "saying more in
 * favour" is a judgement kinder than the fault-free one that is not `unknown`:
 * - a check's outcome ranks fail < unknown < warn < pass (FAVOUR). Under a fault it may stay as it
 *   was, become `unknown`, or rank lower; anything else improved it: a pass that was not a pass, a
 *   warn that was a fail or an unknown (an unknown danger check makes the verdict Unknown, a warn
 *   lets it be Caution). A line only the faulty report has improved it when it passes; a line
 *   missing from it says less (a check about a pool that could not be found is not asked), and the
 *   verdict and the lines left still answer for it.
 * - the verdict ranks honeypot = rugged < dangerous < unknown < caution < no_major_risk
 *   (VERDICT_FAVOUR), with the same rule: it may stay, become `unknown`, or rank lower.
 * Informational lines (weight 0 in both reports) are not judgements and are not compared. Lines
 * that restate a score (SCORE_LINES: "Liquidity scores 82/100") are not checks: they are compared
 * apart (`scores`), since an unknown deducts only a quarter of its weight (UNKNOWN_SHARE) and a
 * score with unknowns can read higher than the same score measured.
 */
import type { CheckOutcome, Evidence, TokenReport, VerdictKind } from '../../shared/analysis';

/** How much an outcome says in favour of the token (higher = kinder). */
export const FAVOUR: Record<CheckOutcome, number> = { fail: 0, unknown: 1, warn: 2, pass: 3 };

/** How much a verdict says in favour of the token (higher = kinder). */
export const VERDICT_FAVOUR: Record<VerdictKind, number> = {
  honeypot: 0,
  rugged: 0,
  dangerous: 1,
  unknown: 2,
  caution: 3,
  no_major_risk: 4,
};

/** The lines that restate a part's score by its band, by `section:check`. */
export const SCORE_LINES: ReadonlySet<string> = new Set([
  ...['security', 'rug_safety', 'liquidity', 'whales', 'community'].map((c) => `flabScore:${c}`),
  ...['security', 'liquidity', 'community', 'momentum'].map((c) => `health:${c}`),
  'liquidity:rug_pull_risk',
]);

/** Is `faulty` kinder than `healthy` without being "could not be checked"? */
export function outcomeImproved(healthy: CheckOutcome, faulty: CheckOutcome): boolean {
  return faulty !== 'unknown' && FAVOUR[faulty] > FAVOUR[healthy];
}

export function verdictImproved(healthy: VerdictKind, faulty: VerdictKind): boolean {
  return faulty !== 'unknown' && VERDICT_FAVOUR[faulty] > VERDICT_FAVOUR[healthy];
}

/** One check that came out kinder under the fault; `null` = the line is missing from that report. */
export type CheckImprovement = {
  /** `section:check`, e.g. `scanner:mint`. */
  key: string;
  healthy: CheckOutcome | null;
  faulty: CheckOutcome | null;
  /** The faulty report's sentence (or the healthy one's when the line vanished). */
  detail: string;
};

export type ReportComparison = {
  checks: CheckImprovement[];
  /** Score lines (SCORE_LINES) kinder under the fault: not checks, counted apart. */
  scores: CheckImprovement[];
  verdict: { healthy: VerdictKind; faulty: VerdictKind } | null;
};

/** The report's evidence lists, by section name. */
function sections(r: TokenReport): [string, readonly Evidence[]][] {
  return [
    ['scanner', r.scanner.evidence],
    ['rug', r.rug.evidence],
    ['liquidity', r.liquidity.evidence],
    ['whales', r.whales.evidence],
    ['flabScore', r.flabScore.evidence],
    ['health', r.health.evidence],
    ['community', r.health.communityEvidence],
    ['momentum', r.health.momentumEvidence],
  ];
}

/** Every judging line by `section:check` (a check listed twice in a section: its first line). */
export function linesByKey(r: TokenReport): Map<string, Evidence> {
  const out = new Map<string, Evidence>();
  for (const [name, lines] of sections(r))
    for (const e of lines) {
      const key = `${name}:${e.check}`;
      if (!out.has(key)) out.set(key, e);
    }
  return out;
}

function lineImprovement(
  key: string,
  h: Evidence | undefined,
  f: Evidence | undefined,
): CheckImprovement | null {
  if (!h && !f) return null;
  if (Math.max(h?.weight ?? 0, f?.weight ?? 0) === 0) return null;
  const at = (e: Evidence | undefined) => e?.outcome ?? null;
  if (h && f) {
    if (!outcomeImproved(h.outcome, f.outcome)) return null;
  } else if (h || f?.outcome !== 'pass') return null;
  return { key, healthy: at(h), faulty: at(f), detail: (f ?? h)?.detail ?? '' };
}

/** What the faulty report says more in favour of the token than the healthy one (empty = nothing). */
export function compareReports(healthy: TokenReport, faulty: TokenReport): ReportComparison {
  const h = linesByKey(healthy);
  const f = linesByKey(faulty);
  const checks: CheckImprovement[] = [];
  const scores: CheckImprovement[] = [];
  for (const key of new Set([...h.keys(), ...f.keys()])) {
    const x = lineImprovement(key, h.get(key), f.get(key));
    if (x) (SCORE_LINES.has(key) ? scores : checks).push(x);
  }
  const verdict = verdictImproved(healthy.verdict.kind, faulty.verdict.kind)
    ? { healthy: healthy.verdict.kind, faulty: faulty.verdict.kind }
    : null;
  return { checks, scores, verdict };
}

/** One line per improvement, for a failing test or the check:faults table's details. */
export function describeImprovements(c: ReportComparison, label: string): string[] {
  const out = c.checks.map(
    (x) => `${label}: ${x.key} ${x.healthy ?? 'absent'} → ${x.faulty ?? 'absent'}: ${x.detail}`,
  );
  if (c.verdict) out.unshift(`${label}: verdict ${c.verdict.healthy} → ${c.verdict.faulty}`);
  return out;
}
