import { describe, expect, it } from 'vitest';
import type { DecodedOutcome } from './decode-outcomes';
import type { ProbeMeta } from './judge';
import { POWER_GAS } from './limits';
import { switchSearch } from './switch-search';

const caller = '0x00000000000000000000000000000000000000c1';
const meta = (selector: `0x${string}`, args = '()'): ProbeMeta => ({
  selector,
  signature: null,
  caller,
  callerRole: 'owner()',
  args,
});
const out = (over: Partial<DecodedOutcome> = {}) =>
  ({ called: true, callOk: true, gasUsed: 50_000n, ...over }) as DecodedOutcome;

// Three functions: 0xaaaaaaaa (two calls), 0xbbbbbbbb, 0xcccccccc.
const metas = [meta('0xaaaaaaaa', '(0)'), meta('0xaaaaaaaa', '(1)'), meta('0xbbbbbbbb'), meta('0xcccccccc')];

describe('switchSearch', () => {
  it('counts the calls re-run with a buy and the functions they cover; complete when nothing was left', () => {
    const s = switchSearch({
      phase1: [out(), out(), out(), out({ callOk: false })],
      metas,
      rerun: [0, 1, 2],
      run: { base: null, setupOk: true, pairs: [0, 1, 2].map((j) => ({ j, o: out() })) },
      notSent: [],
    });
    expect(s).toEqual({ tried: 3, functions: 2, unjudged: 0 });
  });

  it('a call cut by the budget, stopped by its gas, or not re-run leaves its function unjudged', () => {
    const s = switchSearch({
      phase1: [out(), out({ callOk: false, gasUsed: POWER_GAS }), out(), out({ called: false })],
      metas,
      // 0xbbbbbbbb's re-run never came back (budget); 0xaaaaaaaa's first one ran out of gas.
      rerun: [0, 2],
      run: { base: null, setupOk: true, pairs: [{ j: 0, o: out({ called: false }) }] },
      notSent: ['0xdddddddd'],
    });
    expect(s).toEqual({ tried: 0, functions: 0, unjudged: 4 });
  });

  it('a call that used its whole gas but succeeded was judged', () => {
    const s = switchSearch({
      phase1: [out({ gasUsed: POWER_GAS }), out(), out(), out()],
      metas,
      rerun: [],
      run: { base: null, setupOk: true, pairs: [] },
      notSent: [],
    });
    expect(s.unjudged).toBe(0);
  });
});
