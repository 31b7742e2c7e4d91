/**
 * Checks on the pools: LP locked or burned, pool liquidity, completed rug, recent removals, the
 * pool creator's LP share, token age. Used by the liquidity analyser, scanner and rug detector.
 */
import { round } from '../../shared/analysis';
import type { LiquidityLedger } from '../../shared/liquidity-ledger';
import { CREATOR_PULL, LIQUIDITY_DRAIN } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import {
  allPools,
  completedRug,
  drainEvents,
  LP_SAFE_PASS,
  ledgerOf,
  lpSafeShare,
  tokenAgeDays,
} from './derived-facts';
import { type Check, DAY_S, gradeAbove, gradeBelow, judged, pct, usd } from './evidence-lines';
import { FRESH_WALLET_DAYS, holdersNotRead } from './holder-checks';
import { noPoolSentence, tradesOnlyOnUnreadVenue, withoutPool } from './venue-words';

/** LP locked or burned share (0–1): TS wants ≥ 95%. */
export { LP_SAFE_PASS } from './derived-facts';
export const LP_SAFE_WARN = 0.5;
/** A lock that ends within this many days no longer protects. */
export const LOCK_EXPIRY_SOON_DAYS = 7;
/** Pool value (USD). */
export const POOL_FAIL_BELOW_USD = 1_000;
export const POOL_WARN_BELOW_USD = 10_000;
/** A liquidity removal taking at least this share of the quote reserve is a "drain event". */

export const checkLpLocked: Check = (f, w) => {
  const spec = { check: 'lp_locked', label: 'LP locked or burned', weight: w };
  const p = f.mainPool;
  if (!p)
    return judged(
      spec,
      'unknown',
      null,
      withoutPool(f, 'There is no pool, so there is no liquidity to lock.', 'its liquidity lock'),
    );
  const ledger = ledgerOf(p);
  if (ledger) return creatorPullCheck(f, ledger, w);
  const safe = lpSafeShare(p);
  const v = round(safe * 100, 1);
  const o = gradeBelow(safe, LP_SAFE_WARN, LP_SAFE_PASS);
  const lockEnds =
    p.lockUnlockTime !== null && p.lpLockedShare > 0 ? (p.lockUnlockTime - f.now) / DAY_S : null;
  if (o === 'pass' && lockEnds !== null && lockEnds < LOCK_EXPIRY_SOON_DAYS && p.lpBurnedShare < LP_SAFE_PASS)
    return judged(
      spec,
      'warn',
      v,
      lockEnds <= 0
        ? `${pct(v)} of the LP is locked or burned, but the lock has already ended.`
        : `${pct(v)} of the LP is locked or burned, but the lock ends in ${round(lockEnds, 1)} days.`,
    );
  return judged(
    spec,
    o,
    v,
    o === 'pass'
      ? `${pct(v)} of the pool's LP tokens are burned or locked.`
      : `Only ${pct(v)} of the pool's LP tokens are burned or locked; the rest can be withdrawn.`,
  );
};

const SHOWN_SHARE = 0.0005;
const dateOf = (t: number) => new Date(t * 1000).toUTCString().slice(5, 16);

/**
 * The lp_locked line from the position ledger (issue 35): what share of the main pool's active
 * liquidity the creator's side can pull now, by simulation — not "% in a listed locker". Liquidity
 * of independent providers is no risk; what could not be judged is said and never counted as safe.
 */
function creatorPullCheck(f: TokenReportFacts, l: LiquidityLedger, w: number) {
  const spec = { check: 'lp_locked', label: 'Liquidity the creator can pull now', weight: w };
  const pull = l.creatorPullableShare;
  if (pull === null || l.unknownShare > CREATOR_PULL.failShare)
    return judged(
      spec,
      'unknown',
      null,
      `Who can withdraw the pool's liquidity could not be judged${l.note ? `: ${l.note}` : '.'}`,
    );
  const v = round(pull * 100, 1);
  const value = l.creatorPullableUsd !== null && pull > 0 ? ` (${usd(l.creatorPullableUsd)})` : '';
  const parts: string[] = [];
  // Parts below a twentieth of a percent (a burned MINIMUM_LIQUIDITY) are not worth a clause.
  const shown = (x: number | null): x is number => x !== null && x >= SHOWN_SHARE;
  if (shown(l.lockedForeverShare))
    parts.push(`${pct(l.lockedForeverShare * 100)} is burned or locked for good`);
  for (const u of l.unlockSchedule.slice(0, 2))
    parts.push(`${pct(u.activeShare * 100)} is locked until ${dateOf(u.time)}`);
  if (shown(l.independentShare))
    parts.push(`${pct(l.independentShare * 100)} is held by independent providers`);
  if (shown(l.unknownShare)) parts.push(`${pct(l.unknownShare * 100)} could not be judged`);
  const rest = parts.length ? `; ${parts.join(', ')}` : '';
  const worst = l.positions.find((p) => p.side === 'creator');
  const soon = l.unlockSchedule.find((u) => (u.time - f.now) / DAY_S < LOCK_EXPIRY_SOON_DAYS);
  const o = pull > CREATOR_PULL.failShare ? 'fail' : pull > CREATOR_PULL.passShare || soon ? 'warn' : 'pass';
  return judged(
    spec,
    o,
    v,
    `The creator's side can pull ${pct(v)}${value} of the pool's active liquidity now${rest}.${
      soon ? ` A lock ends on ${dateOf(soon.time)}.` : ''
    }${o === 'fail' && worst ? ` ${worst.evidence}` : ''}`,
  );
}

export const checkPoolLiquidity: Check = (f, w) => {
  const spec = { check: 'pool_liquidity', label: 'Pool liquidity', weight: w };
  const p = f.mainPool;
  if (!p)
    return tradesOnlyOnUnreadVenue(f)
      ? judged(spec, 'unknown', null, noPoolSentence(f))
      : judged(spec, 'fail', 0, noPoolSentence(f));
  const v = p.poolValueUsd;
  if (v === null || !Number.isFinite(v))
    return judged(spec, 'unknown', null, "The pool's USD value could not be priced.");
  const o = gradeBelow(v, POOL_FAIL_BELOW_USD, POOL_WARN_BELOW_USD);
  return judged(
    spec,
    o,
    round(v, 2),
    o === 'pass'
      ? `The main pool holds ${usd(v)} of liquidity.`
      : `The main pool holds only ${usd(v)} of liquidity.`,
  );
};

/** Completed rug. No pool: unknown with no deduction (the missing pool is counted elsewhere). */
const lowerFirst = (x: string) => x.charAt(0).toLowerCase() + x.slice(1);

export const checkCompletedRug: Check = (f, w) => {
  const spec = { check: 'completed_rug', label: 'Liquidity drained (completed rug)', weight: w };
  if (allPools(f).length === 0)
    return judged(
      spec,
      'unknown',
      null,
      withoutPool(f, 'There is no pool to check for a drain.', 'a drain'),
      0,
    );
  const r = completedRug(f);
  // The peak and the removals come from the index: unread, they are not an empty history (issue 40).
  const unread = r.rugged ? null : holdersNotRead(f);
  if (unread) return judged(spec, 'unknown', null, `No drain seen so far, but ${lowerFirst(unread)}`);
  if (!r.rugged) return judged(spec, 'pass', false, "The pool's liquidity has not been drained.");
  const when = r.event ? ` (tx ${r.event.event.txHash})` : '';
  return judged(spec, 'fail', true, `Rug pulled: ${r.reason}${when}.`);
};

export const checkRecentLpRemoval: Check = (f, w) => {
  const spec = { check: 'recent_lp_removal', label: 'Recent liquidity removal', weight: w };
  if (allPools(f).length === 0)
    return judged(
      spec,
      'unknown',
      null,
      withoutPool(f, 'There is no pool to watch.', 'liquidity removals'),
      0,
    );
  const all = drainEvents(f);
  const recent = all.filter((d) => d.event.timestamp >= f.now - DAY_S);
  if (recent.length === 0) {
    // An older drain is not a pass: the window was quiet because the liquidity was already gone.
    const earlier = all.length > 0 ? Math.max(...all.map((d) => d.share)) : 0;
    if (earlier >= LIQUIDITY_DRAIN.severeShare)
      return judged(
        spec,
        'warn',
        0,
        `No removal in the last 24 h, but an earlier one took ${pct(earlier * 100)} of the pool: the liquidity was removed before this window.`,
        0,
      );
    const unread = holdersNotRead(f);
    if (unread) return judged(spec, 'unknown', null, `No removal seen so far, but ${lowerFirst(unread)}`);
    return judged(
      spec,
      'pass',
      0,
      `No removal of ${pct(LIQUIDITY_DRAIN.minShare * 100, 0)} or more of the liquidity in 24 h.`,
    );
  }
  const biggest = Math.max(...recent.map((d) => d.share));
  return judged(
    spec,
    biggest >= LIQUIDITY_DRAIN.severeShare ? 'fail' : 'warn',
    round(biggest * 100, 1),
    `${recent.length} liquidity removal(s) in the last 24 h, the largest taking ${pct(biggest * 100)} of the pool.`,
  );
};

export const checkLpCreatorShare: Check = (f, w) => {
  const spec = { check: 'lp_creator_share', label: "Pool creator's LP share", weight: w };
  const p = f.mainPool;
  if (!p)
    return judged(spec, 'unknown', null, withoutPool(f, 'There is no pool.', "the pool creator's share"));
  const ledger = ledgerOf(p);
  // With the ledger: what the creator's side holds in its own wallets (a contract it controls is
  // in the lp_locked line), judged by funding links too, not only the first provider.
  const s = ledger
    ? ledger.positions
        .filter((x) => x.side === 'creator' && !x.holderIsContract)
        .reduce((a, x) => a + x.activeShare, 0)
    : p.lpCreatorShare;
  const o = gradeAbove(s, CREATOR_PULL.passShare, CREATOR_PULL.failShare);
  // Unknown is sticky (issue 40): the LP holders come from the index, and a share that was not
  // read could be the creator's. Without the ledger an incomplete index judges nothing; with it, the
  // positions not listed judge nothing when they could change the outcome.
  const unread = ledger
    ? ledger.complete ||
      gradeAbove(s + ledger.unknownShare, CREATOR_PULL.passShare, CREATOR_PULL.failShare) === o
      ? null
      : (ledger.note ?? 'some liquidity positions could not be listed')
    : holdersNotRead(f);
  if (unread)
    return judged(
      spec,
      'unknown',
      null,
      `${s > 0 ? `The pool creator holds at least ${pct(s * 100)} of the LP tokens; the rest` : "The pool creator's LP share"} could not be checked: ${unread}`,
    );
  return judged(
    spec,
    o,
    round(s * 100, 1),
    o === 'pass'
      ? `The pool creator holds ${pct(s * 100)} of the LP tokens.`
      : `The pool creator still holds ${pct(s * 100)} of the LP tokens and can pull that liquidity at any time.`,
  );
};

export const checkTokenAge: Check = (f, w) => {
  const spec = { check: 'token_age', label: 'Token age', weight: w };
  const age = tokenAgeDays(f);
  if (age === null) return judged(spec, 'unknown', null, 'When the token was created is not known.');
  const o = gradeBelow(age, 1, FRESH_WALLET_DAYS);
  return judged(
    spec,
    o,
    age,
    o === 'pass'
      ? `The token is ${Math.floor(age)} days old.`
      : `The token is only ${age} days old; most rugs happen early.`,
  );
};
