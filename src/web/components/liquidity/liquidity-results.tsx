/**
 * The liquidity scanner's results (spec §2): warnings alert, four cards, and the Liquidity
 * Analysis, Rug Detection Analysis, Live Monitoring, Recommendations and Risk Factors panels, with
 * the spec's red thresholds (price impact above 15, rug pull risk above 0.7). Every score opens the
 * evidence behind it.
 */
import { shortAddress } from '@shared/address';
import type { Banded, LiquidityResult, VerdictKind, WithVerdict } from '@shared/analysis';
import {
  formatClock,
  formatDateTimeSeconds,
  formatInteger,
  formatPercent,
  formatPoolValue,
  formatRatioPercent,
} from '@shared/format';
import {
  Activity,
  ChartColumn,
  Droplets,
  Gauge,
  Lightbulb,
  Radar,
  ShieldAlert,
  TriangleExclamationPoint,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { ResultCards } from '../analysis/result-cards';
import {
  goodClass,
  outcomeClass,
  pickEvidence,
  RISK_LEVEL_TEXT,
  severityTone,
  underVerdict,
  verdictOf,
} from '../analysis/score-style';
import { Badge } from '../ui/badge';
import { HashText } from '../ui/hash-text';
import { PanelList } from '../ui/panel';
import { DetailRow, Panel, StatCard } from '../ui/stat-card';

// Figures are coloured by the server's outcome or level; green only when the token's verdict allows
// it (underVerdict): a small price impact on a honeypot is not good news.
type Verdict = VerdictKind | undefined;
const level3Class = (l: string, verdict: Verdict) =>
  l === 'High'
    ? 'text-red-400'
    : l === 'Medium'
      ? 'text-yellow-400'
      : l === 'Unknown'
        ? 'text-slate-400'
        : underVerdict('text-emerald-400', verdict);
type Data = Banded<LiquidityResult> | WithVerdict<Banded<LiquidityResult>>;

export function WarningsAlert({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="liquidity-warnings"
      className="rounded-xl border border-red-500/40 bg-red-950/40 p-4 text-red-100"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <TriangleExclamationPoint aria-hidden="true" className="size-4 text-red-300" />
        Warnings
      </p>
      <ul className="mt-2 grid gap-1 pl-6 text-sm text-red-200">
        {warnings.map((w) => (
          <li key={w} className="list-disc">
            {w}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function LiquidityCards({ data, updatedAt }: { data: Data; updatedAt: number }) {
  const d = data.liquidityData;
  const verdict = verdictOf(data);
  const lead = {
    testId: 'liquidity-score',
    title: 'Liquidity Score',
    icon: Droplets,
    score: data.liquidityScore,
    badge: d.liquidityHealth,
    caption: 'Depth, price impact, LP lock and removals of the pool',
  };
  return (
    <ResultCards label="Liquidity summary" data={data} lead={lead}>
      <StatCard
        testId="rug-score"
        title="Rug Score"
        icon={Radar}
        value={
          <>
            {data.rugScore}
            <span className="text-sm font-normal text-slate-400">/100</span>
          </>
        }
        valueClass={underVerdict(RISK_LEVEL_TEXT[data.rugAnalysis.riskLevel], verdict)}
        caption="Higher means more likely a rug"
        evidence={pickEvidence(data.evidence, 'rug_pull_risk', 'recent_lp_removal', 'lp_locked')}
      />
      <StatCard
        testId="risk-level"
        title="Risk Level"
        icon={ShieldAlert}
        value={
          <Badge tone={severityTone(data.riskLevel)} className="px-3 py-1 text-base">
            {data.riskLevel}
          </Badge>
        }
        caption={<span data-testid="updated-at">Updated {formatClock(updatedAt)}</span>}
      />
      <StatCard
        testId="pool-value"
        title="Pool Value"
        icon={ChartColumn}
        value={formatPoolValue(d.poolValue)}
        caption={
          <span>
            Price Impact{' '}
            <span
              data-testid="price-impact-card"
              className={cn(
                'font-semibold',
                underVerdict(outcomeClass(data.evidence, 'price_impact'), verdict),
              )}
            >
              {formatPercent(d.priceImpact, 2)}
            </span>
          </span>
        }
        evidence={pickEvidence(data.evidence, 'pool_value', 'price_impact', 'volume_24h')}
      />
    </ResultCards>
  );
}

export function LiquidityAnalysisPanel({ data }: { data: Data }) {
  const verdict = verdictOf(data);
  const d = data.liquidityData;
  return (
    <Panel title="Liquidity Analysis" icon={Droplets} testId="liquidity-analysis">
      <dl>
        <DetailRow label="Pool Value" testId="pool-value-detail">
          {formatPoolValue(d.poolValue)}
        </DetailRow>
        <DetailRow label="24h Volume">{formatPoolValue(d.tradingVolume24h)}</DetailRow>
        <DetailRow
          label={`Price Impact ($${formatInteger(data.amountUsd)})`}
          valueClass={underVerdict(outcomeClass(data.evidence, 'price_impact'), verdict)}
          testId="price-impact"
        >
          {formatPercent(d.priceImpact, 2)}
        </DetailRow>
        <DetailRow label="Liquidity Health">{d.liquidityHealth}</DetailRow>
        <DetailRow
          label="Liquidity"
          valueClass={
            d.liquidityLocked
              ? goodClass(verdict)
              : d.liquidityLocked === false
                ? 'text-red-400'
                : 'text-slate-400'
          }
          testId="liquidity-locked"
        >
          {d.liquidityLocked === null
            ? 'Unknown'
            : d.liquidityLocked
              ? d.liquidityLockTime
                ? `Locked until ${formatDateTimeSeconds(d.liquidityLockTime / 1000)}`
                : 'Locked'
              : 'Not locked'}
        </DetailRow>
      </dl>
    </Panel>
  );
}

export function RugAnalysisPanel({ data }: { data: Data }) {
  const verdict = verdictOf(data);
  const r = data.rugAnalysis;
  return (
    <Panel title="Rug Detection Analysis" icon={Radar} testId="rug-analysis">
      <dl>
        <DetailRow label="Rug Score" valueClass={underVerdict(RISK_LEVEL_TEXT[r.riskLevel], verdict)}>
          {r.rugScore}/100
        </DetailRow>
        <DetailRow label="Data coverage">{formatRatioPercent(r.dataCoverage)}</DetailRow>
        <DetailRow
          label="LP Drain Events"
          valueClass={r.lpDrainEvents.count > 0 ? 'text-red-400' : undefined}
        >
          {r.lpDrainEvents.count}
        </DetailRow>
        <DetailRow label="Rug Risk Level" testId="rug-risk-level">
          <Badge tone={severityTone(r.riskLevel)}>{r.riskLevel}</Badge>
        </DetailRow>
      </dl>
      {r.lpDrainEvents.events.length > 0 ? (
        <ul className="mt-3 grid gap-1.5" aria-label="LP drain events">
          {r.lpDrainEvents.events.map((e) => (
            <li
              key={e.hash}
              className="rounded-lg border border-red-500/20 bg-red-950/20 p-2 text-xs text-red-100"
            >
              <span className="font-semibold">{formatRatioPercent(e.shareOfPool)} of the pool removed</span>
              <span className="block text-red-200/80">
                {formatDateTimeSeconds(e.time / 1000)}
                {e.provider ? ` by ${shortAddress(e.provider)}` : ''} · <HashText value={e.hash} kind="tx" />
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {r.behaviorFlags.length > 0 ? (
        <div className="mt-3">
          <p className="text-xs font-medium text-slate-400">Behavior flags</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {r.behaviorFlags.map((f) => (
              <li key={f}>
                <Badge tone="caution">{f}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Panel>
  );
}

export function LiveMonitoringPanel({ data }: { data: Data }) {
  const verdict = verdictOf(data);
  const m = data.liveMonitoring;
  return (
    <Panel title="Live Monitoring" icon={Activity} testId="live-monitoring">
      <dl>
        <DetailRow label="Liquidity Drain Risk" valueClass={level3Class(m.liquidityDrainRisk, verdict)}>
          {m.liquidityDrainRisk}
        </DetailRow>
        <DetailRow label="Whale Activity" valueClass={level3Class(m.whaleActivity, verdict)}>
          {m.whaleActivity}
        </DetailRow>
        <DetailRow label="Recent Transactions">{formatInteger(m.recentTransactions)}</DetailRow>
        <DetailRow label="Contract Age">{m.contractAge === null ? 'N/A' : `${m.contractAge} days`}</DetailRow>
      </dl>
      <p className="mt-3 flex items-center gap-2 text-xs text-sky-300">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-sky-400" />
        Live monitoring active - Updated every 30 seconds
      </p>
    </Panel>
  );
}

export function ListPanel({
  title,
  items,
  empty,
  tone,
  testId,
}: {
  title: string;
  items: readonly string[];
  empty: string;
  tone: 'advice' | 'risk';
  testId: string;
}) {
  return (
    <Panel title={title} icon={tone === 'advice' ? Lightbulb : Gauge} testId={testId}>
      <PanelList items={items} empty={empty}>
        {(t) => (
          <li
            key={t}
            className={cn(
              'rounded-lg border p-3 text-sm',
              tone === 'advice'
                ? 'border-brand-400/20 bg-brand-500/5 text-slate-200'
                : 'border-white/5 bg-white/[0.02] text-slate-200',
            )}
          >
            {t}
          </li>
        )}
      </PanelList>
    </Panel>
  );
}
