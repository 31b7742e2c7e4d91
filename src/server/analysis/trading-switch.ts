/**
 * Closed trading (issue 40 item 5), pure: a simulated buy fails today. Is there a switch — a
 * privileged call after which a buy passes, found by effect among every privileged call the
 * owner-power simulation made, whatever its name — and when none was found, is that absence evidence
 * ("no privileged call opens trading: buyers cannot enter") or a search that could not be finished?
 */
import type { Evidence } from '../../shared/analysis';
import { BUYERS_CANNOT_ENTER } from '../../shared/vocabulary';
import type { OnceOpenFacts, TokenReportFacts } from '../facts/types';
import { unprovenAbsence } from './owner-power-checks';

export type TradingSwitch =
  /** A privileged call opens trading; the token was measured again as it leaves it. */
  | { kind: 'opens'; open: OnceOpenFacts }
  /** No privileged call opens trading: `why` says what was tried. */
  | { kind: 'none'; why: string }
  /** Whether a privileged call opens trading could not be checked: `why` says what is missing. */
  | { kind: 'unchecked'; why: string };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The switch of a token whose buy fails (null: the buy did not fail). */
export function tradingSwitch(f: TokenReportFacts): TradingSwitch | null {
  if (f.trade.status !== 'buy_failed') return null;
  const p = f.ownerPowers;
  // Nobody holds a privileged role, so nobody can open it. (A hidden holder the discovery missed
  // would show as a power elsewhere; what a buyer meets today is the same: no way in.)
  if (p.status === 'no_callers')
    return { kind: 'none', why: `no address holds owner powers (${p.reason.replace(/\.$/, '')})` };
  if (p.status === 'error') return { kind: 'unchecked', why: p.message.replace(/\.$/, '') };
  if (p.status !== 'simulated') return { kind: 'unchecked', why: p.reason.replace(/\.$/, '') };
  if (p.onceOpen) return { kind: 'opens', open: p.onceOpen };
  const unproven = unprovenAbsence(f, false);
  if (unproven) return { kind: 'unchecked', why: unproven };
  const s = p.switchSearch;
  if (!s)
    return {
      kind: 'unchecked',
      why: p.baseline.buyOk
        ? "the owner-power simulation's own buy passed (its buyer is a contract, the failed buy a fresh wallet's), so no call was tried as the switch"
        : 'the privileged calls were not re-run with a buy after them',
    };
  if (s.unjudged > 0)
    return {
      kind: 'unchecked',
      why: `the calls of ${plural(s.unjudged, 'function')} could not all be judged (request budget spent or gas ran out)`,
    };
  const who = plural(p.callers.length, 'privileged address');
  return {
    kind: 'none',
    why:
      s.tried === 0
        ? `none of the calls of the ${plural(p.functionsProbed, 'state-changing function')}, made as ${who}, succeeded in changing anything`
        : `after each of the ${plural(s.tried, 'privileged call')} that succeeded (${s.functions} of the ${plural(p.functionsProbed, 'state-changing function')}, called as ${who} with probe arguments) a buy still fails`,
  };
}

const CANNOT_ENTER: readonly unknown[] = Object.values(BUYERS_CANNOT_ENTER);

/**
 * The sell simulation's line failed because buyers cannot enter (a buy fails and no privileged call
 * is known to open trading), not because a sell failed: nobody was caught by a buy and no sell could
 * be tried — Dangerous, never "Honeypot — cannot be sold".
 */
export const buyersCannotEnter = (e: Pick<Evidence, 'check' | 'outcome' | 'value'>): boolean =>
  e.check === 'honeypot' && e.outcome === 'fail' && CANNOT_ENTER.includes(e.value);
