/**
 * The safety verdict: may a token be put in front of a user as something to buy? Pure, over one
 * engine report — it reads the engine's own checks and facts instead of re-judging the token, so
 * the Pump Finder (and anything else that recommends) cannot disagree with the scanner.
 *
 * A token fails when any of these holds (issue 11; reasons listed in this order):
 * - honeypot: the simulated sell fails, or most sampled real holders cannot sell (`honeypot`,
 *   `holder_sells` checks failing);
 * - sell tax ≥ AVOID_SELL_TAX_PCT, measured by the trade simulation or on real holders' sells;
 * - rugged: the pool's liquidity has been drained (the rug detector's completed rug);
 * - the owner can mint or move other holders' tokens (`mint`, `owner_moves_tokens` failing: the
 *   power exists and is not renounced, or it was used);
 * - buying fails, or selling could not be tested at all (no pool, simulation error): we do not
 *   recommend what we could not buy and sell back.
 */
import type { Evidence, TokenReport } from '../../shared/analysis';

/** A sell tax at or above this takes half of every exit: never an opportunity. */
export const AVOID_SELL_TAX_PCT = 50;

export type SafetyReason = { check: string; label: string; detail: string };
export type SafetyVerdict = { safe: boolean; reasons: SafetyReason[] };

function evidenceOf(report: TokenReport): Map<string, Evidence> {
  const out = new Map<string, Evidence>();
  for (const list of [report.scanner.evidence, report.rug.evidence]) {
    for (const e of list) if (!out.has(e.check)) out.set(e.check, e);
  }
  return out;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The `holder_sells` check also fails on a high tax; only stuck holders make a honeypot. */
function mostHoldersStuck(report: TokenReport): boolean {
  const h = report.facts.holderSells;
  return !!h && h.sampled > 0 && h.failed / h.sampled >= 0.5;
}

export function safetyVerdict(report: TokenReport): SafetyVerdict {
  const ev = evidenceOf(report);
  const reasons: SafetyReason[] = [];
  const failed = (check: string) => {
    const e = ev.get(check);
    return e && e.outcome === 'fail' ? e : null;
  };
  const add = (check: string, label: string, detail: string) => reasons.push({ check, label, detail });

  const trade = report.facts.trade;
  const honeypot = failed('honeypot');
  const holderSells = failed('holder_sells');
  if (honeypot) add('honeypot', 'Honeypot', honeypot.detail);
  else if (holderSells && mostHoldersStuck(report)) add('honeypot', 'Honeypot', holderSells.detail);

  const simulatedTax = num(trade.sellTaxPct);
  const holderTax = num(report.facts.holderSells?.maxTaxPct);
  const tax = Math.max(simulatedTax ?? -1, holderTax ?? -1);
  if (tax >= AVOID_SELL_TAX_PCT)
    add(
      'sell_tax',
      'Sell tax',
      `A sell pays ${Math.round(tax * 10) / 10}% tax (at or above ${AVOID_SELL_TAX_PCT}%)${
        simulatedTax !== null && simulatedTax >= AVOID_SELL_TAX_PCT
          ? ' in the trade simulation'
          : ' for real holders'
      }.`,
    );

  if (report.rug.completedRug) {
    const e = ev.get('completed_rug');
    add('completed_rug', 'Rugged', e?.detail ?? "The pool's liquidity has been drained.");
  }

  const mint = failed('mint');
  if (mint) add('mint', 'Owner can mint', mint.detail);
  const moves = failed('owner_moves_tokens');
  if (moves) add('owner_moves_tokens', "Owner can move holders' tokens", moves.detail);

  if (trade.status === 'buy_failed')
    add('buy_fails', 'Buy fails', ev.get('honeypot')?.detail ?? 'A simulated buy failed.');
  else if (trade.status === 'no_pool' || trade.status === 'error')
    add(
      'sell_untested',
      'Sell untested',
      trade.status === 'no_pool'
        ? 'There is no pool to simulate a sell in, so selling is untested.'
        : 'The buy/sell simulation could not be run, so selling is untested.',
    );

  return { safe: reasons.length === 0, reasons };
}
