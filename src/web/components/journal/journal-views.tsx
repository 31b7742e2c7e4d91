/**
 * The Trading Journal's tabs: All Trades (with CSV export), Open Positions, Closed Trades, each a
 * trades table or its empty state, and Analytics.
 */
import type { Trade } from '@shared/trader-tools';
import { Download, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { journalCsvUrl, type useJournal } from '../../lib/trader-queries';
import { Button, buttonClasses } from '../ui/button';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { AnalyticsPanel } from './analytics-panel';
import { EmptyState, TradesCard } from './journal-parts';
import { type JournalStatsQuery, StatsError } from './journal-stats';
import type { TabDef } from './tabs';
import { TradesTable } from './trades-table';

export type TabKey = 'all' | 'open' | 'closed' | 'analytics';
export const TABS: ReadonlyArray<TabDef<TabKey>> = [
  { key: 'all', label: 'All Trades' },
  { key: 'open', label: 'Open Positions' },
  { key: 'closed', label: 'Closed Trades' },
  { key: 'analytics', label: 'Analytics' },
];

/** The two tabs that list the trades of one status. */
const FILTERED_VIEWS = {
  open: {
    title: 'Open Positions',
    caption: 'Open positions',
    emptyTitle: 'No Open Positions',
    emptyText: 'Trades without an exit price show here.',
  },
  closed: {
    title: 'Closed Trades',
    caption: 'Closed trades',
    emptyTitle: 'No Closed Trades',
    emptyText: 'Close a position with an exit price (the pencil button) and it shows here.',
  },
} as const;

type TableProps = {
  journal: ReturnType<typeof useJournal>;
  valid: boolean;
  onEdit: (trade: Trade) => void;
  onDelete: (trade: Trade) => void;
};

/** Without a valid wallet the query is disabled (pending for ever), so the empty state shows. */
function JournalTable({
  list,
  caption,
  empty,
  journal,
  valid,
  onEdit,
  onDelete,
}: TableProps & { list: Trade[]; caption: string; empty: ReactNode }) {
  if (!valid) return empty;
  return (
    <QueryState
      query={journal}
      pending={
        <div className="grid gap-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      }
      errorTitle="Failed to fetch trading journal"
      isEmpty={() => list.length === 0}
      empty={empty}
    >
      {() => <TradesTable trades={list} caption={caption} onEdit={onEdit} onDelete={onDelete} />}
    </QueryState>
  );
}

export function JournalTab({
  tab,
  address,
  stats,
  onAdd,
  ...table
}: TableProps & { tab: TabKey; address: string; stats: JournalStatsQuery; onAdd: () => void }) {
  const trades = table.journal.data ?? [];
  switch (tab) {
    case 'all':
      return (
        <TradesCard
          title="Trading History"
          actions={
            table.valid ? (
              <a href={journalCsvUrl(address)} download className={buttonClasses('outline', 'sm')}>
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </a>
            ) : null
          }
        >
          <JournalTable
            {...table}
            list={trades}
            caption="Trading history"
            empty={
              <EmptyState
                title="No Trades Found"
                text="Start tracking your trades by adding your first entry"
                action={
                  <Button onClick={onAdd} disabled={!table.valid}>
                    <Plus aria-hidden="true" className="size-4" />
                    Add First Trade
                  </Button>
                }
              />
            }
          />
        </TradesCard>
      );
    case 'open':
    case 'closed': {
      const view = FILTERED_VIEWS[tab];
      return (
        <TradesCard title={view.title}>
          <JournalTable
            {...table}
            list={trades.filter((t) => t.status === tab)}
            caption={view.caption}
            empty={<EmptyState title={view.emptyTitle} text={view.emptyText} />}
          />
        </TradesCard>
      );
    }
    case 'analytics':
      return stats.isError ? (
        <StatsError stats={stats} />
      ) : (
        <AnalyticsPanel stats={stats.data} trades={trades} />
      );
  }
}
