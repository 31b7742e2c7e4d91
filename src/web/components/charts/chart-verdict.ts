/**
 * What a token's verdict does to its price figures (issue 37): a honeypot's price is a price nobody
 * can sell at, and a rugged token's is the last price before its liquidity was taken, so their
 * charts are marked as such over the plot and their candles drawn without the green of a gain; a
 * rise on them is said in red with the reason, never coloured as a gain. Pure, for the chart and the
 * health metrics alike.
 */
import type { VerdictKind } from '@shared/analysis';
import { greenAllowed } from '../analysis/score-style';

export type ChartMark = {
  verdict: 'honeypot' | 'rugged';
  /** The words over the plot. */
  label: string;
  /** One line under them: why the price is no price. */
  detail: string;
  /** The word beside a change figure: why a rise is no gain. */
  changeWord: string;
};

/**
 * The verdicts whose price is not a price a holder can get. Worded for a chart (the banner's
 * VERDICTS label says what the token is; this says what its price is).
 */
const MARKS: { [K in ChartMark['verdict']]: ChartMark & { verdict: K } } = {
  honeypot: {
    verdict: 'honeypot',
    label: 'Honeypot — this price cannot be sold at',
    detail: 'Buys go through and sells fail: no holder gets this price.',
    changeWord: 'not a gain: sells fail',
  },
  rugged: {
    verdict: 'rugged',
    label: 'Rugged — liquidity removed',
    detail: 'The pool was emptied: there is nothing left to sell into at this price.',
    changeWord: 'not a gain: liquidity removed',
  },
};

/** The mark over the chart for this verdict, or null when its price reads as a price. */
export function chartMark(verdict: VerdictKind | null | undefined): ChartMark | null {
  return verdict === 'honeypot' || verdict === 'rugged' ? MARKS[verdict] : null;
}

export type ChangeLook = {
  /** The figure's text colour. */
  className: string;
  /** Words after the figure, when the colour alone would mislead (a rise that is no gain). */
  word: string | null;
};

/**
 * How a price change is shown under the verdict: a fall is red; a rise is green only when the
 * verdict lets good figures be green (score-style `greenAllowed`), neutral when it caps them
 * (Dangerous, Unknown), and red with the reason on a marked chart (honeypot, rugged).
 */
export function changeLook(change: number, verdict: VerdictKind | null | undefined): ChangeLook {
  const mark = chartMark(verdict);
  if (mark) return { className: 'text-red-400', word: change > 0 ? mark.changeWord : null };
  if (change < 0) return { className: 'text-red-400', word: null };
  return { className: greenAllowed(verdict) ? 'text-emerald-400' : 'text-slate-300', word: null };
}

/** A change as signed text: "+82.00%", "-3.10%". */
export const signedPercent = (change: number): string => `${change > 0 ? '+' : ''}${change.toFixed(2)}%`;
