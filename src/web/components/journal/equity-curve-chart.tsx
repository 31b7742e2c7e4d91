/** The equity curve (recharts), loaded on demand with the Analytics tab. */
import { formatUsd } from '@shared/format';
import {
  Area,
  AreaChart,
  CartesianGrid,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { EquityPoint } from './analytics';
import { formatDay, formatSignedUsd } from './format';

export default function EquityCurveChart({ points }: { points: EquityPoint[] }) {
  const last = points.at(-1)?.cumulative ?? 0;
  const colour = last >= 0 ? '#34d399' : '#f87171';
  return (
    <div className="h-64 w-full" role="img" aria-label={`Equity curve ending at ${formatSignedUsd(last)}`}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="equity-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={colour} stopOpacity={0.35} />
              <stop offset="100%" stopColor={colour} stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke="rgba(255,255,255,0.06)" vertical={false} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin', 'dataMax']}
            tickFormatter={(t: number) => formatDay(new Date(t).toISOString())}
            stroke="#64748b"
            fontSize={11}
            minTickGap={40}
          />
          <YAxis stroke="#64748b" fontSize={11} width={72} tickFormatter={(v: number) => formatUsd(v)} />
          <ReferenceLine y={0} stroke="rgba(255,255,255,0.2)" />
          <Tooltip
            contentStyle={{
              background: '#111a2c',
              border: '1px solid rgba(255,255,255,0.1)',
              borderRadius: 8,
            }}
            labelFormatter={(_l, payload) => {
              const p = payload?.[0]?.payload as EquityPoint | undefined;
              return p ? `${formatDay(new Date(p.t).toISOString())} · ${p.label}` : '';
            }}
            formatter={(v) => [formatSignedUsd(Number(v)), 'Cumulative P&L']}
          />
          <Area
            type="linear"
            dataKey="cumulative"
            stroke={colour}
            strokeWidth={2}
            fill="url(#equity-fill)"
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
