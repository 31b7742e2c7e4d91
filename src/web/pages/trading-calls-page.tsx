/**
 * Trading Calls (spec §2, §3, §5, §7, §8): stats from the stored calls, the New Call form, the
 * board (refreshed every 15 s) with follow / like / copy / chart / analyse, and the empty state.
 */
import { formatInteger } from '@shared/format';
import { Activity, Megaphone, Percent, Plus, Target, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '../components/analysis/error-state';
import { CallCard } from '../components/calls/call-card';
import { CallForm } from '../components/calls/call-form';
import { formatSignedPercent, overSome, pnlClass } from '../components/journal/format';
import { StatCard } from '../components/journal/stat-card';
import { ToolPage } from '../components/page/tool-page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { QueryState } from '../components/ui/query-state';
import { Skeleton } from '../components/ui/skeleton';
import { useCallStats, useTradingCalls } from '../lib/trader-queries';

export default function TradingCallsPage() {
  const calls = useTradingCalls();
  const stats = useCallStats();
  const [formOpen, setFormOpen] = useState(false);
  const s = stats.data;

  return (
    <ToolPage
      path="/trading-calls"
      icon={Megaphone}
      subtitle="Post and follow trading calls, each tracked against the token's price."
    >
      <div className="grid grid-cols-1 gap-6">
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
            label="Total Calls"
            icon={Megaphone}
            loading={stats.isPending}
            testId="stat-total-calls"
            value={s ? formatInteger(s.totalCalls) : '—'}
          />
          <StatCard
            label="Win Rate"
            icon={Percent}
            loading={stats.isPending}
            value={
              s ? overSome(s.successfulCalls + s.stoppedCalls, s.winRate, (v) => `${v.toFixed(1)}%`) : '—'
            }
            hint={
              !s
                ? undefined
                : s.successfulCalls + s.stoppedCalls > 0
                  ? `${s.successfulCalls} hit target · ${s.stoppedCalls} stopped`
                  : 'No call has hit its target or stop yet'
            }
          />
          <StatCard
            label="Active Calls"
            icon={Activity}
            loading={stats.isPending}
            value={s ? formatInteger(s.activeCalls) : '—'}
          />
          <StatCard
            label="Avg P&L"
            icon={TrendingUp}
            loading={stats.isPending}
            value={s ? overSome(s.totalCalls, s.averagePnL, (v) => formatSignedPercent(v)) : '—'}
            valueClassName={pnlClass(s?.averagePnL)}
            hint={
              s ? (s.totalCalls > 0 ? `Total ${formatSignedPercent(s.totalPnL)}` : 'No calls yet') : undefined
            }
          />
        </div>

        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-white">Live Calls</h2>
          {formOpen ? null : (
            <Button onClick={() => setFormOpen(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New Call
            </Button>
          )}
        </div>

        {formOpen ? <CallForm onDone={() => setFormOpen(false)} /> : null}

        <QueryState
          query={calls}
          pending={
            <div className="grid gap-4">
              <Skeleton className="h-44 w-full rounded-2xl" />
              <Skeleton className="h-44 w-full rounded-2xl" />
            </div>
          }
          errorTitle="Failed to fetch trading calls"
          isEmpty={(data) => data.length === 0}
          empty={
            <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
              <span className="flex size-12 items-center justify-center rounded-full border border-white/10 bg-white/5 text-slate-400">
                <Target aria-hidden="true" className="size-6" />
              </span>
              <h3 className="text-lg font-semibold text-white">No Trading Calls Yet</h3>
              <p className="max-w-sm text-sm text-slate-400">
                Be the first to share a call with the community.
              </p>
              {formOpen ? null : (
                <Button onClick={() => setFormOpen(true)}>
                  <Plus aria-hidden="true" className="size-4" />
                  Create First Call
                </Button>
              )}
            </Card>
          }
        >
          {(data) => (
            <div className="grid gap-4" data-testid="calls-list">
              {data.map((c) => (
                <CallCard key={c.id} call={c} />
              ))}
            </div>
          )}
        </QueryState>
      </div>
    </ToolPage>
  );
}
