import { capability, isUpgradeable } from './derived-facts';
import { type Check, judged } from './evidence-lines';

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
  if (p?.kind === 'eip1167')
    return judged(
      spec,
      'pass',
      'eip1167',
      'The token is a minimal clone (EIP-1167) whose code cannot be changed.',
    );
  if (isUpgradeable(f)) {
    const ups = p && p.upgradeCount > 0 ? ` It has been upgraded ${p.upgradeCount} time(s).` : '';
    if (p?.admin && /^0x0{40}$/i.test(p.admin))
      return judged(
        spec,
        'warn',
        p.kind,
        `The token is an upgradeable proxy whose admin is the zero address.${ups}`,
      );
    return judged(
      spec,
      'fail',
      p?.kind ?? 'upgradeable',
      `The token is an upgradeable proxy: its admin can replace the code at any time.${ups}`,
    );
  }
  return judged(spec, 'pass', false, 'The token is not a proxy, so its code cannot be swapped.');
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
