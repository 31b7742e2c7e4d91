/** The 24 h price series of a pool, from its swaps (pure). */
import type { PricePoint } from '../types';

/** Width of the buckets the 24 h price series is summarised in. */
const SERIES_BUCKET_SEC = 300;

/**
 * The 24 h price series (PoolFacts.priceSeries24h): the pool price at the window's start, the median
 * execution price of each 5-minute bucket of swaps, the pool price now. Pure.
 */
export function daySeries(
  swaps: readonly { ts: number; tokenAmount: bigint; quoteAmount: bigint }[],
  start: { at: number; price: number | null },
  end: { at: number; price: number | null },
  decimals: number,
  quoteDecimals: number,
): PricePoint[] {
  const buckets = new Map<number, number[]>();
  for (const s of swaps) {
    if (s.tokenAmount <= 0n || s.quoteAmount <= 0n) continue;
    const p = Number(s.quoteAmount) / 10 ** quoteDecimals / (Number(s.tokenAmount) / 10 ** decimals);
    if (!Number.isFinite(p) || p <= 0) continue;
    const b = Math.floor(s.ts / SERIES_BUCKET_SEC) * SERIES_BUCKET_SEC;
    const list = buckets.get(b) ?? [];
    list.push(p);
    buckets.set(b, list);
  }
  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const m = Math.floor(v.length / 2);
    return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
  };
  const points: PricePoint[] = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    // A bucket's median stands at the bucket's middle, inside the window.
    .map(([b, ps]) => ({
      t: Math.min(end.at, Math.max(start.at, b + SERIES_BUCKET_SEC / 2)),
      p: median(ps),
    }));
  const ok = (p: number | null): p is number => p !== null && Number.isFinite(p) && p > 0;
  return [
    ...(ok(start.price) ? [{ t: start.at, p: start.price }] : []),
    ...points,
    ...(ok(end.price) ? [{ t: end.at, p: end.price }] : []),
  ];
}
