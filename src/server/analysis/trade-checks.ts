/**
 * Checks on the simulated trades: sell simulation (honeypot), buy/sell/transfer tax, sells for
 * real holders. Thresholds from shared/vocabulary.ts.
 */
import { type Evidence, round } from '../../shared/analysis';
import { HONEYPOT, TAX } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { type Check, gradeAbove, judged } from './evidence-lines';
import { tradesOnlyOnUnreadVenue } from './venue-words';

const TAX_WARN_PCT = TAX.warnPct;
const TAX_FAIL_PCT = TAX.failPct;

/** Sell simulation. Unknown (no pool / simulation error) deducts a fixed 10 (at most the weight). */
export const checkHoneypot: Check = (f, w) => {
  const spec = { check: 'honeypot', label: 'Sell simulation (honeypot)', weight: w };
  const t = f.trade;
  const h = f.holderSells;
  const holdersBlocked = h !== null && h.sampled > 0 && h.failed / h.sampled >= HONEYPOT.failedHolderShare;
  const holdersSell = h !== null && h.sampled > 0 && h.couldSell / h.sampled > 1 - HONEYPOT.failedHolderShare;
  // Real holders who bought through the pool decide: they cannot sell → honeypot, even when a fresh
  // round trip passes (a token can lock wallets some blocks after their first buy).
  if (holdersBlocked && h && t.status !== 'sell_failed')
    return judged(
      spec,
      'fail',
      'holders cannot sell',
      `Honeypot: ${h.failed} of ${h.sampled} real holders who bought through the pool cannot sell${t.status === 'ok' ? ', although a fresh buy-and-sell in one block works' : ''}.`,
    );
  switch (t.status) {
    case 'ok':
      return judged(spec, 'pass', 'can sell', 'A simulated buy and sell through the pool both succeeded.');
    case 'sell_failed':
      // A same-block failure while holders can sell is a cooldown or transfer delay, not a honeypot.
      if (holdersSell && h)
        return judged(
          spec,
          'pass',
          'can sell later',
          `Real holders can sell (${h.couldSell} of ${h.sampled}); only a sell in the same block as the buy failed${t.revertReason ? ` (${t.revertReason})` : ''}, which is a sell cooldown or transfer delay (see that check), not a honeypot.`,
        );
      return judged(
        spec,
        'fail',
        'sell fails',
        `Honeypot: a simulated buy worked but selling it back failed${t.revertReason ? ` (${t.revertReason})` : ''}${holdersBlocked && h ? `, and ${h.failed} of ${h.sampled} real holders cannot sell either` : ''}.`,
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
  if (kind === 'transfer' && t.status === 'ok' && t.transferFailed)
    return judged(
      spec,
      'unknown',
      null,
      'A test transfer between wallets reverted right after the buy (a transfer delay or cooldown can do that), so the transfer tax could not be measured; a failed transfer is not a tax.',
    );
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

/**
 * Sell cooldown / transfer delay: a sell in the buy's own block fails while real holders can sell.
 * How many blocks it needs is not measured yet (the probe trades within one block).
 */
export const checkSellCooldown: Check = (f, w) => {
  const spec = { check: 'sell_cooldown', label: 'Sell cooldown / transfer delay', weight: w };
  const t = f.trade;
  const h = f.holderSells;
  const holdersSell = h !== null && h.sampled > 0 && h.couldSell / h.sampled > 1 - HONEYPOT.failedHolderShare;
  const sameBlockFails = t.status === 'sell_failed' || (t.status === 'ok' && t.transferFailed);
  if (sameBlockFails && holdersSell)
    return judged(
      spec,
      'warn',
      'same block fails',
      'Selling or transferring in the same block as the buy fails, while real holders can sell: the token enforces a sell cooldown or transfer delay (the number of blocks is not measured).',
    );
  if (sameBlockFails)
    return judged(
      spec,
      'unknown',
      null,
      'A same-block sell failed and no holder sample could show whether a later sell works.',
    );
  if (t.status === 'ok')
    return judged(spec, 'pass', false, 'A sell in the same block as the buy works: no cooldown.');
  return judged(spec, 'unknown', null, 'The trade simulation did not reach a sell.');
};
