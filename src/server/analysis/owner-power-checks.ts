/**
 * Checks on what the owner (or another privileged address) can do, judged by the EFFECT measured in
 * the owner-power simulation (facts.ownerPowers): a function counts as a mint because calling it
 * raised supply or a balance, as a blacklist because a real holder could no longer sell, and so on.
 * Function names (capabilities) only label; when the simulation could not run the line is 'unknown'
 * and lists the names as hints, never as a verdict.
 */
import type { CheckOutcome, Evidence, OwnerPowersSummary } from '../../shared/analysis';
import { type OwnerPowerEffect, TAX, TIMELOCK_MIN_DELAY_S } from '../../shared/vocabulary';
import type { Capability, OwnerPowerFinding, TokenReportFacts } from '../facts/types';
import { capability } from './derived-facts';
import { type Check, type CheckSpec, judged } from './evidence-lines';

export function powersWith(f: TokenReportFacts, effects: readonly OwnerPowerEffect[]): OwnerPowerFinding[] {
  const p = f.ownerPowers;
  if (p.status !== 'simulated') return [];
  return p.findings.filter((x) => x.usable && x.effects.some((e) => effects.includes(e)));
}

const fnName = (x: OwnerPowerFinding) =>
  `${x.signature ?? `function ${x.selector}`}${
    x.calledContract ? ` of ${x.calledContract}, a contract the token calls during a transfer,` : ''
  }`;

/** "farm(address,uint256) by owner() (victim, 10^30)" for the first few findings. */
export function describePowers(xs: OwnerPowerFinding[], n = 2): string {
  return xs
    .slice(0, n)
    .map(
      (x) =>
        `${fnName(x)} called by ${x.callerRole} with ${x.args}: ${x.detail} (${x.usableNow ?? 'usable now'})`,
    )
    .join(' ');
}

function notSimulated(f: TokenReportFacts, spec: CheckSpec, caps: Capability[], what: string): Evidence {
  const p = f.ownerPowers;
  const c = capability(f, ...caps);
  const names = c.found
    ? ` Functions named like this exist (${c.via.slice(0, 3).join(', ')}), which is only a hint.`
    : '';
  if (p.status === 'no_callers')
    return judged(
      spec,
      'pass',
      false,
      `No address holds owner powers (${p.reason.replace(/\.$/, '')}), so nobody can ${what}.${names}`,
    );
  const why = p.status === 'error' ? p.message : p.status === 'simulated' ? '' : p.reason;
  return judged(
    spec,
    'unknown',
    null,
    `Whether anyone can ${what} could not be simulated (${why.replace(/\.$/, '')}).${names}`,
  );
}

/**
 * Why a simulated check that found nothing still cannot pass (issue 40, "unknown is sticky"): no
 * call was simulated — whether functions were found or not, an absence no call looked for is no
 * evidence (issue 36: clones whose forwarding code alone was read ran 0 calls and passed) — or the
 * effect needs a holder to act on and the simulation had none. Null: the absence of findings is
 * evidence.
 */
export function unprovenAbsence(f: TokenReportFacts, needsHolder: boolean): string | null {
  const p = f.ownerPowers;
  if (p.status !== 'simulated') return null;
  if (p.callsSimulated === 0) return `no function of the contract could be simulated (${noCallsWhy(f, p)})`;
  if (needsHolder && p.baseline.holderSellOk === null) return 'there was no holder to test it on';
  return null;
}

function noCallsWhy(
  f: TokenReportFacts,
  p: Extract<TokenReportFacts['ownerPowers'], { status: 'simulated' }>,
) {
  if (p.functionsProbed > 0)
    return `none of the ${p.functionsProbed} state-changing functions found was called`;
  const proxy = f.token.proxy;
  if (proxy && !proxy.implementation)
    return 'it is a proxy whose implementation could not be found, so its functions are not known';
  return 'no state-changing function was found in its code';
}

function effectCheck(
  f: TokenReportFacts,
  spec: CheckSpec,
  effects: OwnerPowerEffect[],
  caps: Capability[],
  what: string,
  grade: (xs: OwnerPowerFinding[]) => CheckOutcome = () => 'fail',
  needsHolder = false,
): Evidence {
  const p = f.ownerPowers;
  if (p.status !== 'simulated') return notSimulated(f, spec, caps, what);
  const hits = powersWith(f, effects);
  const unproven = hits.length === 0 ? unprovenAbsence(f, needsHolder) : null;
  if (unproven)
    return judged(spec, 'unknown', null, `Whether anyone can ${what} could not be checked: ${unproven}.`);
  const former = formerPowersWith(f, effects);
  const formerText = former.length
    ? ` ${former
        .slice(0, 2)
        .map(
          (x) =>
            `${fnName(x)} could ${what} (${x.detail.replace(/\.$/, '')}) but is ${x.usableNow ?? 'not usable now'}.`,
        )
        .join(' ')}`
    : '';
  if (hits.length === 0)
    return judged(
      spec,
      'pass',
      false,
      `No privileged address can ${what} now, in ${p.callsSimulated} simulated calls of ${p.functionsProbed} functions.${formerText}`,
    );
  // A power held only by a timelock that states a delay of a day or more can be seen coming: holders
  // have that long to leave, so it warns instead of failing (the stated delay is read, not proven).
  const timelocked = hits.every((x) => (x.timelockDelaySeconds ?? 0) >= TIMELOCK_MIN_DELAY_S);
  const g = grade(hits);
  return judged(
    spec,
    timelocked && g === 'fail' ? 'warn' : g,
    true,
    `${hits.length} function(s) let a privileged address ${what}. ${describePowers(hits)}${
      timelocked
        ? ' Only through a timelock: the change must wait for its delay, so holders can see it coming.'
        : ''
    }`,
  );
}

/** Powers that exist but are not usable now (measured as the deployer at the creation block). */
export function formerPowersWith(
  f: TokenReportFacts,
  effects: readonly OwnerPowerEffect[],
): OwnerPowerFinding[] {
  const p = f.ownerPowers;
  if (p.status !== 'simulated') return [];
  return p.findings.filter((x) => !x.usable && x.effects.some((e) => effects.includes(e)));
}

export const checkMint: Check = (f, w) => {
  const spec = { check: 'mint', label: 'Mint (measured)', weight: w };
  const n = f.events.mintsAfterLaunch;
  if (n > 0) {
    const sim = powersWith(f, ['mint']);
    return judged(
      spec,
      'fail',
      true,
      `New tokens were minted ${n} time(s) after the creation transaction.${sim.length ? ` ${describePowers(sim, 1)}` : ''}`,
    );
  }
  return effectCheck(f, spec, ['mint'], ['mint'], 'create tokens or raise a balance without a transfer');
};

/** The highest tax a privileged address can reach, measured after its call. */
export function highestReachableTax(xs: OwnerPowerFinding[]): number {
  return Math.max(
    0,
    ...xs.map((x) => Math.max(x.sellTaxAfterPct ?? 0, x.buyTaxAfterPct ?? 0, x.holderTaxAfterPct ?? 0)),
  );
}

export const checkFeeSetters: Check = (f, w) =>
  effectCheck(
    f,
    { check: 'fee_setters', label: 'Tax can be raised (measured)', weight: w },
    ['tax_raised', 'holder_taxed'],
    ['setFees'],
    'raise the buy or sell tax, for everyone or for chosen holders',
    (xs) => {
      const top = highestReachableTax(xs);
      return top > TAX.failPct ? 'fail' : top > TAX.warnPct ? 'warn' : 'pass';
    },
  );

export const checkBlacklist: Check = (f, w) =>
  effectCheck(
    f,
    { check: 'blacklist', label: 'Blocks chosen holders (measured)', weight: w },
    ['holder_blocked'],
    ['blacklist'],
    'stop a chosen holder from selling',
    undefined,
    true,
  );

export const checkPause: Check = (f, w) => {
  const spec = { check: 'pause', label: 'Pause / trading switch (measured)', weight: w };
  if (f.events.pauses > 0)
    return judged(spec, 'fail', true, `Trading was paused ${f.events.pauses} time(s) (Paused events).`);
  return effectCheck(
    f,
    spec,
    ['sells_blocked', 'buys_blocked'],
    ['pause', 'tradingToggle'],
    'stop buys or sells for everyone',
  );
};

export const checkOwnerMovesTokens: Check = (f, w) =>
  effectCheck(
    f,
    { check: 'owner_moves_tokens', label: "Owner can move others' tokens (measured)", weight: w },
    ['move_tokens'],
    ['ownerTransferOthers'],
    // By effect (issue 40 item 4): any function that lowered a real holder's balance, or the pool's
    // or the token contract's when the call named it, without an allowance — moved or burned.
    "lower another holder's balance without an allowance (move or burn a real holder's or the pool's tokens)",
    undefined,
    true,
  );

export const checkMaxTx: Check = (f, w) => {
  const spec = { check: 'max_tx', label: 'Max transaction / max wallet', weight: w };
  const maxBuy = f.trade.status === 'ok' ? f.trade.maxBuyEth : null;
  const shrink = powersWith(f, ['limit_shrunk']);
  if (shrink.length > 0)
    return judged(
      spec,
      'warn',
      maxBuy ?? true,
      `A privileged address can shrink the largest allowed trade. ${describePowers(shrink, 1)}`,
    );
  // The trade measured no cap, but "no privileged call creates one" needs calls to have been made.
  const unproven = unprovenAbsence(f, false);
  if (unproven)
    return judged(
      spec,
      'unknown',
      null,
      `No cap on trade size was measured, but whether a privileged address can create one could not be checked: ${unproven}.`,
    );
  return judged(
    spec,
    'pass',
    false,
    'No cap on trade size was measured, and no privileged call creates one.',
  );
};

/** Owner-like control that owner() does not show: a power usable by an address other than owner(). */
export const checkHiddenOwner: Check = (f, w) => {
  const spec = { check: 'hidden_owner', label: 'Hidden owner', weight: w };
  const p = f.ownerPowers;
  const hidden =
    p.status === 'simulated' ? p.findings.filter((x) => x.usable && x.callerRole !== 'owner()') : [];
  const ownerShown = f.token.ownerRenounced === false;
  if (hidden.length > 0 && !hidden.every((x) => ownerShown && x.caller === f.token.owner?.toLowerCase()))
    return judged(
      spec,
      ownerShown ? 'warn' : 'fail',
      hidden.length,
      `${ownerShown ? 'Besides owner(), another' : 'owner() shows no active owner, yet an'} address still holds powers. ${describePowers(hidden, 1)}`,
    );
  const e = f.events;
  const privileged = e.mintsAfterLaunch + e.pauses + e.upgrades;
  if (!ownerShown && privileged > 0)
    return judged(
      spec,
      'warn',
      privileged,
      `owner() shows no active owner, yet ${privileged} privileged action(s) (mint, pause, upgrade) were recorded.`,
    );
  const unproven = unprovenAbsence(f, false);
  if (unproven)
    return judged(
      spec,
      'unknown',
      null,
      `Whether an address other than owner() holds powers could not be checked: ${unproven}.`,
    );
  return judged(spec, 'pass', false, 'No address other than owner() was found holding powers.');
};

/** The owner-power facts as the page shows them: function, who can call it, measured effect. */
export function summariseOwnerPowers(p: TokenReportFacts['ownerPowers']): OwnerPowersSummary {
  if (p.status !== 'simulated')
    return {
      status: p.status,
      reason: p.status === 'error' ? p.message : p.reason,
      callers: [],
      functionsProbed: 0,
      callsSimulated: 0,
      rpcRequests: 0,
      powers: [],
      inconclusive: [],
    };
  return {
    status: 'simulated',
    reason: null,
    callers: p.callers.map((c) => ({ address: c.address, role: c.role })),
    functionsProbed: p.functionsProbed,
    callsSimulated: p.callsSimulated,
    rpcRequests: p.rpcRequests,
    powers: p.findings.map((x) => ({
      function: `${x.signature ?? `unknown function ${x.selector}`}${
        x.calledContract ? ` of ${x.calledContract} (a contract the token calls during a transfer)` : ''
      }`,
      selector: x.selector,
      caller: x.caller,
      callerRole: x.callerRole,
      args: x.args,
      effects: [...x.effects],
      effect: x.detail,
      usable: x.usable,
      usableNow: x.usableNow ?? (x.usable ? `usable now by ${x.callerRole} ${x.caller}` : 'not usable now'),
    })),
    inconclusive: p.inconclusive.map((i) => ({
      function: i.selector === '0x' ? 'all functions' : (i.signature ?? `unknown function ${i.selector}`),
      reason: i.reason,
    })),
  };
}
