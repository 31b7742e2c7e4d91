import { TIMELOCK_MIN_DELAY_S } from '../../shared/vocabulary';
import type { ProxyFacts, ProxyForm } from '../facts/types';
import { capability, isUpgradeable } from './derived-facts';
import { type Check, judged } from './evidence-lines';
import { describePowers, formerPowersWith, powersWith, unprovenAbsence } from './owner-power-checks';

const FORM_WORDS: Record<ProxyForm, string> = {
  clone: 'an EIP-1167 clone',
  transparent: 'an EIP-1967 transparent proxy',
  uups: 'an EIP-1967 UUPS proxy',
  slot: 'an EIP-1967 proxy',
  beacon: 'an EIP-1967 beacon proxy',
  legacy: 'a pre-1967 proxy slot',
  fallback: 'a delegating fallback',
};

/** Where the code that runs lives: every check read it there while calling the token. */
const proxyRuns = (p: ProxyFacts) =>
  p.implementation
    ? `, running the code of ${p.implementation}, which every check read`
    : ', whose implementation could not be read';

export const checkCode: Check = (f, w) => {
  const spec = { check: 'contract_code', label: 'Contract code', weight: w };
  return f.token.codeSize > 0
    ? judged(spec, 'pass', f.token.codeSize, `The address holds ${f.token.codeSize} bytes of contract code.`)
    : judged(spec, 'fail', 0, 'There is no contract code at this address, so it is not a working token.');
};

export const checkVerified: Check = (f, w) => {
  const spec = { check: 'source_verified', label: 'Source code verified', weight: w };
  const v = f.token.verification;
  const where = v.source ? ` (${v.source})` : '';
  if (v.status === 'verified')
    return judged(
      spec,
      'pass',
      true,
      `The contract source code is verified${where}, so its rules can be read.`,
    );
  if (v.status === 'unverified')
    return judged(
      spec,
      'fail',
      false,
      'The contract source code is not verified, so nobody can read what it does.',
    );
  return judged(spec, 'unknown', null, 'We could not find out whether the source code is verified.');
};

export const checkProxy: Check = (f, w) => {
  const spec = { check: 'proxy', label: 'Upgradeable proxy', weight: w };
  const p = f.token.proxy;
  // Measured: a privileged call after which the token runs code of the caller's choosing (its
  // implementation or beacon replaced), whatever the function is called and whatever the proxy kind.
  const upgraders = powersWith(f, ['code_replaced']);
  if (upgraders.length > 0) {
    const timelocked = upgraders.every((x) => (x.timelockDelaySeconds ?? 0) >= TIMELOCK_MIN_DELAY_S);
    return judged(
      spec,
      timelocked ? 'warn' : 'fail',
      p?.kind ?? 'upgradeable',
      `A privileged address can replace the token's code (measured: after its call the token ran code at an address the caller chose). ${describePowers(upgraders, 1)}${
        timelocked ? ' Only through a timelock: holders can see an upgrade coming.' : ''
      }`,
    );
  }
  const formerUpgrade = formerPowersWith(f, ['code_replaced']);
  const runs = p ? proxyRuns(p) : '';
  if (p?.kind === 'eip1167')
    return judged(
      spec,
      'pass',
      'eip1167',
      `The token is a minimal clone (EIP-1167) whose code cannot be changed${runs}.`,
    );
  if (p?.form === 'fallback') {
    const unproven = unprovenAbsence(f, false);
    return unproven
      ? judged(
          spec,
          'unknown',
          null,
          `The token forwards every call to other code (a delegating fallback${runs}); whether anyone can point it elsewhere could not be checked: ${unproven}.`,
        )
      : judged(
          spec,
          'pass',
          'fallback',
          `The token forwards every call to other code (a delegating fallback${runs}); no simulated privileged call pointed it elsewhere.`,
        );
  }
  if (isUpgradeable(f)) {
    const ups = p && p.upgradeCount > 0 ? ` It has been upgraded ${p.upgradeCount} time(s).` : '';
    const what = p ? ` (${FORM_WORDS[p.form]}${runs})` : '';
    if (p?.admin && /^0x0{40}$/i.test(p.admin))
      return judged(
        spec,
        'warn',
        p.kind,
        `The token is an upgradeable proxy${what} whose admin is the zero address.${ups}`,
      );
    const who =
      p?.form === 'beacon'
        ? `whoever controls the beacon ${p.beacon ?? ''} can replace the code of every token that follows it`
        : 'its admin can replace the code at any time';
    return judged(
      spec,
      'fail',
      p?.kind ?? 'upgradeable',
      `The token is an upgradeable proxy${what}: ${who}.${ups}`,
    );
  }
  return judged(
    spec,
    'pass',
    false,
    `The token is not a proxy, so its code cannot be swapped.${
      formerUpgrade[0]
        ? ` ${formerUpgrade[0].signature ?? formerUpgrade[0].selector} could replace it but is ${formerUpgrade[0].usableNow ?? 'not usable now'}.`
        : ''
    }`,
  );
};

export const checkSelfDestruct: Check = (f, w) => {
  const spec = { check: 'self_destruct', label: 'Self-destruct / external calls', weight: w };
  const sd = capability(f, 'selfDestruct');
  const dc = capability(f, 'delegateCall');
  if (sd.found) return judged(spec, 'fail', 'selfdestruct', 'The contract can self-destruct.');
  if (dc.found && !f.token.proxy)
    return judged(
      spec,
      'warn',
      'delegatecall',
      'The contract runs outside code with delegatecall, which can change its behaviour.',
    );
  return judged(spec, 'pass', false, 'No self-destruct or unexpected delegatecall was found.');
};

export const checkOwnership: Check = (f, w) => {
  const spec = { check: 'ownership', label: 'Ownership', weight: w };
  // Measured: owner() reads renounced, and a call makes it a live address again.
  const back = powersWith(f, ['owner_reclaimed']);
  if (back.length > 0)
    return judged(
      spec,
      'fail',
      'can be taken back',
      `Ownership reads as renounced, but it can be taken back (measured). ${describePowers(back, 1)}`,
    );
  if (f.token.ownerRenounced === true)
    return judged(spec, 'pass', true, 'Ownership is renounced: no owner can use owner-only functions.');
  if (f.token.ownerRenounced === false)
    return judged(spec, 'warn', false, 'The contract still has an owner who can use owner-only functions.');
  return judged(
    spec,
    'unknown',
    null,
    'The contract has no readable owner(), so who controls it is unclear.',
  );
};

/** A well-known Base token's name or symbol at another address: made to be mistaken for it. */
export const checkImpersonation: Check = (f, w) => {
  const spec = { check: 'impersonation', label: 'Impersonates a known token', weight: w };
  const i = f.impersonates ?? null;
  if (!i) return judged(spec, 'pass', false, 'The name and symbol are not those of a well-known Base token.');
  const real = i.canonical ?? i.baseAddress;
  return judged(
    spec,
    'fail',
    i.symbol,
    `This token carries the ${i.matched} of ${i.name} (${i.symbol}), a well-known Base token, but it is not that token: the real ${i.symbol} is ${real}${i.canonical ? '' : ' on Base'}. Tokens made to be mistaken for another fool wallets and traders.`,
  );
};
