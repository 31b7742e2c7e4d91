/**
 * Which calls grant something, and which calls a grant could open (pure): the plan of the two-step
 * runs "granted, then used", for the caller itself and through another address.
 */
import { type Address, type Hex, toFunctionSelector, zeroAddress } from 'viem';
import type { OwnerPowerFinding } from '../types';
import type { DecodedOutcome } from './decode-outcomes';
import { balanceEffects, type ProbeMeta, type Watch } from './judge';
import { MAX_GRANTS } from './limits';

/** Standard ERC-20 functions: their success naming the caller grants nothing beyond the standard. */
const STANDARD_CALLS = new Set(
  [
    'transfer(address,uint256)',
    'approve(address,uint256)',
    'transferFrom(address,address,uint256)',
    'increaseAllowance(address,uint256)',
    'decreaseAllowance(address,uint256)',
  ].map((s) => toFunctionSelector(`function ${s}`).toLowerCase()),
);

export type GrantPlan = {
  caller: Address;
  grants: number[];
  gated: number[];
  /** For grants to another address: which address each grant named (the one GRANTEE replaces). */
  names?: ('caller' | 'victim')[];
};

const wordOf = (a: Address) => a.slice(2).toLowerCase().padStart(64, '0');

/** "(role 0x1234…abcd, caller)" → the role, so grants of distinct roles by one function are kept. */
const roleKey = (args: string) => /^\(role [^,]+/.exec(args)?.[0] ?? '';

type Phase1 = {
  phase1: DecodedOutcome[];
  metas: ProbeMeta[];
  cands: { caller: Address; data: Hex }[];
  watch: Watch;
  /** Phase 1's findings: a call with an effect of its own is a power, not a grant. */
  raw: OwnerPowerFinding[];
};

/**
 * A caller's grants: successful calls, one per function and role, that name the caller (or the
 * victim) in their arguments and changed no balance, supply or owner.
 */
function grantsOf(p: Phase1, address: Address, victimWord: string | null) {
  const withEffect = new Set(p.raw.map((f) => `${f.caller}:${f.selector}`));
  const word = wordOf(address);
  const okNow = new Set<string>();
  const grants: number[] = [];
  const toVictim: number[] = [];
  const seen = new Set<string>();
  p.phase1.forEach((o, i) => {
    const m = p.metas[i] as ProbeMeta;
    if (m.caller !== address || !o.callOk) return;
    okNow.add(m.selector);
    if (o.readOnly || o.codeReplaced || STANDARD_CALLS.has(m.selector)) return;
    if (withEffect.has(`${m.caller}:${m.selector}`)) return;
    if (balanceEffects(o, p.watch, m.caller, m.data).effects.length > 0) return;
    const args = (p.cands[i] as { data: Hex }).data.slice(10).toLowerCase();
    const named = args.includes(word) ? 'caller' : victimWord && args.includes(victimWord) ? 'victim' : null;
    if (!named) return;
    const key = `${named}:${m.selector}:${roleKey(m.args)}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (named === 'caller') grants.push(i);
    else toVictim.push(i);
  });
  return { okNow, grants, toVictim };
}

/**
 * A caller's gated calls: calls of functions none of whose calls pass for it today. Those that
 * reverted with a reason (a require message, a custom error) first: their arguments decoded and a
 * check refused them — the kind a grant can open. A bare revert is often only a wrong argument shape.
 */
function gatedOf(p: Phase1, address: Address, okNow: Set<string>): number[] {
  const reasoned: number[] = [];
  const bare: number[] = [];
  p.phase1.forEach((o, i) => {
    const m = p.metas[i] as ProbeMeta;
    if (m.caller === address && o.called && !o.callOk && !okNow.has(m.selector))
      (o.revertData.length > 2 ? reasoned : bare).push(i);
  });
  return [...reasoned, ...bare];
}

/**
 * For the first caller that has both: its grants and its gated calls. `other`: the same for grants
 * to another address — calls that named the caller or the victim, the caller's first.
 */
export function grantsAndGated(
  p: Phase1,
  callers: { address: Address }[],
  victim: Address,
): { self: GrantPlan | null; other: GrantPlan | null } {
  let self: GrantPlan | null = null;
  let other: GrantPlan | null = null;
  const victimWord = victim === zeroAddress ? null : wordOf(victim);
  for (const { address } of callers) {
    const { okNow, grants, toVictim } = grantsOf(p, address, victimWord);
    const gated = gatedOf(p, address, okNow);
    if (gated.length === 0) continue;
    if (!self && grants.length > 0) self = { caller: address, grants: grants.slice(0, MAX_GRANTS), gated };
    if (!other && grants.length + toVictim.length > 0)
      other = {
        caller: address,
        // Each kept apart: appoint(victim, caller, …) names both, and only the victim word is read.
        grants: [...grants, ...toVictim].slice(0, MAX_GRANTS),
        names: [...grants.map(() => 'caller' as const), ...toVictim.map(() => 'victim' as const)].slice(
          0,
          MAX_GRANTS,
        ),
        gated,
      };
    if (self && other) break;
  }
  return { self, other };
}
