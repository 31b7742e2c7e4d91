/**
 * Analytics tab (spec §2): Performance Metrics from the server's stats (Best Trade, Worst Trade,
 * Profit Factor 2 decimals, Avg Trade Size, Avg Hold Time in days 1 decimal), the equity curve and
 * the strategy performance computed from the trades.
 */
import { formatUsd } from '@shared/format';
import type { JournalStats, Trade } from '@shared/trader-tools';
import { lazy, Suspense, useMemo } from 'react';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { equityCurve, strategyPerformance } from './analytics';
import { formatSignedPercent, formatSignedUsd, pnlClass } from './format';

const EquityCurveChart = lazy(() => import('./equity-curve-chart'));

function Metric({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-white/5 py-2.5 last:border-0">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className={cn('text-sm font-semibold tabular-nums text-white', className)}>{value}</dd>
    </div>
  );
}

export function AnalyticsPanel({ stats, trades }: { stats: JournalStats | undefined; trades: Trade[] }) {
  const curve = useMemo(() => equityCurve(trades), [trades]);
  const strategies = useMemo(() => strategyPerformance(trades), [trades]);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Performance Metrics</CardTitle>
          <CardDescription>Best and worst trades count closed positions only.</CardDescription>
        </CardHeader>
        <CardContent>
          {stats ? (
            <dl data-testid="performance-metrics">
              <Metric
                label="Best Trade"
                value={formatSignedUsd(stats.bestTrade)}
                className={pnlClass(stats.bestTrade)}
              />
              <Metric
                label="Worst Trade"
                value={formatSignedUsd(stats.worstTrade)}
                className={pnlClass(stats.worstTrade)}
              />
              <Metric
                label="Profit Factor"
                value={stats.profitFactor === null ? '∞' : stats.profitFactor.toFixed(2)}
              />
              <Metric label="Avg Trade Size" value={formatUsd(stats.avgTradeSize)} />
              <Metric label="Avg Hold Time" value={`${stats.avgHoldTime.toFixed(1)} days`} />
              <Metric
                label="Realized / Unrealized"
                value={`${formatSignedUsd(stats.realizedPnL)} / ${formatSignedUsd(stats.unrealizedPnL)}`}
              />
            </dl>
          ) : (
            <Skeleton className="h-40 w-full" />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Equity Curve</CardTitle>
          <CardDescription>
            Cumulative P&amp;L: closed trades at their exit date, open positions marked to the current price.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {curve.length ? (
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <EquityCurveChart points={curve} />
            </Suspense>
          ) : (
            <p className="py-10 text-center text-sm text-slate-400">No trades to chart yet.</p>
          )}
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Strategy Performance</CardTitle>
          <CardDescription>Grouped by the strategy recorded with each trade.</CardDescription>
        </CardHeader>
        <CardContent>
          {strategies.length ? (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[560px] text-left text-sm" data-testid="strategy-performance">
                <thead className="border-b border-white/10 text-xs tracking-wide text-slate-400 uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Strategy
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Trades
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Win Rate
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Volume
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Total P&amp;L
                    </th>
                    <th scope="col" className="py-2 pl-3 text-right font-medium">
                      Return
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-white/5">
                  {strategies.map((s) => (
                    <tr key={s.key}>
                      <td className="py-2.5 pr-3 font-medium text-white">{s.label}</td>
                      <td className="px-3 py-2.5 text-right tabular-nums text-slate-300">
                        {s.trades} <span className="text-xs text-slate-400">({s.closed} closed)</span>
                      </td>
                      <td className="px-3 py-2.5 text-right tabular-nums text-slate-300">
                        {s.winRate === null ? '—' : `${s.winRate.toFixed(1)}%`}
                      </td>
                      <td className="px-3 py-2.5 text-right tabular-nums text-slate-300">
                        {formatUsd(s.volume)}
                      </td>
                      <td className={cn('px-3 py-2.5 text-right tabular-nums', pnlClass(s.totalPnL))}>
                        {formatSignedUsd(s.totalPnL)}
                      </td>
                      <td className={cn('py-2.5 pl-3 text-right tabular-nums', pnlClass(s.returnPct))}>
                        {formatSignedPercent(s.returnPct)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="py-6 text-center text-sm text-slate-400">No trades yet.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
