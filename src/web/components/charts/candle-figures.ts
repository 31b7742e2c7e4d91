/**
 * The price chart's figures, worked out from the API's candles (pure): each candle with its
 * low–high range and direction, the price axis with its padding, the volume axis, the last candle
 * and the change over the range. Nothing is interpolated.
 */
import { formatUsd } from '@shared/format';
import type { Candle, CandleInterval } from './candles';

export type Point = Candle & { range: [number, number]; up: boolean };
export type Currency = 'USD' | 'WETH';

export function formatPrice(v: number, currency: Currency): string {
  if (currency === 'USD') return formatUsd(v);
  return `${v.toPrecision(4)} WETH`;
}

export function formatTick(seconds: number, interval: CandleInterval): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  if (interval === '1d') return `${d.getMonth() + 1}/${d.getDate()}`;
  if (interval === '1h') return `${d.getMonth() + 1}/${d.getDate()} ${p(d.getHours())}h`;
  return `${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function formatFull(seconds: number): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function chartFigures(candles: readonly Candle[]) {
  const data: Point[] = candles.map((c) => ({
    ...c,
    range: [c.low, c.high],
    up: c.close >= c.open,
  }));
  const lows = data.map((d) => d.low);
  const highs = data.map((d) => d.high);
  const min = lows.length ? Math.min(...lows) : 0;
  const max = highs.length ? Math.max(...highs) : 1;
  const pad = (max - min) * 0.08 || max * 0.02 || 1;
  const maxVolume = Math.max(0, ...data.map((d) => d.volume));
  const last = data.at(-1);
  // The range starts at the first candle with a trade (earlier buckets only carry a close forward).
  const first = data.find((d) => d.trades > 0) ?? data[0];
  const change = last && first && first.open > 0 ? ((last.close - first.open) / first.open) * 100 : null;
  return {
    data,
    priceDomain: [Math.max(0, min - pad), max + pad] as [number, number],
    volumeDomain: [0, maxVolume > 0 ? maxVolume : 1] as [number, number],
    last,
    change,
  };
}
