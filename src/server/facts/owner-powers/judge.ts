/**
 * Judges the raw outcomes of owner-power probes (pure): compares each simulated call's measurements
 * with the baseline (no call) and names the effect. Thresholds from shared/vocabulary.ts.
 */

import type { Hex } from 'viem';
import { FEE_CHANGE_MIN_PP, OWNER_POWER_LABELS, type OwnerPowerEffect } from '../../../shared/vocabulary';
import type { Address, OwnerPowerDrain, OwnerPowerFinding } from '../types';
import { ledgerEffects, type Watch } from './balance-ledger';

/** What PowerProbe reports for one candidate (the fields we use). */
export type ProbeOutcome = {
  called: boolean;
  callOk: boolean;
  gasUsed: bigint;
  supplyBefore: bigint;
  supplyAfter: bigint;
  before: readonly bigint[];
  afterCall: readonly bigint[];
  traded: boolean;
  victimTried: boolean;
  victimSellOk: boolean;
  buyOk: boolean;
  smallBuyOnly: boolean;
  sellOk: boolean;
  buyExpected: bigint;
  buyReceived: bigint;
  sellExpected: bigint;
  sellReceived: bigint;
  /** The call succeeded as a STATICCALL: it changed no state, so it has no effect to measure. */
  readOnly: boolean;
  /** After the call the token answered the probe's canary: it now runs code the caller chose. */
  codeReplaced: boolean;
  /** The market's setup call (if any) succeeded before this candidate. */
  setupOk: boolean;
  /** owner() before and after the call, as numbers (0: none or no answer). */
  ownerBefore: bigint;
  ownerAfter: bigint;
  /** The victim's sell after the call (with trades): quoted and received. */
  victimSellExpected: bigint;
  victimSellReceived: bigint;
  /** Two steps: the call raised allowance(victim, caller) by this much; the caller's transferFrom then passed. */
  allowanceGranted: bigint;
  followUpOk: boolean;
  /** The victim's sale of its whole balance (apart from the tenth): tried, and passed. */
  victimFullTried: boolean;
  victimFullSellOk: boolean;
  /** The baseline only: allowance(watch[i], watch[j]) at i * n + j (empty in a candidate's outcome). */
  allowances: readonly bigint[];
};

export type ProbeMeta = {
  selector: `0x${string}`;
  signature: string | null;
  caller: Address;
  callerRole: string;
  args: string;
  /** The call's calldata (the accounts it names are those it aimed at); absent: none known. */
  data?: Hex;
};

export type { Watch } from './balance-ledger';

/** Percent lost between quote and delivery, clamped at 0, to 0.01 pp. */
export function lossPct(expected: bigint, received: bigint): number | null {
  if (expected <= 0n) return null;
  if (received >= expected) return 0;
  return Number(((expected - received) * 10_000n) / expected) / 100;
}

export type Baseline = {
  buyOk: boolean;
  sellOk: boolean;
  smallBuyOnly: boolean;
  buyTaxPct: number | null;
  sellTaxPct: number | null;
  holderSellOk: boolean | null;
  /** The real holder's sell tax before any call (percent), when its sell passed. */
  holderSellTaxPct?: number | null;
  /** The real holder's sale of its whole balance before any call (null: not tried). */
  holderFullSellOk?: boolean | null;
};

/** owner() answers that mean nobody: zero, 0x…dEaD, 0x…1. */
const isNobody = (v: bigint) => v === 0n || v === 0xdeadn || v === 1n;

export function baselineOf(o: ProbeOutcome): Baseline {
  return {
    holderSellTaxPct:
      o.victimTried && o.victimSellOk ? lossPct(o.victimSellExpected, o.victimSellReceived) : null,
    buyOk: o.buyOk,
    sellOk: o.sellOk,
    smallBuyOnly: o.smallBuyOnly,
    buyTaxPct: o.buyOk ? lossPct(o.buyExpected, o.buyReceived) : null,
    sellTaxPct: o.sellOk ? lossPct(o.sellExpected, o.sellReceived) : null,
    holderSellOk: o.victimTried ? o.victimSellOk : null,
    holderFullSellOk: o.victimFullTried ? o.victimFullSellOk : null,
  };
}

/**
 * Effects on supply and balances (phase 1, no trade): mint and owner-drain by effect
 * (balance-ledger.ts), and a renounced owner() taken back. `data` is the call's calldata: the
 * addresses it names are the accounts it aimed at.
 */
export function balanceEffects(
  o: ProbeOutcome,
  watch: Watch,
  caller: Address,
  data?: Hex,
): { effects: OwnerPowerEffect[]; notes: string[]; drained: OwnerPowerDrain[] } {
  if (!o.callOk) return { effects: [], notes: [], drained: [] };
  const { effects, notes, drained } = ledgerEffects(o, watch, caller, data);
  if (isNobody(o.ownerBefore) && !isNobody(o.ownerAfter)) {
    effects.push('owner_reclaimed');
    notes.push(
      `owner() was renounced before the call and is 0x${o.ownerAfter.toString(16).padStart(40, '0')} after it`,
    );
  }
  return { effects, notes, drained };
}

/** Effects on trading (phase 2): compared with the baseline round trip and holder sell. */
export function tradeEffects(
  o: ProbeOutcome,
  base: Baseline,
  /** The victim's position in the watch list (null: no victim). */
  victimAt: number | null = null,
): {
  effects: OwnerPowerEffect[];
  notes: string[];
  buyTax: number | null;
  sellTax: number | null;
  holderTax: number | null;
} {
  const effects: OwnerPowerEffect[] = [];
  const notes: string[] = [];
  const buyTax = o.buyOk ? lossPct(o.buyExpected, o.buyReceived) : null;
  const sellTax = o.sellOk ? lossPct(o.sellExpected, o.sellReceived) : null;
  if (!o.callOk || !o.traded) return { effects, notes, buyTax, sellTax, holderTax: null };
  if (!base.buyOk && o.buyOk) {
    effects.push('opens_trading');
    notes.push(
      `a buy that failed before now passes${o.sellOk ? ' and can be sold back' : ', but selling it back fails'}`,
    );
  }
  // A call that changed the holder's own balance (minted it an absurd amount, zeroed it) makes its
  // sell a different trade, not a blocked or taxed holder: those are judged as mint or move.
  const victimMoved = victimAt !== null && (o.before[victimAt] ?? 0n) !== (o.afterCall[victimAt] ?? 0n);
  if (base.holderSellOk === true && o.victimTried && !o.victimSellOk && !victimMoved) {
    effects.push('holder_blocked');
    notes.push('a real holder who could sell before can no longer sell');
  }
  // Only the holder-sized sale fails: a rule that bites above an amount (an "anti-whale" guard
  // switched on, a max-sell lowered), which a tenth of the balance and a fresh wallet's small round
  // trip never reach. The holder can still sell in pieces: a shrunk limit, not a blocked holder (a
  // bounded max-transaction setter must not read as a blacklist).
  const fullOnly =
    !effects.includes('holder_blocked') &&
    base.holderFullSellOk === true &&
    o.victimFullTried &&
    !o.victimFullSellOk &&
    o.victimSellOk &&
    !victimMoved;
  if (base.buyOk && !o.buyOk) {
    effects.push('buys_blocked');
    notes.push('buys that worked before now revert');
  } else if (base.buyOk && !base.smallBuyOnly && o.smallBuyOnly) {
    effects.push('limit_shrunk');
    notes.push('the usual buy size now fails; only a buy a hundred times smaller passes');
  }
  if (fullOnly) {
    if (!effects.includes('limit_shrunk')) effects.push('limit_shrunk');
    notes.push(
      'a real holder who could sell its whole balance in one sale before can no longer do so (a tenth of it still sells)',
    );
  }
  if (base.sellOk && o.buyOk && !o.sellOk) {
    effects.push('sells_blocked');
    notes.push('sells that worked before now revert');
  }
  const rose = (after: number | null, before: number | null) =>
    after !== null && before !== null && after - before >= FEE_CHANGE_MIN_PP;
  if (rose(sellTax, base.sellTaxPct) || rose(buyTax, base.buyTaxPct)) {
    effects.push('tax_raised');
    if (rose(sellTax, base.sellTaxPct)) notes.push(`sell tax ${base.sellTaxPct}% → ${sellTax}%`);
    if (rose(buyTax, base.buyTaxPct)) notes.push(`buy tax ${base.buyTaxPct}% → ${buyTax}%`);
  }
  // A tax for chosen holders: the real holder's sell costs more while a fresh user's does not.
  const holderTax =
    o.victimTried && o.victimSellOk && !victimMoved
      ? lossPct(o.victimSellExpected, o.victimSellReceived)
      : null;
  if (
    !effects.includes('tax_raised') &&
    holderTax !== null &&
    base.holderSellTaxPct !== null &&
    base.holderSellTaxPct !== undefined &&
    holderTax - base.holderSellTaxPct >= FEE_CHANGE_MIN_PP
  ) {
    effects.push('holder_taxed');
    notes.push(
      `a real holder's sell tax ${base.holderSellTaxPct}% → ${holderTax}% (a fresh wallet's is unchanged)`,
    );
  }
  return { effects, notes, buyTax, sellTax, holderTax };
}

/** Worst first: the effect order of the vocabulary, then the highest tax reached. */
function severity(f: OwnerPowerFinding): number {
  return Math.max(f.sellTaxAfterPct ?? 0, f.buyTaxAfterPct ?? 0, f.holderTaxAfterPct ?? 0);
}

/**
 * What a finding's call took from others without an allowance: whether a real holder was among the
 * victims, and the base units taken from real holders (else from anyone).
 */
function drainOf(f: OwnerPowerFinding): { holder: boolean; amount: bigint } {
  const all = f.drained ?? [];
  const held = all.filter((d) => d.role === 'victim' || d.role === 'holder');
  const sum = (xs: typeof all) => xs.reduce((a, d) => a + d.amount, 0n);
  return held.length > 0 ? { holder: true, amount: sum(held) } : { holder: false, amount: sum(all) };
}

/**
 * `f` says more than `prev`: a higher tax, or at the same tax a worse drain — one that takes a real
 * holder's tokens before one that takes the pool's, then the larger (the call that took a holder's
 * whole balance, not the one that took a unit, shows what the power can do).
 */
function worse(f: OwnerPowerFinding, prev: OwnerPowerFinding): boolean {
  if (severity(f) !== severity(prev)) return severity(f) > severity(prev);
  const a = drainOf(f);
  const b = drainOf(prev);
  return a.holder !== b.holder ? a.holder : a.amount > b.amount;
}

/**
 * One finding per (function, effect, caller): the probe with the most extreme measurement (the
 * highest tax reachable for a fee setter).
 */
export function mergeFindings(all: OwnerPowerFinding[]): OwnerPowerFinding[] {
  const best = new Map<string, OwnerPowerFinding>();
  for (const f of all) {
    const key = `${f.calledContract ?? ''}:${f.selector}:${f.caller}:${[...f.effects].sort().join(',')}`;
    const prev = best.get(key);
    if (!prev || worse(f, prev)) best.set(key, f);
  }
  // Collapse the same function+effects found from several callers into the first caller's line.
  const byFn = new Map<string, OwnerPowerFinding>();
  for (const f of best.values()) {
    const key = `${f.calledContract ?? ''}:${f.selector}:${[...f.effects].sort().join(',')}`;
    const prev = byFn.get(key);
    if (!prev) byFn.set(key, f);
    else if (worse(f, prev)) byFn.set(key, { ...f, callerRole: f.callerRole });
  }
  return [...byFn.values()].sort((a, b) => severity(b) - severity(a));
}

export function describe(effects: OwnerPowerEffect[], notes: string[]): string {
  const labels = [...new Set(effects)].map((e) => OWNER_POWER_LABELS[e]).join(', ');
  return `${labels}: ${notes.join('; ')}.`;
}
