/**
 * The trade schedule's facts (a fresh buy and sell now and at later moments) and the sequential
 * exit's (the largest holders selling one after another): gathered by trade-simulation/, read by
 * analysis/trade-schedule.ts and trade-checks.ts. Re-exported by types.ts.
 */
import type { Address } from 'viem';

/** A sell tried with the simulated clock moved `days` ahead of today (the same held tokens). */
export type ClockJumpSell = {
  days: number;
  /**
   * Blocks the block number was moved ahead with the clock (30 days of Base's 2-second blocks), for
   * a switch keyed to block numbers; absent when only the clock was moved.
   */
  blocks?: number;
  sellOk: boolean;
  /** Sell tax at that time; null when the sell failed. */
  sellTaxPct: number | null;
  revertReason: string | null;
};

/**
 * One moment of the trade schedule: a fresh wallet buys and at once sells, `secondsAfter` seconds
 * after the first simulated buy (0 = that buy itself). Launch fees that fall within seconds, fair-
 * launch windows that open sells later and fees that rise later are read from these.
 */
export type TradeMoment = {
  secondsAfter: number;
  /**
   * Blocks after the first buy's block the moment ran at: moved with the clock while the
   * simulation can (up to TRADE_SCHEDULE_MAX_BLOCKS); beyond, only the clock moves.
   */
  blocksAfter: number;
  /** Unix seconds of the simulated block (the clock the report's times are read from). */
  at: number;
  buyOk: boolean;
  /** null when the buy failed (nothing to sell) or the probe returned no report. */
  sellOk: boolean | null;
  buyTaxPct: number | null;
  sellTaxPct: number | null;
  revertReason: string | null;
};

/**
 * The largest sampled holders selling their whole balance one after another in one simulation,
 * each into the state the previous sells left (undone as a whole).
 */
export type SequentialExitFacts = {
  /** In the order they sold (largest balance first). */
  sellers: { address: Address; ok: boolean; taxPct: number | null; revertReason: string | null }[];
  /**
   * 1-based place of the first seller refused in the sequence although its own whole-balance sell,
   * alone, passed (earlier sellers used up the exit); null when none was.
   */
  trappedFrom: number | null;
};
