/** The Trading Journal's four stat cards, with the stats' error and the note on unpriced open trades. */
import { formatInteger, formatUsd } from '@shared/format';
import { Activity, ChartColumn, DollarSign, Hash, Percent } from 'lucide-react';
import type { useJournalStats } from '../../lib/trader-queries';
import { ErrorState } from '../analysis/error-state';
import { formatSignedUsd, overSome, pnlClass } from './format';
import { StatCard } from './stat-card';

export type JournalStatsQuery = ReturnType<typeof useJournalStats>;

export function StatsError({ stats }: { stats: JournalStatsQuery }) {
  return (
    <ErrorState
      title="Failed to fetch stats"
      error={stats.error}
      onRetry={() => void stats.refetch()}
      retrying={stats.isFetching}
    />
  );
}

/** The four cards, in their order on the page; '—' until the stats arrive. */
function statCards(s: JournalStatsQuery['data']) {
  return [
    {
      label: 'Total P&L',
      icon: DollarSign,
      testId: 'stat-total-pnl',
      value: s ? formatSignedUsd(s.totalPnL) : '—',
      valueClassName: pnlClass(s?.totalPnL),
      hint: s ? `${s.openTrades} open · ${s.closedTrades} closed` : undefined,
    },
    {
      label: 'Win Rate',
      icon: Percent,
      testId: 'stat-win-rate',
      value: s ? overSome(s.closedTrades, s.winRate, (v) => `${v.toFixed(1)}%`) : '—',
      hint: s && s.closedTrades === 0 ? 'No closed trade yet' : 'Of closed trades',
    },
    {
      label: 'Total Trades',
      icon: Hash,
      testId: 'stat-total-trades',
      value: s ? formatInteger(s.totalTrades) : '—',
    },
    {
      label: 'Total Volume',
      icon: ChartColumn,
      testId: 'stat-total-volume',
      value: s ? formatUsd(s.totalVolume) : '—',
      hint: 'Entry price × quantity',
    },
  ];
}

export function JournalStats({ stats, valid }: { stats: JournalStatsQuery; valid: boolean }) {
  const s = stats.data;
  const statsLoading = valid && stats.isPending;
  return (
    <>
      {stats.isError ? <StatsError stats={stats} /> : null}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {statCards(stats.data).map((card) => (
          <StatCard key={card.testId} loading={statsLoading} {...card} />
        ))}
      </div>
      {s && s.openTradesWithoutPrice > 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-400">
          <Activity aria-hidden="true" className="size-4 text-orange-300" />
          {s.openTradesWithoutPrice} open trade{s.openTradesWithoutPrice === 1 ? ' has' : 's have'} no pool
          price and {s.openTradesWithoutPrice === 1 ? 'is' : 'are'} marked at the entry price.
        </p>
      ) : null}
    </>
  );
}
