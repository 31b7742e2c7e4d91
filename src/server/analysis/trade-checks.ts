/**
 * Checks on the simulated trades: sell simulation (honeypot), buy/sell/transfer tax, sells for
 * real holders. Thresholds from shared/vocabulary.ts.
 */
import { type Evidence, round } from '../../shared/analysis';
import { TAX } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { type Check, gradeAbove, judged } from './evidence-lines';
import { tradesOnlyOnUnreadVenue } from './venue-words';

const TAX_WARN_PCT = TAX.warnPct;
const TAX_FAIL_PCT = TAX.failPct;

/** Sell simulation. Unknown (no pool / simulation error) deducts a fixed 10 (at most the weight). */
export const checkHoneypot: Check = (f, w) => {
  const spec = { check: 'honeypot', label: 'Sell simulation (honeypot)', weight: w };
  const t = f.trade;
  switch (t.status) {
    case 'ok':
      return judged(spec, 'pass', 'can sell', 'A simulated buy and sell through the pool both succeeded.');
    case 'sell_failed':
      return judged(
        spec,
        'fail',
        'sell fails',
        `Honeypot: a simulated buy worked but selling it back failed${t.revertReason ? ` (${t.revertReason})` : ''}.`,
      );
    case 'buy_failed':
      return judged(
        spec,
        'warn',
        'buy fails',
        `A simulated buy failed${t.revertReason ? ` (${t.revertReason})` : ''}: trading may not be open, or buys are blocked.`,
      );
    case 'no_pool':
      return judged(
        spec,
        'unknown',
        null,
        tradesOnlyOnUnreadVenue(f)
          ? 'The token trades only on a venue we do not read yet, so buying and selling could not be simulated.'
          : 'No pool to trade in, so buying and selling could not be simulated.',
        10,
      );
    case 'error':
      return judged(
        spec,
        'unknown',
        null,
        'The buy/sell simulation could not be run, so selling is untested.',
        10,
      );
  }
};

function taxCheck(f: TokenReportFacts, w: number, kind: 'buy' | 'sell' | 'transfer'): Evidence {
  const spec = { check: `${kind}_tax`, label: `${kind[0]?.toUpperCase()}${kind.slice(1)} tax`, weight: w };
  const t = f.trade;
  let tax: number | null = null;
  if (t.status === 'ok')
    tax = kind === 'buy' ? t.buyTaxPct : kind === 'sell' ? t.sellTaxPct : t.transferTaxPct;
  else if (t.status === 'sell_failed' && kind === 'buy') tax = t.buyTaxPct;
  if (tax === null || !Number.isFinite(tax))
    return judged(spec, 'unknown', null, `The ${kind} tax could not be measured.`);
  const o = gradeAbove(tax, TAX_WARN_PCT, TAX_FAIL_PCT);
  const v = round(tax, 2);
  const detail =
    o === 'pass'
      ? `The ${kind} tax is ${v}%.`
      : `High ${kind} tax: ${v}% of every ${kind} is taken (above ${o === 'fail' ? TAX_FAIL_PCT : TAX_WARN_PCT}%).`;
  return judged(spec, o, v, detail);
}

export const checkBuyTax: Check = (f, w) => taxCheck(f, w, 'buy');
export const checkSellTax: Check = (f, w) => taxCheck(f, w, 'sell');
export const checkTransferTax: Check = (f, w) => taxCheck(f, w, 'transfer');

export const checkHolderSells: Check = (f, w) => {
  const spec = { check: 'holder_sells', label: 'Sells simulated for real holders', weight: w };
  const h = f.holderSells;
  if (!h || h.sampled <= 0)
    return judged(spec, 'unknown', null, 'Sells could not be simulated for existing holders.');
  const failedShare = h.failed / h.sampled;
  const spread = h.minTaxPct !== null && h.maxTaxPct !== null ? h.maxTaxPct - h.minTaxPct : 0;
  const value = `${h.couldSell}/${h.sampled} could sell`;
  if (failedShare >= 0.5)
    return judged(
      spec,
      'fail',
      value,
      `${h.failed} of ${h.sampled} sampled holders cannot sell their tokens.`,
    );
  if (h.maxTaxPct !== null && h.maxTaxPct > TAX_FAIL_PCT)
    return judged(spec, 'fail', value, `Some holders pay a ${round(h.maxTaxPct, 1)}% tax when they sell.`);
  if (h.failed > 0)
    return judged(
      spec,
      'warn',
      value,
      `${h.failed} of ${h.sampled} sampled holders cannot sell their tokens.`,
    );
  if ((h.maxTaxPct !== null && h.maxTaxPct > TAX_WARN_PCT) || spread > 5)
    return judged(
      spec,
      'warn',
      value,
      `Sell tax differs between holders (${round(h.minTaxPct ?? 0, 1)}% to ${round(h.maxTaxPct ?? 0, 1)}%).`,
    );
  return judged(spec, 'pass', value, `All ${h.sampled} sampled holders could sell.`);
};
