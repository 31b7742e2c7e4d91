/**
 * Holder distribution (what Bubblemaps users expect): the top holders' shares of the supply as bars,
 * coloured by what each wallet is (liquidity pool, locker, burn, contract, deployer, whale, other),
 * then one bar for everybody outside the top list. A text legend sums each kind, so the picture is
 * readable without colour and by screen readers. Loaded on demand (React.lazy) with recharts.
 */

import { shortAddress } from '@shared/address';
import type { WhaleHolder } from '@shared/analysis';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type HolderKind = 'pool' | 'locker' | 'burn' | 'contract' | 'deployer' | 'whale' | 'holder' | 'rest';

export const KIND_STYLE: Record<HolderKind, { label: string; colour: string }> = {
  pool: { label: 'Liquidity pools', colour: '#38bdf8' },
  locker: { label: 'LP lockers', colour: '#a78bfa' },
  burn: { label: 'Burned', colour: '#94a3b8' },
  contract: { label: 'Contracts', colour: '#fbbf24' },
  deployer: { label: 'Deployer', colour: '#f472b6' },
  whale: { label: 'Whales', colour: '#fb923c' },
  holder: { label: 'Other top holders', colour: '#34d399' },
  rest: { label: 'Everyone else', colour: '#475569' },
};

/** The wallet type strings the whale analyser uses, mapped to chart kinds. */
export function holderKind(walletType: string): HolderKind {
  const t = walletType.toLowerCase();
  if (t.includes('pool')) return 'pool';
  if (t.includes('locker')) return 'locker';
  if (t.includes('burn')) return 'burn';
  if (t.includes('deployer')) return 'deployer';
  if (t.includes('contract')) return 'contract';
  if (t.includes('whale')) return 'whale';
  return 'holder';
}

type Point = { name: string; label: string; share: number; kind: HolderKind };

export function distribution(holders: readonly WhaleHolder[]): {
  points: Point[];
  byKind: [HolderKind, number][];
} {
  const points: Point[] = holders.map((h) => ({
    name: `#${h.rank}`,
    label: `#${h.rank} ${shortAddress(h.address)} (${h.walletType})`,
    share: h.percentage,
    kind: holderKind(h.walletType),
  }));
  const top = holders.reduce((s, h) => s + h.percentage, 0);
  const rest = Math.max(0, 100 - top);
  points.push({ name: 'Rest', label: 'All other holders', share: rest, kind: 'rest' });
  const sums = new Map<HolderKind, number>();
  for (const p of points) sums.set(p.kind, (sums.get(p.kind) ?? 0) + p.share);
  const order = Object.keys(KIND_STYLE) as HolderKind[];
  const byKind = order.filter((k) => sums.has(k)).map((k) => [k, sums.get(k) ?? 0] as [HolderKind, number]);
  return { points, byKind };
}

const pct = (n: number) => `${n >= 10 ? n.toFixed(1) : n.toFixed(2)}%`;

export default function HolderDistributionChart({ holders }: { holders: readonly WhaleHolder[] }) {
  const { points, byKind } = distribution(holders);
  return (
    <div>
      <ul
        aria-label="Supply by holder kind"
        className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-slate-300"
      >
        {byKind.map(([kind, share]) => (
          <li key={kind} data-kind={kind} className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-2.5 rounded-sm"
              style={{ background: KIND_STYLE[kind].colour }}
            />
            {KIND_STYLE[kind].label}
            <span className="tabular-nums text-slate-400">{pct(share)}</span>
          </li>
        ))}
      </ul>
      <div
        className="mt-4 h-56 w-full"
        role="img"
        aria-label={`Holder distribution: ${byKind.map(([k, s]) => `${KIND_STYLE[k].label} ${pct(s)}`).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} barCategoryGap="12%">
            <CartesianGrid stroke="rgba(255,255,255,0.06)" vertical={false} />
            <XAxis dataKey="name" stroke="#64748b" fontSize={10} interval="preserveStartEnd" minTickGap={4} />
            <YAxis stroke="#64748b" fontSize={11} width={40} tickFormatter={(v: number) => `${v}%`} />
            <Tooltip
              cursor={{ fill: 'rgba(255,255,255,0.04)' }}
              contentStyle={{
                background: '#111a2c',
                border: '1px solid rgba(255,255,255,0.1)',
                borderRadius: 8,
                fontSize: 12,
              }}
              labelFormatter={(_l, payload) => (payload?.[0]?.payload as Point | undefined)?.label ?? ''}
              formatter={(v) => [pct(Number(v)), 'Share of supply']}
            />
            <Bar dataKey="share" isAnimationActive={false} radius={[3, 3, 0, 0]}>
              {points.map((p) => (
                <Cell key={p.name} fill={KIND_STYLE[p.kind].colour} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  );
}
