import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { delegateCandidates, slotForm, TOTAL_SUPPLY_SELECTOR } from './proxy';

const token = `0x${'11'.repeat(20)}` as Address;
const impl = `0x${'22'.repeat(20)}`;
const ledger = `0x${'33'.repeat(20)}`;

describe('delegateCandidates', () => {
  it('keeps accounts whose code ran without storage of their own (a DELEGATECALL target)', () => {
    const list = [
      { address: token, storageKeys: [`0x${'00'.repeat(32)}`] },
      { address: impl.toUpperCase().replace('0X', '0x'), storageKeys: [] },
      // A contract called with CALL reads its own storage: not where the token's code lives.
      { address: ledger, storageKeys: [`0x${'01'.repeat(32)}`] },
      { address: '0x0000000000000000000000000000000000000004' },
      { address: impl },
    ];
    expect(delegateCandidates(list, token)).toEqual([impl]);
  });

  it('is empty for a node that gave no list', () => {
    expect(delegateCandidates(undefined, token)).toEqual([]);
  });
});

describe('slotForm', () => {
  // PUSH4 <selector> EQ: enough for whatsabi to see the selector in a dispatcher.
  const dispatch = (sel: string) => `0x6000356000351c80${`63${sel.slice(2)}`}14610011575b00` as Hex;
  it('an admin slot is the transparent pattern; upgradeTo in the implementation is UUPS', () => {
    expect(slotForm(ledger as Address, null)).toBe('transparent');
    expect(slotForm(null, dispatch('0x3659cfe6'))).toBe('uups');
    expect(slotForm(null, dispatch(TOTAL_SUPPLY_SELECTOR))).toBe('slot');
    expect(slotForm(null, null)).toBe('slot');
  });
});
