/**
 * Security Alerts (spec §2, §4, §5, §7, §8), as the visitor's own watchlist (issue 26): watch a
 * token for the alert kinds wanted, stats cards, tabs Security Alerts (the watched tokens' alerts
 * of those kinds) and Monitored Tokens (remove items), severity filter, Refresh, 'All Clear!' when
 * no alerts; and the watchlist's signed webhook with a test event and its delivery log. The
 * visitor is the signed-in wallet or else this browser. Alerts refresh every 15 s.
 */
import { parseAddress, shortAddress } from '@shared/address';
import type { ApiResponse } from '@shared/api/contract';
import { SECURITY_MESSAGES, SECURITY_REFRESH_MS, SEVERITIES } from '@shared/market-tools';
import { WATCH_KIND_LABELS, WATCH_KINDS, type WatchKind } from '@shared/watch';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, AlertOctagon, Eye, RefreshCw, ShieldCheck, ShieldExclamationPoint } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ToolPage } from '../components/page/tool-page';
import { AlertCard, StatCard, WatchItemRow } from '../components/security/security-parts';
import { WebhookPanel } from '../components/security/webhook-panel';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import { ApiError, apiDelete, apiGet, apiPost } from '../lib/api';
import { cn } from '../lib/cn';

type SeverityFilter = 'all' | (typeof SEVERITIES)[number];
type Tab = 'alerts' | 'tokens';
type Watchlist = ApiResponse<'getWatchlist'>;
type WatchAlerts = ApiResponse<'getWatchAlerts'>;

export const watchKeys = {
  list: ['watchlist'] as const,
  alerts: ['watchlist-alerts'] as const,
  deliveries: ['webhook-deliveries'] as const,
};

export default function SecurityPage() {
  const qc = useQueryClient();
  const [input, setInput] = useState('');
  const [kinds, setKinds] = useState<Set<WatchKind>>(() => new Set(WATCH_KINDS));
  const [monitored, setMonitored] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [tab, setTab] = useState<Tab>('alerts');
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [refreshing, setRefreshing] = useState(false);

  const watchlist = useQuery({
    queryKey: watchKeys.list,
    queryFn: ({ signal }) => apiGet<Watchlist>('/api/watchlist', signal),
    refetchInterval: SECURITY_REFRESH_MS,
  });
  const alerts = useQuery({
    queryKey: watchKeys.alerts,
    queryFn: ({ signal }) => apiGet<WatchAlerts>('/api/watchlist/alerts', signal),
    refetchInterval: SECURITY_REFRESH_MS,
  });
  const invalidate = () => {
    void qc.invalidateQueries({ queryKey: watchKeys.list });
    void qc.invalidateQueries({ queryKey: watchKeys.alerts });
  };

  const watch = useMutation({
    mutationFn: (tokenAddress: string) =>
      apiPost<Watchlist>('/api/watchlist/items', { tokenAddress, kinds: [...kinds] }),
    onSuccess: (list, tokenAddress) => {
      qc.setQueryData(watchKeys.list, list);
      setMonitored(tokenAddress);
      toast({ title: SECURITY_MESSAGES.monitoring(shortAddress(tokenAddress)) });
      invalidate();
    },
    onError: (e) => {
      const setup = e instanceof ApiError && e.status >= 400 && e.status < 500;
      toast({
        title: setup ? SECURITY_MESSAGES.setupFailed : SECURITY_MESSAGES.startFailed,
        description: e instanceof Error ? e.message : undefined,
        variant: 'destructive',
      });
    },
  });
  const unwatch = useMutation({
    mutationFn: (token: string) => apiDelete<Watchlist>(`/api/watchlist/items/${token}`),
    onSuccess: (list) => {
      qc.setQueryData(watchKeys.list, list);
      invalidate();
    },
    onError: (e) =>
      toast({ title: 'Could not remove the token', description: e.message, variant: 'destructive' }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = parseAddress(input);
    if (input.trim().length !== 42 || !a) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    watch.mutate(a);
  };

  const refresh = () => {
    setRefreshing(true);
    setTimeout(() => setRefreshing(false), 2000);
    void alerts.refetch();
    void watchlist.refetch();
  };

  const now = Date.now();
  const all = alerts.data ?? [];
  const shown = severity === 'all' ? all : all.filter((a) => a.severity === severity);
  const active = all.filter((a) => !a.autoResolved);
  const items = watchlist.data?.items ?? [];

  return (
    <ToolPage
      path="/security"
      icon={ShieldExclamationPoint}
      subtitle="Your watchlist: liquidity drains, tax changes, owner or proxy changes, new mints, honeypots switched on and large holders leaving, on this page and at your webhook."
    >
      <Card className="p-5">
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row">
          <Input
            aria-label="Token contract address"
            placeholder="Token contract address (0x…)"
            value={input}
            maxLength={100}
            onChange={(e) => {
              setInput(e.target.value);
              setInvalid(false);
            }}
          />
          <Button type="submit" disabled={input.trim().length !== 42 || watch.isPending || kinds.size === 0}>
            <Eye aria-hidden="true" className="size-4" />
            {watch.isPending ? 'Starting…' : 'Monitor'}
          </Button>
        </form>
        <fieldset className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm text-slate-300">
          <legend className="sr-only">Alert kinds</legend>
          {WATCH_KINDS.map((k) => (
            <label key={k} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={kinds.has(k)}
                onChange={(e) => {
                  const next = new Set(kinds);
                  if (e.target.checked) next.add(k);
                  else next.delete(k);
                  setKinds(next);
                }}
              />
              {WATCH_KIND_LABELS[k]}
            </label>
          ))}
        </fieldset>
        {invalid ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {SECURITY_MESSAGES.invalidAddress}
          </p>
        ) : null}
        {monitored ? (
          <p className="mt-2 text-sm text-emerald-300">
            {SECURITY_MESSAGES.monitoring(shortAddress(monitored))}
          </p>
        ) : null}
        <p className="mt-2 text-xs text-slate-400">
          {watchlist.data?.owner.kind === 'wallet'
            ? `Watchlist of ${shortAddress(watchlist.data.owner.wallet ?? '')} (signed in).`
            : 'Watchlist of this browser. Sign in with your wallet (Gaming Arena) to keep it across browsers.'}
        </p>
      </Card>

      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <QueryState
          query={watchlist}
          pending={[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)}
          errorTitle="Failed to fetch the watchlist"
          compact
          errorClassName="col-span-full"
        >
          {() => (
            <QueryState
              query={alerts}
              pending={[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)}
              errorTitle={SECURITY_MESSAGES.fetchFailed}
              compact
              errorClassName="col-span-full"
            >
              {() => (
                <>
                  <StatCard label="Tokens Monitored" value={String(items.length)} icon={Eye} />
                  <StatCard label="Active Alerts" value={String(active.length)} icon={Activity} />
                  <StatCard
                    label="Critical Alerts"
                    value={String(active.filter((a) => a.severity === 'critical').length)}
                    icon={AlertOctagon}
                  />
                  <StatCard
                    label="Threats Resolved"
                    value={String(all.filter((a) => a.autoResolved).length)}
                    icon={ShieldCheck}
                  />
                </>
              )}
            </QueryState>
          )}
        </QueryState>
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <div role="tablist" className="flex gap-1 rounded-lg border border-white/10 p-1">
          {(
            [
              ['alerts', 'Security Alerts'],
              ['tokens', 'Monitored Tokens'],
            ] as const
          ).map(([id, label]) => (
            <button
              key={id}
              type="button"
              role="tab"
              aria-selected={tab === id}
              onClick={() => setTab(id)}
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
              onChange={(e) => setSeverity(e.target.value as SeverityFilter)}
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

      <div className="mt-4 flex flex-col gap-3">
        {tab === 'alerts' ? (
          <QueryState
            query={alerts}
            pending={[0, 1, 2].map((i) => <Skeleton key={i} className="h-32 rounded-2xl" />)}
            errorTitle={SECURITY_MESSAGES.fetchFailed}
            isEmpty={() => shown.length === 0}
            empty={
              <Card className="flex flex-col items-center gap-2 p-10 text-center">
                <ShieldCheck aria-hidden="true" className="size-10 text-emerald-400" />
                <h2 className="text-lg font-semibold text-white">All Clear!</h2>
                <p className="text-sm text-slate-400">No security alerts for the tokens you watch.</p>
              </Card>
            }
          >
            {() => shown.map((a) => <AlertCard key={a.id} alert={a} now={now} />)}
          </QueryState>
        ) : (
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
        )}
      </div>

      <WebhookPanel endpoint={watchlist.data?.webhook ?? null} />
    </ToolPage>
  );
}
