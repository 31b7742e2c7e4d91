/**
 * How big the hook test's trades are (issue 36, "probes sized to the pool"). Pure: the pool is
 * already read. The depth a venue reads for a concentrated pool can be far above what it really
 * holds — a V4 pool whose range the hook owns in the PoolManager is read from its active liquidity,
 * up to 10,000× too deep — and a pool refuses a sell larger than its range can pay (Doppler's
 * auction curve). One size can therefore read an honest pool as "every sell reverts"; a ladder
 * of sizes from dust to a whale's sell, all quoted in the same round, cannot.
 */
import type { LadderRung } from '../../../shared/uniswap-v4-hook';
import { PROBE_LADDER } from '../../../shared/vocabulary';

/**
 * The buy sizes (quote base units), smallest first, from the pool's quote-side depth as read; rungs
 * that round to nothing are dropped. `typical` indexes the rung the fees are read from by default.
 * null when the pool holds nothing to size from.
 */
export function probeLadder(depthQuote: bigint): { amounts: bigint[]; typical: number } | null {
  if (depthQuote <= 0n) return null;
  const rungs = PROBE_LADDER.divisors
    .map((d) => ({ d, amount: depthQuote / d }))
    .filter((r) => r.amount > 0n);
  if (rungs.length === 0) return null;
  const at = rungs.findIndex((r) => r.d === PROBE_LADDER.typicalDivisor);
  // A pool too small for the typical rung: its largest rung that is not nothing.
  return { amounts: rungs.map((r) => r.amount), typical: at >= 0 ? at : rungs.length - 1 };
}

const roundTripOk = (r: LadderRung) =>
  r.buyOut !== null && r.buyOut > 0n && r.sellOut !== null && r.sellOut > 0n;
/** Outputs large enough that a fee read from them is not rounding. */
const precise = (r: LadderRung) =>
  r.spotOut >= PROBE_LADDER.minPreciseUnits && r.spotBack >= PROBE_LADDER.minPreciseUnits;

/**
 * The rung the hook's fees and honeypot test read (and its owner powers trade): the typical size when
 * its buy and sell both pass; else the nearest smaller size that passes, then the nearest larger
 * (precise outputs first); else the typical size itself, so a pool where nothing sells keeps the
 * typical size's failure as its evidence.
 */
export function referenceRung(rungs: LadderRung[], typical: number): number {
  const order = [
    typical,
    ...rungs.map((_, i) => typical - 1 - i).filter((i) => i >= 0),
    ...rungs.map((_, i) => typical + 1 + i).filter((i) => i < rungs.length),
  ];
  const pick =
    order.find((i) => rungs[i] && roundTripOk(rungs[i]) && precise(rungs[i])) ??
    order.find((i) => rungs[i] && roundTripOk(rungs[i]));
  return pick ?? Math.min(typical, Math.max(0, rungs.length - 1));
}
