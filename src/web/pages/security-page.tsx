/**
 * Security Alerts (spec §2, §4, §5, §7, §8): monitor a token, stats cards, tabs Security Alerts and
 * Monitored Tokens, severity filter, Refresh, 'All Clear!' when no alerts. Alerts refresh every
 * 15 s; ages are d/h/m ago.
 */
import { parseAddress, shortAddress } from '@shared/address';
import {
  MONITORED_ALERT_TYPES,
  type MonitoredToken,
  type MonitorTokenResponse,
  SECURITY_MESSAGES,
  SECURITY_REFRESH_MS,
  SEVERITIES,
  type SecurityAlert,
  type SecurityStats,
} from '@shared/market-tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, AlertOctagon, Eye, RefreshCw, ShieldCheck, ShieldExclamationPoint } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ToolPage } from '../components/page/tool-page';
import { AlertCard, MonitoredTokenRow, StatCard } from '../components/security/security-parts';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Skeleton } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast';
import { ApiError, apiGet, apiPost } from '../lib/api';
import { cn } from '../lib/cn';

type SeverityFilter = 'all' | (typeof SEVERITIES)[number];
type Tab = 'alerts' | 'tokens';

export default function SecurityPage() {
  const qc = useQueryClient();
  const [input, setInput] = useState('');
  const [monitored, setMonitored] = useState<string | null>(null);
  const [monitoring, setMonitoring] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [tab, setTab] = useState<Tab>('alerts');
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [refreshing, setRefreshing] = useState(false);

  const alerts = useQuery({
    queryKey: ['security-alerts', severity],
    queryFn: ({ signal }) =>
      apiGet<SecurityAlert[]>(
        `/api/security-alerts${severity === 'all' ? '' : `?severity=${severity}`}`,
        signal,
      ),
    refetchInterval: SECURITY_REFRESH_MS,
  });
  const stats = useQuery({
    queryKey: ['security-stats', monitored],
    queryFn: ({ signal }) => apiGet<SecurityStats>('/api/security-stats', signal),
    refetchInterval: SECURITY_REFRESH_MS,
  });
  const tokens = useQuery({
    queryKey: ['monitored-tokens', monitored],
    queryFn: ({ signal }) => apiGet<MonitoredToken[]>('/api/monitored-tokens', signal),
  });

  const monitor = useMutation({
    mutationFn: (tokenAddress: string) =>
      apiPost<MonitorTokenResponse>('/api/monitor-token', {
        tokenAddress,
        alertTypes: [...MONITORED_ALERT_TYPES],
      }),
    onSuccess: (_r, tokenAddress) => {
      setMonitoring(true);
      setMonitored(tokenAddress);
      toast({ title: SECURITY_MESSAGES.monitoring(shortAddress(tokenAddress)) });
      void qc.invalidateQueries({ queryKey: ['security-alerts'] });
      void qc.invalidateQueries({ queryKey: ['security-stats'] });
      void qc.invalidateQueries({ queryKey: ['monitored-tokens'] });
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

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = parseAddress(input);
    if (input.trim().length !== 42 || !a) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    monitor.mutate(a);
  };

  const refresh = () => {
    setRefreshing(true);
    setTimeout(() => setRefreshing(false), 2000);
    void alerts.refetch();
    void stats.refetch();
    void tokens.refetch();
  };

  const now = Date.now();
  const s = stats.data;

  return (
    <ToolPage
      path="/security"
      icon={ShieldExclamationPoint}
      subtitle="Monitor tokens for rug risk, whale dumps, liquidity drains and contract changes."
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
          <Button type="submit" disabled={input.trim().length !== 42 || monitor.isPending}>
            <Eye aria-hidden="true" className="size-4" />
            {monitor.isPending ? 'Starting…' : 'Monitor'}
          </Button>
        </form>
        {invalid ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {SECURITY_MESSAGES.invalidAddress}
          </p>
        ) : null}
        {monitoring && monitored ? (
          <p className="mt-2 text-sm text-emerald-300">
            {SECURITY_MESSAGES.monitoring(shortAddress(monitored))}
          </p>
        ) : null}
      </Card>

      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.isPending ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)
        ) : stats.isError ? (
          <p className="col-span-full text-sm text-red-300">{stats.error.message}</p>
        ) : (
          <>
            <StatCard label="Tokens Monitored" value={String(s?.totalTokensMonitored ?? 0)} icon={Eye} />
            <StatCard label="Active Alerts" value={String(s?.activeAlerts ?? 0)} icon={Activity} />
            <StatCard label="Critical Alerts" value={String(s?.criticalAlerts ?? 0)} icon={AlertOctagon} />
            <StatCard label="Threats Resolved" value={String(s?.threatsPrevented ?? 0)} icon={ShieldCheck} />
          </>
        )}
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
          alerts.isPending ? (
            [0, 1, 2].map((i) => <Skeleton key={i} className="h-32 rounded-2xl" />)
          ) : alerts.isError ? (
            <Card role="alert" className="p-6 text-center text-red-300">
              {SECURITY_MESSAGES.fetchFailed}: {alerts.error.message}
            </Card>
          ) : alerts.data.length === 0 ? (
            <Card className="flex flex-col items-center gap-2 p-10 text-center">
              <ShieldCheck aria-hidden="true" className="size-10 text-emerald-400" />
              <h2 className="text-lg font-semibold text-white">All Clear!</h2>
              <p className="text-sm text-slate-400">No security alerts for the monitored tokens.</p>
            </Card>
          ) : (
            alerts.data.map((a) => <AlertCard key={a.id} alert={a} now={now} />)
          )
        ) : tokens.isPending ? (
          [0, 1].map((i) => <Skeleton key={i} className="h-20 rounded-2xl" />)
        ) : tokens.isError ? (
          <Card role="alert" className="p-6 text-center text-red-300">
            {tokens.error.message}
          </Card>
        ) : tokens.data.length === 0 ? (
          <Card className="p-10 text-center text-sm text-slate-400">
            No tokens monitored yet. Enter a token contract address above.
          </Card>
        ) : (
          tokens.data.map((t) => <MonitoredTokenRow key={t.address} token={t} />)
        )}
      </div>
    </ToolPage>
  );
}
