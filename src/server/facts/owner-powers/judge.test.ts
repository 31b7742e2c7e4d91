import { describe, expect, it } from 'vitest';
import type { OwnerPowerFinding } from '../types';
import {
  balanceEffects,
  baselineOf,
  mergeFindings,
  type ProbeOutcome,
  tradeEffects,
  type Watch,
} from './judge';

const victim = '0x00000000000000000000000000000000000000a1';
const caller = '0x00000000000000000000000000000000000000c1';
const watch: Watch = [
  { address: victim, role: 'victim' },
  { address: caller, role: 'caller' },
];

const outcome = (over: Partial<ProbeOutcome>): ProbeOutcome => ({
  called: true,
  callOk: true,
  gasUsed: 50_000n,
  supplyBefore: 1_000n,
  supplyAfter: 1_000n,
  before: [100n, 0n],
  afterCall: [100n, 0n],
  traded: false,
  victimTried: false,
  victimSellOk: false,
  buyOk: false,
  smallBuyOnly: false,
  sellOk: false,
  buyExpected: 0n,
  buyReceived: 0n,
  sellExpected: 0n,
  sellReceived: 0n,
  readOnly: false,
  codeReplaced: false,
  setupOk: false,
  ownerBefore: 0xc1n,
  ownerAfter: 0xc1n,
  victimSellExpected: 0n,
  victimSellReceived: 0n,
  allowanceGranted: 0n,
  followUpOk: false,
  victimFullTried: false,
  victimFullSellOk: false,
  allowances: [],
  ...over,
});

describe('balanceEffects', () => {
  it('names an allowance the caller granted itself over a holder and then used as one move', () => {
    const b = balanceEffects(
      outcome({ afterCall: [0n, 100n], allowanceGranted: 2n ** 256n - 1n, followUpOk: true }),
      watch,
      caller,
    );
    expect(b.effects).toEqual(['move_tokens']);
    expect(b.notes[0]).toMatch(/allowance over a real holder's tokens that the holder never approved/);
    expect(b.notes[0]).toMatch(/transferFrom then took 100 base units/);
  });

  it('finds nothing when a grant was not followed by a move', () => {
    expect(balanceEffects(outcome({ allowanceGranted: 5n }), watch, caller).effects).toEqual([]);
  });
});

describe('tradeEffects: a holder-sized sale', () => {
  const traded = (over: Partial<ProbeOutcome>) =>
    outcome({ traded: true, victimTried: true, victimSellOk: true, victimFullTried: true, ...over });
  const base = baselineOf(traded({ victimFullSellOk: true }));

  it('reads a sale of the whole balance that stops working, a tenth still selling, as a shrunk limit', () => {
    const t = tradeEffects(traded({ victimFullSellOk: false }), base, 0);
    expect(t.effects).toEqual(['limit_shrunk']);
    expect(t.notes[0]).toMatch(/could sell its whole balance in one sale before.*a tenth of it still sells/);
  });

  it('blocks the holder when even the tenth stops selling', () => {
    const t = tradeEffects(traded({ victimSellOk: false, victimFullSellOk: false }), base, 0);
    expect(t.effects).toEqual(['holder_blocked']);
  });

  it('compares nothing when the whole balance could not be sold before either (a fixed limit)', () => {
    const limited = baselineOf(traded({ victimFullSellOk: false }));
    expect(tradeEffects(traded({ victimFullSellOk: false }), limited, 0).effects).toEqual([]);
  });

  it('says nothing about a holder whose balance the call itself changed', () => {
    expect(tradeEffects(traded({ afterCall: [0n, 0n] }), base, 0).effects).toEqual([]);
  });
});

describe('mergeFindings', () => {
  it("keeps a called contract's function apart from the token's function with the same selector", () => {
    const f = (calledContract?: `0x${string}`): OwnerPowerFinding => ({
      selector: '0x12345678',
      signature: null,
      caller,
      callerRole: 'owner()',
      args: '(1)',
      effects: ['sells_blocked'],
      detail: 'Blocks sells.',
      usable: true,
      buyTaxAfterPct: null,
      sellTaxAfterPct: null,
      ...(calledContract ? { calledContract } : {}),
    });
    expect(mergeFindings([f(), f('0x00000000000000000000000000000000000000e1')])).toHaveLength(2);
  });

  it("keeps the drain that took the most: a holder's whole balance over a single unit", () => {
    const drain = (args: string, amount: bigint): OwnerPowerFinding => ({
      selector: '0x3da9b9d0',
      signature: null,
      caller,
      callerRole: 'owner()',
      args,
      effects: ['move_tokens'],
      detail: 'Moves other holders tokens.',
      usable: true,
      buyTaxAfterPct: null,
      sellTaxAfterPct: null,
      drained: [{ address: victim, role: 'victim', amount, how: 'burned' }],
    });
    const pool = drain('(pool, supply/100)', 1_000n);
    pool.drained = [
      { address: '0x00000000000000000000000000000000000000b1', role: 'pair', amount: 1_000n, how: 'moved' },
    ];
    const merged = mergeFindings([
      drain('(victim, true/1)', 1n),
      pool,
      drain("(victim, victim's balance)", 100n),
    ]);
    // A real holder's loss names the power before the pool's, however large the pool's.
    expect(merged.map((x) => x.args)).toEqual(["(victim, victim's balance)"]);
  });
});

describe('balanceEffects: mint and drain by effect', () => {
  it('reads a privileged transferFrom between watched accounts as a drain, not a mint', () => {
    const b = balanceEffects(outcome({ afterCall: [0n, 100n] }), watch, caller);
    expect(b.effects).toEqual(['move_tokens']);
    expect(b.drained).toEqual([{ address: victim, role: 'victim', amount: 100n, how: 'moved' }]);
  });

  it('reads a rise paid by an unwatched address as a transfer, and one beyond the supply as a mint', () => {
    // 900 of the 1,000 supply sits outside the watch list (a reserve wallet): +50 may be paid from it.
    expect(balanceEffects(outcome({ afterCall: [150n, 0n] }), watch, caller).effects).toEqual([]);
    expect(balanceEffects(outcome({ afterCall: [100n, 10n ** 30n] }), watch, caller).effects).toEqual([
      'mint',
    ]);
  });
});
