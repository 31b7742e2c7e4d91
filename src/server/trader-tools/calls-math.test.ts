import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callPnlPercentage, callStats, callStatusAt, checkNewCall, evaluateCall } from './calls-math';

const long = { callType: 'long' as const, entryPrice: 100, targetPrice: 120, stopLoss: 90 };
const short = { callType: 'short' as const, entryPrice: 100, targetPrice: 80, stopLoss: 110 };

describe('call status by direction', () => {
  it('long: completed at or above target, stopped at or below stop', () => {
    expect(callStatusAt(long, 119.99)).toBe('active');
    expect(callStatusAt(long, 120)).toBe('completed');
    expect(callStatusAt(long, 150)).toBe('completed');
    expect(callStatusAt(long, 90)).toBe('stopped');
    expect(callStatusAt(long, 90.01)).toBe('active');
  });

  it('short: completed at or below target, stopped at or above stop', () => {
    expect(callStatusAt(short, 80)).toBe('completed');
    expect(callStatusAt(short, 80.01)).toBe('active');
    expect(callStatusAt(short, 110)).toBe('stopped');
    expect(callStatusAt(short, 109)).toBe('active');
  });

  it('pnlPercentage is signed in the call direction', () => {
    expect(callPnlPercentage(long, 110)).toBe(10);
    expect(callPnlPercentage(short, 110)).toBe(-10);
    expect(callPnlPercentage(short, 75)).toBe(25);
  });

  it('final calls keep their state; unknown prices leave an active call as it was', () => {
    const done = { ...long, status: 'completed' as const, pnlPercentage: 20, currentPrice: 120 };
    expect(evaluateCall(done, 50)).toEqual({ status: 'completed', pnlPercentage: 20, currentPrice: 120 });
    const act = { ...long, status: 'active' as const, pnlPercentage: 0, currentPrice: null };
    expect(evaluateCall(act, null)).toEqual({ status: 'active', pnlPercentage: 0, currentPrice: null });
    expect(evaluateCall(act, 95)).toEqual({ status: 'active', pnlPercentage: -5, currentPrice: 95 });
  });

  it('property: a long and a short mirror each other', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1e4, noNaN: true }),
        fc.double({ min: 0.01, max: 1e4, noNaN: true }),
        (e, p) => {
          const a = callPnlPercentage({ callType: 'long', entryPrice: e }, p);
          const b = callPnlPercentage({ callType: 'short', entryPrice: e }, p);
          expect(a + b).toBeCloseTo(0, 6);
        },
      ),
    );
  });
});

describe('callStats', () => {
  it('counts, win rate of resolved calls, total and average P&L', () => {
    expect(
      callStats([
        { status: 'completed', pnlPercentage: 20 },
        { status: 'completed', pnlPercentage: 10 },
        { status: 'stopped', pnlPercentage: -10 },
        { status: 'active', pnlPercentage: 3.333 },
      ]),
    ).toEqual({
      totalCalls: 4,
      winRate: 66.7,
      activeCalls: 1,
      totalPnL: 23.33,
      averagePnL: 5.83,
      successfulCalls: 2,
      stoppedCalls: 1,
    });
    expect(callStats([])).toEqual({
      totalCalls: 0,
      winRate: 0,
      activeCalls: 0,
      totalPnL: 0,
      averagePnL: 0,
      successfulCalls: 0,
      stoppedCalls: 0,
    });
  });
});

describe('checkNewCall (issue 24)', () => {
  const ok = {
    kind: 'no_major_risk',
    label: 'No major risk found',
    reason: 'A buy and a sell worked.',
  } as const;
  const call = (entryPrice: number) => ({ symbol: 'AAA', entryPrice });

  it('accepts an entry within 5% of the pool price', () => {
    expect(checkNewCall(call(2), { priceUsd: 2, verdict: ok })).toBeNull();
    expect(checkNewCall(call(2.1), { priceUsd: 2, verdict: ok })).toBeNull();
    expect(checkNewCall(call(1.9), { priceUsd: 2, verdict: ok })).toBeNull();
  });

  it('refuses an entry more than 5% from the pool price, naming the current price', () => {
    const above = checkNewCall(call(2.11), { priceUsd: 2, verdict: ok });
    expect(above).toMatchObject({ field: 'entryPrice' });
    expect(above?.reason).toBe('must be within 5% of the current pool price $2.00 (it is 5.5% above it)');
    expect(above?.message).toMatch(
      /^Entry price \$2\.11 must be within 5% of the current pool price \$2\.00/,
    );
    const below = checkNewCall(call(0.001), { priceUsd: 0.002, verdict: ok });
    expect(below?.reason).toMatch(/current pool price \$0\.002 \(it is 50% below it\)/);
  });

  it('refuses a call on a honeypot or a rugged token, with the verdict', () => {
    const hp = checkNewCall(call(2), {
      priceUsd: 2,
      verdict: { kind: 'honeypot', label: 'Honeypot — cannot be sold', reason: 'Selling it back failed.' },
    });
    expect(hp).toMatchObject({ field: 'tokenAddress' });
    expect(hp?.message).toBe(
      'A call on AAA is refused: the token is a honeypot (Honeypot — cannot be sold): Selling it back failed.',
    );
    const rug = checkNewCall(call(2), {
      priceUsd: null,
      verdict: { kind: 'rugged', label: 'Rugged — liquidity removed', reason: 'The pool was drained.' },
    });
    expect(rug?.reason).toMatch(/^is rugged/);
  });

  it('accepts Dangerous and Caution tokens (the board shows their verdict) and unknown markets', () => {
    for (const kind of ['dangerous', 'caution', 'unknown'] as const)
      expect(checkNewCall(call(2), { priceUsd: 2, verdict: { kind, label: kind, reason: '' } })).toBeNull();
    expect(checkNewCall(call(123), { priceUsd: null, verdict: null })).toBeNull();
  });
});
