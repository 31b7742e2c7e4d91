/**
 * FLAB's token facts on the About page (spec §1), computed live by the engine from the chain: one
 * report for the FLAB token the server knows on this network. Each fact has its own loading and
 * error state, and nothing is hard-coded (DESIGN §1).
 */
import type { TokenReport } from '@shared/analysis';
import { daysUntil, formatPercent, formatTokenAmount, NA } from '@shared/format';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorMessage, useNetwork, useReport } from '../../lib/queries';
import { bandTextClass } from '../analysis/score-style';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import { Unknown } from '../ui/unknown';

type Fact = { key: string; label: string; value: (r: TokenReport) => ReactNode };

function taxText(r: TokenReport): string {
  const buy = r.facts.trade.buyTaxPct;
  const sell = r.facts.trade.sellTaxPct;
  if (typeof buy !== 'number' || typeof sell !== 'number') return NA;
  const pct = (n: number) => `${Number(n.toFixed(2))}%`;
  return buy === sell ? pct(buy) : `${pct(buy)} buy / ${pct(sell)} sell`;
}

function lockText(r: TokenReport): string {
  const d = r.liquidity.liquidityData;
  if (d.liquidityLocked === false) return 'Not locked';
  // Counted from the time of the facts (chain time), not the browser's clock.
  const days = daysUntil(d.liquidityLockTime, r.liquidity.timestamp);
  if (days === null) return d.liquidityLocked ? 'Locked' : NA;
  return `${days} days`;
}

const FACTS: readonly Fact[] = [
  {
    key: 'supply',
    label: 'Total supply',
    value: (r) =>
      r.facts.decimals === null ? (
        <Unknown reason="the token does not answer decimals()" />
      ) : (
        formatTokenAmount(r.facts.totalSupply, r.facts.decimals)
      ),
  },
  {
    key: 'security',
    label: 'Security score',
    value: (r) => <span className={bandTextClass(r.scanner.bands.score)}>{r.scanner.score}/100</span>,
  },
  { key: 'lp-lock', label: 'LP locked', value: lockText },
  { key: 'tax', label: 'Trading tax', value: taxText },
  { key: 'whales', label: 'Whale holders', value: (r) => String(r.whales.whaleCount) },
  {
    key: 'top5',
    label: 'Top 5 hold',
    value: (r) => formatPercent(r.whales.concentration.topFivePercentage, 0),
  },
  { key: 'symbol', label: 'Symbol', value: (r) => r.facts.symbol ?? NA },
];

function FactTile({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div data-testid={testId} className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="mt-1.5 text-xl font-bold wrap-anywhere text-white">{children}</dd>
    </div>
  );
}

export function TokenFactsCard() {
  const network = useNetwork();
  const address = network.data?.flabToken ?? null;
  const report = useReport(address);

  const networkFailed = network.isError;
  const noToken = network.isSuccess && !address;
  const error = networkFailed ? network.error : report.isError ? report.error : null;
  const loading = !error && !noToken && (network.isPending || report.isPending);

  const retry = () => {
    if (networkFailed) void network.refetch();
    else void report.refetch();
  };

  return (
    <Card className="p-5 sm:p-6" data-testid="token-facts">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-white">FLAB token facts</h2>
          <p className="mt-1 text-sm text-slate-400">
            Computed live by the engine from the chain{network.data ? ` (${network.data.label})` : ''}.
          </p>
        </div>
        {error ? (
          <Button
            variant="outline"
            size="sm"
            onClick={retry}
            disabled={report.isFetching || network.isFetching}
          >
            <RefreshCw aria-hidden="true" className="size-3.5" />
            Retry
          </Button>
        ) : null}
      </div>
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-500/30 bg-red-950/30 p-3 text-sm text-red-200"
        >
          The facts could not be computed: {errorMessage(error)}
        </p>
      ) : null}
      {noToken ? (
        <p role="status" className="mt-4 text-sm text-slate-400">
          The FLAB token is not configured on this network, so its facts cannot be shown.
        </p>
      ) : null}
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-busy={loading}>
        {FACTS.map((f) => (
          <FactTile key={f.key} label={f.label} testId={`fact-${f.key}`}>
            {report.data ? (
              f.value(report.data)
            ) : loading ? (
              <>
                <Skeleton className="mt-1 h-6 w-20" />
                <span className="sr-only">Loading</span>
              </>
            ) : (
              <span className="text-base font-medium text-slate-400">Unavailable</span>
            )}
          </FactTile>
        ))}
      </dl>
    </Card>
  );
}
