/**
 * Reads the trade schedule (a fresh wallet's buy and sell now and at later moments, facts/types.ts
 * TradeMoment) into what changes with time: when sells open or stop, and how the buy and sell fees
 * move. Pure. A token is judged on its worst later state; a launch fee that falls to its normal
 * level is said, and judged on the fee after it falls.
 */
import type { TradeMoment } from '../facts/types';

/** A fee move smaller than this (percentage points) is noise of the pool's quote, not a change. */
const FEE_CHANGE_PP = 1;

export type FeeCourse = {
  /** The fee at the first moment it was measured (now, when the first buy or sell passed). */
  now: number;
  kind: 'steady' | 'falls' | 'rises';
  /** The fee the token is judged on: the worst later fee when it falls, else the worst of all. */
  judged: number;
  /** Where it changed: the first moment at the raised fee, or from which it stays at the fallen fee. */
  from: TradeMoment | null;
  /** "sell fee 80% now, 1% from 14:02:10 UTC (+20 s)"; null when steady. */
  words: string | null;
};

export type ScheduleReading = {
  /** Sells fail now and pass from this moment on. */
  sellsOpenAt: TradeMoment | null;
  /** Sells pass now and fail at this later moment. */
  sellsStopAt: TradeMoment | null;
  /** Every moment's sell failed (at least two moments tried). */
  sellsNeverOpen: boolean;
  sellFee: FeeCourse | null;
  buyFee: FeeCourse | null;
  /** The last moment simulated ("+1 day"), for "never within …" sentences. */
  last: TradeMoment | null;
};

const round2 = (x: number) => Math.round(x * 100) / 100;

/** "+20 s", "+1 min", "+30 min", "+1 day" (the offset from the first buy). */
export function offsetWords(seconds: number): string {
  if (seconds % 86_400 === 0) return `+${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3_600 === 0) return `+${seconds / 3_600} h`;
  if (seconds % 60 === 0) return `+${seconds / 60} min`;
  return `+${seconds} s`;
}

/** A moment's UTC clock time from its block timestamp; the date too when it is not the first's day. */
export function clockWords(m: TradeMoment, first: TradeMoment): string {
  const iso = new Date(m.at * 1000).toISOString();
  const sameDay = iso.slice(0, 10) === new Date(first.at * 1000).toISOString().slice(0, 10);
  return `${sameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, 19)} UTC (${offsetWords(m.secondsAfter)})`;
}

function feeCourse(schedule: TradeMoment[], kind: 'buy' | 'sell'): FeeCourse | null {
  const points = schedule.filter((m) => (kind === 'buy' ? m.buyTaxPct : m.sellTaxPct) !== null);
  const taxOf = (m: TradeMoment) => (kind === 'buy' ? m.buyTaxPct : m.sellTaxPct) as number;
  const [first, ...later] = points;
  if (!first || later.length === 0) return null;
  const now = taxOf(first);
  const worstLater = Math.max(...later.map(taxOf));
  const start = schedule[0] as TradeMoment;
  if (worstLater > now + FEE_CHANGE_PP) {
    const from = later.find((m) => taxOf(m) > now + FEE_CHANGE_PP) as TradeMoment;
    return {
      now,
      kind: 'rises',
      judged: worstLater,
      from,
      words: `${kind} fee ${round2(now)}% now, ${round2(taxOf(from))}% from ${clockWords(from, start)}`,
    };
  }
  if (now > worstLater + FEE_CHANGE_PP) {
    const settled = taxOf(later[later.length - 1] as TradeMoment);
    // From the first moment after which every fee stays at the settled level.
    let i = later.length - 1;
    while (i > 0 && Math.abs(taxOf(later[i - 1] as TradeMoment) - settled) <= FEE_CHANGE_PP) i--;
    const from = later[i] as TradeMoment;
    return {
      now,
      kind: 'falls',
      judged: worstLater,
      from,
      words: `${kind} fee ${round2(now)}% now, ${round2(settled)}% from ${clockWords(from, start)}`,
    };
  }
  return { now, kind: 'steady', judged: Math.max(now, worstLater), from: null, words: null };
}

/** The schedule read; null when there is none (not simulated) or only one moment came back. */
export function readTradeSchedule(schedule: TradeMoment[] | null | undefined): ScheduleReading | null {
  if (!schedule || schedule.length < 2) return null;
  const [first, ...later] = schedule as [TradeMoment, ...TradeMoment[]];
  const tried = schedule.filter((m) => m.sellOk !== null);
  let sellsOpenAt: TradeMoment | null = null;
  if (first.sellOk === false) {
    const i = later.findIndex((m) => m.sellOk === true);
    // Open from then on: no later moment refuses again.
    if (i >= 0 && !later.slice(i).some((m) => m.sellOk === false)) sellsOpenAt = later[i] as TradeMoment;
  }
  return {
    sellsOpenAt,
    sellsStopAt: first.sellOk === true ? (later.find((m) => m.sellOk === false) ?? null) : null,
    sellsNeverOpen: tried.length >= 2 && tried.every((m) => m.sellOk === false),
    sellFee: feeCourse(schedule, 'sell'),
    buyFee: feeCourse(schedule, 'buy'),
    last: later[later.length - 1] ?? null,
  };
}
