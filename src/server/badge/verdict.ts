/**
 * The badge's headline: the token's one verdict (issue 24, analysis/verdict.ts), as the report
 * carries it, so the badge reads exactly what the analysis page leads with ("Honeypot — cannot be
 * sold", "No major risk found", …) and cannot disagree with it.
 */
import type { TokenReport, VerdictKind } from '../../shared/analysis';

export type BadgeVerdict = {
  /** Short text for the badge: the verdict's label. */
  label: string;
  tone: 'safe' | 'caution' | 'danger' | 'neutral';
  kind: VerdictKind;
};

const TONES: Record<VerdictKind, BadgeVerdict['tone']> = {
  no_major_risk: 'safe',
  caution: 'caution',
  unknown: 'neutral',
  dangerous: 'danger',
  honeypot: 'danger',
  rugged: 'danger',
};

export function badgeVerdictOf(report: TokenReport): BadgeVerdict {
  const v = report.verdict;
  return { label: v.label, tone: TONES[v.kind], kind: v.kind };
}
