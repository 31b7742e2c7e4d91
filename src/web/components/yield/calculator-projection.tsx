/** The calculator's Projection card: the figures of the projection and, for a chosen opportunity, its costs. */
import { formatUsd } from '@shared/format';
import { cn } from '../../lib/cn';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import type { YieldCalculatorState } from './use-yield-calculator';

/** A projection line: label, shown value, and "loss" when the figure is money lost. */
export type ProjectionRow = [label: string, value: string, tone?: 'loss'];

/** A money figure that can be negative: a loss is said as one, never as a negative "profit". */
function profitRow(label: string, value: number | null, lossLabel: string): ProjectionRow {
  if (value === null) return [label, 'Unknown (gas not measured)'];
  return value < 0 ? [lossLabel, `${formatUsd(-value)} loss`, 'loss'] : [label, formatUsd(value)];
}

/** The projection's lines, label and shown value, in the order the card lists them. */
export function projectionRows({
  result: r,
  outcome: o,
  chosen,
  netAfterCosts,
}: YieldCalculatorState): ProjectionRow[] {
  const breakEven = !chosen
    ? 'Choose an opportunity for its costs'
    : r.breakEvenMonths === null
      ? o?.gasUsd === null
        ? 'Unknown (gas not measured)'
        : 'Never (the yield does not cover the costs)'
      : `${r.breakEvenMonths.toFixed(1)} months`;
  const costRows: ProjectionRow[] = o
    ? [
        ['Your share of the pool', `${(o.shareOfPool * 100).toFixed(2)}%`],
        ['APY before your deposit', `${o.apyBeforeDeposit.toFixed(2)}%`],
        ['APY after your deposit', `${o.apyAfterDeposit.toFixed(2)}%`],
        [
          'Gas to enter and leave',
          o.gasEth === null
            ? 'Unknown (not measured)'
            : `${o.gasEth.toPrecision(3)} ETH (${o.gasUsd === null ? 'USD unknown' : formatUsd(o.gasUsd)})`,
        ],
        ['Swap fees (in and out)', formatUsd(o.swapFeeUsd)],
        ['Price impact entering', formatUsd(o.entryImpactUsd)],
        ['Price impact leaving', formatUsd(o.exitImpactUsd)],
        ['Impermanent loss', formatUsd(o.impermanentLossUsd)],
      ]
    : [];
  return [
    ['Nominal APY (after risk multiplier)', `${r.nominalApy.toFixed(2)}%`],
    ['Effective APY (compounded)', `${r.effectiveApy.toFixed(2)}%`],
    ['Final value', formatUsd(r.finalValue)],
    profitRow('Gross profit', r.grossProfit, 'Gross loss'),
    ['Tax', formatUsd(r.taxPaid)],
    profitRow(chosen ? 'Net profit before costs' : 'Net profit', r.netProfit, 'Net loss before costs'),
    profitRow('Real return (after inflation)', r.realReturn, 'Real loss (after inflation)'),
    ['Net return', `${r.netReturnPct.toFixed(2)}%`],
    ...costRows,
    ...(chosen ? [profitRow('Net profit after costs', netAfterCosts, 'Net loss after costs')] : []),
    ['Break-even', breakEven],
  ];
}

export function ProjectionCard({ calc }: { calc: YieldCalculatorState }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Projection</CardTitle>
      </CardHeader>
      <CardContent>
        {calc.invalid ? (
          <p role="alert" className="mb-3 text-sm text-red-300">
            Fix the highlighted inputs: the projection uses 0 for them.
          </p>
        ) : null}
        {calc.chosen?.entryCosts ? (
          <p className="mb-3 text-xs text-slate-400">Costs: {calc.chosen.entryCosts.basis}</p>
        ) : null}
        <dl className="grid grid-cols-2 gap-3 text-sm" aria-label="Calculator results">
          {projectionRows(calc).map(([k, v, tone]) => (
            <div key={k} className="contents">
              <dt className={tone === 'loss' ? 'text-red-300' : 'text-slate-400'}>{k}</dt>
              <dd
                className={cn(
                  'text-right font-medium tabular-nums',
                  tone === 'loss' ? 'text-red-300' : 'text-white',
                )}
              >
                {v}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
