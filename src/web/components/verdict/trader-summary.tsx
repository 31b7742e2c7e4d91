/**
 * What a trader reads first (issue 24), right under the verdict: buy / sell / transfer tax, whether
 * holders can sell, owner powers usable now, the main pool's LP locked share and unlock date, the
 * top-10 share. Every figure is the report's; a missing one says why (never a default).
 */
import type { TraderSummary as Summary, VerdictKind } from '@shared/analysis';
import { formatDateTimeSeconds, formatDuration, formatPct, formatUsd } from '@shared/format';
import { CREATOR_PULL, TAX } from '@shared/vocabulary';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

function Fact({
  label,
  children,
  tone,
  testId,
}: {
  label: string;
  children: ReactNode;
  tone?: 'bad' | 'warn' | 'muted';
  testId?: string;
}) {
  return (
    <div data-testid={testId} className="min-w-0 rounded-lg border border-white/5 bg-white/[0.03] px-3 py-2">
      <dt className="text-xs text-slate-400">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 text-sm wrap-anywhere',
          tone === 'bad'
            ? 'font-semibold text-red-300'
            : tone === 'warn'
              ? 'font-semibold text-orange-300'
              : tone === 'muted'
                ? 'text-slate-400'
                : 'font-semibold text-slate-100',
        )}
      >
        {children}
      </dd>
    </div>
  );
}

const taxTone = (t: number | null) =>
  t === null ? 'muted' : t > TAX.failPct ? 'bad' : t > TAX.warnPct ? 'warn' : undefined;

export function TraderSummary({
  summary,
  verdict,
  nowSeconds,
}: {
  summary: Summary;
  verdict: VerdictKind;
  nowSeconds: number;
}) {
  const s = summary;
  const taxes = [
    ['Buy tax', s.buyTaxPct],
    ['Sell tax', s.sellTaxPct],
    ['Transfer tax', s.transferTaxPct],
  ] as const;
  const unlockIn = s.lpUnlockAt !== null ? s.lpUnlockAt - nowSeconds : null;
  return (
    <section aria-label="Trader's summary" data-testid="trader-summary">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-2 xl:grid-cols-3">
        {taxes.map(([label, v]) => (
          <Fact key={label} label={label} tone={taxTone(v)}>
            {v === null ? 'not measured' : formatPct(v, 1)}
          </Fact>
        ))}
        <Fact
          label="Holders can sell"
          testId="summary-can-sell"
          tone={s.canSell === false ? 'bad' : s.canSell === null ? 'muted' : undefined}
        >
          <span title={s.canSellDetail}>
            {s.canSell === true ? 'Yes' : s.canSell === false ? 'No' : 'Not tested'}
          </span>
        </Fact>
        <Fact
          label="Owner powers usable now"
          tone={!s.ownerPowersChecked ? 'muted' : s.ownerPowersNow.length > 0 ? 'bad' : undefined}
        >
          {!s.ownerPowersChecked
            ? 'not checked'
            : s.ownerPowersNow.length === 0
              ? 'None found'
              : s.ownerPowersNow.join(', ')}
        </Fact>
        {s.creatorPullableShare !== undefined && s.creatorPullableShare !== null ? (
          <Fact
            label="Liquidity the creator can pull now"
            tone={verdict === 'rugged' || s.creatorPullableShare > CREATOR_PULL.failShare ? 'bad' : undefined}
          >
            {`${formatPct(s.creatorPullableShare * 100, 1)}${
              s.creatorPullableUsd !== null &&
              s.creatorPullableUsd !== undefined &&
              s.creatorPullableShare > 0
                ? ` (${formatUsd(s.creatorPullableUsd)})`
                : ''
            }${s.unlockNote ? ` · ${s.unlockNote}` : ''}`}
          </Fact>
        ) : (
          <Fact
            label="LP locked or burned"
            tone={s.lpLockedShare === null ? 'muted' : verdict === 'rugged' ? 'bad' : undefined}
          >
            {s.lpLockedShare === null
              ? 'no pool'
              : `${formatPct(s.lpLockedShare * 100, 1)}${
                  unlockIn === null
                    ? ''
                    : unlockIn > 0
                      ? ` · unlocks in ${formatDuration(unlockIn)} (${formatDateTimeSeconds(s.lpUnlockAt).slice(0, 10)})`
                      : ' · lock expired'
                }`}
          </Fact>
        )}
        <Fact label="Top 10 holders" tone={s.top10SharePct === null ? 'muted' : undefined}>
          {s.top10SharePct === null ? 'unknown' : `${formatPct(s.top10SharePct, 1)} of supply`}
        </Fact>
      </dl>
      <p className="mt-1 text-xs wrap-anywhere text-slate-400">Can sell: {s.canSellDetail}.</p>
    </section>
  );
}
