import type { Address, Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { delegateCandidates, resolveProxy, SLOT_BEACON, slotForm, TOTAL_SUPPLY_SELECTOR } from './proxy';

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

describe('resolveProxy', () => {
  // A delegating fallback: DELEGATECALL to an address read from a slot of its own choosing.
  const proxyCode = '0x365f5f37602a545f5f365f845af43d5f5f3e6017573d5ffd5b3d5ff3' as Hex;
  const implCode = `0x5f3560e01c8063${TOTAL_SUPPLY_SELECTOR.slice(2)}14601057005b00` as Hex;

  /** A client whose answers arrive a tick later, recording how many requests left before the first. */
  function stubClient(answers: {
    storage?: Record<string, Hex>;
    access?: unknown;
    codes?: Record<string, Hex>;
  }) {
    const sent: string[] = [];
    let sentBeforeFirstAnswer = -1;
    const later = <T>(v: T) =>
      new Promise<T>((r) =>
        setTimeout(() => {
          if (sentBeforeFirstAnswer < 0) sentBeforeFirstAnswer = sent.length;
          r(v);
        }, 0),
      );
    const client = {
      getStorageAt: ({ slot }: { slot: Hex }) => {
        sent.push(`slot ${slot}`);
        return later(answers.storage?.[slot] ?? (`0x${'00'.repeat(32)}` as Hex));
      },
      request: ({ method }: { method: string }) => {
        sent.push(method);
        return later(answers.access);
      },
      getCode: ({ address }: { address: Address }) => {
        sent.push(`code ${address}`);
        return later(answers.codes?.[address] ?? '0x');
      },
      readContract: () => later(impl),
    };
    return { client: client as never, sent, first: () => sentBeforeFirstAnswer };
  }

  it('finds a delegating fallback through the access list, asked in the batch of the slot reads', async () => {
    const s = stubClient({
      access: { accessList: [{ address: impl, storageKeys: [] }] },
      codes: { [impl]: implCode },
    });
    const r = await resolveProxy(s.client, token, proxyCode, []);
    expect(r.proxy).toMatchObject({ kind: 'other', form: 'fallback', implementation: impl });
    expect(r.implementationCode).toBe(implCode);
    // Five slots and the access list left together; the implementation's code next.
    expect(s.first()).toBe(6);
    expect(s.sent.at(-1)).toBe(`code ${impl}`);
  });

  it('does not ask who answers totalSupply() of a token that has it in its own code', async () => {
    const s = stubClient({});
    const r = await resolveProxy(s.client, token, proxyCode, [TOTAL_SUPPLY_SELECTOR]);
    expect(r.proxy).toBeNull();
    expect(s.sent).not.toContain('eth_createAccessList');
  });

  it('reads a clone with its implementation code in one request, and a beacon through its beacon', async () => {
    const clone = `0x3d3d3d3d363d3d37363d73${impl.slice(2)}5af43d3d93803e602a57fd5bf3` as Hex;
    const c = stubClient({ codes: { [impl]: implCode } });
    const r = await resolveProxy(c.client, token, clone, []);
    expect(r.proxy).toMatchObject({ kind: 'eip1167', form: 'clone', implementation: impl, beacon: null });
    expect(c.sent).toEqual([`code ${impl}`]);
    const beaconWord = `0x${'00'.repeat(12)}${ledger.slice(2)}` as Hex;
    const b = stubClient({ storage: { [SLOT_BEACON]: beaconWord }, codes: { [impl]: implCode } });
    const rb = await resolveProxy(b.client, token, proxyCode, []);
    expect(rb.proxy).toMatchObject({ kind: 'eip1967', form: 'beacon', beacon: ledger, implementation: impl });
    expect(rb.implementationCode).toBe(implCode);
  });
});
