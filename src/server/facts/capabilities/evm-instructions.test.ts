import fc from 'fast-check';
import { type Hex, toEventSelector, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { roleIdsOf } from '../owner-powers';
import { stripMetadata } from '../verification/verify-source';
import { immediateAt, instructionSize, instructions } from './evm-instructions';
import { findOpcodes } from './index';

// The two walkers this module replaced, kept here verbatim as the reference: the shared walker must
// change nothing they found.
function findOpcodesBefore(code: Hex, wanted: readonly number[]): Set<number> {
  const hex = stripMetadata(code).code.slice(2);
  const want = new Set(wanted);
  const found = new Set<number>();
  for (let i = 0; i + 2 <= hex.length; i += 2) {
    const op = Number.parseInt(hex.slice(i, i + 2), 16);
    if (want.has(op)) found.add(op);
    if (op >= 0x60 && op <= 0x7f) i += (op - 0x5f) * 2;
  }
  return found;
}

function push32sBefore(code: Hex): { w: string; topic: boolean }[] {
  const hex = code.slice(2).toLowerCase();
  const n = hex.length / 2;
  const op = (i: number) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  const next = (i: number) => {
    const o = op(i);
    return i + 1 + (o >= 0x60 && o <= 0x7f ? o - 0x60 + 1 : 0);
  };
  const out: { w: string; topic: boolean }[] = [];
  for (let i = 0; i < n; i = next(i)) {
    if (op(i) !== 0x7f) continue;
    const w = hex.slice((i + 1) * 2, (i + 33) * 2);
    let topic = false;
    for (let j = next(i), k = 0; j < n && k < 24; j = next(j), k++) {
      const o = op(j);
      if (o === 0x56 || o === 0x57) break;
      if (o >= 0xa0 && o <= 0xa4) {
        topic = true;
        break;
      }
    }
    out.push({ w, topic });
  }
  return out;
}

const KNOWN_TOPICS = new Set(
  [
    'Transfer(address,address,uint256)',
    'Approval(address,address,uint256)',
    'OwnershipTransferred(address,address)',
    'RoleGranted(bytes32,address,address)',
    'RoleRevoked(bytes32,address,address)',
    'RoleAdminChanged(bytes32,bytes32,bytes32)',
    'Upgraded(address)',
    'AdminChanged(address,address)',
  ].map((e) => toEventSelector(`event ${e}`).slice(2)),
);
const hashLike = (w: string) => {
  const bytes = w.match(/../g) ?? [];
  return bytes.filter((b) => b === '00').length < 6 && bytes.filter((b) => b === 'ff').length < 6;
};
/** roleIdsOf as it was, on the old walk. */
function roleIdsBefore(code: Hex): Hex[] {
  const seen = new Set<string>();
  const out: Hex[] = [];
  for (const { w, topic } of push32sBefore(code)) {
    if (w.length !== 64 || seen.has(w) || KNOWN_TOPICS.has(w) || !hashLike(w) || topic) continue;
    seen.add(w);
    out.push(`0x${w}`);
  }
  return out;
}

/** Random code biased towards PUSHes, LOGs, jumps and hash-like words. */
const codeArb = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map((b) => [b]),
      fc.uint8Array({ minLength: 32, maxLength: 32 }).map((w) => [0x7f, ...w]),
      fc.constantFrom([0xa1], [0xa3], [0x56], [0x57], [0x5f], [0xff]),
    ),
    { maxLength: 200 },
  )
  .map((parts) => toHex(Uint8Array.from(parts.flat())));

describe('evm instruction walker', () => {
  it('steps over PUSH immediates (PUSH0 has none) and stops at the end of the code', () => {
    // PUSH1 ff, PUSH0, PUSH2 ff ff, SELFDESTRUCT, then a PUSH32 cut short by the end.
    const hex = '60ff5f61ffffff7f0102';
    expect([...instructions(hex)]).toEqual([
      { pc: 0, op: 0x60 },
      { pc: 2, op: 0x5f },
      { pc: 3, op: 0x61 },
      { pc: 6, op: 0xff },
      { pc: 7, op: 0x7f },
    ]);
    expect(instructionSize(0x5f)).toBe(1);
    expect(instructionSize(0x7f)).toBe(33);
    expect(immediateAt(hex, 7, 32)).toBe('0102');
  });

  it('finds the same opcodes as the walker capabilities.ts had (property)', () => {
    const wanted = [0xff, 0xf4, 0x55, 0xa1, 0x5f];
    fc.assert(
      fc.property(codeArb, (code) => {
        expect([...findOpcodes(code, wanted)].sort()).toEqual([...findOpcodesBefore(code, wanted)].sort());
      }),
      { numRuns: 300 },
    );
  });

  it('finds the same role ids as the walker role-ids.ts had (property)', () => {
    fc.assert(
      fc.property(codeArb, (code) => {
        expect(roleIdsOf([code], 1_000)).toEqual(roleIdsBefore(code));
      }),
      { numRuns: 300 },
    );
  });
});
