/** Pieces of the Security Alerts page: severity badge, stat card, alert card, watchlist row. */
import { shortAddress } from '@shared/address';
import { formatAgo, formatPercent } from '@shared/format';
import type { SecurityAlert, Severity } from '@shared/market-tools';
import { WATCH_KIND_LABELS, type WatchItem, type WatchKind } from '@shared/watch';
import { AlertTriangle, CheckCircle2, type LucideIcon, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
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

export function AlertCard({
  alert,
  now,
}: {
  alert: SecurityAlert & { kind?: WatchKind | null };
  now: number;
}) {
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
          <Badge>
            {alert.kind ? WATCH_KIND_LABELS[alert.kind] : (TYPE_LABELS[alert.type] ?? alert.type)}
          </Badge>
          {alert.autoResolved ? <Badge tone="success">Auto-resolved</Badge> : null}
          {alert.actionRequired ? <Badge tone="danger">Action required</Badge> : null}
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-slate-400">Token</dt>
          <dd className="text-slate-200">
            <Link href={`/token-analysis?address=${alert.tokenAddress}`} className="hover:text-white">
              {alert.tokenSymbol ?? shortAddress(alert.tokenAddress)}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Rug score</dt>
          <dd className="text-slate-200">{d.rugScore ?? 'N/A'}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Whale</dt>
          <dd className="font-mono text-slate-200">
            {d.whaleAddress ? shortAddress(d.whaleAddress) : 'N/A'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Liquidity change</dt>
          <dd className="text-slate-200">{formatPercent(d.liquidityChange, 1)}</dd>
        </div>
        <div>
          <dt className="text-slate-400">Detected</dt>
          <dd className="text-slate-200">{formatAgo(alert.timestamp, now)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** One token of the visitor's watchlist: the kinds watched, its alerts, and a Remove button. */
export function WatchItemRow({
  item,
  removing,
  onRemove,
}: {
  item: WatchItem;
  removing: boolean;
  onRemove: () => void;
}) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="monitored-token">
      <div>
        <p className="font-semibold text-white">
          <Link href={`/token-analysis?address=${item.token}`} className="hover:underline">
            {item.symbol ?? 'Unknown'}
          </Link>{' '}
          <span className="text-sm font-normal text-slate-400">{item.name}</span>
        </p>
        <p className="font-mono text-xs text-slate-400">{item.token}</p>
        <p className="mt-1 text-xs text-slate-400">
          {item.kinds.map((k) => WATCH_KIND_LABELS[k]).join(' · ')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={item.riskLevel === 'unknown' ? 'neutral' : severityTone(item.riskLevel as Severity)}>
          Risk: {item.riskLevel}
        </Badge>
        <Badge tone={item.activeAlerts ? 'danger' : 'neutral'}>{item.activeAlerts} active alerts</Badge>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove ${item.token}`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Remove
        </Button>
      </div>
    </Card>
  );
}
