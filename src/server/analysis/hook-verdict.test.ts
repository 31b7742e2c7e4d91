import { describe, expect, it } from 'vitest';
import type { HookFacts } from '../../shared/uniswap-v4-hook';
import { effectOf } from '../facts/hooks/uniswap-v4-hook-powers';
import { judgeHook } from './hook-verdict';

const E = 10n ** 18n;
const base: HookFacts = {
  hook: '0xb74b37a02fbd8073fe48237f2a61b9554e86c080',
  permissions: ['beforeSwap'],
  hasCode: true,
  owner: '0x0000000000000000000000000000000000000000',
  proxy: null,
  buy: { amountIn: E, amountOut: 990n * E },
  sell: { amountIn: 990n * E, amountOut: (98n * E) / 100n },
  buyLater: { amountIn: E, amountOut: 990n * E },
  spotOut: 1000n * E,
  spotBack: (99n * E) / 100n,
};

describe('judgeHook', () => {
  it('a 1% fee hook with a renounced owner is fine, fees measured against the pool price', () => {
    const v = judgeHook(base);
    expect(v).toMatchObject({
      level: 'ok',
      honeypot: false,
      buyFeePct: 1,
      decayingTo: null,
      ownerPowers: null,
    });
    expect(v.sellFeePct).toBeCloseTo(1.01, 2);
    expect(v.evidence.join(' ')).toMatch(/renounced/);
  });

  it('a sell that returns nothing is a honeypot; a sell that reverts too', () => {
    expect(judgeHook({ ...base, sell: { amountIn: 990n * E, amountOut: 0n } })).toMatchObject({
      honeypot: true,
      level: 'dangerous',
    });
    expect(judgeHook({ ...base, sell: { amountIn: 990n * E, amountOut: null } }).honeypotReason).toMatch(
      /every sell revert/,
    );
    expect(judgeHook({ ...base, buy: { amountIn: E, amountOut: 0n }, sell: null }).honeypotReason).toMatch(
      /100%/,
    );
  });

  it('a fee lower an hour ahead is a decaying launch fee, graded at its value now', () => {
    const v = judgeHook({ ...base, buy: { amountIn: E, amountOut: 500n * E }, sell: null });
    expect(v.buyFeePct).toBe(50);
    expect(v.decayingTo).toBe(1);
    expect(v.honeypot).toBe(false);
    expect(v.level).toBe('dangerous');
  });

  it('an owner not simulated is unchecked (caution), never passed', () => {
    const v = judgeHook({ ...base, owner: '0x0000000000000000000000000000000000000de7' });
    expect(v.ownerPowers?.status).toBe('unchecked');
    expect(v.level).toBe('caution');
  });

  it('a simulated owner call that blocks sells fails the owner-power check', () => {
    const v = judgeHook(
      { ...base, owner: '0x0000000000000000000000000000000000000de7' },
      {
        caller: '0x0000000000000000000000000000000000000de7',
        baselineLossPct: 2,
        tried: 10,
        notTried: 0,
        powers: [
          {
            caller: '0x0000000000000000000000000000000000000de7',
            selector: '0x12345678',
            signature: 'setArmed(bool)',
            args: 'true',
            effect: 'sells_blocked',
            lossPct: null,
          },
        ],
      },
    );
    expect(v.ownerPowers).toMatchObject({ status: 'failed', canMakeHoneypot: true });
    expect(v.level).toBe('dangerous');
    expect(v.evidence.join(' ')).toMatch(/setArmed\(bool\) \(true\) makes every sell revert/);
  });
});

describe('effectOf', () => {
  const ok = { called: true, callOk: true, buyOk: true, buyOut: 990n, sellOk: true, sellOut: 98n };
  it('compares each candidate with the baseline', () => {
    expect(effectOf({ ...ok, sellOk: false, sellOut: 0n }, ok, 100n)).toBe('sells_blocked');
    expect(effectOf({ ...ok, sellOut: 0n }, ok, 100n)).toBe('sell_kept');
    expect(effectOf({ ...ok, buyOut: 0n, sellOk: false }, ok, 100n)).toBe('buy_kept');
    expect(effectOf({ ...ok, sellOut: 90n }, ok, 100n)).toBe('fee_raised');
    expect(effectOf({ ...ok, sellOut: 98n }, ok, 100n)).toBeNull();
    expect(effectOf({ ...ok, callOk: false, sellOut: 0n }, ok, 100n)).toBeNull();
  });
});
