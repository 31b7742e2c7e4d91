import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalStats, roundTo, type StatsTrade, tradePnL } from './journal-math';

const price = fc.double({ min: 1e-6, max: 1e6, noNaN: true, noDefaultInfinity: true });
const qty = fc.double({ min: 1e-6, max: 1e9, noNaN: true, noDefaultInfinity: true });
const fee = fc.double({ min: 0, max: 1e4, noNaN: true, noDefaultInfinity: true });

describe('tradePnL', () => {
  it('buy: (mark − entry) × qty − fees, marked at exit when closed', () => {
    const p = tradePnL({ tradeType: 'buy', quantity: 100, entryPrice: 2, exitPrice: 3, fees: 5 }, 10);
    expect(p).toEqual({
      status: 'closed',
      markPrice: 3,
      priceSource: 'exit',
      netPnL: 95,
      pnlPercentage: 47.5,
    });
  });

  it('sell (short): (entry − mark) × qty − fees, marked at the pool price when open', () => {
    const p = tradePnL({ tradeType: 'sell', quantity: 10, entryPrice: 4, exitPrice: null, fees: 1 }, 3);
    expect(p).toEqual({ status: 'open', markPrice: 3, priceSource: 'pool', netPnL: 9, pnlPercentage: 22.5 });
  });

  it('an open trade without a known price is marked at entry and says so', () => {
    const p = tradePnL({ tradeType: 'buy', quantity: 10, entryPrice: 4, exitPrice: null, fees: 2 }, null);
    expect(p.priceSource).toBe('entry');
    expect(p.netPnL).toBe(-2);
    expect(p.pnlPercentage).toBe(-5);
  });

  it('property: a buy then an equal sell at the same price loses exactly the fees', () => {
    fc.assert(
      fc.property(price, qty, fee, (p, q, f) => {
        // One round trip recorded as a closed buy…
        const r = tradePnL({ tradeType: 'buy', quantity: q, entryPrice: p, exitPrice: p, fees: f }, null);
        expect(r.netPnL === -f).toBe(true);
        expect(r.status).toBe('closed');
      }),
    );
  });

  it('property: a buy and an equal short at the same price, marked anywhere, sum to minus both fees', () => {
    fc.assert(
      fc.property(price, price, qty, fee, fee, (entry, mark, q, f1, f2) => {
        const buy = tradePnL(
          { tradeType: 'buy', quantity: q, entryPrice: entry, exitPrice: null, fees: f1 },
          mark,
        );
        const sell = tradePnL(
          { tradeType: 'sell', quantity: q, entryPrice: entry, exitPrice: null, fees: f2 },
          mark,
        );
        const sum = buy.netPnL + sell.netPnL;
        expect(Math.abs(sum - -(f1 + f2))).toBeLessThanOrEqual(
          1e-9 * Math.max(1, Math.abs(entry - mark) * q),
        );
      }),
    );
  });

  it('property: pnlPercentage = netPnL / (entry × qty) × 100', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        price,
        price,
        qty,
        fee,
        (type, e, x, q, f) => {
          const r = tradePnL({ tradeType: type, quantity: q, entryPrice: e, exitPrice: x, fees: f }, null);
          expect(r.pnlPercentage).toBeCloseTo((r.netPnL / (e * q)) * 100, 6);
        },
      ),
    );
  });
});

describe('roundTo', () => {
  it('rounds half away from zero', () => {
    expect(roundTo(66.66666, 1)).toBe(66.7);
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-2.25, 1)).toBe(-2.3);
    expect(roundTo(-0.00001, 2)).toBe(0);
  });
});

const day = 86_400_000;
const d0 = new Date('2025-01-01T00:00:00Z');
const mk = (
  netPnL: number,
  o: Partial<StatsTrade> & { exitPrice: number | null; holdDays?: number },
): StatsTrade => ({
  tradeType: 'buy',
  quantity: 10,
  entryPrice: 1,
  fees: 0,
  priceSource: o.exitPrice === null ? 'pool' : 'exit',
  entryDate: d0,
  closedAt: o.exitPrice === null ? null : new Date(d0.getTime() + (o.holdDays ?? 0) * day),
  ...o,
  netPnL,
});

describe('journalStats', () => {
  it('computes every figure the spec lists', () => {
    const s = journalStats([
      mk(50, { exitPrice: 6, holdDays: 1 }),
      mk(-20, { exitPrice: 1, holdDays: 2, entryPrice: 3 }),
      mk(30, { exitPrice: 4, holdDays: 0.5 }),
      mk(7, { exitPrice: null, quantity: 5, entryPrice: 2 }),
    ]);
    expect(s).toEqual({
      totalPnL: 67,
      winRate: 66.7,
      totalTrades: 4,
      totalVolume: 10 + 30 + 10 + 10,
      bestTrade: 50,
      worstTrade: -20,
      profitFactor: 4,
      avgTradeSize: 15,
      avgHoldTime: 1.2,
      openTrades: 1,
      closedTrades: 3,
      realizedPnL: 60,
      unrealizedPnL: 7,
      openTradesWithoutPrice: 0,
    });
  });

  it('profit factor: 2 decimals; null when there are wins and no losses; 0 without wins', () => {
    expect(journalStats([mk(10, { exitPrice: 2 }), mk(-3, { exitPrice: 1 })]).profitFactor).toBe(3.33);
    expect(journalStats([mk(10, { exitPrice: 2 })]).profitFactor).toBeNull();
    expect(journalStats([mk(-10, { exitPrice: 2 })]).profitFactor).toBe(0);
    expect(journalStats([mk(0, { exitPrice: 2 })]).profitFactor).toBe(0);
  });

  it('an empty journal is all zeros', () => {
    const s = journalStats([]);
    expect(s.totalTrades).toBe(0);
    expect(s.winRate).toBe(0);
    expect(s.avgTradeSize).toBe(0);
    expect(s.avgHoldTime).toBe(0);
    expect(s.bestTrade).toBe(0);
    expect(s.profitFactor).toBe(0);
  });

  it('open trades count towards total P&L and volume but not win rate or hold time', () => {
    const s = journalStats([mk(5, { exitPrice: null, priceSource: 'entry' })]);
    expect(s.totalPnL).toBe(5);
    expect(s.winRate).toBe(0);
    expect(s.avgHoldTime).toBe(0);
    expect(s.openTradesWithoutPrice).toBe(1);
  });

  it('property: totalPnL = realized + unrealized and winRate within 0..100', () => {
    const t = fc.record({
      pnl: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
      closed: fc.boolean(),
      hold: fc.double({ min: 0, max: 400, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(t, { maxLength: 40 }), (xs) => {
        const s = journalStats(
          xs.map((x) => mk(x.pnl, { exitPrice: x.closed ? 1 : null, holdDays: x.hold })),
        );
        expect(s.totalPnL).toBeCloseTo(s.realizedPnL + s.unrealizedPnL, 3);
        expect(s.winRate).toBeGreaterThanOrEqual(0);
        expect(s.winRate).toBeLessThanOrEqual(100);
        expect(s.openTrades + s.closedTrades).toBe(xs.length);
        if (s.closedTrades) expect(s.bestTrade).toBeGreaterThanOrEqual(s.worstTrade);
      }),
    );
  });
});
