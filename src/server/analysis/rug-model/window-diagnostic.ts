/**
 * Diagnostic only (not used at run time): recovers a training row's window length and event counts
 * from its published features, to measure how much the window alone tells the classes apart.
 *
 * The features are counts / (W + 1) and counts / total, with W the window in weeks, so:
 *   mint_ratio = k / N  (k mints, N events)     → smallest k (and N) making k / mint_ratio, swap_ratio · N and
 *                                                  burn_ratio · N integers (up to printing precision);
 *   W + 1 = m·k / mint_count_per_week            → m ≥ 1 undoes a common factor of all counts; the
 *   swap_rate = in / (out + 1)                    +1 in swap_rate is not scale-free, so it picks m.
 */

export type WindowInputs = {
  /** Values exactly as printed in the CSV: their printed precision sets the tolerances. */
  mint_ratio: string;
  swap_ratio: string;
  burn_ratio: string;
  mint_count_per_week: string;
  swap_in_per_week: string;
  swap_out_per_week: string;
  swap_rate: string;
};

export type ReconstructedWindow = {
  activePeriodSeconds: number;
  mints: number;
  swaps: number;
  burns: number;
  swapsIn: number;
  swapsOut: number;
};

const SECONDS_PER_WEEK = 604_800;
const MAX_EVENTS = 2_000_000;
const MAX_MINTS = 5_000;
const MAX_MULTIPLIER = 200;
const MAX_CANDIDATES = 1_000;
/** Printed values may have been rounded twice (to 10 significant digits, then 9 decimals). */
const SLACK = 2;

/**
 * Absolute uncertainty of a printed value: the CSV rounds to 9 decimals and 10 significant digits
 * and trims trailing zeros (so `0.07` may stand for 0.0700000004), or uses E notation with 3
 * significant digits.
 */
export function printedUncertainty(printed: string): number {
  const [mantissa = '', exponent] = printed.trim().toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.replace(/^[-+]/, '').split('.');
  if (exponent !== undefined) return 0.5 * 10 ** (Number(exponent) - fraction.length);
  const integerDigits = whole.replace(/^0+/, '').length;
  return 0.5 * 10 ** -Math.min(9, 10 - integerDigits);
}

function nearInteger(x: number, tolerance: number): boolean {
  return Math.abs(x - Math.round(x)) <= tolerance;
}

export function reconstructWindow(row: WindowInputs): ReconstructedWindow | null {
  const mintRatio = Number(row.mint_ratio);
  const swapRatio = Number(row.swap_ratio);
  const burnRatio = Number(row.burn_ratio);
  const mintsPerWeek = Number(row.mint_count_per_week);
  const inPerWeek = Number(row.swap_in_per_week);
  const outPerWeek = Number(row.swap_out_per_week);
  const swapRate = Number(row.swap_rate);
  const values = [mintRatio, swapRatio, burnRatio, mintsPerWeek, inPerWeek, outPerWeek, swapRate];
  if (!values.every(Number.isFinite) || mintRatio <= 0 || mintsPerWeek <= 0) return null;
  const relMint = printedUncertainty(row.mint_ratio) / mintRatio;
  const errSwap = printedUncertainty(row.swap_ratio);
  const errBurn = printedUncertainty(row.burn_ratio);

  let base: { mints: number; events: number; swaps: number; burns: number } | null = null;
  for (let k = 1; k <= MAX_MINTS && base === null; k++) {
    const estimate = k / mintRatio;
    const spread = estimate * relMint * SLACK + 1e-9;
    const first = Math.max(k, Math.ceil(estimate - spread));
    const last = Math.min(MAX_EVENTS, Math.floor(estimate + spread), first + MAX_CANDIDATES);
    for (let events = first; events <= last; events++) {
      const swaps = swapRatio * events;
      const burns = burnRatio * events;
      if (!nearInteger(swaps, events * errSwap * SLACK + 1e-6)) continue;
      if (!nearInteger(burns, events * errBurn * SLACK + 1e-6)) continue;
      if (Math.round(swaps) + Math.round(burns) + k !== events) continue;
      base = { mints: k, events, swaps: Math.round(swaps), burns: Math.round(burns) };
      break;
    }
  }
  if (base === null) return null;

  let best: { m: number; error: number; swapsIn: number; swapsOut: number } | null = null;
  for (let m = 1; m <= MAX_MULTIPLIER && base.events * m <= MAX_EVENTS; m++) {
    const weeksPlusOne = (base.mints * m) / mintsPerWeek;
    const swapsIn = inPerWeek * weeksPlusOne;
    const swapsOut = outPerWeek * weeksPlusOne;
    if (Math.abs(swapsIn - Math.round(swapsIn)) + Math.abs(swapsOut - Math.round(swapsOut)) > 0.05) continue;
    if (Math.round(swapsIn) + Math.round(swapsOut) !== base.swaps * m) continue;
    const error = Math.abs(swapsIn / (swapsOut + 1) - swapRate) / Math.max(swapRate, 1e-12);
    if (best === null || error < best.error) {
      best = { m, error, swapsIn: Math.round(swapsIn), swapsOut: Math.round(swapsOut) };
    }
  }
  if (best === null || best.error > 1e-4) return null;
  const weeksPlusOne = (base.mints * best.m) / mintsPerWeek;
  return {
    activePeriodSeconds: Math.max(0, (weeksPlusOne - 1) * SECONDS_PER_WEEK),
    mints: base.mints * best.m,
    swaps: base.swaps * best.m,
    burns: base.burns * best.m,
    swapsIn: best.swapsIn,
    swapsOut: best.swapsOut,
  };
}
