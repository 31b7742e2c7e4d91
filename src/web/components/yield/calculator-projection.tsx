/** The calculator's Projection card: the figures of the projection and, for a chosen opportunity, its costs. */
import { formatUsd } from '@shared/format';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import type { YieldCalculatorState } from './use-yield-calculator';

/** The projection's lines, label and shown value, in the order the card lists them. */
export function projectionRows({ result: r, costs, chosen }: YieldCalculatorState): [string, string][] {
  const breakEven = !chosen
    ? 'Choose an opportunity for its costs'
    : r.breakEvenMonths === null
      ? costs?.totalUsd === null
        ? 'Unknown (gas not measured)'
        : 'Never (the yield does not cover the costs)'
      : `${r.breakEvenMonths.toFixed(1)} months`;
  const costRows: [string, string][] = costs
    ? [
        ['Gas to enter and leave', costs.gasUsd === null ? 'Unknown' : formatUsd(costs.gasUsd)],
        ['Swap fee', formatUsd(costs.swapFeeUsd)],
        ['Price impact', formatUsd(costs.priceImpactUsd)],
        ['Impermanent loss', formatUsd(costs.impermanentLossUsd)],
      ]
    : [];
  return [
    ['Nominal APY (after risk multiplier)', `${r.nominalApy.toFixed(2)}%`],
    ['Effective APY (compounded)', `${r.effectiveApy.toFixed(2)}%`],
    ['Final value', formatUsd(r.finalValue)],
    ['Gross profit', formatUsd(r.grossProfit)],
    ['Tax', formatUsd(r.taxPaid)],
    ['Net profit', formatUsd(r.netProfit)],
    ['Real return (after inflation)', formatUsd(r.realReturn)],
    ['Net return', `${r.netReturnPct.toFixed(2)}%`],
    ...costRows,
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
          {projectionRows(calc).map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-400">{k}</dt>
              <dd className="text-right font-medium text-white tabular-nums">{v}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
