/**
 * The safety verdict: may a token be put in front of a user as something to buy? It is the token's
 * one verdict (verdict.ts) read for the recommending tools — the Pump Finder (and anything else that
 * recommends) cannot disagree with the analysis page: a token is safe to recommend only when its
 * verdict is "Caution" or "No major risk found"; otherwise the findings that decided the verdict are
 * the reasons (honeypot, rugged, a sell tax ≥ AVOID_SELL_TAX_PCT, owner powers usable today, a buy
 * that fails, a CRITICAL rug score, or selling untested).
 */
import type { TokenReport, TokenVerdict } from '../../shared/analysis';
import { VERDICT } from '../../shared/vocabulary';
import { isRecommendable, tokenVerdict } from './verdict';

/** A sell tax at or above this takes half of every exit: never an opportunity. */
export const AVOID_SELL_TAX_PCT = VERDICT.dangerousSellTaxPct;

export type SafetyReason = { check: string; label: string; detail: string };
export type SafetyVerdict = { safe: boolean; reasons: SafetyReason[]; verdict: TokenVerdict };

export function safetyVerdict(report: TokenReport): SafetyVerdict {
  const verdict = report.verdict ?? tokenVerdict(report);
  const safe = isRecommendable(verdict);
  const reasons = safe
    ? []
    : verdict.findings.map((f) => ({
        check:
          verdict.kind === 'honeypot' && f.check === 'holder_sells'
            ? 'honeypot'
            : verdict.kind === 'unknown' && f.check === 'honeypot'
              ? 'sell_untested'
              : f.check,
        label: verdict.kind === 'unknown' && f.check === 'honeypot' ? 'Sell untested' : f.label,
        detail: f.detail,
      }));
  return { safe, reasons, verdict };
}
