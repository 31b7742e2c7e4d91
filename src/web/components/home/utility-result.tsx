/**
 * The result area of a home utility card, with the spec's display limits (§9): scanner at most 4
 * risks, rug 3 risk factors, whale 2 recent transfers and a bar of whaleCount × 10 capped at 100,
 * liquidity slippage 'Low' under 2 % price impact else 'Medium'. Missing figures read 'N/A': no
 * default or sample values (DESIGN §1).
 */
import { shortAddress } from '@shared/address';
import type {
  Banded,
  FlabScoreResult,
  LiquidityResult,
  RugResult,
  ScannerResult,
  TokenVerdict,
  WhaleResult,
} from '@shared/analysis';
import {
  formatEth,
  formatInteger,
  formatPercent,
  formatPoolValue,
  formatRatioPercent,
  NA,
} from '@shared/format';
import type { ShownBand } from '@shared/vocabulary';
import { CircleCheck, CircleX, TriangleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { EvidencePanel } from '../analysis/evidence-panel';
import { bandTextClass, severityTone } from '../analysis/score-style';
import { Badge } from '../ui/badge';
import { VerdictBanner } from '../verdict/verdict-banner';
import type { UtilityType } from './utilities';

export type UtilityData = Banded<
  ScannerResult | RugResult | WhaleResult | LiquidityResult | FlabScoreResult
> & {
  verdict?: TokenVerdict;
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <dt className="text-slate-400">{label}</dt>
      <dd className="text-right font-medium text-slate-100">{children}</dd>
    </div>
  );
}

/** The card's score in the band the server decided under the token's verdict (`bands.score`). */
function BigScore({ label, score, shown }: { label: string; score: number; shown: ShownBand }) {
  return (
    <div className="flex items-baseline justify-between gap-2">
      <span className="text-sm text-slate-400">{label}</span>
      <span className={cn('text-3xl font-bold tabular-nums', bandTextClass(shown))}>
        {Math.round(score)}
        <span className="text-sm font-normal text-slate-400">/100</span>
      </span>
    </div>
  );
}

/** Risk strings arrive prefixed '✅ ', '⚠️ ' or '❌ ' (spec §3); shown as icons that need no emoji font. */
const RISK_PREFIXES = [
  { prefix: '✅', icon: CircleCheck, label: 'Good', className: 'text-emerald-400' },
  { prefix: '⚠️', icon: TriangleExclamationPoint, label: 'Caution', className: 'text-yellow-400' },
  { prefix: '⚠', icon: TriangleExclamationPoint, label: 'Caution', className: 'text-yellow-400' },
  { prefix: '❌', icon: CircleX, label: 'Risk', className: 'text-red-400' },
] as const;

function splitRisk(risk: string) {
  for (const p of RISK_PREFIXES) {
    if (risk.startsWith(p.prefix)) return { kind: p, text: risk.slice(p.prefix.length).trim() };
  }
  return { kind: null, text: risk };
}

function Risks({ risks }: { risks: readonly string[] }) {
  if (risks.length === 0) return null;
  return (
    <ul className="grid gap-1.5 text-xs leading-relaxed text-slate-300">
      {risks.map((r) => {
        const { kind, text } = splitRisk(r);
        const Icon = kind?.icon;
        return (
          <li key={r} className="flex gap-2 wrap-anywhere">
            {Icon && kind ? (
              <Icon aria-label={kind.label} className={cn('mt-0.5 size-3.5 shrink-0', kind.className)} />
            ) : null}
            <span className="min-w-0">{text}</span>
          </li>
        );
      })}
    </ul>
  );
}

export function UtilityResult({ type, data }: { type: UtilityType; data: UtilityData }) {
  return (
    <div
      data-testid="utility-result"
      className="grid gap-3 rounded-xl border border-white/10 bg-ink-950/60 p-4"
    >
      {data.verdict ? <VerdictBanner verdict={data.verdict} compact /> : null}
      {type === 'scanner' ? <ScannerView d={data as Banded<ScannerResult>} /> : null}
      {type === 'rug' ? <RugView d={data as Banded<RugResult>} /> : null}
      {type === 'whale' ? <WhaleView d={data as Banded<WhaleResult>} /> : null}
      {type === 'liquidity' ? <LiquidityView d={data as Banded<LiquidityResult>} /> : null}
      {type === 'score' ? <ScoreView d={data as Banded<FlabScoreResult>} /> : null}
      <EvidencePanel evidence={data.evidence} />
    </div>
  );
}

function ScannerView({ d }: { d: Banded<ScannerResult> }) {
  return (
    <>
      <BigScore label="Security score" score={d.score} shown={d.bands.score} />
      <dl className="grid gap-1.5">
        <Row label="Contract">
          {d.contractVerified === null ? 'Unknown' : d.contractVerified ? 'Verified' : 'Unverified'}
        </Row>
        <Row label="Holders">{formatInteger(d.holderCount)}</Row>
      </dl>
      <Risks risks={d.risks.slice(0, 4)} />
    </>
  );
}

function RugView({ d }: { d: Banded<RugResult> }) {
  return (
    <>
      <BigScore label="Safety score" score={d.score} shown={d.bands.score} />
      <dl className="grid gap-1.5">
        <Row label="Risk level">
          <Badge tone={severityTone(d.riskLevel)}>{d.riskLevel}</Badge>
        </Row>
        <Row label="Data coverage">{formatRatioPercent(d.dataCoverage)}</Row>
      </dl>
      {d.riskFactors.length > 0 ? (
        <ul className="grid gap-2">
          {d.riskFactors.slice(0, 3).map((f) => (
            <li key={f.factor} className="text-xs">
              <span className="flex items-center justify-between gap-2">
                <span className="font-medium text-slate-200">{f.factor}</span>
                <Badge tone={severityTone(f.severity)}>{f.severity}</Badge>
              </span>
              <span className="mt-0.5 block wrap-anywhere text-slate-400">{f.description}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-400">No risk factors found.</p>
      )}
    </>
  );
}

function WhaleView({ d }: { d: Banded<WhaleResult> }) {
  const bar = Math.min(d.whaleCount * 10, 100);
  return (
    <>
      <BigScore label="Whale score" score={d.score} shown={d.bands.score} />
      <div>
        <div className="flex justify-between text-sm">
          <span className="text-slate-400">Whales</span>
          <span className="font-medium text-slate-100">{d.whaleCount}</span>
        </div>
        {/* Decorative bar; the whale count above is the figure. */}
        <div
          aria-hidden="true"
          data-testid="whale-bar"
          data-value={bar}
          className="mt-1.5 h-2 overflow-hidden rounded-full bg-white/10"
        >
          <div className="h-full rounded-full bg-brand-500" style={{ width: `${bar}%` }} />
        </div>
      </div>
      {d.recentTransactions.length > 0 ? (
        <ul className="grid gap-1.5 text-xs">
          {d.recentTransactions.slice(0, 2).map((t) => (
            <li key={t.hash} className="flex justify-between gap-2 text-slate-300">
              <span className="font-mono">
                {shortAddress(t.from)} → {shortAddress(t.to)}
              </span>
              <span className="shrink-0">{formatEth(t.value)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-slate-400">No recent whale transfers.</p>
      )}
    </>
  );
}

function LiquidityView({ d }: { d: Banded<LiquidityResult> }) {
  const impact = d.liquidityData.priceImpact;
  return (
    <>
      <BigScore label="Liquidity score" score={d.score} shown={d.bands.score} />
      <dl className="grid gap-1.5">
        <Row label="Pool value">{formatPoolValue(d.liquidityData.poolValue)}</Row>
        <Row label="Price impact">{formatPercent(impact)}</Row>
        <Row label="Slippage">{impact === null ? NA : impact < 2 ? 'Low' : 'Medium'}</Row>
      </dl>
    </>
  );
}

function ScoreView({ d }: { d: Banded<FlabScoreResult> }) {
  return (
    <>
      <BigScore label="FLAB Score" score={d.score} shown={d.bands.score} />
      <dl className="grid gap-1.5">
        <Row label="Grade">{d.grade}</Row>
        <Row label="Status">{d.status}</Row>
      </dl>
      <Risks risks={d.risks.slice(0, 4)} />
    </>
  );
}
