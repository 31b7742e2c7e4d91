/**
 * The whale tracker's results (spec §2): four cards, the holder distribution chart, 'Top 20
 * Holders', 'New Whale Entries (Last 12 Hours)', recent whale transactions and 'Risk Assessment'.
 * Addresses, wallet types and risk strings are rendered as text only.
 */
import type { Banded, VerdictKind, WhaleResult, WithVerdict } from '@shared/analysis';
import { abbreviate, formatEth, formatHoursMinutesAgo, formatPercent } from '@shared/format';
import { ArrowDownRight, ArrowUpRight, ChartColumn, Fish, ShieldAlert, Users } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { cn } from '../../lib/cn';
import { ResultCards } from '../analysis/result-cards';
import {
  goodClass,
  goodTone,
  greenAllowed,
  outcomeClass,
  outcomeOf,
  pickEvidence,
  severityTone,
  verdictOf,
} from '../analysis/score-style';
import { Badge } from '../ui/badge';
import { HashText } from '../ui/hash-text';
import { PanelList } from '../ui/panel';
import { Skeleton } from '../ui/skeleton';
import { Panel, StatCard } from '../ui/stat-card';

const HolderDistributionChart = lazy(() => import('../charts/holder-distribution-chart'));

/** Spec §9: recent whale transactions shown 3; risk factors shown 3. */
export const RECENT_TX_SHOWN = 3;
export const RISKS_SHOWN = 3;

/** Whole-token amount (decimal string) abbreviated: '465.87M', '1.20B', '12.50K', '3.5'. */
export function formatTokenBalance(amount: string): string {
  const n = Number(amount);
  if (!Number.isFinite(n)) return amount;
  if (Math.abs(n) >= 1e9) return `${(n / 1e9).toFixed(2)}B`;
  if (Math.abs(n) >= 1e3) return abbreviate(n);
  return n.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

export const rugText = (n: number) => (n > 0 ? `${n} rugs` : 'Clean');
const ageText = (days: number | null) => (days === null ? 'N/A' : `${days} days`);

const good = (verdict: VerdictKind | undefined) => goodClass(verdict);
type WhaleData = Banded<WhaleResult> | WithVerdict<Banded<WhaleResult>>;
/** A wallet's "low risk" is not good news on a token that cannot be sold: neutral, not green. */
const lowRiskTone = (level: Parameters<typeof severityTone>[0], verdict: VerdictKind | undefined) => {
  const tone = severityTone(level);
  return tone === 'success' && !greenAllowed(verdict) ? 'neutral' : tone;
};

export function WhaleCards({ data }: { data: WhaleData }) {
  const top5 = data.concentration.topFivePercentage;
  const verdict = verdictOf(data);
  const lead = {
    testId: 'whale-score',
    title: 'Whale Score',
    icon: Fish,
    score: data.whaleScore,
    badge: data.spread,
    caption: 'How evenly the supply is spread among large holders',
  };
  return (
    <ResultCards label="Whale summary" data={data} lead={lead}>
      <StatCard
        testId="total-whales"
        title="Total Whales"
        icon={Users}
        value={data.whaleCount}
        caption="Large holders"
        evidence={pickEvidence(data.evidence, 'whale_largest', 'whale_fresh', 'whale_insiders')}
      />
      <StatCard
        testId="top5-holdings"
        title="Top 5 Holdings"
        icon={ChartColumn}
        value={formatPercent(top5, 1)}
        valueClass={
          top5 === null
            ? 'text-slate-400'
            : outcomeOf(data.evidence, 'whale_top5') === 'pass'
              ? good(verdict)
              : outcomeClass(data.evidence, 'whale_top5')
        }
        caption="Concentration"
        evidence={pickEvidence(data.evidence, 'whale_top5')}
      />
      <StatCard
        testId="risky-wallets"
        title="Risky Wallets"
        icon={ShieldAlert}
        value={data.concentration.ruggedWallets}
        valueClass={data.concentration.ruggedWallets > 0 ? 'text-red-400' : good(verdict)}
        caption="With rug history"
        evidence={pickEvidence(data.evidence, 'whale_rug_history')}
      />
    </ResultCards>
  );
}

export function HolderDistribution({ data }: { data: WhaleResult }) {
  return (
    <Panel title="Holder Distribution" icon={ChartColumn} testId="holder-distribution">
      <p className="mb-3 text-xs text-slate-400">
        Share of the supply held by each of the top {data.topHolders.length} holders and by everyone else.
      </p>
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <HolderDistributionChart holders={data.topHolders} />
      </Suspense>
    </Panel>
  );
}

export function TopHolders({ data, now }: { data: WhaleData; now: number }) {
  const verdict = verdictOf(data);
  return (
    <Panel title="Top 20 Holders" icon={Users} testId="top-holders">
      {data.topHolders.length === 0 ? (
        <p className="text-sm text-slate-400">No holders were indexed for this token.</p>
      ) : (
        <ol className="grid gap-2">
          <li
            aria-hidden="true"
            className="hidden gap-x-3 px-3 text-xs font-medium text-slate-400 md:grid md:grid-cols-[2.5rem_minmax(0,1.6fr)_minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]"
          >
            <span>Rank</span>
            <span>Address · type · risk</span>
            <span>Share · balance</span>
            <span>Wallet age</span>
            <span>Rug history</span>
            <span>Last active</span>
          </li>
          {data.topHolders.slice(0, 20).map((h) => (
            <li
              key={h.address}
              data-testid="holder-row"
              className="grid grid-cols-[2.5rem_1fr_auto] items-center gap-x-3 gap-y-1.5 rounded-lg border border-white/5 bg-white/[0.02] p-3 md:grid-cols-[2.5rem_minmax(0,1.6fr)_minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]"
            >
              <span className="row-span-2 text-sm font-semibold text-slate-400 tabular-nums md:row-span-1">
                #{h.rank}
              </span>
              <span className="min-w-0">
                <HashText value={h.address} kind="address" className="text-sm text-white" />
                <span className="mt-1 flex flex-wrap gap-1.5">
                  <Badge tone="neutral">{h.walletType}</Badge>
                  <Badge tone={lowRiskTone(h.riskLevel, verdict)}>{h.riskLevel} risk</Badge>
                </span>
              </span>
              <span className="text-right md:text-left">
                <span
                  className="block text-sm font-semibold text-white tabular-nums"
                  data-testid="holder-percentage"
                >
                  {formatPercent(h.percentage, 2)}
                </span>
                <span className="block text-xs text-slate-400 tabular-nums">
                  {formatTokenBalance(h.balance)} tokens
                </span>
              </span>
              <span className="col-span-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400 md:contents">
                <span className="md:text-sm">
                  <span className="md:hidden">Age </span>
                  {ageText(h.walletAge)}
                </span>
                <span className={cn('md:text-sm', h.rugHistory > 0 ? 'text-red-400' : 'text-slate-300')}>
                  {rugText(h.rugHistory)}
                </span>
                <span className="whitespace-nowrap md:text-sm">
                  <span className="md:hidden">Active </span>
                  {formatHoursMinutesAgo(h.lastActive, now)}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function NewWhaleEntries({ data, now }: { data: WhaleData; now: number }) {
  const verdict = verdictOf(data);
  return (
    <Panel title="New Whale Entries (Last 12 Hours)" icon={Fish} testId="new-whale-entries">
      <PanelList items={data.newWhaleEntries} empty="No whale bought or sold in the last 12 hours.">
        {(e) => {
          const buy = e.transactionType === 'Buy';
          const Icon = buy ? ArrowUpRight : ArrowDownRight;
          return (
            <li
              key={`${e.hash}-${e.wallet}`}
              data-testid="whale-entry"
              className="flex flex-col gap-1.5 rounded-lg border border-white/5 bg-white/[0.02] p-3"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="flex min-w-0 items-center gap-2">
                  <Badge tone={buy ? goodTone(verdict) : 'danger'}>
                    <Icon aria-hidden="true" className="size-3" />
                    {e.transactionType}
                  </Badge>
                  <HashText value={e.wallet} kind="address" className="text-sm text-white" />
                </span>
                <span className="text-xs text-slate-400">{formatHoursMinutesAgo(e.time, now)}</span>
              </div>
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-400">
                <span className="text-slate-200 tabular-nums">
                  {formatTokenBalance(e.amount)} tokens
                  {e.valueEth !== null ? ` (${formatEth(e.valueEth)})` : ''}
                </span>
                <span>Wallet age {ageText(e.walletAge)}</span>
                <span className={e.rugHistory > 0 ? 'text-red-400' : 'text-slate-300'}>
                  {rugText(e.rugHistory)}
                </span>
                <HashText value={e.hash} kind="tx" />
              </div>
            </li>
          );
        }}
      </PanelList>
    </Panel>
  );
}

export function RecentWhaleTransactions({ data }: { data: WhaleData }) {
  const verdict = verdictOf(data);
  const txs = data.recentTransactions.slice(0, RECENT_TX_SHOWN);
  return (
    <Panel title="Recent Whale Transactions" icon={ArrowUpRight} testId="recent-whale-transactions">
      <PanelList items={txs} empty="No whale transactions were indexed recently.">
        {(t) => (
          <li key={`${t.hash}-${t.to}`} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="flex items-center gap-2">
              <Badge tone={t.side === 'buy' ? goodTone(verdict) : 'danger'}>
                {t.side === 'buy' ? 'Buy' : 'Sell'}
              </Badge>
              <HashText value={t.hash} kind="tx" className="text-xs text-slate-300" />
            </span>
            <span className="text-slate-200 tabular-nums">{formatEth(t.value)}</span>
          </li>
        )}
      </PanelList>
    </Panel>
  );
}

export function RiskAssessment({ data }: { data: WhaleResult }) {
  const risks = data.risks.slice(0, RISKS_SHOWN);
  return (
    <Panel title="Risk Assessment" icon={ShieldAlert} testId="risk-assessment">
      <PanelList items={risks} empty="No whale risks were found.">
        {(r) => (
          <li key={r} className="rounded-lg border border-white/5 bg-white/[0.02] p-3 text-sm text-slate-200">
            {r}
          </li>
        )}
      </PanelList>
    </Panel>
  );
}
