/**
 * The Security Alerts page's two tabs — the watched tokens' alerts (filtered by severity) and the
 * watched tokens themselves (each removable) — and the bar above them with the severity filter and
 * Refresh.
 */
import { SECURITY_MESSAGES, SEVERITIES } from '@shared/market-tools';
import { useMutation } from '@tanstack/react-query';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { apiDelete } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { toast } from '../ui/toast';
import { AlertCard, WatchItemRow } from './security-parts';
import { useWatchlistChanged, type Watchlist, type WatchlistQueries } from './use-watchlist';

export type SeverityFilter = 'all' | (typeof SEVERITIES)[number];
export type Tab = 'alerts' | 'tokens';

const TABS = [
  ['alerts', 'Security Alerts'],
  ['tokens', 'Monitored Tokens'],
] as const;

export function WatchToolbar({
  tab,
  onTab,
  severity,
  onSeverity,
  onRefresh,
}: {
  tab: Tab;
  onTab: (tab: Tab) => void;
  severity: SeverityFilter;
  onSeverity: (s: SeverityFilter) => void;
  onRefresh: () => void;
}) {
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    setTimeout(() => setRefreshing(false), 2000);
    onRefresh();
  };
  return (
    <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
      <div role="tablist" className="flex gap-1 rounded-lg border border-white/10 p-1">
        {TABS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => onTab(id)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm',
              tab === id ? 'bg-brand-600 text-white' : 'text-slate-400 hover:text-white',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {tab === 'alerts' ? (
          <select
            aria-label="Severity"
            value={severity}
            onChange={(e) => onSeverity(e.target.value as SeverityFilter)}
            className="h-8 rounded-lg border border-white/10 bg-ink-950 px-2 text-sm text-white"
          >
            {(['all', ...SEVERITIES] as const).map((v) => (
              <option key={v} value={v}>
                {v === 'all' ? 'All severities' : v[0]?.toUpperCase() + v.slice(1)}
              </option>
            ))}
          </select>
        ) : null}
        <Button variant="outline" size="sm" onClick={refresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} />
          Refresh
        </Button>
      </div>
    </div>
  );
}

export function AlertList({
  alerts,
  severity,
  watched,
}: {
  alerts: WatchlistQueries['alerts'];
  severity: SeverityFilter;
  /** How many tokens the visitor watches (undefined while the watchlist loads). */
  watched: number | undefined;
}) {
  const now = Date.now();
  const all = alerts.data ?? [];
  const shown = severity === 'all' ? all : all.filter((a) => a.severity === severity);
  return (
    <QueryState
      query={alerts}
      pending={[0, 1, 2].map((i) => <Skeleton key={i} className="h-32 rounded-2xl" />)}
      errorTitle={SECURITY_MESSAGES.fetchFailed}
      isEmpty={() => shown.length === 0}
      empty={
        // "All Clear!" is a finding about watched tokens: with nothing watched there is nothing to
        // be clear about, and a green shield would read as a verdict.
        watched === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <h2 className="text-lg font-semibold text-white">Nothing watched yet</h2>
            <p className="text-sm text-slate-400">
              Add a token above: its liquidity, tax, owner and honeypot alerts appear here.
            </p>
          </Card>
        ) : (
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <ShieldCheck aria-hidden="true" className="size-10 text-emerald-400" />
            <h2 className="text-lg font-semibold text-white">All Clear!</h2>
            <p className="text-sm text-slate-400">No security alerts for the tokens you watch.</p>
          </Card>
        )
      }
    >
      {() => shown.map((a) => <AlertCard key={a.id} alert={a} now={now} />)}
    </QueryState>
  );
}

export function WatchedTokenList({ watchlist }: { watchlist: WatchlistQueries['watchlist'] }) {
  const changed = useWatchlistChanged();
  const unwatch = useMutation({
    mutationFn: (token: string) => apiDelete<Watchlist>(`/api/watchlist/items/${token}`),
    onSuccess: changed,
    onError: (e) =>
      toast({ title: 'Could not remove the token', description: e.message, variant: 'destructive' }),
  });
  const items = watchlist.data?.items ?? [];
  return (
    <QueryState
      query={watchlist}
      pending={[0, 1].map((i) => <Skeleton key={i} className="h-20 rounded-2xl" />)}
      errorTitle="Failed to fetch the watchlist"
      isEmpty={() => items.length === 0}
      empty={
        <Card className="p-10 text-center text-sm text-slate-400">
          No tokens monitored yet. Enter a token contract address above.
        </Card>
      }
    >
      {() =>
        items.map((t) => (
          <WatchItemRow
            key={t.token}
            item={t}
            removing={unwatch.isPending && unwatch.variables === t.token}
            onRemove={() => unwatch.mutate(t.token)}
          />
        ))
      }
    </QueryState>
  );
}
