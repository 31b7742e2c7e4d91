import { describe, expect, it } from 'vitest';
import { type CallFrame, calledInTrace } from './called-contracts';

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
