/**
 * Trading Journal (spec §2, §3, §5, §7, §8): a wallet's trades with P&L marked to the token's pool
 * price, four stat cards, All / Open / Closed / Analytics tabs, CSV export and the two row actions
 * (update with an exit price, delete).
 */
import { isAddress } from '@shared/address';
import { formatInteger, formatUsd } from '@shared/format';
import type { Trade } from '@shared/trader-tools';
import {
  Activity,
  ChartColumn,
  DollarSign,
  Download,
  Hash,
  Inbox,
  NotebookPen,
  Percent,
  Plus,
} from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ErrorState } from '../components/analysis/error-state';
import { AddTradeDialog } from '../components/journal/add-trade-dialog';
import { AnalyticsPanel } from '../components/journal/analytics-panel';
import { DeleteTradeDialog } from '../components/journal/delete-trade-dialog';
import { formatSignedUsd, overSome, pnlClass } from '../components/journal/format';
import { StatCard } from '../components/journal/stat-card';
import { type TabDef, Tabs } from '../components/journal/tabs';
import { TradesTable } from '../components/journal/trades-table';
import { UpdateTradeDialog } from '../components/journal/update-trade-dialog';
import { ToolPage } from '../components/page/tool-page';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { Skeleton } from '../components/ui/skeleton';
import { journalCsvUrl, useJournal, useJournalStats } from '../lib/trader-queries';

/**
 * The wallet the page opens with (spec §2: "prefilled with a default wallet, value not shown"). A
 * fixed, well-known example address: the journal is a record kept by the app, so the default need
 * not hold anything on chain. The last wallet used in this browser replaces it.
 */
export const DEFAULT_JOURNAL_WALLET = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const STORAGE_KEY = 'flab.tradingJournal.wallet';

function initialWallet(): string {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    if (saved && isAddress(saved)) return saved;
  } catch {
    // Storage may be blocked; the default serves.
  }
  return DEFAULT_JOURNAL_WALLET;
}

type TabKey = 'all' | 'open' | 'closed' | 'analytics';
const TABS: ReadonlyArray<TabDef<TabKey>> = [
  { key: 'all', label: 'All Trades' },
  { key: 'open', label: 'Open Positions' },
  { key: 'closed', label: 'Closed Trades' },
  { key: 'analytics', label: 'Analytics' },
];

function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full border border-white/10 bg-white/5 text-slate-400">
        <Inbox aria-hidden="true" className="size-6" />
      </span>
      <h3 className="text-lg font-semibold text-white">{title}</h3>
      <p className="max-w-sm text-sm text-slate-400">{text}</p>
      {action}
    </div>
  );
}

function TradesCard({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-white">{title}</h2>
        {actions}
      </div>
      {children}
    </Card>
  );
}

export default function TradingJournalPage() {
  const walletId = useId();
  const [wallet, setWallet] = useState(initialWallet);
  const [tab, setTab] = useState<TabKey>('all');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Trade | null>(null);
  const [deleting, setDeleting] = useState<Trade | null>(null);

  const address = wallet.trim();
  const valid = isAddress(address);
  const journal = useJournal(address);
  const stats = useJournalStats(address);

  useEffect(() => {
    if (!valid) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, address);
    } catch {
      // Not remembered; harmless.
    }
  }, [valid, address]);

  const trades = journal.data ?? [];
  const open = trades.filter((t) => t.status === 'open');
  const closed = trades.filter((t) => t.status === 'closed');
  const s = stats.data;
  const statsLoading = valid && stats.isPending;

  // Without a valid wallet the query is disabled (pending for ever), so the empty state shows.
  const table = (list: Trade[], caption: string, empty: ReactNode) =>
    valid ? (
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
        {() => <TradesTable trades={list} caption={caption} onEdit={setEditing} onDelete={setDeleting} />}
      </QueryState>
    ) : (
      empty
    );

  const noTrades = (
    <EmptyState
      title="No Trades Found"
      text="Start tracking your trades by adding your first entry"
      action={
        <Button onClick={() => setAdding(true)} disabled={!valid}>
          <Plus aria-hidden="true" className="size-4" />
          Add First Trade
        </Button>
      }
    />
  );

  return (
    <ToolPage
      path="/trading-journal"
      icon={NotebookPen}
      subtitle="Track your trades and analyze performance with comprehensive analytics"
    >
      <div className="grid min-w-0 grid-cols-1 gap-6">
        <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:p-5">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <label htmlFor={walletId} className="text-sm font-medium text-slate-200">
              Wallet Address
            </label>
            <Input
              id={walletId}
              value={wallet}
              onChange={(e) => setWallet(e.target.value)}
              placeholder="0x..."
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
              aria-invalid={!valid}
              aria-describedby={valid ? undefined : `${walletId}-err`}
            />
            {valid ? null : (
              <p id={`${walletId}-err`} className="text-xs text-orange-300">
                Enter a wallet address: 0x followed by 40 hexadecimal characters.
              </p>
            )}
          </div>
          <Button onClick={() => setAdding(true)} disabled={!valid}>
            <Plus aria-hidden="true" className="size-4" />
            Add Trade
          </Button>
        </Card>

        {stats.isError ? (
          <ErrorState
            title="Failed to fetch stats"
            error={stats.error}
            onRetry={() => void stats.refetch()}
            retrying={stats.isFetching}
          />
        ) : null}
        <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard
            label="Total P&L"
            icon={DollarSign}
            loading={statsLoading}
            testId="stat-total-pnl"
            value={s ? formatSignedUsd(s.totalPnL) : '—'}
            valueClassName={pnlClass(s?.totalPnL)}
            hint={s ? `${s.openTrades} open · ${s.closedTrades} closed` : undefined}
          />
          <StatCard
            label="Win Rate"
            icon={Percent}
            loading={statsLoading}
            testId="stat-win-rate"
            value={s ? overSome(s.closedTrades, s.winRate, (v) => `${v.toFixed(1)}%`) : '—'}
            hint={s && s.closedTrades === 0 ? 'No closed trade yet' : 'Of closed trades'}
          />
          <StatCard
            label="Total Trades"
            icon={Hash}
            loading={statsLoading}
            testId="stat-total-trades"
            value={s ? formatInteger(s.totalTrades) : '—'}
          />
          <StatCard
            label="Total Volume"
            icon={ChartColumn}
            loading={statsLoading}
            testId="stat-total-volume"
            value={s ? formatUsd(s.totalVolume) : '—'}
            hint="Entry price × quantity"
          />
        </div>
        {s && s.openTradesWithoutPrice > 0 ? (
          <p className="flex items-center gap-2 text-sm text-slate-400">
            <Activity aria-hidden="true" className="size-4 text-orange-300" />
            {s.openTradesWithoutPrice} open trade{s.openTradesWithoutPrice === 1 ? ' has' : 's have'} no pool
            price and {s.openTradesWithoutPrice === 1 ? 'is' : 'are'} marked at the entry price.
          </p>
        ) : null}

        <Tabs tabs={TABS} value={tab} onChange={setTab} label="Journal views">
          {tab === 'all' ? (
            <TradesCard
              title="Trading History"
              actions={
                valid ? (
                  <a href={journalCsvUrl(address)} download className={buttonClasses('outline', 'sm')}>
                    <Download aria-hidden="true" className="size-4" />
                    Export CSV
                  </a>
                ) : null
              }
            >
              {table(trades, 'Trading history', noTrades)}
            </TradesCard>
          ) : null}
          {tab === 'open' ? (
            <TradesCard title="Open Positions">
              {table(
                open,
                'Open positions',
                <EmptyState title="No Open Positions" text="Trades without an exit price show here." />,
              )}
            </TradesCard>
          ) : null}
          {tab === 'closed' ? (
            <TradesCard title="Closed Trades">
              {table(
                closed,
                'Closed trades',
                <EmptyState
                  title="No Closed Trades"
                  text="Close a position with an exit price (the pencil button) and it shows here."
                />,
              )}
            </TradesCard>
          ) : null}
          {tab === 'analytics' ? (
            stats.isError ? (
              <ErrorState
                title="Failed to fetch stats"
                error={stats.error}
                onRetry={() => void stats.refetch()}
                retrying={stats.isFetching}
              />
            ) : (
              <AnalyticsPanel stats={s} trades={trades} />
            )
          ) : null}
        </Tabs>
      </div>

      {valid ? (
        <AddTradeDialog open={adding} onClose={() => setAdding(false)} walletAddress={address} />
      ) : null}
      <UpdateTradeDialog trade={editing} onClose={() => setEditing(null)} />
      <DeleteTradeDialog trade={deleting} onClose={() => setDeleting(null)} />
    </ToolPage>
  );
}
