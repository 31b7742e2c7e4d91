/** Yield Optimizer pieces: filters, the opportunity list and the strategy cards. */
import { formatPoolValue, formatUsd } from '@shared/format';
import {
  entryCostUsd,
  estimatedReturns,
  projectedApy,
  YIELD_RISKS,
  YIELD_TYPES,
  type YieldOpportunity,
  type YieldRisk,
  type YieldStrategy,
  type YieldType,
} from '@shared/yield';
import { depositOutcome } from '@shared/yield-outcome';
import { ExternalLink, Rocket } from 'lucide-react';
import { useId } from 'react';
import { Badge, type BadgeTone } from '../ui/badge';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Unknown } from '../ui/unknown';

export type RiskFilter = 'all' | YieldRisk;
export type TypeFilter = 'all' | YieldType;

export const RISK_TONE: Record<string, BadgeTone> = {
  low: 'success',
  medium: 'warning',
  high: 'caution',
  conservative: 'success',
  moderate: 'warning',
  aggressive: 'caution',
};
/** The risk filter applied to strategies: low ↔ conservative, medium ↔ moderate, high ↔ aggressive. */
export const STRATEGY_FOR_RISK: Record<YieldRisk, YieldStrategy['riskLevel']> = {
  low: 'conservative',
  medium: 'moderate',
  high: 'aggressive',
};

const selectClass =
  'h-10 w-full rounded-lg border border-white/10 bg-ink-950/80 px-3 text-sm text-white capitalize focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40';

export function YieldFilters(props: {
  amount: string;
  onAmount: (v: string) => void;
  risk: RiskFilter;
  onRisk: (v: RiskFilter) => void;
  type: TypeFilter;
  onType: (v: TypeFilter) => void;
}) {
  const a = useId();
  const r = useId();
  const t = useId();
  return (
    <Card>
      <CardContent className="grid gap-4 pt-5 sm:grid-cols-3">
        <div className="grid gap-1.5">
          <label htmlFor={a} className="text-sm text-slate-300">
            Investment amount (USD)
          </label>
          <Input
            id={a}
            type="number"
            inputMode="decimal"
            value={props.amount}
            onChange={(e) => props.onAmount(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={r} className="text-sm text-slate-300">
            Risk
          </label>
          <select
            id={r}
            className={selectClass}
            value={props.risk}
            onChange={(e) => props.onRisk(e.target.value as RiskFilter)}
          >
            {(['all', ...YIELD_RISKS] as const).map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={t} className="text-sm text-slate-300">
            Strategy type
          </label>
          <select
            id={t}
            className={selectClass}
            value={props.type}
            onChange={(e) => props.onType(e.target.value as TypeFilter)}
          >
            {(['all', ...YIELD_TYPES] as const).map((x) => (
              <option key={x} value={x}>
                {x}
              </option>
            ))}
          </select>
        </div>
      </CardContent>
    </Card>
  );
}

const isExternal = (url: string) => /^https?:\/\//.test(url);

/** What a deposit does to the APY it joins, in words, when it moves it by more than a rounding. */
export function dilutionNote(apy: number, tvl: number, amount: number): string | null {
  const after = projectedApy(apy, tvl, amount);
  if (!(amount > 0) || !(apy > 0) || after >= apy * 0.995) return null;
  const times = tvl > 0 ? amount / tvl : null;
  return (
    `Your ${formatUsd(amount)} would be ${times === null ? 'all' : times >= 1 ? `${times.toFixed(1)}× the position's ${formatPoolValue(tvl)}` : `${(times * 100).toFixed(0)}% of the position's ${formatPoolValue(tvl)}`}` +
    ` and share its payout: ${apy.toFixed(2)}% APY today, about ${after.toFixed(2)}% with your deposit.`
  );
}

export function OpportunityCard({ o, amount }: { o: YieldOpportunity; amount: number }) {
  // Estimates at the amount use the APY after the amount joins the position, never today's APY.
  // An unknown APY (unpriced pool) estimates nothing: every figure built on it reads "unknown".
  const apyAt = o.apy === null ? null : projectedApy(o.apy, o.tvl, amount);
  const est = apyAt === null ? null : estimatedReturns(amount, apyAt);
  const dilution = o.apy === null ? null : dilutionNote(o.apy, o.tvl, amount);
  return (
    <Card data-testid="yield-opportunity">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{o.name}</CardTitle>
          <Badge tone={RISK_TONE[o.risk]} className="capitalize">
            {o.risk} risk
          </Badge>
          {o.verified ? <Badge tone="success">Verified</Badge> : null}
        </div>
        <CardDescription>
          {o.protocol} · {o.tokenPair} · <span className="capitalize">{o.type}</span>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-400">APY</dt>
            {o.apy === null ? (
              <dd className="text-lg font-semibold" data-testid="yield-apy">
                <Unknown reason={o.apySource} />
              </dd>
            ) : (
              <dd
                className="text-lg font-semibold text-emerald-300 tabular-nums"
                title={o.apySource}
                data-testid="yield-apy"
              >
                {o.apy.toFixed(2)}%
              </dd>
            )}
          </div>
          {dilution ? (
            <div>
              <dt className="text-slate-400">APY with your deposit</dt>
              <dd className="text-white tabular-nums" data-testid="yield-apy-at-amount">
                {apyAt?.toFixed(2)}%
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-400">TVL</dt>
            <dd className="text-white tabular-nums">{formatPoolValue(o.tvl)}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Lock</dt>
            <dd className="text-white">{o.lockPeriod === 0 ? 'Flexible' : `${o.lockPeriod} days`}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Score</dt>
            <dd className="text-white tabular-nums">{o.flabScore ?? 'N/A'}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Min deposit</dt>
            <dd className="text-white tabular-nums">{o.minDeposit > 0 ? formatUsd(o.minDeposit) : 'None'}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Est. daily</dt>
            <dd className="text-white tabular-nums">{est ? formatUsd(est.daily) : <Unknown />}</dd>
          </div>
          <div>
            <dt className="text-slate-400">Est. monthly</dt>
            <dd className="text-white tabular-nums">{est ? formatUsd(est.monthly) : <Unknown />}</dd>
          </div>
        </dl>
        <p className="text-sm text-slate-400">{o.description}</p>
        {o.apy === null ? (
          <p className="text-sm text-slate-300" data-testid="yield-apy-unknown">
            {o.apySource}
          </p>
        ) : null}
        {dilution ? (
          <p className="text-sm text-amber-200" data-testid="yield-dilution">
            {dilution}
          </p>
        ) : null}
        <p className="text-xs text-slate-400" data-testid="yield-risk-reasons">
          <span className="capitalize">{o.risk}</span> risk: {o.riskReasons.join(' ')}
        </p>
        {o.entryCosts && o.apy !== null && amount > 0 ? (
          <YearOutcome o={{ ...o, apy: o.apy, entryCosts: o.entryCosts }} amount={amount} />
        ) : o.entryCosts ? (
          <p className="text-xs text-slate-400">
            Enter + leave: {(() => {
              const c = entryCostUsd(o.entryCosts, amount);
              if (c.totalUsd === null) return 'gas not measured (no recent such transaction)';
              return `${formatUsd(c.totalUsd)} for ${formatUsd(amount)} · break-even unknown (APY unknown)`;
            })()}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-1.5">
          {o.tags.map((t) => (
            <Badge key={t}>{t}</Badge>
          ))}
          <a
            href={o.url}
            {...(isExternal(o.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="ml-auto inline-flex items-center gap-1 text-sm text-brand-300 hover:text-brand-200"
          >
            Open <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * A year in this opportunity at the amount, priced in full (yield-outcome.ts): the APY after the
 * deposit, both swaps' impact, the fees and the gas. A net below zero is shown as a loss, in red.
 */
function YearOutcome({
  o,
  amount,
}: {
  o: YieldOpportunity & { apy: number; entryCosts: NonNullable<YieldOpportunity['entryCosts']> };
  amount: number;
}) {
  const r = depositOutcome({ amountUsd: amount, apy: o.apy, tvlUsd: o.tvl, costs: o.entryCosts, months: 12 });
  const impact = r.entryImpactUsd + r.exitImpactUsd;
  const gas =
    r.gasEth === null
      ? 'gas not measured'
      : `gas ${r.gasEth.toPrecision(3)} ETH (${r.gasUsd === null ? 'USD unknown' : formatUsd(r.gasUsd)})`;
  return (
    <p className="text-xs text-slate-400" data-testid="yield-year-outcome">
      {formatUsd(amount)} for a year: {formatUsd(r.yieldUsd)} yield at {r.apyAfterDeposit.toFixed(2)}% after
      your deposit; price impact {formatUsd(impact)} in and out, fees {formatUsd(r.swapFeeUsd)}, {gas}.{' '}
      {r.netUsd === null ? (
        <span>Net unknown (gas not measured).</span>
      ) : r.isLoss ? (
        <span className="font-semibold text-red-300" data-testid="yield-net-loss">
          Net loss {formatUsd(-r.netUsd)}
        </span>
      ) : (
        <span className="font-semibold text-emerald-300">Net profit {formatUsd(r.netUsd)}</span>
      )}
    </p>
  );
}

/** Opens each protocol page in its own tab, 500 ms apart (spec §2). */
export function startStrategy(
  s: YieldStrategy,
  open: (url: string) => void = (u) => window.open(u, '_blank', 'noopener'),
) {
  // One tab per protocol page: an opportunity filling two buckets opens once.
  [...new Set(s.opportunities.map((o) => o.url))].forEach((url, i) => {
    setTimeout(() => open(url), i * 500);
  });
}

export function StrategyCard({ s, amount }: { s: YieldStrategy; amount: number }) {
  const est = estimatedReturns(amount, s.totalApy);
  const a = s.allocation;
  return (
    <Card data-testid="yield-strategy">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{s.name}</CardTitle>
          <Badge tone={RISK_TONE[s.riskLevel]} className="capitalize">
            {s.riskLevel}
          </Badge>
        </div>
        <CardDescription>{s.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex flex-wrap gap-x-6 gap-y-1">
          <span>
            <span className="text-slate-400">Total APY{amount > 0 ? ` on ${formatUsd(amount)}` : ''} </span>
            <span className="font-semibold text-emerald-300 tabular-nums" data-testid="strategy-total-apy">
              {s.totalApy.toFixed(2)}%
            </span>
          </span>
          <span className="text-slate-400">Complexity {s.complexity}</span>
          <span className="text-slate-400">Time {s.timeCommitment}</span>
          <span className="text-slate-400">
            Capital {s.requiredCapital > 0 ? formatUsd(s.requiredCapital) : 'any amount'}
          </span>
        </div>
        {amount > 0 && s.apyBeforeDeposit > s.totalApy * 1.005 ? (
          <p className="text-xs text-amber-200" data-testid="strategy-dilution">
            {s.apyBeforeDeposit.toFixed(2)}% before your deposit: the pools share their payout with the new
            money, so {formatUsd(amount)} earns about {s.totalApy.toFixed(2)}%.
          </p>
        ) : null}
        <p className="text-slate-400">
          Split: stablecoin {a.stablecoin}% · lending {a.lending}% · liquidity {a.liquidity}% · farming{' '}
          {a.farming}%
        </p>
        <ul className="grid gap-1">
          {s.opportunities.map((o) => (
            <li key={`${o.id}-${o.bucket}`} className="flex justify-between gap-3">
              <span className="min-w-0 break-words text-white">
                {o.protocol}{' '}
                <span className="text-slate-400">
                  ({o.bucket}, {o.risk} risk{amount > 0 ? `, ${formatUsd(o.depositUsd)}` : ''})
                </span>
              </span>
              <span className="shrink-0 tabular-nums text-slate-300">
                {o.apyAtDeposit.toFixed(2)}% · {o.weight.toFixed(0)}%
              </span>
            </li>
          ))}
          {s.unallocated.map((u) => (
            <li key={u.bucket} className="grid gap-0.5" data-testid="strategy-unallocated">
              <span className="flex justify-between gap-3">
                <span className="text-slate-400">Not invested ({u.bucket})</span>
                <span className="tabular-nums text-slate-400">0.00% · {u.weight.toFixed(0)}%</span>
              </span>
              <span className="text-xs text-slate-400">{u.reason}</span>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between gap-3">
          <span className="text-slate-400">
            Est. {formatUsd(est.daily)}/day · {formatUsd(est.monthly)}/month
          </span>
          <Button size="sm" onClick={() => startStrategy(s)}>
            <Rocket aria-hidden="true" className="size-4" />
            Start strategy
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
