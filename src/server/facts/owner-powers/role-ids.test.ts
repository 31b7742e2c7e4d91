import type { Hex } from 'viem';
import { keccak256, toEventSelector, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  emitsRoleGrants,
  mergeRoleIds,
  ROLE_ADMIN_CHANGED_TOPIC,
  ROLE_GRANTED_TOPIC,
  roleIdsFromLogs,
  roleIdsOf,
} from './role-ids';

const role = keccak256(toHex('SOME_CUSTOM_ROLE'));
const topic = toEventSelector('event Minted(address,uint256)');
const push32 = (w: string) => `7f${w.slice(2)}`;

describe('roleIdsOf', () => {
  it('reads hash-like PUSH32 constants and leaves out event topics and masks', () => {
    const code = `0x${[
      '6000', // PUSH1 0
      push32(role),
      '5056', // POP, JUMP
      push32(topic),
      '6000' + '6000' + 'a2', // PUSH1, PUSH1, LOG2: an event topic
      push32(`0x${'ff'.repeat(32)}`), // a mask
      push32(`0x${'00'.repeat(19)}${'c9f2c9cd04674edea40000000'.padStart(26, '0')}`), // 10^30
      push32(role), // seen once
    ].join('')}` as const;
    expect(roleIdsOf([code])).toEqual([role]);
  });

  it('does not read PUSH data as opcodes', () => {
    // PUSH2 0x7fff: the 0x7f inside the push data is not a PUSH32.
    expect(roleIdsOf([`0x617fff${'00'.repeat(40)}`])).toEqual([]);
  });

  it('caps the count and takes the implementation code too', () => {
    const ids = [1, 2, 3, 4, 5].map((i) => keccak256(toHex(`ROLE_${i}`)));
    const a = `0x${ids
      .slice(0, 3)
      .map((r) => `${push32(r)}56`)
      .join('')}` as const;
    const b = `0x${ids
      .slice(3)
      .map((r) => `${push32(r)}56`)
      .join('')}` as const;
    expect(roleIdsOf([a, null, b])).toEqual(ids.slice(0, 4));
  });
});

describe('roleIdsFromLogs', () => {
  const id = (n: number) => `0x${n.toString(16).padStart(64, 'a')}` as Hex;
  const zero = `0x${'0'.repeat(64)}` as Hex;
  const addr = `0x${'0'.repeat(24)}${'b'.repeat(40)}` as Hex;

  it('reads the role of each grant and the roles of each admin change, once each, never the zero role', () => {
    const logs = [
      { topics: [ROLE_GRANTED_TOPIC, id(1), addr, addr] },
      { topics: [ROLE_GRANTED_TOPIC, id(1), addr, addr] },
      { topics: [ROLE_ADMIN_CHANGED_TOPIC, id(2), zero, id(3)] },
      { topics: [ROLE_GRANTED_TOPIC, zero, addr, addr] },
      // Another event (a Transfer): its topics are not roles.
      { topics: [id(9), addr, addr] },
    ];
    expect(roleIdsFromLogs(logs)).toEqual([id(1), id(2), id(3)]);
  });

  it('puts logged roles before the code constants, within the cap', () => {
    expect(mergeRoleIds([id(1), id(2)], [id(2), id(4), id(5), id(6)], 4)).toEqual([
      id(1),
      id(2),
      id(4),
      id(5),
    ]);
  });

  it('asks the logs only of code that emits RoleGranted', () => {
    expect(emitsRoleGrants([`0x7f${ROLE_GRANTED_TOPIC.slice(2)}a3`])).toBe(true);
    expect(emitsRoleGrants(['0x6001600201', null])).toBe(false);
  });
});
