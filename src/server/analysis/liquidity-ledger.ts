/**
 * Who can pull a pool's liquidity (issue 35), judged from the ledger's facts (pure): each position's
 * holder read by what the simulation saw its calls do — burned, locked until a date, locked with no
 * exit, withdrawable now by a named address, or held by an independent provider — and what share
 * of the active liquidity the creator's side (deployer, token owner, wallets they funded) can pull
 * now. A lock's or locker's name never decides: a known locker is a label on the finding.
 */

import {
  LIQUIDITY_STRANGER,
  type LiquidityLedger,
  type LiquidityPosition,
  type LiquiditySide,
  type UnlockStep,
} from '../../shared/liquidity-ledger';
import { quoteDecimalsOf } from '../../shared/price-path';
import { isBurnAddress } from '../../shared/vocabulary';
import type { PoolFacts, PoolLiquidityFacts } from '../facts/types';

const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

type Pricing = { quoteUsd: number | null; quoteDecimals: number; decimals: number | null };

/**
 * The ledger's pricing from its own facts: the quote's USD price as the report read it (never
 * worked back from the pool's value, which is no longer twice the quote side), and the token's
 * decimals.
 */
function pricingOf(f: PoolLiquidityFacts): Pricing {
  const quoteUsd = f.quoteUsdPerRaw === null ? null : f.quoteUsdPerRaw * 10 ** f.quoteDecimals;
  return { quoteUsd, quoteDecimals: f.quoteDecimals, decimals: f.tokenDecimals };
}

/**
 * USD value of what a position holds: its quote side at the quote's price, its token side at what
 * selling it into this pool would return (constant-product bound: never more than the quote side the
 * pool holds), so a dust position at an absurd price cannot inflate it.
 */
function positionValue(pool: PoolFacts, pr: Pricing, tokenRaw: number | null, quoteRaw: number | null) {
  if (pr.quoteUsd === null || quoteRaw === null)
    return { tokenAmount: null, quoteAmount: null, valueUsd: null };
  const quoteAmount = quoteRaw / 10 ** pr.quoteDecimals;
  const tokenAmount = tokenRaw !== null && pr.decimals !== null ? tokenRaw / 10 ** pr.decimals : null;
  const R = Number(pool.tokenReserve);
  const Q = Number(pool.quoteReserve) / 10 ** pr.quoteDecimals;
  const sellQuote = tokenRaw !== null && R + tokenRaw > 0 ? (Q * tokenRaw) / (R + tokenRaw) : 0;
  return { tokenAmount, quoteAmount, valueUsd: (quoteAmount + sellQuote) * pr.quoteUsd };
}

function sideOf(f: PoolLiquidityFacts, who: string): LiquiditySide {
  if (who === LIQUIDITY_STRANGER) return 'creator';
  return f.creatorLinks[who] ? 'creator' : 'independent';
}

/** A simulated caller tried because it sent the position to the holder (holder-sim.ts' role). */
const DEPOSITOR = /^depositor/;
/**
 * …and one tried because the holder itself names it (its owner(), admin, an address in its
 * storage: holder-reveal.ts' roles end "of the holder"): then it controls the holder, a lock's owner.
 */
const OWNER = /of the holder/;

const callName = (w: { signature: string | null; selector: string }) =>
  w.signature ?? `function ${w.selector}`;

/** One position judged. */
function judgePosition(
  f: PoolLiquidityFacts,
  i: number,
): Omit<LiquidityPosition, 'tokenAmount' | 'quoteAmount' | 'valueUsd'> {
  const p = f.positions[i] as PoolLiquidityFacts['positions'][number];
  const base = {
    holder: p.holder,
    holderIsContract: p.holderIsContract,
    positionId: p.positionId,
    share: p.share,
    activeShare: p.activeShare,
    unlockTime: null,
    withdrawer: null,
    withdrawCall: null,
    feeCollector: p.feeCollector ?? null,
    label: f.labels[p.holder] ?? null,
  };
  const what = p.positionId ? `position #${p.positionId}` : 'these LP tokens';
  if (!p.holderIsContract && isBurnAddress(p.holder))
    return {
      ...base,
      kind: 'burned',
      side: 'none',
      evidence: `Held by the burn address ${short(p.holder)}: no key exists.`,
    };
  if (!p.holderIsContract) {
    const side = sideOf(f, p.holder);
    const link = f.creatorLinks[p.holder];
    return {
      ...base,
      kind: 'withdrawable',
      side,
      withdrawer: p.holder,
      withdrawCall: p.positionId
        ? 'decreaseLiquidity (its own position)'
        : 'removeLiquidity (its own LP tokens)',
      evidence:
        side === 'creator'
          ? `${short(p.holder)} (${link}) holds ${what} in its own wallet and can withdraw ${p.positionId ? 'it' : 'them'} at any time.`
          : `${short(p.holder)}, a provider with no funding or deployment link to the creator that we found, holds ${what} and can withdraw ${p.positionId ? 'it' : 'them'}.`,
    };
  }
  const sim = f.holders[p.holder];
  if (!sim || sim.status !== 'simulated')
    return {
      ...base,
      kind: 'unknown',
      side: 'unknown',
      evidence: `Held by the contract ${short(p.holder)}, which could not be judged: ${sim && 'reason' in sim ? sim.reason : 'not simulated'}.`,
    };
  // No call could be tried (no selectors found, the probe ran out of gas): no basis for "locked".
  if (sim.tried === 0)
    return {
      ...base,
      kind: 'unknown',
      side: 'unknown',
      evidence: `Held by the contract ${short(p.holder)}, none of whose calls could be simulated: who can withdraw it is not known.`,
    };
  const hits = sim.withdrawals.filter((w) => w.positions.includes(i));
  const now = sim.times[0] ?? 0;
  const nowHits = hits.filter((w) => w.at === now);
  // Only the one who put the position in (a depositor) can take it back now — no owner, admin or
  // stranger: by effect a stake (a gauge, a farm), withdrawable by its staker.
  const staker =
    nowHits.length > 0 && nowHits.every((h) => DEPOSITOR.test(h.role) && !OWNER.test(h.role))
      ? nowHits
      : null;
  if (staker) {
    const w = staker.find((h) => sideOf(f, h.caller) === 'creator') ?? (staker[0] as (typeof staker)[number]);
    const link = f.creatorLinks[w.caller];
    return {
      ...base,
      kind: 'staked',
      side: sideOf(f, w.caller),
      withdrawer: w.caller,
      withdrawCall: callName(w),
      evidence: `Staked in the contract ${short(p.holder)}: its staker ${short(w.caller)}${link ? ` (${link})` : ''} can take ${what} back now with ${callName(w)} ${w.args} (simulated); nobody else can.`,
    };
  }
  if (nowHits.length > 0) {
    // The creator's side first: it is the one that decides a rug.
    const w =
      nowHits.find((h) => sideOf(f, h.caller) === 'creator') ?? (nowHits[0] as (typeof nowHits)[number]);
    const side = sideOf(f, w.caller);
    const who =
      w.caller === LIQUIDITY_STRANGER
        ? 'any address'
        : `${short(w.caller)} (${f.creatorLinks[w.caller] ?? w.role})`;
    return {
      ...base,
      kind: 'withdrawable',
      side,
      withdrawer: w.caller === LIQUIDITY_STRANGER ? null : w.caller,
      withdrawCall: callName(w),
      evidence: `Held by the contract ${short(p.holder)}, but ${who} can take ${what} out now with ${callName(w)} ${w.args} (simulated).`,
    };
  }
  if (hits.length > 0) {
    const first = Math.min(...hits.map((h) => h.at));
    const w = hits.find((h) => h.at === first) as (typeof hits)[number];
    // A stated unlock the simulation brackets (refused a minute before, allowed a minute after) is exact.
    const stated = sim.statedUnlock;
    const exact = stated !== null && Math.abs(first - stated) <= 60;
    const unlockTime = exact ? stated : first;
    return {
      ...base,
      kind: 'locked_until',
      side: 'none',
      unlockTime,
      withdrawer: w.caller === LIQUIDITY_STRANGER ? null : w.caller,
      withdrawCall: callName(w),
      evidence: `Locked in ${short(p.holder)}: no call by the ${sim.callers.length} addresses tried removes it now; ${exact ? 'from' : 'by'} ${day(unlockTime)} ${w.caller === LIQUIDITY_STRANGER ? 'anyone' : short(w.caller)} can, with ${callName(w)} (simulated).`,
    };
  }
  // "No exit" needs every candidate tried: calls left out by the limit may be the exit.
  if (sim.notTried > 0)
    return {
      ...base,
      kind: 'unknown',
      side: 'unknown',
      evidence: `Held by the contract ${short(p.holder)}: none of the ${sim.tried} calls tried removes it, but ${sim.notTried} more were left out by the limit, so who can withdraw it is not known.`,
    };
  return {
    ...base,
    kind: 'locked_forever',
    side: 'none',
    evidence: `Locked in ${short(p.holder)} with no exit: none of ${sim.tried} calls by ${sim.callers.length} addresses (its owner, depositors, the creator, a stranger) removes it, now or in 100 years (simulated).`,
  };
}

/** A locked position's fees still go somewhere: to whom, when the index saw them collected. */
function feesLine(f: PoolLiquidityFacts, j: { kind: string; feeCollector: string | null }): string {
  if (!j.feeCollector || (j.kind !== 'locked_until' && j.kind !== 'locked_forever')) return '';
  const link = f.creatorLinks[j.feeCollector];
  return ` Its fees are collected to ${short(j.feeCollector)}${link ? ` (${link})` : ''} while the principal stays locked.`;
}

/**
 * The ledger of `pool`, or null when the report gathered none for it. Judged once per pool: callers
 * go through derived-facts.ts' ledgerOf, which keeps the answer.
 */
export function judgeLedger(pool: PoolFacts): LiquidityLedger | null {
  const f = pool.liquidity;
  if (!f) return null;
  const pr = pricingOf(f);
  const positions: LiquidityPosition[] = f.positions.map((p, i) => {
    const j = judgePosition(f, i);
    return {
      ...j,
      evidence: j.evidence + feesLine(f, j),
      ...positionValue(pool, pr, p.tokenRaw, p.quoteRaw),
    };
  });
  const sum = (xs: LiquidityPosition[], key: 'activeShare' | 'valueUsd') =>
    xs.reduce((s, p) => s + (p[key] ?? 0), 0);
  const creator = positions.filter(
    (p) => (p.kind === 'withdrawable' || p.kind === 'staked') && p.side === 'creator',
  );
  const unknown = positions.filter(
    (p) => p.kind === 'unknown' || (p.kind === 'withdrawable' && p.side === 'unknown'),
  );
  const schedule = new Map<number, number>();
  for (const p of positions)
    if (p.kind === 'locked_until' && p.unlockTime !== null)
      schedule.set(p.unlockTime, (schedule.get(p.unlockTime) ?? 0) + p.activeShare);
  const unlockSchedule: UnlockStep[] = [...schedule]
    .sort((a, b) => a[0] - b[0])
    .map(([time, activeShare]) => ({ time, activeShare }));
  const priced = creator.every((p) => p.valueUsd !== null);
  return {
    positions: positions.sort((a, b) => b.activeShare - a.activeShare),
    creatorPullableShare: positions.length > 0 ? Math.min(1, sum(creator, 'activeShare')) : null,
    creatorPullableUsd: positions.length > 0 && priced ? sum(creator, 'valueUsd') : null,
    independentShare: sum(
      positions.filter((p) => p.kind === 'withdrawable' && p.side === 'independent'),
      'activeShare',
    ),
    lockedForeverShare: sum(
      positions.filter((p) => p.kind === 'burned' || p.kind === 'locked_forever'),
      'activeShare',
    ),
    unlockSchedule,
    unknownShare: Math.min(1, sum(unknown, 'activeShare') + f.unlistedActiveShare),
    complete: f.complete,
    note: f.note,
  };
}
