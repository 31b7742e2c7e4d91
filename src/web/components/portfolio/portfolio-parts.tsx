/** Portfolio Tracker pieces: summary cards, the holdings list and the wallet analytics card. */

import { abbreviate, formatInteger, formatPercent, formatUsd } from '@shared/format';
import type { Holding, Portfolio, PortfolioRiskLevel, WalletStats } from '@shared/portfolio';
import { BarChart3, PieChart, RefreshCw, ShieldCheck, Wallet } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { bandTextClass, greenAllowed } from '../analysis/score-style';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { Unknown } from '../ui/unknown';
import { VerdictBanner } from '../verdict/verdict-banner';

const AllocationChart = lazy(() => import('./allocation-chart'));

export const RISK_TONE: Record<PortfolioRiskLevel, BadgeTone> = {
  low: 'success',
  medium: 'warning',
  high: 'caution',
  critical: 'danger',
};

/** The average score's colour is the risk level the server decided from it (never re-derived here). */
const RISK_TEXT: Record<PortfolioRiskLevel, string> = {
  low: 'text-emerald-300',
  medium: 'text-yellow-300',
  high: 'text-orange-300',
  critical: 'text-red-300',
};

/** ETH with enough precision; tiny amounts (local chain fees) in gwei. */
export function formatGas(eth: number): string {
  if (eth === 0) return '0 ETH';
  if (eth < 0.0001) return `${(eth * 1e9).toLocaleString('en-US', { maximumFractionDigits: 2 })} gwei`;
  return `${eth.toFixed(6)} ETH`;
}

const changeClass = (n: number | null) =>
  n === null ? 'text-slate-400' : n >= 0 ? 'text-emerald-300' : 'text-red-300';
const signed = (n: number | null) => (n === null ? 'N/A' : `${n >= 0 ? '+' : ''}${formatPercent(n)}`);

function Stat({
  label,
  value,
  sub,
  icon,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  icon: ReactNode;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 pt-5">
        <div>
          <p className="text-xs uppercase tracking-wide text-slate-400">{label}</p>
          <div className="mt-1 text-2xl font-semibold text-white tabular-nums">{value}</div>
          {sub ? <div className="mt-1 text-sm">{sub}</div> : null}
        </div>
        <span aria-hidden="true" className="text-brand-300">
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}

export function SummaryCards({ p }: { p: Portfolio }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="portfolio-summary">
      <Stat
        label="Total value"
        value={p.unpricedCount === p.tokenCount && p.tokenCount > 0 ? <Unknown /> : formatUsd(p.totalValue)}
        sub={
          <span className={changeClass(p.totalChange24h)}>
            {p.totalChange24h === null ? (
              <>
                24h change <Unknown reason="no priced holding has a 24 h price change" />
              </>
            ) : (
              `${signed(p.totalChange24h)} 24h`
            )}
            {p.unpricedCount > 0 ? (
              <span className="block text-xs text-slate-400">
                {p.unpricedCount} unpriced holding(s) not counted
              </span>
            ) : null}
          </span>
        }
        icon={<Wallet className="size-5" />}
      />
      <Stat label="Tokens" value={formatInteger(p.tokenCount)} icon={<PieChart className="size-5" />} />
      <Stat
        label="Risk level"
        value={
          p.riskLevel ? (
            <Badge tone={RISK_TONE[p.riskLevel]} className="text-sm capitalize">
              {p.riskLevel}
            </Badge>
          ) : (
            <Unknown reason="no holding has a FLAB Score" />
          )
        }
        sub={
          <span className={p.riskLevel ? RISK_TEXT[p.riskLevel] : 'text-slate-400'}>
            Avg score {p.avgFlabScore === null ? <Unknown /> : Math.round(p.avgFlabScore)}
            {p.unscoredCount > 0 ? (
              <span className="block text-xs text-slate-400">
                {p.unscoredCount} unscored holding(s) skipped
              </span>
            ) : null}
          </span>
        }
        icon={<ShieldCheck className="size-5" />}
      />
      <Stat
        label="Diversification"
        value={
          p.diversificationScore === null ? (
            <Unknown reason="no priced holding" />
          ) : (
            `${Math.round(p.diversificationScore)}/100`
          )
        }
        sub={<span className="text-slate-400">from concentration</span>}
        icon={<BarChart3 className="size-5" />}
      />
    </div>
  );
}

function HoldingRow({ h }: { h: Holding }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-white/5 bg-white/[0.02] p-4 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className="font-semibold text-white">{h.symbol}</span>
          {h.isVerified ? (
            <Badge tone={h.verdict && !greenAllowed(h.verdict.kind) ? 'neutral' : 'success'}>Verified</Badge>
          ) : (
            <Badge>Unverified</Badge>
          )}
          <span
            className={cn(
              'text-sm font-medium',
              h.bands.flabScore === null ? 'text-slate-400' : bandTextClass(h.bands.flabScore),
            )}
          >
            Score {h.flabScore ?? 'N/A'}
          </span>
        </div>
        {h.verdict ? <VerdictBanner verdict={h.verdict} compact className="mt-1.5" /> : null}
        <p className="truncate text-sm text-slate-400">{h.name}</p>
        <p className="mt-1 text-xs text-slate-400">
          {h.balance === null ? <Unknown /> : abbreviate(h.balance)} ×{' '}
          {h.price === null ? <Unknown /> : formatUsd(h.price)} · MCap{' '}
          {h.marketCap === null ? 'N/A' : `$${abbreviate(h.marketCap)}`} · Vol 24h{' '}
          {h.volume24h === null ? 'N/A' : `$${abbreviate(h.volume24h)}`} · Holders {formatInteger(h.holders)}
        </p>
      </div>
      <div className="text-right">
        <div className="font-semibold text-white tabular-nums">
          {h.value === null ? <Unknown reason={h.unknownReason} /> : formatUsd(h.value)}
        </div>
        {h.value === null && h.unknownReason ? (
          <div className="max-w-56 text-xs text-slate-400">{h.unknownReason}</div>
        ) : null}
        <div className={cn('text-sm tabular-nums', changeClass(h.change24h))}>{signed(h.change24h)}</div>
        {h.allocation === null ? null : (
          <div className="text-xs text-slate-400">{formatPercent(h.allocation)} of portfolio</div>
        )}
      </div>
      <Link
        href={`/token-analysis?address=${h.address}`}
        className={buttonClasses('outline', 'sm')}
        aria-label={`Analyze ${h.symbol}`}
      >
        Analyze
      </Link>
    </li>
  );
}

export function HoldingsCard({
  p,
  refreshing,
  onRefresh,
}: {
  p: Portfolio;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Holdings</CardTitle>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
          <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} />
          Refresh
        </Button>
      </CardHeader>
      <CardContent>
        {p.holdings.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-400">No tokens found in this wallet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Holdings">
            {p.holdings.map((h) => (
              <HoldingRow key={h.address} h={h} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function AllocationCard({ p }: { p: Portfolio }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Allocation</CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-48 w-full" />}>
          <AllocationChart holdings={p.holdings} />
        </Suspense>
      </CardContent>
    </Card>
  );
}

export function WalletAnalyticsCard({
  s,
  loading,
  error,
}: {
  s?: WalletStats;
  loading: boolean;
  error?: Error | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Wallet analytics</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-32 w-full" />
        ) : error ? (
          <p className="text-sm text-red-300">{error.message}</p>
        ) : s ? (
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <dt className="text-slate-400">Wallet age</dt>
            <dd className="text-right text-white">
              {s.walletAge === null ? (
                <Unknown reason="never seen in the indexed history" />
              ) : (
                `${s.walletAge} days`
              )}
            </dd>
            <dt className="text-slate-400">Indexed token transactions</dt>
            <dd className="text-right text-white tabular-nums">{formatInteger(s.totalTransactions)}</dd>
            <dt className="text-slate-400">Profitable tokens</dt>
            <dd className="text-right text-white tabular-nums">
              {s.profitableTokens} of {s.tradedTokens} traded
            </dd>
            <dt className="text-slate-400">Risk profile</dt>
            <dd className="text-right capitalize text-white">
              {s.riskProfile ?? <Unknown reason="no holding is both scored and priced" />}
            </dd>
            <dt className="text-slate-400">Gas spent</dt>
            <dd className="text-right text-white tabular-nums" title={s.gasMethod}>
              {formatGas(s.gasSpent)}
              {s.gasSpentUsd === null ? '' : ` (${formatUsd(s.gasSpentUsd)})`}
            </dd>
          </dl>
        ) : null}
      </CardContent>
    </Card>
  );
}
