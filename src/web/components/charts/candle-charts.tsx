/**
 * The price chart's two recharts panels, synced on time: candlesticks (green up, red down, grey for
 * a bucket without trades) over volume bars. `muted` (a honeypot's or rugged token's chart) draws
 * rises in a neutral grey-blue: a price nobody can sell at is no green gain.
 */
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
import { type Currency, formatFull, formatPrice, formatTick, type Point } from './candle-figures';
import type { CandleInterval } from './candles';

const UP = '#34d399';
const DOWN = '#f87171';
const FLAT = '#475569';
/** A rise on a muted chart: neutral, still apart from a fall and from a bucket without trades. */
const MUTED_UP = '#94a3b8';
const TOOLTIP_STYLE = {
  background: '#111a2c',
  border: '1px solid rgba(255,255,255,0.1)',
  borderRadius: 8,
  fontSize: 12,
};

type ShapeProps = {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  payload?: Point;
  muted?: boolean;
};

/** One candle: the wick spans the bar's range (low–high); the body spans open–close inside it. */
function CandleShape({ x = 0, y = 0, width = 0, height = 0, payload, muted = false }: ShapeProps) {
  if (!payload) return null;
  const { open, close, high, low, up, trades } = payload;
  // A bucket without trades only carries the previous close forward: drawn grey.
  const colour = trades === 0 ? FLAT : up ? (muted ? MUTED_UP : UP) : DOWN;
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

function VolumeShape({ x = 0, y = 0, width = 0, height = 0, payload, muted = false }: ShapeProps) {
  return (
    <rect
      x={x}
      y={y}
      width={Math.max(0, width)}
      height={Math.max(0, height)}
      fill={payload?.up ? (muted ? MUTED_UP : UP) : DOWN}
      fillOpacity={0.55}
    />
  );
}

/**
 * Both panels' tooltip: the candle's time in full and one line `describe` writes for it. An element,
 * not a component: recharts finds its Tooltip among the chart's direct children by type.
 */
function candleTooltip({ name, describe }: { name: string; describe: (p: Point) => string }) {
  return (
    <Tooltip
      cursor={{ fill: 'rgba(255,255,255,0.04)' }}
      contentStyle={TOOLTIP_STYLE}
      labelFormatter={(t) => formatFull(Number(t))}
      formatter={(_v, _name, item) => [describe(item.payload as Point), name]}
    />
  );
}

type ChartProps = {
  data: Point[];
  currency: Currency;
  domain: [number, number];
  /** No green: the verdict says this price is no price (honeypot, rugged). */
  muted?: boolean;
};

export function PriceBars({ data, currency, domain, muted = false }: ChartProps) {
  const price = (v: number) => formatPrice(v, currency);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} syncId="price" margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="rgba(255,255,255,0.06)" vertical={false} />
        <XAxis dataKey="time" hide />
        <YAxis
          orientation="right"
          domain={domain}
          tickFormatter={price}
          stroke="#64748b"
          fontSize={11}
          width={78}
        />
        {candleTooltip({
          name: 'Price',
          describe: (p) => `O ${price(p.open)} H ${price(p.high)} L ${price(p.low)} C ${price(p.close)}`,
        })}
        <Bar dataKey="range" shape={<CandleShape muted={muted} />} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export function VolumeBars({
  data,
  currency,
  domain,
  interval,
  muted = false,
}: ChartProps & { interval: CandleInterval }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} syncId="price" margin={{ top: 4, right: 4, bottom: 0, left: 0 }}>
        <XAxis
          dataKey="time"
          tickFormatter={(t: number) => formatTick(t, interval)}
          stroke="#64748b"
          fontSize={11}
          minTickGap={32}
        />
        <YAxis orientation="right" width={78} hide={false} tick={false} axisLine={false} domain={domain} />
        {candleTooltip({
          name: 'Volume',
          describe: (p) => `${formatPrice(p.volume, currency)} · ${p.trades} swaps`,
        })}
        <Bar dataKey="volume" shape={<VolumeShape muted={muted} />} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
