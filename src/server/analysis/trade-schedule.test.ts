import { describe, expect, it } from 'vitest';
import type { TradeMoment } from '../facts/types';
import { clockWords, readTradeSchedule } from './trade-schedule';

// 2026-12-03 14:01:50 UTC: the first buy's block.
const T0 = Date.UTC(2026, 11, 3, 14, 1, 50) / 1000;
const SECONDS = [0, 20, 60, 1_800, 86_400];

/** A schedule from per-moment [sellOk, sellTax] (buys pass at 0%). */
const schedule = (xs: [boolean | null, number | null][]): TradeMoment[] =>
  xs.map(([sellOk, sellTaxPct], i) => ({
    secondsAfter: SECONDS[i] as number,
    blocksAfter: i,
    at: T0 + (SECONDS[i] as number),
    buyOk: true,
    sellOk,
    buyTaxPct: 0,
    sellTaxPct: sellOk ? sellTaxPct : null,
    revertReason: sellOk === false ? 'fair launch' : null,
  }));

describe('readTradeSchedule', () => {
  it('a decaying launch fee falls, is judged on the fee after it falls, and says from when', () => {
    const r = readTradeSchedule(
      schedule([
        [true, 80],
        [true, 1],
        [true, 1],
        [true, 1],
        [true, 1],
      ]),
    );
    expect(r?.sellFee?.kind).toBe('falls');
    expect(r?.sellFee?.judged).toBe(1);
    expect(r?.sellFee?.words).toBe('sell fee 80% now, 1% from 14:02:10 UTC (+20 s)');
    expect(r?.sellsStopAt).toBeNull();
  });

  it('a fee that rises later is judged on the worst later fee, with its date', () => {
    const r = readTradeSchedule(
      schedule([
        [true, 5],
        [true, 5],
        [true, 5],
        [true, 5],
        [true, 50],
      ]),
    );
    expect(r?.sellFee?.kind).toBe('rises');
    expect(r?.sellFee?.judged).toBe(50);
    expect(r?.sellFee?.words).toBe('sell fee 5% now, 50% from 2026-12-04 14:01:50 UTC (+1 day)');
  });

  it('sells that open later (a fair-launch window) are read as opening, not as never', () => {
    const r = readTradeSchedule(
      schedule([
        [false, null],
        [false, null],
        [false, null],
        [true, 1],
        [true, 1],
      ]),
    );
    expect(r?.sellsOpenAt?.secondsAfter).toBe(1_800);
    expect(r?.sellsNeverOpen).toBe(false);
    expect(clockWords(r?.sellsOpenAt as TradeMoment, schedule([[true, 0]])[0] as TradeMoment)).toBe(
      '14:31:50 UTC (+30 min)',
    );
  });

  it('sells that never open within the schedule, and sells that stop later', () => {
    const never = readTradeSchedule(
      schedule([
        [false, null],
        [false, null],
        [false, null],
      ]),
    );
    expect(never?.sellsNeverOpen).toBe(true);
    expect(never?.sellsOpenAt).toBeNull();
    const stop = readTradeSchedule(
      schedule([
        [true, 1],
        [true, 1],
        [false, null],
      ]),
    );
    expect(stop?.sellsStopAt?.secondsAfter).toBe(60);
  });

  it('a steady fee is not a change; no schedule is no reading', () => {
    expect(
      readTradeSchedule(
        schedule([
          [true, 3],
          [true, 3.4],
          [true, 3],
        ]),
      )?.sellFee?.kind,
    ).toBe('steady');
    expect(readTradeSchedule(null)).toBeNull();
    expect(readTradeSchedule(schedule([[true, 3]]))).toBeNull();
  });
});
