/**
 * A token's price chart from our own candles (swaps of its deepest WETH pool), drawn with recharts:
 * candlesticks (green up, red down) over volume bars, with 15m / 1h / 1d intervals. Loaded on demand
 * (React.lazy) so recharts never weighs on the home page. The figures are the API's; nothing is
 * interpolated beyond the server's "no trade: previous close" buckets.
 */
import type { VerdictKind } from '@shared/analysis';
import { ChartCandlestick } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { goodClass } from '../analysis/score-style';
import { Card } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { PriceBars, VolumeBars } from './candle-charts';
import { type Currency, chartFigures, formatPrice, type Point } from './candle-figures';
import { CANDLE_INTERVALS, type CandleInterval, useCandles } from './candles';

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

/** The last close and the change over the range (a rise is green only when the verdict allows). */
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
      {change !== null ? (
        <span className={cn('tabular-nums', change >= 0 ? goodClass(verdict) : 'text-red-400')}>
          {change >= 0 ? '+' : ''}
          {change.toFixed(2)}% over the range
        </span>
      ) : null}
    </p>
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
  const { data, priceDomain, volumeDomain, last, change } = chartFigures(q.data?.candles ?? []);
  const currency = q.data?.currency ?? 'USD';

  return (
    <Card className="p-4 sm:p-5" data-testid="price-chart">
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
          {() => (
            <div
              role="img"
              aria-label={`Price chart, ${data.length} ${interval} candles, last close ${formatPrice(last?.close ?? 0, currency)}`}
            >
              <div className="h-56 w-full sm:h-64">
                <PriceBars data={data} currency={currency} domain={priceDomain} />
              </div>
              <div className="h-20 w-full">
                <VolumeBars data={data} currency={currency} domain={volumeDomain} interval={interval} />
              </div>
            </div>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
