/**
 * Findings as the report carries them: one per measured effect of a call, with who can use it now,
 * and the lines about what could not be judged.
 */
import type { Address, Hex } from 'viem';
import type { OwnerPowerDrain, OwnerPowerFacts, OwnerPowerFinding } from '../types';
import type { DecodedOutcome } from './decode-outcomes';
import { balanceEffects, describe, type ProbeMeta, type Watch } from './judge';

export type Inconclusive = Extract<OwnerPowerFacts, { status: 'simulated' }>['inconclusive'][number];

export function finding(
  m: ProbeMeta,
  effects: OwnerPowerFinding['effects'],
  notes: string[],
  buyTax: number | null,
  sellTax: number | null,
  /** The balances the call lowered without an allowance (owner-drain victims). */
  drained: OwnerPowerDrain[] = [],
): OwnerPowerFinding {
  return {
    ...(drained.length > 0 ? { drained } : {}),
    selector: m.selector,
    signature: m.signature,
    caller: m.caller,
    callerRole: m.callerRole,
    args: m.args,
    effects,
    detail: describe(effects, notes),
    usable: true,
    buyTaxAfterPct: buyTax,
    sellTaxAfterPct: sellTax,
  };
}

/**
 * Effects on supply and balances of a call in a follow-up run: an upgrade (the token then runs code
 * someone chose; `note` says who, in words), else what the balances show.
 */
export function effectsAfter(
  o: DecodedOutcome,
  watch: Watch,
  caller: Address,
  note: string,
  data?: Hex,
): { effects: OwnerPowerFinding['effects']; notes: string[]; drained: OwnerPowerDrain[] } {
  return o.codeReplaced
    ? { effects: ['code_replaced'], notes: [note], drained: [] }
    : balanceEffects(o, watch, caller, data);
}

/** "the signature args" of a call: how a finding names the call made before it (two steps). */
export const callText = (m: ProbeMeta, args = m.args) => `${m.signature ?? `function ${m.selector}`} ${args}`;

/** One inconclusive line per function (the first reason), every line about the whole contract, capped. */
export function dedupeInconclusive<T extends { selector: string; reason: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const x of xs) {
    const key = x.selector === '0x' ? `0x:${x.reason}` : x.selector;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(x);
  }
  return out.slice(0, 20);
}

/** An error's first line, short enough for an inconclusive line. */
export const errText = (e: unknown) =>
  e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 100) : String(e).slice(0, 100);

const days = (s: number) => (s >= 86_400 ? `${Math.round((s / 86_400) * 10) / 10} day(s)` : `${s} s`);

/** Who can use each power now: the caller whose call succeeded today, noting a timelock's delay. */
export function markUsableNow(raw: OwnerPowerFinding[], delays: Map<Address, number>): void {
  for (const f of raw) {
    const d = delays.get(f.caller) ?? null;
    f.timelockDelaySeconds = d;
    f.usableNow = `usable now by ${f.callerRole} ${f.caller}${
      d !== null
        ? `, a contract that states a minimum delay of ${days(d)} (a timelock: the call must wait that long)`
        : ''
    }${f.onceOpen ? ', once trading is open' : ''}${
      f.afterReclaim ? `, after it takes the renounced ownership back with ${f.afterReclaim}` : ''
    }${
      f.afterGrant
        ? f.grantee
          ? `, after it grants the right to another address (here a fresh one, ${f.grantee}) with ${f.afterGrant}, that address then making the call`
          : `, after it first grants itself the right with ${f.afterGrant}`
        : ''
    }`;
  }
}
