import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { type CallFrame, calledInTrace, touchedByTransfers } from './called-contracts';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const ROUTER = '0x00000000000000000000000000000000000000bb';
const GUARD = '0x00000000000000000000000000000000000000cc';
const ORACLE = '0x00000000000000000000000000000000000000dd';
const IMPL = '0x00000000000000000000000000000000000000ee';

describe('calledInTrace', () => {
  it("finds the contracts the token calls inside the router's swap, and what they call in turn", () => {
    const root: CallFrame = {
      from: '0x00000000000000000000000000000000f1ab0f70',
      to: ROUTER,
      type: 'CALL',
      calls: [
        {
          from: ROUTER,
          to: TOKEN,
          type: 'CALL',
          calls: [
            { from: TOKEN, to: IMPL, type: 'DELEGATECALL' },
            {
              from: TOKEN,
              to: GUARD.toUpperCase().replace('0X', '0x'),
              type: 'STATICCALL',
              calls: [{ from: GUARD, to: ORACLE, type: 'STATICCALL' }],
            },
            { from: TOKEN, to: GUARD, type: 'STATICCALL' },
          ],
        },
        // The router's own calls (not made by the token) are not the token's contracts.
        { from: ROUTER, to: '0x00000000000000000000000000000000000000ff', type: 'CALL' },
      ],
    };
    expect(calledInTrace(root, TOKEN)).toEqual([GUARD, ORACLE]);
  });

  it('finds nothing in a transfer that calls no other contract', () => {
    expect(calledInTrace({ from: ROUTER, to: TOKEN, type: 'CALL' }, TOKEN)).toEqual([]);
  });
});

describe('touchedByTransfers', () => {
  // Above the precompile range (0x…0001–0x…ffff), which is never a contract of the token's.
  const FAR_GUARD = '0x00000000000000000000000000000000c0ffee01';
  it("asks the access list of a router sell as the call itself, and keeps what the router's path read", async () => {
    const sent: { to: string; data: string; from: string }[] = [];
    const client = {
      request: async ({ params }: { params: [{ to: string; data: string; from: string }] }) => {
        sent.push(params[0]);
        // The router's path reads the guard's storage; a plain transfer reads only the token's.
        return params[0].to === ROUTER
          ? {
              accessList: [
                { address: ROUTER, storageKeys: [] },
                { address: TOKEN, storageKeys: ['0x01'] },
                { address: FAR_GUARD, storageKeys: ['0x00'] },
              ],
            }
          : { accessList: [{ address: TOKEN, storageKeys: ['0x01'] }] };
      },
    } as unknown as PublicClient;
    const HOLDER = '0x00000000000000000000000000000000000000f1';
    const r = await touchedByTransfers(
      client,
      TOKEN,
      [
        { from: HOLDER, to: ORACLE, amount: 5n },
        { from: HOLDER, to: ORACLE, amount: 5n, call: { to: ROUTER, data: '0xabcdef' } },
      ],
      new Set([TOKEN, ROUTER]),
      (p) => p,
    );
    expect(sent[0]?.to).toBe(TOKEN);
    expect(sent[0]?.data.slice(0, 10)).toBe('0xa9059cbb');
    expect(sent[1]).toMatchObject({ from: HOLDER, to: ROUTER, data: '0xabcdef' });
    expect(r).toEqual({ touched: [FAR_GUARD], failed: 0 });
  });
});
