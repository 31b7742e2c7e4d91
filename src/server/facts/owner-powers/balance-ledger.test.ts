import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  drainsOf,
  type LedgerOutcome,
  ledgerEffects,
  mintOf,
  namedIn,
  type Watch,
  withAllowances,
} from './balance-ledger';

const victim = '0x00000000000000000000000000000000000000a1';
const holder = '0x00000000000000000000000000000000000000a2';
const caller = '0x00000000000000000000000000000000000000c1';
const pool = '0x00000000000000000000000000000000000000b1';
const token = '0x00000000000000000000000000000000000000d1';
const watch: Watch = [
  { address: victim, role: 'victim' },
  { address: holder, role: 'holder' },
  { address: caller, role: 'caller' },
  { address: pool, role: 'pair' },
  { address: token, role: 'token' },
];
/** victim 100, holder 50, caller 600, pool 200, token 0: 950 of a 1,000 supply (50 unwatched). */
const BEFORE = [100n, 50n, 600n, 200n, 0n];

const ledger = (afterCall: bigint[], over: Partial<LedgerOutcome> = {}): LedgerOutcome => ({
  supplyBefore: 1_000n,
  supplyAfter: 1_000n,
  before: BEFORE,
  afterCall,
  allowanceGranted: 0n,
  followUpOk: false,
  ...over,
});
const word = (a: string) => a.slice(2).padStart(64, '0');
const call = (...words: string[]) => `0x12345678${words.join('')}` as Hex;

describe('mint by effect', () => {
  it('is a mint when total supply rose', () => {
    expect(mintOf(ledger([100n, 50n, 700n, 200n, 0n], { supplyAfter: 1_100n }), watch)).toMatch(
      /total supply rose by 100/,
    );
  });

  it('is a transfer, not a mint, when one watched balance rose because another fell', () => {
    // A privileged transfer helper moving the victim's tokens to the caller, and the pool's to a holder.
    expect(mintOf(ledger([0n, 250n, 700n, 0n, 0n]), watch)).toBeNull();
  });

  it('is not a mint when the rise could have been paid by addresses nobody watched', () => {
    // +40 to the victim from a reserve wallet out of sight: the 50 unwatched base units could pay it.
    expect(mintOf(ledger([140n, 50n, 600n, 200n, 0n]), watch)).toBeNull();
  });

  it('is a mint when the touched balances rose by more than everyone else holds', () => {
    const m = mintOf(ledger([100n, 50n, 10n ** 30n, 200n, 0n]), watch);
    expect(m).toMatch(
      /rose by .* in sum with total supply unchanged, more than all other addresses hold together \(50\)/,
    );
  });

  it('decides by the sum alone when total supply does not answer', () => {
    const m = ledger([140n, 50n, 600n, 200n, 0n], { supplyBefore: 0n, supplyAfter: 0n });
    expect(mintOf(m, watch)).toMatch(/no total supply to compare with/);
  });

  it('ignores the rounding of share-based balances (a unit per watched address)', () => {
    const m = ledger([101n, 51n, 601n, 201n, 1n], { supplyBefore: 0n, supplyAfter: 0n });
    expect(mintOf(m, watch)).toBeNull();
  });

  it('counts an address watched twice once', () => {
    const twice: Watch = [...watch, { address: caller, role: 'other' }];
    // Victim → caller: the caller's rise must not be counted twice.
    const m = ledger([0n, 50n, 700n, 200n, 0n, 700n], {
      before: [...BEFORE, 600n],
      supplyBefore: 0n,
      supplyAfter: 0n,
    });
    expect(mintOf(m, twice)).toBeNull();
  });
});

describe('owner-drain by effect', () => {
  it('names a real holder whose balance fell, moved or burned, whatever the call named', () => {
    const moved = drainsOf(ledger([100n, 0n, 650n, 200n, 0n]), watch, caller, new Set());
    expect(moved).toEqual([{ address: holder, role: 'holder', amount: 50n, how: 'moved' }]);
    const burned = drainsOf(
      ledger([0n, 50n, 600n, 200n, 0n], { supplyAfter: 900n }),
      watch,
      caller,
      new Set(),
    );
    expect(burned).toEqual([{ address: victim, role: 'victim', amount: 100n, how: 'burned' }]);
  });

  it('counts the pool only when the call named it (a trade also lowers it)', () => {
    const after = [100n, 50n, 700n, 100n, 0n];
    expect(drainsOf(ledger(after), watch, caller, new Set())).toEqual([]);
    expect(drainsOf(ledger(after), watch, caller, new Set([3]))).toEqual([
      { address: pool, role: 'pair', amount: 100n, how: 'moved' },
    ]);
  });

  it('counts the token contract only when named and its tokens were burned, never a rescue', () => {
    const before = [100n, 50n, 600n, 200n, 40n];
    const rescued = ledger([100n, 50n, 640n, 200n, 0n], { before });
    expect(drainsOf(rescued, watch, caller, new Set([4]))).toEqual([]);
    const burned = ledger([100n, 50n, 600n, 200n, 0n], { before, supplyAfter: 960n });
    expect(drainsOf(burned, watch, caller, new Set([4]))).toEqual([
      { address: token, role: 'token', amount: 40n, how: 'burned' },
    ]);
    expect(drainsOf(burned, watch, caller, new Set())).toEqual([]);
  });

  it("never counts the caller's own balance, nor a holder's one-unit rounding", () => {
    expect(
      drainsOf(ledger([100n, 50n, 0n, 200n, 0n], { supplyAfter: 400n }), watch, caller, new Set()),
    ).toEqual([]);
    expect(drainsOf(ledger([99n, 50n, 600n, 200n, 0n]), watch, caller, new Set())).toEqual([]);
    expect(drainsOf(ledger([99n, 50n, 600n, 200n, 0n]), watch, caller, new Set([0]))).toHaveLength(1);
  });
});

describe('allowances read by the baseline', () => {
  // allowance(watch[i], watch[j]) at i * 5 + j: the holder allowed the caller 30.
  const flat = Array.from({ length: 25 }, (_, k) => (k === 1 * 5 + 2 ? 30n : 0n));
  const approved = withAllowances(watch, flat);

  it('keeps each address’s allowances to the others', () => {
    expect(approved[1]?.allows?.get(caller)).toBe(30n);
    expect(approved[0]?.allows).toBeUndefined();
    // A list of another size (no baseline, a different watch list): unchanged.
    expect(withAllowances(watch, [1n])).toBe(watch);
  });

  it('reads a fall within what the holder allowed the caller as a transferFrom, beyond it as a drain', () => {
    const within = ledger([100n, 20n, 630n, 200n, 0n]);
    expect(drainsOf(within, approved, caller, new Set([1]))).toEqual([]);
    const beyond = ledger([100n, 0n, 650n, 200n, 0n]);
    expect(drainsOf(beyond, approved, caller, new Set([1]))).toEqual([
      { address: holder, role: 'holder', amount: 50n, how: 'moved' },
    ]);
  });
});

describe('ledgerEffects', () => {
  it('reads a privileged transferFrom without allowance as an owner-drain naming the victim, not a mint', () => {
    const e = ledgerEffects(
      ledger([0n, 50n, 700n, 200n, 0n]),
      watch,
      caller,
      call(word(victim), word(caller)),
    );
    expect(e.effects).toEqual(['move_tokens']);
    expect(e.notes[0]).toMatch(
      /the balance of a real holder 0x0000…00a1 fell by 100 base units without any approval \(moved away\)/,
    );
    expect(e.drained).toEqual([{ address: victim, role: 'victim', amount: 100n, how: 'moved' }]);
  });

  it('finds nothing for a plain privileged transfer of the caller’s own tokens', () => {
    expect(ledgerEffects(ledger([200n, 50n, 500n, 200n, 0n]), watch, caller).effects).toEqual([]);
  });
});

describe('namedIn', () => {
  it('finds the watched addresses among the argument words, aligned only', () => {
    expect([...namedIn(call(word(pool), word('0x01')), watch)]).toEqual([3]);
    // The address's digits inside a word that is not it do not count.
    const shifted = `0x12345678${'0'.repeat(2)}${word(pool).slice(0, 62)}` as Hex;
    expect([...namedIn(shifted, watch)]).toEqual([]);
    expect(namedIn(undefined, watch).size).toBe(0);
  });
});
