/**
 * Checks on the simulated trades: sell simulation (honeypot), buy/sell/transfer tax, sells for
 * real holders. Thresholds from shared/vocabulary.ts.
 */
import { type Evidence, outcomeRank, round } from '../../shared/analysis';
import { BUYERS_CANNOT_ENTER, HONEYPOT, TAX, TRADE_SCHEDULE } from '../../shared/vocabulary';
import type { OnceOpenFacts, TokenReportFacts } from '../facts/types';
import { type Check, type CheckSpec, gradeAbove, judged } from './evidence-lines';
import { holdersBeyondDepth, usdWords } from './sell-sizes';
import { clockWords, offsetWords, readTradeSchedule } from './trade-schedule';
import { tradingSwitch } from './trading-switch';
import { tradesOnlyOnUnreadVenue } from './venue-words';

const TAX_WARN_PCT = TAX.warnPct;
const TAX_FAIL_PCT = TAX.failPct;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;

/** "1, 2, 3, 5, 10 and 20 blocks later" or null when later blocks were not simulated. */
function laterWords(t: TokenReportFacts['trade']): string | null {
  const later = 'laterBlocksProbed' in t ? (t.laterBlocksProbed ?? []) : [];
  if (later.length === 0) return null;
  const xs = later.map(String);
  const last = xs.pop();
  return `${xs.length ? `${xs.join(', ')} and ` : ''}${last} blocks later`;
}

/** The gas price the simulated user paid, in words (facts cached before it was recorded have none). */
function gasWords(t: TokenReportFacts['trade']): string {
  if (!('gasPriceGwei' in t) || t.gasPriceGwei === undefined) return '';
  return ` (a fresh wallet paying ${round(t.gasPriceGwei, 4)} gwei gas, base fee ${round(t.baseFeeGwei ?? 0, 4)} gwei)`;
}

/** "the clock moved 30 days ahead (and the block number 1,296,000 blocks)". */
function movedWords(j: { days: number; blocks?: number }): string {
  return `the clock moved ${j.days} days ahead${j.blocks ? ` and the block number ${j.blocks.toLocaleString('en-US')} blocks ahead` : ''}`;
}

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
      `Honeypot: ${h.failed} of ${h.sampled} real holders who bought through the pool cannot sell${t.status === 'ok' ? ', although a fresh buy-and-sell works' : ''}.${walletWords(h, t.status === 'ok')}`,
    );
  const seq = h?.sequence ?? null;
  if (seq?.trappedFrom) {
    const n = seq.trappedFrom;
    const reason = seq.sellers[n - 1]?.revertReason;
    return judged(
      spec,
      'fail',
      TRADE_SCHEDULE.trappedInLine,
      `Honeypot for the rest: the largest holders selling their whole balance one after another, the first ${n - 1} of ${seq.sellers.length} could sell; the ${ordinal(n)} and later are refused${reason ? ` (${reason})` : ''}, although each could sell alone — a rule that lets the first sellers out and traps the rest.`,
    );
  }
  const schedule = 'schedule' in t ? readTradeSchedule(t.schedule) : null;
  const firstMoment = 'schedule' in t ? (t.schedule?.[0] ?? null) : null;
  switch (t.status) {
    case 'ok': {
      if (schedule?.sellsStopAt && firstMoment) {
        const at = schedule.sellsStopAt;
        return judged(
          spec,
          'fail',
          TRADE_SCHEDULE.sellsStopLater,
          `Honeypot from ${clockWords(at, firstMoment)}: a fresh buyer can sell now, but a fresh buyer's buy and sell then fails${at.revertReason ? ` (${at.revertReason})` : ''}: the contract stops sells after a time.`,
        );
      }
      const lockedAt = t.sellBlockedAfterBlocks ?? null;
      if (lockedAt !== null)
        return judged(
          spec,
          'fail',
          'sells locked later',
          `Honeypot: a fresh buyer can sell at first, but ${plural(lockedAt, 'block')} after the buy the same sell fails${t.sellBlockedReason ? ` (${t.sellBlockedReason})` : ''}: the wallet is locked some blocks after its first buy.`,
        );
      const jump = t.clockJump ?? null;
      if (jump && !jump.sellOk)
        return judged(
          spec,
          'fail',
          `sells stop within ${jump.days} days`,
          `Honeypot (time bomb): a fresh buyer can sell today, but the same sell with ${movedWords(jump)} fails${jump.revertReason ? ` (${jump.revertReason})` : ''}: the contract stops sells from some date or block on.`,
        );
      const delay = t.sellDelayBlocks ?? 0;
      if (delay > 0)
        return judged(
          spec,
          'pass',
          'can sell later',
          `A simulated buy can be sold ${plural(delay, 'block')} after it${gasWords(t)}; a sell in the buy's own block fails, which is a sell cooldown (see that check), not a honeypot.`,
        );
      return judged(
        spec,
        'pass',
        'can sell',
        `A simulated buy and sell through the pool both succeeded${gasWords(t)}.`,
      );
    }
    case 'sell_failed': {
      const later = laterWords(t);
      // The fresh buyer sells all it bought: when real holders can sell a tenth but not their whole
      // balance either, the failure is a limit on the size of a sell, not a cooldown or a honeypot.
      if (holdersSell && h && sizeLimited(f, h))
        return judged(
          spec,
          'warn',
          'only in pieces',
          `A fresh buyer's sell of all it bought fails${t.revertReason ? ` (${t.revertReason})` : ''}, and so do real holders' sells of their whole balance, while a tenth of their tokens sells: a limit on the size of a sell below what wallets hold — they can leave only in pieces (see the holder sells).`,
        );
      // A same-block failure while holders can sell is a cooldown or transfer delay, not a honeypot.
      if (holdersSell && h)
        return judged(
          spec,
          'pass',
          'can sell later',
          `Real holders can sell (${h.couldSell} of ${h.sampled}); only a fresh buyer's sell failed${t.revertReason ? ` (${t.revertReason})` : ''}${later ? `, in the buy's block and ${later}` : ' in the buy’s block'}, which is a sell cooldown or transfer delay (see that check), not a honeypot.`,
        );
      if (schedule?.sellsOpenAt && firstMoment)
        return judged(
          spec,
          'warn',
          TRADE_SCHEDULE.sellsOpenLater,
          `Sells open at ${clockWords(schedule.sellsOpenAt, firstMoment)}: a fresh buyer's sell fails now${t.revertReason ? ` (${t.revertReason})` : ''} and passes from then on (a launch window, such as a fair launch, that ends); until then nothing bought can be sold.`,
        );
      const never =
        schedule?.sellsNeverOpen && schedule.last
          ? `, and at every later moment up to ${offsetWords(schedule.last.secondsAfter)}`
          : '';
      return judged(
        spec,
        'fail',
        'sell fails',
        `Honeypot: a simulated buy worked but selling it back failed${t.revertReason ? ` (${t.revertReason})` : ''}${gasWords(t)}${later ? `, also ${later}` : ''}${never}${holdersBlocked && h ? `, and ${h.failed} of ${h.sampled} real holders cannot sell either` : ''}.`,
      );
    }
    case 'buy_failed': {
      // Closed trading: the owner-power simulation looked for the switch (a privileged call after
      // which a buy passes, whatever its name) and measured the token once open.
      const sw = tradingSwitch(f);
      const reason = t.revertReason ? ` (${t.revertReason})` : '';
      if (sw?.kind === 'opens') return switchFound(spec, sw.open);
      // No known way in: buyers cannot enter. A fail either way — a search that could not be finished
      // is never better than one that found nothing — and the verdict's "Buy fails" (Dangerous).
      if (sw?.kind === 'none')
        return judged(
          spec,
          'fail',
          BUYERS_CANNOT_ENTER.noSwitch,
          `No privileged call opens trading: buyers cannot enter. A simulated buy fails${reason}, and ${sw.why}.`,
        );
      return judged(
        spec,
        'fail',
        BUYERS_CANNOT_ENTER.unchecked,
        `Buyers cannot enter: a simulated buy fails${reason}, and whether a privileged call can open trading could not be checked${sw ? ` (${sw.why})` : ''}.`,
      );
    }
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

/** The sell simulation's line when trading is closed and a privileged call opens it. */
function switchFound(spec: CheckSpec, open: OnceOpenFacts): Evidence {
  const sw = `Trading is not open yet: ${open.callerRole} ${open.caller} can open it with ${open.signature ?? `function ${open.selector}`} (measured: after that call a buy passes)`;
  if (!open.sellOk)
    return judged(
      spec,
      'fail',
      'honeypot once open',
      `Honeypot once trading opens. ${sw}; once open, a buy works but selling it back fails.`,
    );
  const taxes =
    open.buyTaxPct !== null || open.sellTaxPct !== null
      ? ` (buy tax ${round(open.buyTaxPct ?? 0, 2)}%, sell tax ${round(open.sellTaxPct ?? 0, 2)}%)`
      : '';
  return judged(
    spec,
    'warn',
    'not open yet',
    `${sw}. Once open, a fresh buy and sell both work${taxes}.${open.canClose ? ' The same switch can close trading again: a pause power (see that check).' : ''}`,
  );
}

/** The token as its trading switch leaves it, when buys fail today and a switch was found. */
function onceOpen(f: TokenReportFacts) {
  if (f.trade.status !== 'buy_failed' || f.ownerPowers.status !== 'simulated') return null;
  return f.ownerPowers.onceOpen ?? null;
}

function taxCheck(f: TokenReportFacts, w: number, kind: 'buy' | 'sell' | 'transfer'): Evidence {
  const spec = { check: `${kind}_tax`, label: `${kind[0]?.toUpperCase()}${kind.slice(1)} tax`, weight: w };
  const t = f.trade;
  const open = kind === 'transfer' ? null : onceOpen(f);
  const openTax = open?.measured ? (kind === 'buy' ? open.buyTaxPct : open.sellTaxPct) : null;
  if (open && openTax !== null) {
    const o = gradeAbove(openTax, TAX_WARN_PCT, TAX_FAIL_PCT);
    return judged(
      spec,
      o,
      round(openTax, 2),
      `Trading is not open yet; once ${open.callerRole} opens it with ${open.signature ?? `function ${open.selector}`}, the ${kind} tax is ${round(openTax, 2)}% (measured).`,
    );
  }
  let tax: number | null = null;
  if (t.status === 'ok')
    tax = kind === 'buy' ? t.buyTaxPct : kind === 'sell' ? t.sellTaxPct : t.transferTaxPct;
  else if (t.status === 'sell_failed' && kind === 'buy') tax = t.buyTaxPct;
  if (kind === 'transfer' && t.status === 'ok' && t.transferTaxPct === null)
    return judged(
      spec,
      'unknown',
      null,
      `A test transfer between wallets reverted after the buy${laterWords(t) ? ` and again ${laterWords(t)}` : ''} (a transfer delay or cooldown can do that), so the transfer tax could not be measured; a failed transfer is not a tax.`,
    );
  // The schedule: a fee that rises later is judged on the later fee (at least a warning); a launch
  // fee that falls to its normal level is said, and judged on the fee after it falls. Sells that
  // open later are taxed as they open.
  const reading = kind === 'transfer' || !('schedule' in t) ? null : readTradeSchedule(t.schedule);
  const course = kind === 'transfer' ? null : (reading?.[`${kind}Fee`] ?? null);
  if (tax === null && kind === 'sell' && reading?.sellsOpenAt && course) tax = course.judged;
  if (tax === null || !Number.isFinite(tax))
    return judged(spec, 'unknown', null, `The ${kind} tax could not be measured.`);
  if (course?.kind === 'rises') {
    const o = gradeAbove(course.judged, TAX_WARN_PCT, TAX_FAIL_PCT);
    return judged(
      spec,
      outcomeRank(o) > outcomeRank('warn') ? o : 'warn',
      round(course.judged, 2),
      `The ${course.words}: the fee rises later; judged on the later fee.`,
    );
  }
  if (course?.kind === 'falls') tax = course.judged;
  // A sell tax switched on by a date: the same sell with the clock moved ahead costs more.
  const jump = kind === 'sell' && t.status === 'ok' ? (t.clockJump ?? null) : null;
  const jumpTax = jump?.sellOk ? jump.sellTaxPct : null;
  if (jump && jumpTax !== null && jumpTax > tax + 1) {
    const now = gradeAbove(tax, TAX_WARN_PCT, TAX_FAIL_PCT);
    const later = gradeAbove(jumpTax, TAX_WARN_PCT, TAX_FAIL_PCT);
    if (outcomeRank(later) > outcomeRank(now))
      return judged(
        spec,
        later,
        round(jumpTax, 2),
        `The sell tax is ${round(tax, 2)}% today, but the same sell with ${movedWords(jump)} loses ${round(jumpTax, 2)}%: the contract raises the tax from some date or block on (a time bomb).`,
      );
  }
  const o = gradeAbove(tax, TAX_WARN_PCT, TAX_FAIL_PCT);
  const v = round(tax, 2);
  if (course?.kind === 'falls')
    return judged(
      spec,
      o,
      v,
      `The ${course.words}: a launch fee that falls to the normal fee${o === 'pass' ? ' (not a risk once it has fallen)' : ''}; judged on the fee after it falls.`,
    );
  const detail =
    o === 'pass'
      ? `The ${kind} tax is ${v}%.`
      : `High ${kind} tax: ${v}% of every ${kind} is taken (above ${o === 'fail' ? TAX_FAIL_PCT : TAX_WARN_PCT}%).`;
  return judged(spec, o, v, detail);
}

export const checkBuyTax: Check = (f, w) => taxCheck(f, w, 'buy');
export const checkSellTax: Check = (f, w) => taxCheck(f, w, 'sell');
export const checkTransferTax: Check = (f, w) => taxCheck(f, w, 'transfer');

/** "the oldest buyer and the median buyer" for the holders that could not sell, when known. */
function whoFailed(h: NonNullable<TokenReportFacts['holderSells']>): string {
  const roles = [...new Set((h.sellers ?? []).filter((s) => !s.ok).map((s) => s.role))];
  if (roles.length === 0) return '';
  const last = roles.pop();
  return ` (${roles.length ? `${roles.join(', ')} and ` : ''}${last})`;
}

/**
 * " Their sells from their own wallets … revert (reason)" when a failed holder's sell from its own
 * codeless wallet reverted: the token can stop wallets while contracts (bots, probes) sell.
 */
function walletWords(h: NonNullable<TokenReportFacts['holderSells']>, contractSold: boolean): string {
  const w = (h.sellers ?? []).filter((s) => !s.ok && s.wallet?.ok === false);
  if (w.length === 0) return '';
  const reason = w.find((s) => s.wallet?.revertReason)?.wallet?.revertReason;
  return ` ${w.length === 1 ? 'Its sell' : `${w.length} of them`} from their own wallet (no contract code, straight to the router) revert${w.length === 1 ? 's' : ''}${reason ? ` (${reason})` : ''}${contractSold ? ', while a sell made by a contract passes: the token stops wallets, not contracts' : ''}.`;
}

/**
 * Holders whose whole-balance sell was measured and who could sell a tenth. The deployer is left
 * out: its bag is the supply not put in the pool, which a max-transaction rule is meant to stop.
 */
/**
 * Holders whose whole-balance sell was tried, without those whose balance is worth more than the
 * pool can pay (sell-sizes.ts): that failure is the pool's depth, not a limit the token sets.
 */
const wholeSellers = (f: TokenReportFacts, h: NonNullable<TokenReportFacts['holderSells']>) => {
  const deep = holdersBeyondDepth(f)?.addresses;
  return (h.sellers ?? []).filter(
    (s) => s.ok && s.whole && s.role !== 'deployer' && !deep?.has(s.address.toLowerCase()),
  );
};

/**
 * Holders who sell a tenth but whose whole balance, worth more than the pool can pay, does not
 * sell at once: "a large sell fails: the pool holds $X", not a limit and not a honeypot.
 */
function largeSellWords(f: TokenReportFacts, h: NonNullable<TokenReportFacts['holderSells']>): string | null {
  const deep = holdersBeyondDepth(f);
  if (!deep) return null;
  const stuck = (h.sellers ?? []).filter(
    (s) => s.ok && s.whole?.ok === false && deep.addresses.has(s.address.toLowerCase()),
  );
  if (stuck.length === 0) return null;
  return `A large sell fails: the pool holds ${usdWords(deep.poolUsd)}. ${stuck.length} of ${h.sampled} sampled holders sell a tenth of their tokens but not their whole balance, which is worth more than the pool can pay — not a limit of the token.`;
}

/** Most holders measured could sell a tenth but not their whole balance at once. */
function sizeLimited(f: TokenReportFacts, h: NonNullable<TokenReportFacts['holderSells']>): boolean {
  const measured = wholeSellers(f, h);
  const stuck = measured.filter((s) => s.whole?.ok === false).length;
  return measured.length > 0 && stuck / measured.length >= HONEYPOT.failedHolderShare;
}

/**
 * Holders who can sell a tenth of their tokens but not all of them at once (or pay far more for it):
 * a sell limit below what they hold, measured on their own balances.
 */
function wholeBalanceWords(
  f: TokenReportFacts,
  h: NonNullable<TokenReportFacts['holderSells']>,
): string | null {
  const sellers = wholeSellers(f, h);
  const stuck = sellers.filter((s) => s.whole?.ok === false);
  if (stuck.length > 0) {
    const reason = stuck.find((s) => s.whole?.revertReason)?.whole?.revertReason;
    return `${stuck.length} of ${h.sampled} sampled holders can sell a tenth of their tokens but not their whole balance in one sell${reason ? ` (${reason})` : ''}: a sell limit below what they hold (they can only leave in pieces).`;
  }
  const taxed = sellers.filter(
    (s) => (s.whole?.taxPct ?? 0) > TAX_WARN_PCT && (s.whole?.taxPct ?? 0) - (s.taxPct ?? 0) > 5,
  );
  if (taxed.length > 0) {
    const worst = Math.max(...taxed.map((s) => s.whole?.taxPct ?? 0));
    return `${taxed.length} of ${h.sampled} sampled holders pay up to ${round(worst, 1)}% when they sell their whole balance at once, far more than on a tenth of it: a tax that rises with the size of the sell.`;
  }
  return null;
}

/** " 2 more could not be probed." when some holder probes returned nothing. */
function inconclusiveWords(h: NonNullable<TokenReportFacts['holderSells']>): string {
  const n = h.inconclusive ?? 0;
  return n > 0 ? ` ${n} more could not be probed (no result within the gas bound).` : '';
}

/** The schedule's falling sell fee when it accounts for every holder's measured tax; else null. */
function launchFeeCovers(f: TokenReportFacts, h: NonNullable<TokenReportFacts['holderSells']>) {
  const t = f.trade;
  const course = 'schedule' in t ? readTradeSchedule(t.schedule)?.sellFee : null;
  if (course?.kind !== 'falls' || h.maxTaxPct === null) return null;
  return h.maxTaxPct <= course.now + 1 ? course : null;
}

export const checkHolderSells: Check = (f, w) => {
  const spec = { check: 'holder_sells', label: 'Sells simulated for real holders', weight: w };
  const h = f.holderSells;
  if (!h || h.sampled <= 0)
    return judged(
      spec,
      'unknown',
      null,
      `Sells could not be simulated for existing holders.${h ? inconclusiveWords(h) : ''}`,
    );
  const failedShare = h.failed / h.sampled;
  const spread = h.minTaxPct !== null && h.maxTaxPct !== null ? h.maxTaxPct - h.minTaxPct : 0;
  const value = `${h.couldSell}/${h.sampled} could sell`;
  const sample = h.sellers?.some((s) => s.boughtBlock !== null)
    ? 'sampled holders (pool buyers of different ages and the largest holders)'
    : 'sampled holders';
  const tail = inconclusiveWords(h);
  if (failedShare >= HONEYPOT.failedHolderShare)
    return judged(
      spec,
      'fail',
      value,
      `${h.failed} of ${h.sampled} ${sample} cannot sell their tokens${whoFailed(h)}, now or 20 blocks later.${walletWords(h, f.trade.status === 'ok')}${tail}`,
    );
  // Holders sold in the same launch-fee window as the fresh buyer: the fee the schedule saw fall
  // is said, and their taxes are judged after its fall (the sell tax check grades that fee).
  const launch = launchFeeCovers(f, h);
  const maxTax = launch ? null : h.maxTaxPct;
  if (maxTax !== null && maxTax > TAX_FAIL_PCT)
    return judged(spec, 'fail', value, `Some holders pay a ${round(maxTax, 1)}% tax when they sell.${tail}`);
  if (h.failed > 0)
    return judged(
      spec,
      'warn',
      value,
      `${h.failed} of ${h.sampled} ${sample} cannot sell their tokens${whoFailed(h)}.${walletWords(h, f.trade.status === 'ok')}${tail}`,
    );
  const whole = wholeBalanceWords(f, h);
  if (whole) return judged(spec, 'warn', value, `${whole}${tail}`);
  const large = largeSellWords(f, h);
  if (large) return judged(spec, 'pass', value, `${large}${tail}`);
  if (launch && h.failed === 0)
    return judged(
      spec,
      'pass',
      value,
      `All ${h.sampled} ${sample} could sell; they paid the launch fee (${launch.words}), which falls to the normal fee.${tail}`,
    );
  if ((maxTax !== null && maxTax > TAX_WARN_PCT) || spread > 5)
    return judged(
      spec,
      'warn',
      value,
      `Sell tax differs between holders (${round(h.minTaxPct ?? 0, 1)}% to ${round(h.maxTaxPct ?? 0, 1)}%).${tail}`,
    );
  const sellers = h.sellers ?? [];
  const ways = [
    sellers.some((s) => s.whole?.ok) ? 'their whole balance at once' : null,
    sellers.some((s) => s.wallet?.ok) ? 'from their own wallet through the router' : null,
  ].filter((x) => x !== null);
  return judged(
    spec,
    'pass',
    value,
    `All ${h.sampled} ${sample} could sell, at a real gas price${ways.length ? ` (a tenth of their tokens, ${ways.join(', and ')} too)` : ''}.${tail}`,
  );
};

/**
 * Sell cooldown / transfer delay: a fresh buyer's sell (or wallet-to-wallet transfer) fails in the
 * buy's own block and passes some blocks later (counted: tried again 1, 2, 3, 5, 10 and 20 blocks later),
 * or fails for the fresh buyer while real holders can sell.
 */
export const checkSellCooldown: Check = (f, w) => {
  const spec = { check: 'sell_cooldown', label: 'Sell cooldown / transfer delay', weight: w };
  const t = f.trade;
  const h = f.holderSells;
  const holdersSell = h !== null && h.sampled > 0 && h.couldSell / h.sampled > 1 - HONEYPOT.failedHolderShare;
  if (t.status === 'ok') {
    const lockedAt = t.sellBlockedAfterBlocks ?? null;
    if (lockedAt !== null)
      return judged(
        spec,
        'warn',
        `locked after ${plural(lockedAt, 'block')}`,
        `Not a cooldown but a lock: a fresh buyer's sell passes at first and fails ${plural(lockedAt, 'block')} after the buy (see the honeypot check).`,
      );
    const sell = t.sellDelayBlocks ?? 0;
    const transfer =
      t.transferDelayBlocks === undefined ? (t.transferFailed ? null : 0) : t.transferDelayBlocks;
    if (sell > 0)
      return judged(
        spec,
        'warn',
        plural(sell, 'block'),
        `Sell cooldown: selling in the same block as the buy fails; a sell ${plural(sell, 'block')} later passes. Harmless for holders who wait, but it blocks quick exits.`,
      );
    if (transfer !== null && transfer > 0)
      return judged(
        spec,
        'warn',
        plural(transfer, 'block'),
        `Transfer delay: a wallet-to-wallet transfer right after the buy fails; ${plural(transfer, 'block')} later it passes.`,
      );
    if (transfer === null)
      return judged(
        spec,
        'warn',
        'transfers fail',
        `Wallet-to-wallet transfers after a buy failed in every block tried${laterWords(t) ? ` (the buy's block and ${laterWords(t)})` : ''}, while selling works.`,
      );
    return judged(spec, 'pass', false, 'A sell in the same block as the buy works: no cooldown.');
  }
  if (t.status === 'sell_failed' && holdersSell && h && sizeLimited(f, h))
    return judged(
      spec,
      'warn',
      'sell size limited',
      "Not a cooldown: a sell of a wallet's whole balance fails for the fresh buyer and for real holders alike, while a tenth sells (see the honeypot check).",
    );
  if (t.status === 'sell_failed' && holdersSell) {
    const later = laterWords(t);
    return judged(
      spec,
      'warn',
      later ? 'over 20 blocks' : 'same block fails',
      later
        ? `A fresh buyer's sell fails in the buy's block and ${later}, while real holders can sell: a cooldown longer than the blocks probed.`
        : 'Selling in the same block as the buy fails, while real holders can sell: the token enforces a sell cooldown or transfer delay (this node could not simulate later blocks, so the number of blocks is not measured).',
    );
  }
  if (t.status === 'sell_failed')
    return judged(
      spec,
      'unknown',
      null,
      'A fresh buyer could not sell in any block tried and no holder sample shows that a later sell works.',
    );
  return judged(spec, 'unknown', null, 'The trade simulation did not reach a sell.');
};

/**
 * Gas abuse: a swap of this token costs far more gas than a token transfer needs (e.g. "gas tokens"
 * minted at the trader's cost). A plain V2 swap of a fee-taking token uses under 300 thousand gas and
 * one that sells its collected fees inside the trade (swap-back) under 800 thousand.
 */
export const GAS_ABUSE_WARN = 1_000_000;
export const GAS_ABUSE_FAIL = 1_400_000;

export const checkGasAbuse: Check = (f, w) => {
  const spec = { check: 'gas_abuse', label: 'Gas burned per trade', weight: w };
  const t = f.trade;
  if (t.status !== 'ok')
    return judged(spec, 'unknown', null, 'No simulated trade passed, so its gas was not measured.');
  const gas = Math.max(Number(t.buyGas ?? 0n), Number(t.sellGas ?? 0n));
  const which = Number(t.sellGas ?? 0n) >= Number(t.buyGas ?? 0n) ? 'sell' : 'buy';
  const o = gas > GAS_ABUSE_FAIL ? 'fail' : gas > GAS_ABUSE_WARN ? 'warn' : 'pass';
  return judged(
    spec,
    o,
    gas,
    o === 'pass'
      ? `A simulated buy and sell used at most ${gas.toLocaleString('en-US')} gas each.`
      : `A simulated ${which} burned ${gas.toLocaleString('en-US')} gas, far more than a token swap needs (under ${(GAS_ABUSE_WARN / 1e6).toFixed(1)} million even with fees sold inside the trade): the trader pays for work the token makes it do.`,
  );
};
