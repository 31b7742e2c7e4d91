/** Pieces of the Security Alerts page: severity badge, stat card, alert card, monitored token row. */
import { shortAddress } from '@shared/address';
import { formatAgo, formatPercent } from '@shared/format';
import type { MonitoredToken, SecurityAlert, Severity } from '@shared/market-tools';
import { AlertTriangle, CheckCircle2, type LucideIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Badge, type BadgeTone } from '../ui/badge';
import { Card } from '../ui/card';

/** Spec §4: critical red, high orange, medium yellow, else green. */
export function severityTone(s: string): BadgeTone {
  return s === 'critical' ? 'danger' : s === 'high' ? 'caution' : s === 'medium' ? 'warning' : 'success';
}

export function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="flex items-center gap-4 p-5">
      <span className="flex size-10 items-center justify-center rounded-lg bg-white/5 text-brand-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>
        <p className="text-sm text-slate-400">{label}</p>
        <p className="text-2xl font-semibold text-white">{value}</p>
      </div>
    </Card>
  );
}

const TYPE_LABELS: Record<string, string> = {
  rug_risk: 'Rug risk',
  whale_dump: 'Whale dump',
  liquidity_drain: 'Liquidity drain',
  contract_change: 'Contract change',
  governance_risk: 'Governance risk',
  exploit_risk: 'Exploit risk',
  other: 'Other',
};

export function AlertCard({ alert, now }: { alert: SecurityAlert; now: number }) {
  const d = alert.details;
  return (
    <Card className="p-5" data-testid="security-alert">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          {alert.autoResolved ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-400" />
          ) : (
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-orange-400" />
          )}
          <div>
            <h3 className="font-semibold text-white">{alert.title}</h3>
            <p className="mt-1 text-sm text-slate-400">{alert.description}</p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={severityTone(alert.severity)}>{alert.severity.toUpperCase()}</Badge>
          <Badge>{TYPE_LABELS[alert.type] ?? alert.type}</Badge>
          {alert.autoResolved ? <Badge tone="success">Auto-resolved</Badge> : null}
          {alert.actionRequired ? <Badge tone="danger">Action required</Badge> : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-slate-500">Token</dt>
          <dd className="text-slate-200">
            <Link href={`/token-analysis?address=${alert.tokenAddress}`} className="hover:text-white">
              {alert.tokenSymbol ?? shortAddress(alert.tokenAddress)}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Rug score</dt>
          <dd className="text-slate-200">{d.rugScore ?? 'N/A'}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Whale</dt>
          <dd className="font-mono text-slate-200">
            {d.whaleAddress ? shortAddress(d.whaleAddress) : 'N/A'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Liquidity change</dt>
          <dd className="text-slate-200">{formatPercent(d.liquidityChange, 1)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Detected</dt>
          <dd className="text-slate-200">{formatAgo(alert.timestamp, now)}</dd>
        </div>
      </dl>
    </Card>
  );
}

export function MonitoredTokenRow({ token }: { token: MonitoredToken }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="monitored-token">
      <div>
        <p className="font-semibold text-white">
          {token.symbol ?? 'Unknown'} <span className="text-sm font-normal text-slate-400">{token.name}</span>
        </p>
        <p className="font-mono text-xs text-slate-500">{token.address}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={token.riskLevel === 'unknown' ? 'neutral' : severityTone(token.riskLevel as Severity)}>
          Risk: {token.riskLevel}
        </Badge>
        <Badge>{token.totalAlerts} alerts</Badge>
        <Badge tone={token.criticalAlerts ? 'danger' : 'neutral'}>{token.criticalAlerts} critical</Badge>
        <Badge tone={token.alertsEnabled ? 'success' : 'neutral'}>
          {token.alertsEnabled ? 'Alerts on' : 'Alerts off'}
        </Badge>
      </div>
    </Card>
  );
}
