/** Holdings allocation as a donut (recharts), loaded on demand with the portfolio results. */
import type { Holding } from '@shared/portfolio';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';

export const ALLOCATION_COLOURS = [
  '#38bdf8',
  '#a78bfa',
  '#34d399',
  '#fbbf24',
  '#f472b6',
  '#fb923c',
  '#94a3b8',
];

/** The six largest holdings by value, then one slice for the rest. */
export function allocationSlices(holdings: readonly Holding[]): { name: string; value: number }[] {
  // Unpriced holdings (value unknown) are not slices: their share is unknown, not 0.
  const priced = holdings
    .flatMap((h) =>
      h.value !== null && h.value > 0 && h.allocation !== null
        ? [{ ...h, value: h.value, allocation: h.allocation }]
        : [],
    )
    .sort((a, b) => b.value - a.value);
  const top = priced.slice(0, 6).map((h) => ({ name: h.symbol, value: h.allocation }));
  const rest = priced.slice(6).reduce((s, h) => s + h.allocation, 0);
  return rest > 0 ? [...top, { name: 'Other', value: rest }] : top;
}

export default function AllocationChart({ holdings }: { holdings: readonly Holding[] }) {
  const slices = allocationSlices(holdings);
  if (slices.length === 0) return <p className="text-sm text-slate-400">No priced holdings to chart.</p>;
  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <div className="h-48 w-48 shrink-0" role="img" aria-label="Holdings allocation chart">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={slices}
              dataKey="value"
              nameKey="name"
              innerRadius="55%"
              outerRadius="95%"
              stroke="none"
            >
              {slices.map((s, i) => (
                <Cell key={s.name} fill={ALLOCATION_COLOURS[i % ALLOCATION_COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip
              formatter={(v) => `${Number(v).toFixed(2)}%`}
              contentStyle={{ background: '#0b1020', border: '1px solid rgba(255,255,255,0.1)' }}
            />
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul aria-label="Allocation by token" className="grid w-full gap-1.5 text-sm">
        {slices.map((s, i) => (
          <li key={s.name} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2 text-slate-300">
              <span
                aria-hidden="true"
                className="size-2.5 rounded-sm"
                style={{ background: ALLOCATION_COLOURS[i % ALLOCATION_COLOURS.length] }}
              />
              {s.name}
            </span>
            <span className="tabular-nums text-slate-400">{s.value.toFixed(2)}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
