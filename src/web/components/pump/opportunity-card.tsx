/**
 * One Pump Finder opportunity: its verdict first, then the momentum score (80+ 'Strong Momentum',
 * qualified by a Caution verdict), rug score, risk, prices, signals.
 * The score only ranks momentum (uncalibrated, ADR 0005); no entry/exit target is shown.
 */
import { shortAddress } from '@shared/address';
import { abbreviate, formatInteger, formatPercent, formatUsd } from '@shared/format';
import type { PumpAvoid, PumpOpportunity } from '@shared/market-tools';
import { ShieldAlert, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge, type BadgeTone } from '../ui/badge';
import { Card } from '../ui/card';
import { HashText } from '../ui/hash-text';
import { VerdictBanner } from '../verdict/verdict-banner';

const RISK_TONE: Record<PumpOpportunity['risk'], BadgeTone> = {
  low: 'success',
  medium: 'warning',
  high: 'danger',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd className="text-sm text-slate-200">{value}</dd>
    </div>
  );
}

/** The token's symbol (its short address without one), name and full address; `children` lead the title. */
function TokenTitle({
  token,
  className,
  children,
}: {
  token: Pick<PumpOpportunity, 'symbol' | 'name' | 'address'>;
  className: string;
  children?: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <h3 className={className}>
        {children}
        {token.symbol ?? shortAddress(token.address)}{' '}
        <span className="text-sm font-normal text-slate-400">{token.name}</span>
      </h3>
      <HashText value={token.address} kind="address" className="text-xs text-slate-400" />
    </div>
  );
}

export function OpportunityCard({ o }: { o: PumpOpportunity }) {
  // The top badge is the server's (strongMomentum): the card re-derives no threshold from the score.
  const high = o.strongMomentum;
  // The verdict first: a momentum ranking never reads as an opportunity without it (issue 24).
  const caution = o.verdict.kind !== 'no_major_risk';
  return (
    <Card className="p-5" data-testid="pump-opportunity">
      <VerdictBanner verdict={o.verdict} compact className="mb-3" />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TokenTitle token={o} className="text-lg font-semibold text-white" />
        <div className="flex flex-wrap items-center gap-2">
          {o.isNewLaunch ? (
            <Badge tone="brand">
              <Sparkles aria-hidden="true" className="size-3" /> New launch
            </Badge>
          ) : null}
          <Badge tone={RISK_TONE[o.risk]}>{o.risk.toUpperCase()} RISK</Badge>
          {high ? (
            <Badge tone={caution ? 'warning' : 'success'}>
              Strong Momentum{caution ? ` · ${o.verdict.label}` : ''}
            </Badge>
          ) : null}
        </div>
      </div>
      <div className="mt-4">
        <div className="flex items-center justify-between text-sm">
          <span
            className="text-slate-400"
            title="Ranks how strongly trading activity is building in the window"
          >
            Momentum score
          </span>
          <span className="font-semibold text-white">{o.momentumScore}/100</span>
        </div>
        <div className="mt-1 h-2 rounded-full bg-white/10">
          <div
            className={high && !caution ? 'h-2 rounded-full bg-emerald-400' : 'h-2 rounded-full bg-brand-400'}
            style={{ width: `${o.momentumScore}%` }}
          />
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label="Current price" value={formatUsd(o.currentPrice)} />
        <Figure label="24h change" value={formatPercent(o.priceChange24h)} />
        <Figure
          label={`Volatility (${o.timeframe})`}
          value={o.volatility === null ? 'unknown' : String(o.volatility)}
        />
        <Figure label="Volume 24h" value={o.volume24h === null ? 'N/A' : `$${abbreviate(o.volume24h)}`} />
        <Figure label="Market cap" value={o.marketCap === null ? 'N/A' : `$${abbreviate(o.marketCap)}`} />
        <Figure label="Holders" value={formatInteger(o.holders)} />
        <Figure label="Rug score" value={o.rugScore === null ? 'N/A' : `${o.rugScore}/100`} />
      </dl>
      {o.patternFindings.length ? (
        <ul className="mt-4 grid gap-1" data-testid="pump-pattern-findings">
          {o.patternFindings.map((f) => (
            <li key={f}>
              <Badge tone="warning">{f}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {o.signals.length ? (
        <ul className="mt-4 flex flex-wrap gap-2">
          {o.signals.map((s) => (
            <li key={s}>
              <Badge>{s}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <details className="mt-3 text-sm text-slate-400">
        <summary className="cursor-pointer hover:text-white">How this score was computed</summary>
        <table className="mt-2 w-full text-left text-xs">
          <thead>
            <tr className="text-slate-400">
              <th className="py-1">Signal</th>
              <th>Value</th>
              <th>Weight</th>
              <th>Contribution</th>
            </tr>
          </thead>
          <tbody>
            {o.model.map((m) => (
              <tr key={m.name}>
                <td className="py-1">{m.label}</td>
                <td>{m.normalised.toFixed(2)}</td>
                <td>{m.weight}</td>
                <td>{m.contribution.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2">
          Volumes count organic trading only
          {o.organicShare === null
            ? ' (the organic share is not measured yet: the index is still reading the token)'
            : ` (${Math.round(o.organicShare * 100)}% of the main pool's 24 h volume is organic; wash-traded volume and its wallets are left out)`}
          . The score ranks tokens by momentum in the window (a weighted sum of these signals, squashed to
          0–100). Its weights are a written judgement, not fitted or calibrated: it ranks tokens, it does not
          say how likely a price rise is. Verdict: {o.verdict.label} (sell simulated, tax, drain, owner
          powers); rug score {o.rugScore ?? 'N/A'}.
        </p>
      </details>
      <div className="mt-4">
        <Link
          href={`/token-analysis?address=${o.address}`}
          className="text-sm text-brand-300 hover:text-white"
        >
          Analyze token →
        </Link>
      </div>
    </Card>
  );
}

/** A token with momentum that fails the safety verdict: shown with the reasons, never as a buy. */
export function AvoidCard({ a }: { a: PumpAvoid }) {
  return (
    <Card className="border-red-500/30 p-4" data-testid="pump-avoid">
      <VerdictBanner verdict={a.verdict} compact className="mb-3" />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TokenTitle token={a} className="flex items-center gap-2 font-semibold text-white">
          <ShieldAlert aria-hidden="true" className="size-4 text-red-400" />
        </TokenTitle>
        <div className="flex flex-wrap gap-2">
          {a.reasons.map((r) => (
            <Badge key={r.check} tone="danger">
              {r.label}
            </Badge>
          ))}
        </div>
      </div>
      {/* Reasons quote addresses and selectors: long unbroken words must wrap on a phone. */}
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-300 [overflow-wrap:anywhere]">
        {a.reasons.map((r) => (
          <li key={r.check}>{r.detail}</li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-400">
        Momentum score {a.momentumScore}/100 · rug score {a.rugScore ?? 'N/A'} ·{' '}
        <Link href={`/token-analysis?address=${a.address}`} className="text-brand-300 hover:text-white">
          Full analysis →
        </Link>
      </p>
    </Card>
  );
}
