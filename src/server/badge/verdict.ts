/**
 * The badge's headline: one verdict a reader gets in a second. It is the engine's safety verdict
 * (analysis/safety-verdict.ts, the same one the Pump Finder uses), so the badge cannot disagree
 * with the scanner: a token with no blocking risk reads "No blocking risks found", otherwise the
 * first blocking reason ("Honeypot", "Sell tax", …).
 */
import type { TokenReport } from '../../shared/analysis';
import { safetyVerdict } from '../analysis/safety-verdict';

export type BadgeVerdict = {
  /** Short text for the badge. */
  label: string;
  tone: 'safe' | 'caution' | 'danger';
  /** The verdict's reason codes (empty when nothing blocks). */
  reasons: string[];
};

export function badgeVerdictOf(report: TokenReport): BadgeVerdict {
  const v = safetyVerdict(report);
  if (v.safe) {
    // No blocking risk, but a low score still deserves caution.
    const tone = report.flabScore.flabScore >= 60 ? 'safe' : 'caution';
    return { label: 'No blocking risks found', tone, reasons: [] };
  }
  const first = v.reasons[0];
  const more = v.reasons.length > 1 ? ` (+${v.reasons.length - 1})` : '';
  return {
    label: `Avoid: ${first?.label ?? 'risk found'}${more}`,
    tone: 'danger',
    reasons: v.reasons.map((r) => r.check),
  };
}
