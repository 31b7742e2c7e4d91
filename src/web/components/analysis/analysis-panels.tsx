/**
 * The three panels of the token analysis page (spec §2) and its AI recommendation card, with the
 * spec's formats: hash shortened to first 10 + last 8, ETH values, supply ÷ 1e18 in exponential
 * form, and 'N/A' for whatever is missing.
 */
import type {
  HolderIndexState,
  LiquidityResult,
  RugResult,
  ScannerResult,
  WhaleResult,
} from '@shared/analysis';
import {
  formatDateTimeSeconds,
  formatEth,
  formatInteger,
  formatPercent,
  formatPoolValue,
  formatSupplyExp,
  formatTokenSupply,
  NA,
} from '@shared/format';
import { Brain, Droplets, Fish, ShieldCheck } from 'lucide-react';
import { Badge } from '../ui/badge';
import { HashText } from '../ui/hash-text';
import { Panel, StatRow } from '../ui/panel';
import { Unknown } from '../ui/unknown';
import { severityTone } from './score-style';

/** Why the holder count is missing: still indexing (with progress) or not obtainable here. */
function holderIndexText(index: HolderIndexState | undefined): string {
  if (index?.status === 'indexing' && index.catchingUp)
    return index.progressPct === null
      ? 'History catching up…'
      : `History catching up, ${index.progressPct}% done`;
  if (index?.status === 'indexing')
    return index.progressPct === null ? 'Indexing…' : `Indexing, ${index.progressPct}% done`;
  if (index?.status === 'unavailable') return 'Unknown (the RPC has no history)';
  return 'Unknown';
}

export function SecurityPanel({ scanner, rug }: { scanner?: ScannerResult; rug?: RugResult }) {
  const verified = scanner?.details.contractVerified;
  const holders = scanner?.details.holderCount;
  const factors = rug?.riskFactors.slice(0, 3) ?? [];
  return (
    <Panel title="Security Analysis" icon={ShieldCheck} testId="panel-security">
      <dl className="grid gap-2">
        <StatRow
          label="Contract"
          valueClassName={verified ? 'text-emerald-300' : verified === false ? 'text-red-300' : undefined}
        >
          {verified === true ? 'Verified' : verified === false ? 'Unverified' : NA}
        </StatRow>
        <StatRow label="Holders">
          {typeof holders === 'number'
            ? formatInteger(holders)
            : holderIndexText(scanner?.details.holderIndex)}
        </StatRow>
      </dl>
      <div>
        <h3 className="text-sm font-medium text-slate-300">Risk factors</h3>
        {factors.length > 0 ? (
          <ul className="mt-2 grid gap-2">
            {factors.map((f) => (
              <li key={f.factor} className="rounded-lg border border-white/5 bg-white/[0.03] p-3">
                <div className="flex items-center justify-between gap-2">
                  <span className="text-sm font-medium text-white">{f.factor}</span>
                  <Badge tone={severityTone(f.severity)}>{f.severity}</Badge>
                </div>
                <p className="mt-1 text-xs leading-relaxed wrap-anywhere text-slate-400">{f.description}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-400">{rug ? 'No risk factors found.' : NA}</p>
        )}
      </div>
    </Panel>
  );
}

export function WhalePanel({ whales }: { whales?: WhaleResult }) {
  const txs = whales?.recentTransactions ?? [];
  return (
    <Panel title="Whale Activity" icon={Fish} testId="panel-whales">
      <dl className="grid gap-2">
        <StatRow label="Active Whales">{whales ? formatInteger(whales.whaleCount) : NA}</StatRow>
        <StatRow label="Recent Transactions">{whales ? formatInteger(txs.length) : NA}</StatRow>
      </dl>
      {txs.length > 0 ? (
        <ul className="grid gap-2">
          {txs.slice(0, 3).map((t) => (
            <li key={t.hash} className="rounded-lg border border-white/5 bg-white/[0.03] p-3 text-xs">
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium text-slate-100">{formatEth(t.value)}</span>
                <span className="text-slate-400">{formatDateTimeSeconds(t.timestamp)}</span>
              </div>
              <p className="mt-1 text-slate-400">
                <HashText value={t.hash} kind="tx" />
              </p>
            </li>
          ))}
        </ul>
      ) : whales ? (
        <p className="text-sm text-slate-400">No recent whale transactions.</p>
      ) : null}
    </Panel>
  );
}

export function LiquidityPanel({
  liquidity,
  scanner,
}: {
  liquidity?: LiquidityResult;
  scanner?: ScannerResult;
}) {
  const d = liquidity?.liquidityData;
  return (
    <Panel title="Liquidity & Market Analysis" icon={Droplets} testId="panel-liquidity">
      <dl className="grid gap-2">
        <StatRow label="Pool Value">{formatPoolValue(d?.poolValue)}</StatRow>
        <StatRow label="Price Impact">{formatPercent(d?.priceImpact)}</StatRow>
        <StatRow label="Decimals">
          {scanner && scanner.details.decimals === null ? (
            <Unknown reason="the token does not answer decimals()" />
          ) : (
            (scanner?.details.decimals ?? NA)
          )}
        </StatRow>
        {/* Spec §2: supply ÷ 1e18 in exponential form; the unit said, and the real supply beside it. */}
        <StatRow label="Total Supply">
          <span data-testid="total-supply">
            {formatSupplyExp(scanner?.details.totalSupply)}
            <span className="font-normal text-slate-400"> (base units ÷ 1e18)</span>
            {scanner?.details.totalSupply && scanner.details.decimals !== null ? (
              <span className="block font-normal text-slate-300">
                {formatTokenSupply(scanner.details.totalSupply, scanner.details.decimals)}{' '}
                {scanner.details.symbol ?? 'tokens'} ({scanner.details.decimals} decimals)
              </span>
            ) : null}
          </span>
        </StatRow>
      </dl>
    </Panel>
  );
}

export function RecommendationCard({ recommendation }: { recommendation: string }) {
  return (
    <Panel title="AI Recommendation" icon={Brain} testId="ai-recommendation" className="border-brand-400/30">
      <p className="text-sm leading-relaxed wrap-anywhere text-slate-200">{recommendation}</p>
    </Panel>
  );
}
