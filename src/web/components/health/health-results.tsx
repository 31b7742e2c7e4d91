/**
 * Token health results (spec §2, §3): the token's name and symbol (as text), the overall score with
 * its health level, the four sub-scores (each opens its evidence), the metrics and the indicators.
 */
import type { Evidence, HealthLevel, TokenHealthResult, VerdictKind, WithVerdict } from '@shared/analysis';
import { formatClock, formatCompactUsd, formatInteger, formatUsd } from '@shared/format';
import { subScoreNote } from '@shared/vocabulary';
import {
  Activity,
  Droplets,
  Gauge,
  HeartPulse,
  type LucideIcon,
  ShieldCheck,
  TrendingUp,
  Users,
} from 'lucide-react';
import { cn } from '../../lib/cn';
import { ScoreCard } from '../analysis/score-card';
import {
  goodClass,
  goodTone,
  greenAllowed,
  pickEvidence,
  severityTone,
  verdictOf,
} from '../analysis/score-style';
import { changeLook, signedPercent } from '../charts/chart-verdict';
import { Badge, type BadgeTone } from '../ui/badge';
import { Card } from '../ui/card';
import { DetailRow, Panel } from '../ui/stat-card';

const HEALTH_LABEL: Record<HealthLevel, string> = {
  excellent: 'Excellent',
  good: 'Good',
  moderate: 'Moderate',
  poor: 'Poor',
  critical: 'Critical',
};

const yesNo = (v: boolean | null) => (v === null ? 'Unknown' : v ? 'Yes' : 'No');
const yesNoClass = (v: boolean | null, verdict?: VerdictKind) =>
  v === null ? 'text-slate-400' : v ? goodClass(verdict) : 'text-red-400';

type Health = TokenHealthResult | WithVerdict<TokenHealthResult>;

type SubScore = 'security' | 'liquidity' | 'community' | 'momentum';
/** The four sub-score cards after the overall one, in the order the overall caption weighs them. */
const SUB_SCORES: readonly { key: SubScore; title: string; icon: LucideIcon; caption: string }[] = [
  { key: 'security', title: 'Security', icon: ShieldCheck, caption: 'Contract, sells, taxes, owner powers' },
  { key: 'liquidity', title: 'Liquidity', icon: Droplets, caption: 'Pool depth, LP lock, removals' },
  { key: 'community', title: 'Community', icon: Users, caption: 'Holders, their spread and wallet ages' },
  {
    key: 'momentum',
    title: 'Trading Activity',
    icon: TrendingUp,
    caption: '24 h turnover, buy share and price change (not the price trend below)',
  },
];

/** Market cap and other large dollar figures: '$183.78M', '$1.20B' (shared/format.ts). */
export function formatBigUsd(v: number | null): string {
  return formatCompactUsd(v);
}

const INDICATOR_TONE: Record<string, BadgeTone> = {
  bullish: 'success',
  bearish: 'danger',
  strong: 'success',
  moderate: 'warning',
  weak: 'danger',
  positive: 'success',
  negative: 'danger',
  high: 'success',
  medium: 'warning',
  low: 'neutral',
  neutral: 'neutral',
};

export function HealthHeader({
  data,
  address,
  updatedAt,
}: {
  data: Health;
  address: string;
  updatedAt: number;
}) {
  const verdict = verdictOf(data);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0">
        {/* Name and symbol come from the token contract: text only, never markup. */}
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span data-testid="token-name" className="text-xl font-semibold break-all text-white">
            {data.name || 'N/A'}
          </span>
          <span
            data-testid="token-symbol"
            className="rounded-md bg-white/5 px-2 py-0.5 font-mono text-sm break-all text-brand-300"
          >
            {data.symbol || 'N/A'}
          </span>
          <Badge tone={data.riskLevel === 'low' ? goodTone(verdict) : severityTone(data.riskLevel)}>
            {data.riskLevel} risk
          </Badge>
        </p>
        <p className="mt-1 font-mono text-xs break-all text-slate-400">{address}</p>
      </div>
      <p className="flex shrink-0 items-center gap-2 text-xs text-slate-400">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand-400" />
        <span data-testid="updated-at">Updated {formatClock(updatedAt)}</span>
        <span className="hidden sm:inline">· refreshes every 15 s</span>
      </p>
    </Card>
  );
}

export function HealthScores({
  data,
  securityEvidence,
  liquidityEvidence,
}: {
  data: Health;
  /** The scanner's evidence when loaded; the overall breakdown's security line until then. */
  securityEvidence: readonly Evidence[] | undefined;
  liquidityEvidence: readonly Evidence[] | undefined;
}) {
  const evidence: Record<SubScore, readonly Evidence[]> = {
    security: securityEvidence ?? pickEvidence(data.evidence, 'security'),
    liquidity: liquidityEvidence ?? pickEvidence(data.evidence, 'liquidity'),
    community: data.communityEvidence,
    momentum: data.momentumEvidence,
  };
  // The level and every card's band are the server's (token-health.ts); the page derives none.
  const level = data.level;
  const verdict = verdictOf(data);
  return (
    <section
      aria-label="Health scores"
      className="grid grid-cols-2 items-start gap-3 sm:gap-4 lg:grid-cols-[minmax(0,1.5fr)_repeat(4,minmax(0,1fr))]"
    >
      <ScoreCard
        testId="overall-score"
        shown={data.bands.overall}
        title="Overall Health"
        icon={HeartPulse}
        score={data.overallScore}
        badge={HEALTH_LABEL[level]}
        caption="Security 40% · Liquidity 25% · Community 20% · Momentum 15%"
        evidence={data.evidence}
        className="col-span-2 lg:col-span-1"
        verdict={verdict}
      />
      {SUB_SCORES.map((s) => (
        <ScoreCard
          key={s.key}
          testId={`${s.key}-score`}
          shown={data.bands[s.key]}
          title={s.title}
          icon={s.icon}
          score={data[`${s.key}Score`]}
          caption={s.caption}
          evidence={evidence[s.key]}
          verdict={verdict}
          decidesVerdict={s.key === 'security'}
        />
      ))}
    </section>
  );
}

/** The 24 h change, coloured under the verdict: a honeypot's or rugged token's rise is said as no gain. */
function PriceChange24h({ change, verdict }: { change: number | null; verdict: VerdictKind | undefined }) {
  const look = change === null ? null : changeLook(change, verdict);
  return (
    <DetailRow label="24h Change" valueClass={look?.className ?? 'text-slate-400'} testId="metric-change">
      {change === null ? 'N/A' : signedPercent(change)}
      {look?.word ? <span className="ml-1 font-medium">({look.word})</span> : null}
    </DetailRow>
  );
}

export function HealthMetrics({ data }: { data: Health }) {
  const m = data.metrics;
  const verdict = verdictOf(data);
  const change = m.priceChange24h;
  return (
    <Panel title="Metrics" icon={Gauge} testId="health-metrics">
      <dl className="grid gap-x-8 sm:grid-cols-2">
        <DetailRow label="Price" testId="metric-price">
          {formatUsd(m.price)}
        </DetailRow>
        <PriceChange24h change={change} verdict={verdict} />
        <DetailRow label="Market Cap">{formatBigUsd(m.marketCap)}</DetailRow>
        <DetailRow label="24h Volume">{formatBigUsd(m.volume24h)}</DetailRow>
        <DetailRow label="Holders" testId="metric-holders">
          {formatInteger(m.holders)}
        </DetailRow>
        <DetailRow label="Liquidity">{formatBigUsd(m.liquidity)}</DetailRow>
        <DetailRow label="Contract Verified" valueClass={yesNoClass(m.contractVerified, verdict)}>
          {yesNo(m.contractVerified)}
        </DetailRow>
        <DetailRow label="Liquidity Locked" valueClass={yesNoClass(m.liquidityLocked, verdict)}>
          {yesNo(m.liquidityLocked)}
        </DetailRow>
        <DetailRow label="Ownership Renounced" valueClass={yesNoClass(m.ownershipRenounced, verdict)}>
          {yesNo(m.ownershipRenounced)}
        </DetailRow>
      </dl>
    </Panel>
  );
}

export function HealthIndicators({ data }: { data: Health }) {
  const i = data.indicators;
  const w = data.indicatorWhy;
  const verdict = verdictOf(data);
  const note = greenAllowed(verdict) ? null : subScoreNote(verdict);
  const rows: [string, string, string][] = [
    ['Price Trend', i.trend, w.trend],
    ['Price Momentum', i.momentum, w.momentum],
    ['Sentiment', i.sentiment, w.sentiment],
    ['Activity', i.activity, w.activity],
  ];
  return (
    <Panel title="Indicators" icon={Activity} testId="health-indicators">
      <dl className="grid grid-cols-2 gap-3">
        {rows.map(([label, value, why]) => (
          <div key={label} className="rounded-lg border border-white/5 bg-white/[0.02] p-3">
            <dt className="text-xs text-slate-400">{label}</dt>
            <dd className="mt-1.5">
              <Badge
                tone={
                  INDICATOR_TONE[value] === 'success'
                    ? goodTone(verdict)
                    : (INDICATOR_TONE[value] ?? 'neutral')
                }
                className={cn('capitalize')}
              >
                {value}
              </Badge>
              {note ? <p className="mt-1 text-xs font-medium text-slate-300">{note}</p> : null}
              <p
                className="mt-1.5 text-xs text-slate-400"
                data-testid={`why-${label.split(' ').at(-1)?.toLowerCase()}`}
              >
                {why}
              </p>
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
