/**
 * A token's price chart from our own candles (swaps of its deepest WETH pool), drawn with recharts:
 * candlesticks (green up, red down) over volume bars, with 15m / 1h / 1d intervals. Loaded on demand
 * (React.lazy) so recharts never weighs on the home page. The figures are the API's; nothing is
 * interpolated beyond the server's "no trade: previous close" buckets.
 */
import type { VerdictKind } from '@shared/analysis';
import { formatUsd } from '@shared/format';
import { ChartCandlestick } from 'lucide-react';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { cn } from '../../lib/cn';
import { goodClass } from '../analysis/score-style';
import { Card } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { CANDLE_INTERVALS, type Candle, type CandleInterval, useCandles } from './candles';

const UP = '#34d399';
const DOWN = '#f87171';
const FLAT = '#475569';
const TOOLTIP_STYLE = {
  background: '#111a2c',
  border: '1px solid rgba(255,255,255,0.1)',
  borderRadius: 8,
  fontSize: 12,
};

type Point = Candle & { range: [number, number]; up: boolean };

function formatPrice(v: number, currency: 'USD' | 'WETH'): string {
  if (currency === 'USD') return formatUsd(v);
  return `${v.toPrecision(4)} WETH`;
}

function formatTick(seconds: number, interval: CandleInterval): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  if (interval === '1d') return `${d.getMonth() + 1}/${d.getDate()}`;
  if (interval === '1h') return `${d.getMonth() + 1}/${d.getDate()} ${p(d.getHours())}h`;
  return `${p(d.getHours())}:${p(d.getMinutes())}`;
}

function formatFull(seconds: number): string {
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

type ShapeProps = { x?: number; y?: number; width?: number; height?: number; payload?: Point };

/** One candle: the wick spans the bar's range (low–high); the body spans open–close inside it. */
function CandleShape({ x = 0, y = 0, width = 0, height = 0, payload }: ShapeProps) {
  if (!payload) return null;
  const { open, close, high, low, up, trades } = payload;
  // A bucket without trades only carries the previous close forward: drawn grey.
  const colour = trades === 0 ? FLAT : up ? UP : DOWN;
  const span = high - low;
  const at = (v: number) => (span > 0 ? y + ((high - v) / span) * height : y);
  const top = at(Math.max(open, close));
  const bottom = at(Math.min(open, close));
  const cx = x + width / 2;
  const bodyW = Math.max(1, width * 0.7);
  return (
    <g>
      <line x1={cx} x2={cx} y1={y} y2={y + Math.max(height, 1)} stroke={colour} strokeWidth={1} />
      <rect
        x={cx - bodyW / 2}
        y={top}
        width={bodyW}
        height={Math.max(1, bottom - top)}
        fill={colour}
        stroke={colour}
      />
    </g>
  );
}

function VolumeShape({ x = 0, y = 0, width = 0, height = 0, payload }: ShapeProps) {
  return (
    <rect
      x={x}
      y={y}
      width={Math.max(0, width)}
      height={Math.max(0, height)}
      fill={payload?.up ? UP : DOWN}
      fillOpacity={0.55}
    />
  );
}

export default function PriceChart({
  address,
  refetchInterval,
  verdict,
}: {
  address: string;
  refetchInterval?: number;
  /** The token's verdict: a rise on a token that cannot be sold is not shown as good news (green). */
  verdict?: VerdictKind | undefined;
}) {
  const [interval, setCandleInterval] = useState<CandleInterval>('1h');
  const q = useCandles(address, interval, { refetchInterval });
  const data: Point[] = (q.data?.candles ?? []).map((c) => ({
    ...c,
    range: [c.low, c.high],
    up: c.close >= c.open,
  }));
  const currency = q.data?.currency ?? 'USD';
  const lows = data.map((d) => d.low);
  const highs = data.map((d) => d.high);
  const min = lows.length ? Math.min(...lows) : 0;
  const max = highs.length ? Math.max(...highs) : 1;
  const pad = (max - min) * 0.08 || max * 0.02 || 1;
  const maxVolume = Math.max(0, ...data.map((d) => d.volume));
  const last = data.at(-1);
  const first = data.find((d) => d.trades > 0) ?? data[0];
  const change = last && first && first.open > 0 ? ((last.close - first.open) / first.open) * 100 : null;

  return (
    <Card className="p-4 sm:p-5" data-testid="price-chart">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-base font-semibold text-white">
            <ChartCandlestick aria-hidden="true" className="size-4 text-brand-300" />
            Price Chart
          </h2>
          <p className="mt-1 text-xs text-slate-400">
            From swaps we indexed on the token's deepest WETH pool
            {currency === 'USD' ? ', in US dollars at the current ETH price' : ', in WETH'}.
          </p>
        </div>
        <fieldset className="flex gap-1 rounded-lg border border-white/10 p-0.5">
          <legend className="sr-only">Candle interval</legend>
          {CANDLE_INTERVALS.map((i) => (
            <button
              key={i}
              type="button"
              aria-pressed={interval === i}
              onClick={() => setCandleInterval(i)}
              className={cn(
                'rounded-md px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-400',
                interval === i ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-white/5',
              )}
            >
              {i}
            </button>
          ))}
        </fieldset>
      </div>

      {last ? (
        <p className="mt-3 flex flex-wrap items-baseline gap-x-3 text-sm">
          <span data-testid="chart-last-price" className="text-lg font-semibold text-white tabular-nums">
            {formatPrice(last.close, currency)}
          </span>
          {change !== null ? (
            <span className={cn('tabular-nums', change >= 0 ? goodClass(verdict) : 'text-red-400')}>
              {change >= 0 ? '+' : ''}
              {change.toFixed(2)}% over the range
            </span>
          ) : null}
        </p>
      ) : null}

      <div className="mt-3">
        <QueryState
          query={q}
          pending={<Skeleton className="h-64 w-full" />}
          errorTitle="No price chart for this token"
          compact
          isEmpty={() => data.length === 0}
          empty={
            <p className="py-10 text-center text-sm text-slate-400">
              No swaps were indexed for this token yet.
            </p>
          }
        >
          {() => (
            <div
              role="img"
              aria-label={`Price chart, ${data.length} ${interval} candles, last close ${formatPrice(last?.close ?? 0, currency)}`}
            >
              <div className="h-56 w-full sm:h-64">
                <ResponsiveContainer width="100%" height="100%">
                  <ComposedChart data={data} syncId="price" margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
                    <CartesianGrid stroke="rgba(255,255,255,0.06)" vertical={false} />
                    <XAxis dataKey="time" hide />
                    <YAxis
                      orientation="right"
                      domain={[Math.max(0, min - pad), max + pad]}
                      tickFormatter={(v: number) => formatPrice(v, currency)}
                      stroke="#64748b"
                      fontSize={11}
                      width={78}
                    />
                    <Tooltip
                      cursor={{ fill: 'rgba(255,255,255,0.04)' }}
                      contentStyle={TOOLTIP_STYLE}
                      labelFormatter={(t) => formatFull(Number(t))}
                      formatter={(_v, _name, item) => {
                        const p = item.payload as Point;
                        return [
                          `O ${formatPrice(p.open, currency)} H ${formatPrice(p.high, currency)} L ${formatPrice(p.low, currency)} C ${formatPrice(p.close, currency)}`,
                          'Price',
                        ];
                      }}
                    />
                    <Bar dataKey="range" shape={<CandleShape />} isAnimationActive={false} />
                  </ComposedChart>
                </ResponsiveContainer>
              </div>
              <div className="h-20 w-full">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data} syncId="price" margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
                    <XAxis
                      dataKey="time"
                      tickFormatter={(t: number) => formatTick(t, interval)}
                      stroke="#64748b"
                      fontSize={11}
                      minTickGap={32}
                    />
                    <YAxis
                      orientation="right"
                      width={78}
                      hide={false}
                      tick={false}
                      axisLine={false}
                      domain={[0, maxVolume > 0 ? maxVolume : 1]}
                    />
                    <Tooltip
                      cursor={{ fill: 'rgba(255,255,255,0.04)' }}
                      contentStyle={TOOLTIP_STYLE}
                      labelFormatter={(t) => formatFull(Number(t))}
                      formatter={(_v, _name, item) => {
                        const p = item.payload as Point;
                        return [`${formatPrice(p.volume, currency)} · ${p.trades} swaps`, 'Volume'];
                      }}
                    />
                    <Bar dataKey="volume" shape={<VolumeShape />} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </div>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
