/**
 * A token's price chart from our own candles (swaps of its deepest WETH pool), drawn with recharts:
 * candlesticks (green up, red down) over volume bars, with 15m / 1h / 1d intervals. A honeypot's or a
 * rugged token's chart carries its verdict over the plot and draws no green (chart-verdict.ts). Loaded on demand
 * (React.lazy) so recharts never weighs on the home page. The figures are the API's; nothing is
 * interpolated beyond the server's "no trade: previous close" buckets.
 */
import type { VerdictKind } from '@shared/analysis';
import { ChartCandlestick } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { Card } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { PriceBars, VolumeBars } from './candle-charts';
import { type Currency, chartFigures, formatPrice, type Point } from './candle-figures';
import { CANDLE_INTERVALS, type CandleInterval, useCandles } from './candles';
import { type ChartMark, changeLook, chartMark, signedPercent } from './chart-verdict';
import { ChartVerdictMark } from './chart-verdict-mark';

function IntervalPicker({
  value,
  onChange,
}: {
  value: CandleInterval;
  onChange: (i: CandleInterval) => void;
}) {
  return (
    <fieldset className="flex gap-1 rounded-lg border border-white/10 p-0.5">
      <legend className="sr-only">Candle interval</legend>
      {CANDLE_INTERVALS.map((i) => (
        <button
          key={i}
          type="button"
          aria-pressed={value === i}
          onClick={() => onChange(i)}
          className={cn(
            'rounded-md px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-400',
            value === i ? 'bg-brand-600 text-white' : 'text-slate-300 hover:bg-white/5',
          )}
        >
          {i}
        </button>
      ))}
    </fieldset>
  );
}

/** The last close and the change over the range (a rise is green only when the verdict allows it). */
function LastPrice({
  last,
  change,
  currency,
  verdict,
}: {
  last: Point;
  change: number | null;
  currency: Currency;
  verdict: VerdictKind | undefined;
}) {
  return (
    <p className="mt-3 flex flex-wrap items-baseline gap-x-3 text-sm">
      <span data-testid="chart-last-price" className="text-lg font-semibold text-white tabular-nums">
        {formatPrice(last.close, currency)}
      </span>
      {change !== null ? <RangeChange change={change} verdict={verdict} /> : null}
    </p>
  );
}

function RangeChange({ change, verdict }: { change: number; verdict: VerdictKind | undefined }) {
  const look = changeLook(change, verdict);
  return (
    <span data-testid="chart-change" className={cn('tabular-nums', look.className)}>
      {signedPercent(change)} over the range
      {look.word ? <span className="ml-1 font-medium">({look.word})</span> : null}
    </span>
  );
}

/** The two panels, with the verdict's mark over them when the price is no price (honeypot, rugged). */
function Plot({
  figures,
  currency,
  interval,
  mark,
}: {
  figures: ReturnType<typeof chartFigures>;
  currency: Currency;
  interval: CandleInterval;
  mark: ChartMark | null;
}) {
  const { data, priceDomain, volumeDomain, last } = figures;
  const described = `Price chart, ${data.length} ${interval} candles, last close ${formatPrice(last?.close ?? 0, currency)}`;
  return (
    <div className="relative">
      {mark ? <ChartVerdictMark mark={mark} /> : null}
      <div role="img" aria-label={mark ? `${described}; ${mark.label}` : described}>
        <div className="h-56 w-full sm:h-64">
          <PriceBars data={data} currency={currency} domain={priceDomain} muted={mark !== null} />
        </div>
        <div className="h-20 w-full">
          <VolumeBars
            data={data}
            currency={currency}
            domain={volumeDomain}
            interval={interval}
            muted={mark !== null}
          />
        </div>
      </div>
    </div>
  );
}

export default function PriceChart({
  address,
  refetchInterval,
  verdict,
}: {
  address: string;
  refetchInterval?: number;
  /** The token's verdict: a rise on a token that cannot be sold is not shown as good news (green). */
  verdict?: VerdictKind | undefined;
}) {
  const [interval, setCandleInterval] = useState<CandleInterval>('1h');
  const q = useCandles(address, interval, { refetchInterval });
  const figures = chartFigures(q.data?.candles ?? []);
  const { data, last, change } = figures;
  const currency = q.data?.currency ?? 'USD';
  const mark = chartMark(verdict);

  return (
    <Card className="p-4 sm:p-5" data-testid="price-chart" data-verdict-mark={mark?.verdict}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-base font-semibold text-white">
            <ChartCandlestick aria-hidden="true" className="size-4 text-brand-300" />
            Price Chart
          </h2>
          <p className="mt-1 text-xs text-slate-400">
            From swaps we indexed on the token's deepest WETH pool
            {currency === 'USD' ? ', in US dollars at the current ETH price' : ', in WETH'}.
          </p>
        </div>
        <IntervalPicker value={interval} onChange={setCandleInterval} />
      </div>

      {last ? <LastPrice last={last} change={change} currency={currency} verdict={verdict} /> : null}

      <div className="mt-3">
        <QueryState
          query={q}
          pending={<Skeleton className="h-64 w-full" />}
          errorTitle="No price chart for this token"
          compact
          isEmpty={() => data.length === 0}
          empty={
            <p className="py-10 text-center text-sm text-slate-400">
              No swaps were indexed for this token yet.
            </p>
          }
        >
          {() => <Plot figures={figures} currency={currency} interval={interval} mark={mark} />}
        </QueryState>
      </div>
    </Card>
  );
}
