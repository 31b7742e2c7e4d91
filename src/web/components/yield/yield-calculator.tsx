/**
 * The yield Calculator tab (spec §9), on the same pure formulas the server uses (shared/yield.ts):
 * compounding daily/weekly/monthly, tax, inflation, risk multipliers 0.85/1/1.15, break-even at 30%
 * of the horizon; Preset and Reset set their §9 values. Empty inputs count as 0 (spec §5).
 */
import { formatUsd } from '@shared/format';
import {
  CALCULATOR_DEFAULTS,
  CALCULATOR_PRESET,
  CALCULATOR_RESET,
  COMPOUNDING,
  type Compounding,
  calculateYield,
  numberInput,
  RISK_MULTIPLIERS,
  RISK_PROFILES,
  type RiskProfile,
} from '@shared/yield';
import { useId, useState } from 'react';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';

type Fields = { amount: string; apy: string; months: string; taxRate: string; inflation: string };
const asFields = (v: { amount: number; apy: number; months: number }) => ({
  amount: String(v.amount),
  apy: String(v.apy),
  months: String(v.months),
});

const selectClass =
  'h-10 w-full rounded-lg border border-white/10 bg-ink-950/80 px-3 text-sm text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40';

function Field({
  label,
  value,
  onChange,
  suffix,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  suffix?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-300">
        {label}
        {suffix ? <span className="text-slate-500"> ({suffix})</span> : null}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function YieldCalculator() {
  const d = CALCULATOR_DEFAULTS;
  const [f, setF] = useState<Fields>({
    ...asFields(d),
    taxRate: String(d.taxRate),
    inflation: String(d.inflation),
  });
  const [risk, setRisk] = useState<RiskProfile>(d.risk);
  const [compounding, setCompounding] = useState<Compounding>(d.compounding);
  const riskId = useId();
  const compId = useId();
  const set = (k: keyof Fields) => (v: string) => setF((x) => ({ ...x, [k]: v }));

  const r = calculateYield({
    amount: numberInput(f.amount),
    apy: numberInput(f.apy),
    months: numberInput(f.months),
    taxRate: numberInput(f.taxRate),
    inflation: numberInput(f.inflation),
    risk,
    compounding,
  });

  const rows: [string, string][] = [
    ['Effective APY', `${r.effectiveApy.toFixed(2)}%`],
    ['Final value', formatUsd(r.finalValue)],
    ['Gross profit', formatUsd(r.grossProfit)],
    ['Tax', formatUsd(r.taxPaid)],
    ['Net profit', formatUsd(r.netProfit)],
    ['Real return (after inflation)', formatUsd(r.realReturn)],
    ['Net return', `${r.netReturnPct.toFixed(2)}%`],
    ['Break-even', `${r.breakEvenMonths.toFixed(1)} months`],
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Inputs</CardTitle>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                setF((x) => ({ ...x, ...asFields(CALCULATOR_PRESET) }));
                setRisk(CALCULATOR_PRESET.risk);
              }}
            >
              Preset
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setF((x) => ({ ...x, ...asFields(CALCULATOR_RESET) }));
                setRisk(CALCULATOR_RESET.risk);
              }}
            >
              Reset
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Field label="Investment amount" suffix="USD" value={f.amount} onChange={set('amount')} />
          <Field label="APY" suffix="%" value={f.apy} onChange={set('apy')} />
          <Field label="Time horizon" suffix="months" value={f.months} onChange={set('months')} />
          <Field label="Tax rate" suffix="%" value={f.taxRate} onChange={set('taxRate')} />
          <Field label="Inflation" suffix="% a year" value={f.inflation} onChange={set('inflation')} />
          <div className="grid gap-1.5">
            <label htmlFor={riskId} className="text-sm text-slate-300">
              Risk
            </label>
            <select
              id={riskId}
              className={selectClass}
              value={risk}
              onChange={(e) => setRisk(e.target.value as RiskProfile)}
            >
              {RISK_PROFILES.map((p) => (
                <option key={p} value={p}>
                  {p[0]?.toUpperCase()}
                  {p.slice(1)} (×{RISK_MULTIPLIERS[p]})
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <label htmlFor={compId} className="text-sm text-slate-300">
              Compounding
            </label>
            <select
              id={compId}
              className={selectClass}
              value={compounding}
              onChange={(e) => setCompounding(e.target.value as Compounding)}
            >
              {COMPOUNDING.map((c) => (
                <option key={c} value={c}>
                  {c[0]?.toUpperCase()}
                  {c.slice(1)}
                </option>
              ))}
            </select>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Projection</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-3 text-sm" aria-label="Calculator results">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-400">{k}</dt>
                <dd className="text-right font-medium text-white tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
