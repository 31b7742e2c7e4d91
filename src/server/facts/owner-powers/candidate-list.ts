/**
 * Every probe call of a run, in the order they are sent (pure): each caller × each function × the
 * calls candidates.ts builds for it, with what each one is (its meta, for the findings).
 */
import { type Address, type Hex, toFunctionSelector } from 'viem';
import { isSkipped, type ProbeContext, type probeCallBuilder } from './candidates';
import type { Candidate } from './encode-run';
import type { OwnerPowerInput } from './input';
import type { ProbeMeta } from './judge';
import type { Probes, Session } from './run-chunk';
import { selectorsOf, viewHintsOf } from './selectors-memo';

type CallsFor = ReturnType<typeof probeCallBuilder>;
type Who = { address: Address; role: string };

const codesOf = (input: OwnerPowerInput) =>
  [input.code, input.implementationCode].filter((c): c is Hex => !!c && c !== '0x');

/**
 * The token's state-changing functions: every selector in its code (and its implementation's), minus
 * what the verified ABI calls view or pure; and the ABI's signature of each function it names.
 */
export function tokenSelectors(input: OwnerPowerInput): { selectors: Hex[]; abiSig: Map<string, string> } {
  const sels = new Set<Hex>();
  for (const c of codesOf(input)) for (const s of selectorsOf(c)) sels.add(s);
  const abiSig = new Map<string, string>();
  for (const item of input.abi ?? []) {
    if (item.type !== 'function') continue;
    const sig = `${item.name}(${item.inputs.map((i) => i.type).join(',')})`;
    abiSig.set(toFunctionSelector(`function ${sig}`).toLowerCase(), sig);
    if (item.stateMutability === 'view' || item.stateMutability === 'pure')
      sels.delete(toFunctionSelector(`function ${sig}`).toLowerCase() as Hex);
  }
  return { selectors: [...sels], abiSig };
}

/** Functions whatsabi reads as views in the token's code (they are probed last). */
export function viewsOf(input: OwnerPowerInput): Set<Hex> {
  const views = new Set<Hex>();
  for (const c of codesOf(input)) for (const v of viewHintsOf(c)) views.add(v);
  return views;
}

/**
 * A caller's probe context: the victim and pair of the session's market, the supply, and for the
 * token's own functions the role ids to try. One object per caller (candidates.ts caches by it).
 */
export function probeContext(
  s: Session,
  input: OwnerPowerInput,
  caller: Address,
  short: boolean,
  roleIds?: Hex[],
): ProbeContext {
  return {
    ...(roleIds ? { roleIds } : {}),
    victim: s.market.victim,
    victimBalance: s.victimBalance,
    caller,
    pair: s.market.route.pool,
    token: s.market.token,
    short,
    supply: input.totalSupply ?? 0n,
  };
}

const transferFrom = toFunctionSelector('function transferFrom(address,address,uint256)');

/** The functions probed: all but the skipped standard ones, transferFrom kept (an allowance granted over a holder). */
export const probedSelectors = (selectors: Hex[]) =>
  selectors.filter((s) => !isSkipped(s) || s === transferFrom);

/**
 * The calls of every caller (`ctxOf` gives each its probe context, once: candidates.ts caches by it)
 * on every selector, in that order. `trim` cuts a selector's calls (one stands for a function that
 * takes no arguments); `tierOf` gives each call its place in the sending order.
 */
export function listCandidates(
  callers: Who[],
  selectors: Hex[],
  build: {
    callsFor: CallsFor;
    ctxOf: (who: Who, k: number) => ProbeContext;
    sigOf: (sel: Hex) => string | null;
    trim?: (sel: Hex, sig: string | null, calls: ReturnType<CallsFor>) => ReturnType<CallsFor>;
    tierOf?: (sel: Hex, k: number) => number;
  },
): Probes & { tiers: number[] } {
  const metas: ProbeMeta[] = [];
  const cands: Candidate[] = [];
  const tiers: number[] = [];
  callers.forEach((who, k) => {
    const ctx = build.ctxOf(who, k);
    for (const sel of selectors) {
      const sig = build.sigOf(sel);
      const all = build.callsFor(sel, ctx, sig);
      const calls = build.trim ? build.trim(sel, sig, all) : all;
      for (const call of calls) {
        metas.push({
          selector: sel,
          signature: sig,
          caller: who.address,
          callerRole: who.role,
          args: call.args,
          data: call.data,
        });
        cands.push({ caller: who.address, data: call.data });
        tiers.push(build.tierOf?.(sel, k) ?? 0);
      }
    }
  });
  return { metas, cands, tiers };
}

/**
 * Where power is likely goes first, so a request-budget cut falls on the least likely: functions
 * that can write storage before those whatsabi reads as views, the first caller's (owner(), full
 * ladder) before the others'. Stable: within a tier, the order built.
 */
export function byTier({ metas, cands, tiers }: Probes & { tiers: number[] }): Probes {
  const order = tiers.map((_, i) => i).sort((a, b) => (tiers[a] as number) - (tiers[b] as number));
  return {
    metas: order.map((i) => metas[i] as ProbeMeta),
    cands: order.map((i) => cands[i] as Candidate),
  };
}
