/**
 * What a privileged call did to supply and balances (pure), judged by effect (issue 40 items 3–4).
 *
 * Mint: total supply rose, or the balances the call touched rose in sum. A balance raised at
 * another's expense is a transfer, never a mint: the probe watches the caller, the addresses the
 * arguments name, the token's real holders, its pool and the token itself, so a move between them
 * nets to zero. A rise can still be paid from an address nobody watches (a reserve wallet the
 * contract keeps out of sight): while it is no larger than everything the unwatched addresses hold
 * together (total supply minus the watched balances), it may be that, so it is not called a mint.
 * A backdoor that credits without debiting shows anyway on the ladder's amounts above any supply.
 *
 * Owner-drain: a watched balance fell by more than it allowed the caller (today's allowances, read
 * once per run by the probe's baseline: a reserve that approved the owner is spent by a
 * transferFrom, not drained) — moved away or burned. Real holders count whatever the call named (a
 * drain may take from every holder at once). The pool and the token contract count only when the
 * call named them as its account: the
 * pool's token balance also falls when it is paid in a trade the caller triggers, and the token's own
 * balance is what rescue and swap-back functions spend (CleanStuckTokens) — so the token counts only
 * when what it lost was burned, which no rescue does.
 */
import type { Address, Hex } from 'viem';
import type { OwnerPowerEffect } from '../../../shared/vocabulary';
import type { OwnerPowerDrain } from '../types';

export type WatchRole = 'victim' | 'holder' | 'caller' | 'pair' | 'token' | 'other';
/**
 * Watched addresses, in the order the probe reads their balances; `allows`, once a baseline was read,
 * what each allowed other watched addresses to spend (spender → base units; absent: nothing).
 */
export type Watch = { address: Address; role: WatchRole; allows?: ReadonlyMap<Address, bigint> }[];

/**
 * The watch list with each address's allowances to the others, from a baseline's `allowances`
 * (allowance(watch[i], watch[j]) at i * n + j). Anything else (no baseline, a short list): unchanged.
 */
export function withAllowances(watch: Watch, flat: readonly bigint[]): Watch {
  const n = watch.length;
  if (flat.length !== n * n) return watch;
  return watch.map((w, i) => {
    const allows = new Map<Address, bigint>();
    watch.forEach((spender, j) => {
      const a = flat[i * n + j] ?? 0n;
      if (i !== j && a > 0n) allows.set(spender.address, a);
    });
    return allows.size > 0 ? { ...w, allows } : w;
  });
}

/** The measurements the ledger needs (a subset of the probe's outcome). */
export type LedgerOutcome = {
  supplyBefore: bigint;
  supplyAfter: bigint;
  before: readonly bigint[];
  afterCall: readonly bigint[];
  allowanceGranted: bigint;
  followUpOk: boolean;
};

const fmt = (v: bigint) => v.toLocaleString('en-US');
const short = (a: Address) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Positions in `watch` of the addresses the calldata's argument words name (32-byte aligned). */
export function namedIn(data: Hex | undefined, watch: Watch): Set<number> {
  const named = new Set<number>();
  if (!data) return named;
  const args = data.slice(10).toLowerCase();
  watch.forEach((w, i) => {
    const word = w.address.slice(2).toLowerCase().padStart(64, '0');
    for (let at = args.indexOf(word); at >= 0; at = args.indexOf(word, at + 1))
      if (at % 64 === 0) {
        named.add(i);
        return;
      }
  });
  return named;
}

/** Each watched address once (the first position it has): a duplicate would count its change twice. */
function distinct(watch: Watch): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  watch.forEach((w, i) => {
    if (seen.has(w.address)) return;
    seen.add(w.address);
    out.push(i);
  });
  return out;
}

/** Mint by effect: supply up, or the touched balances up in sum by more than others could have paid. */
export function mintOf(o: LedgerOutcome, watch: Watch): string | null {
  if (o.supplyAfter > o.supplyBefore)
    return `total supply rose by ${fmt(o.supplyAfter - o.supplyBefore)} base units`;
  let sumBefore = 0n;
  let sumAfter = 0n;
  const idx = distinct(watch);
  for (const i of idx) {
    sumBefore += o.before[i] ?? 0n;
    sumAfter += o.afterCall[i] ?? 0n;
  }
  const rose = sumAfter - sumBefore;
  // Share-based balances (reflection) are floored one by one: each can read up to a unit high.
  const dust = BigInt(idx.length);
  if (rose <= dust) return null;
  // No readable supply: nothing bounds what unwatched addresses hold, so the sum decides alone.
  if (o.supplyBefore === 0n)
    return `the balances the call touched rose by ${fmt(rose)} base units in sum (no total supply to compare with)`;
  const unwatched = o.supplyBefore > sumBefore ? o.supplyBefore - sumBefore : 0n;
  if (rose <= unwatched + dust) return null;
  return `the balances the call touched rose by ${fmt(rose)} base units in sum with total supply unchanged, more than all other addresses hold together (${fmt(unwatched)})`;
}

const VICTIM_TEXT: Record<WatchRole, string> = {
  victim: 'a real holder',
  holder: 'a real holder',
  pair: 'the pool',
  token: 'the token contract itself',
  caller: 'the caller',
  other: 'an address',
};

/** Owner-drain by effect: each watched balance the caller had no allowance for that fell. */
export function drainsOf(
  o: LedgerOutcome,
  watch: Watch,
  caller: Address,
  named: Set<number>,
): OwnerPowerDrain[] {
  const burned = o.supplyBefore > o.supplyAfter ? o.supplyBefore - o.supplyAfter : 0n;
  const out: OwnerPowerDrain[] = [];
  for (const i of distinct(watch)) {
    const w = watch[i] as Watch[number];
    if (w.address === caller) continue;
    const b = o.before[i] ?? 0n;
    const a = o.afterCall[i] ?? 0n;
    if (a >= b) continue;
    const lost = b - a;
    // Spent within what it allowed the caller: a transferFrom or burnFrom, not a drain.
    if (lost <= (w.allows?.get(caller) ?? 0n)) continue;
    const aimed = named.has(i);
    const counts =
      w.role === 'victim' || w.role === 'holder'
        ? // A balance floored from shares can read a unit lower after an unrelated change.
          aimed || lost > 1n
        : w.role === 'pair'
          ? aimed
          : w.role === 'token' && aimed && burned >= lost;
    if (!counts) continue;
    out.push({ address: w.address, role: w.role, amount: lost, how: burned >= lost ? 'burned' : 'moved' });
  }
  return out;
}

/** Effects on supply and balances, with the sentences that say what was measured. */
export function ledgerEffects(
  o: LedgerOutcome,
  watch: Watch,
  caller: Address,
  data?: Hex,
): { effects: OwnerPowerEffect[]; notes: string[]; drained: OwnerPowerDrain[] } {
  const effects: OwnerPowerEffect[] = [];
  const notes: string[] = [];
  const mint = mintOf(o, watch);
  if (mint) {
    effects.push('mint');
    notes.push(mint);
  }
  const drained = drainsOf(o, watch, caller, namedIn(data, watch));
  if (drained.length > 0) effects.push('move_tokens');
  for (const d of drained) {
    const who = `${VICTIM_TEXT[d.role]} ${short(d.address)}`;
    if (o.allowanceGranted > 0n && o.followUpOk && d.role === 'victim')
      notes.push(
        `the call gave the caller an allowance over a real holder's tokens that the holder never approved (allowance(holder, caller) rose by ${fmt(o.allowanceGranted)} base units), and the caller's transferFrom then took ${fmt(d.amount)} base units from the holder ${short(d.address)}`,
      );
    else
      notes.push(
        `the balance of ${who} fell by ${fmt(d.amount)} base units without any approval (${d.how === 'burned' ? 'burned: total supply fell with it' : 'moved away'})`,
      );
  }
  return { effects, notes, drained };
}
