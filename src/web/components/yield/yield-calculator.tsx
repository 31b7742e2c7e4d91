/**
 * The yield Calculator tab (spec §9), on the same pure formulas the server uses (shared/yield.ts):
 * compounding daily/weekly/monthly, tax, inflation, risk multipliers 0.85/1/1.15; effective APY by
 * the compounding formula; break-even from the real costs of entering and leaving a chosen
 * opportunity (gas at the current gas price, swap fee and price impact, impermanent loss for the
 * price move the user picks). Preset and Reset set their §9 values. Empty inputs count as 0 (spec
 * §5); negative or non-numeric inputs are refused with a message.
 */
import { formatUsd } from '@shared/format';
import {
  CALCULATOR_DEFAULTS,
  CALCULATOR_PRESET,
  CALCULATOR_RESET,
  COMPOUNDING,
  type Compounding,
  calculateYield,
  checkAmountInput,
  entryCostUsd,
  RISK_MULTIPLIERS,
  RISK_PROFILES,
  type RiskProfile,
  type YieldOpportunity,
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
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  suffix?: string;
  error?: string | undefined;
}) {
  const id = useId();
  const errId = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-300">
        {label}
        {suffix ? <span className="text-slate-400"> ({suffix})</span> : null}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <p id={errId} role="alert" className="text-xs text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Fields that cannot be negative (APY and inflation may be: a loss, deflation). */
const NON_NEGATIVE: readonly (keyof Fields)[] = ['amount', 'months', 'taxRate'];
const FIELD_NAMES: Record<keyof Fields, string> = {
  amount: 'Investment amount',
  apy: 'APY',
  months: 'Time horizon',
  taxRate: 'Tax rate',
  inflation: 'Inflation',
};

function parseFields(f: Fields): {
  values: Record<keyof Fields, number>;
  errors: Partial<Record<keyof Fields, string>>;
} {
  const values = {} as Record<keyof Fields, number>;
  const errors: Partial<Record<keyof Fields, string>> = {};
  for (const k of Object.keys(FIELD_NAMES) as (keyof Fields)[]) {
    const raw = f[k].trim();
    const signed = !NON_NEGATIVE.includes(k) && raw.startsWith('-');
    const r = checkAmountInput(FIELD_NAMES[k], signed ? raw.slice(1) : raw);
    if (r.ok) values[k] = signed ? -r.value : r.value;
    else {
      values[k] = 0;
      errors[k] = r.message;
    }
  }
  return { values, errors };
}

export function YieldCalculator({ opportunities = [] }: { opportunities?: readonly YieldOpportunity[] }) {
  const d = CALCULATOR_DEFAULTS;
  const [f, setF] = useState<Fields>({
    ...asFields(d),
    taxRate: String(d.taxRate),
    inflation: String(d.inflation),
  });
  const [risk, setRisk] = useState<RiskProfile>(d.risk);
  const [compounding, setCompounding] = useState<Compounding>(d.compounding);
  const [costOf, setCostOf] = useState('');
  const [priceMove, setPriceMove] = useState('20');
  const riskId = useId();
  const compId = useId();
  const costId = useId();
  const set = (k: keyof Fields) => (v: string) => setF((x) => ({ ...x, [k]: v }));

  const { values: v, errors } = parseFields(f);
  const move = checkAmountInput('Price move', priceMove, 99);
  const chosen = opportunities.find((o) => o.id === costOf && o.entryCosts);
  const costs = chosen?.entryCosts
    ? entryCostUsd(chosen.entryCosts, v.amount, move.ok ? move.value : 0)
    : null;
  const r = calculateYield({
    amount: v.amount,
    apy: v.apy,
    months: v.months,
    taxRate: v.taxRate,
    inflation: v.inflation,
    risk,
    compounding,
    costsUsd: costs ? costs.totalUsd : 0,
  });
  const invalid = Object.keys(errors).length > 0 || !move.ok;

  const breakEven = !chosen
    ? 'Choose an opportunity for its costs'
    : r.breakEvenMonths === null
      ? costs?.totalUsd === null
        ? 'Unknown (gas not measured)'
        : 'Never (the yield does not cover the costs)'
      : `${r.breakEvenMonths.toFixed(1)} months`;
  const rows: [string, string][] = [
    ['Nominal APY (after risk multiplier)', `${r.nominalApy.toFixed(2)}%`],
    ['Effective APY (compounded)', `${r.effectiveApy.toFixed(2)}%`],
    ['Final value', formatUsd(r.finalValue)],
    ['Gross profit', formatUsd(r.grossProfit)],
    ['Tax', formatUsd(r.taxPaid)],
    ['Net profit', formatUsd(r.netProfit)],
    ['Real return (after inflation)', formatUsd(r.realReturn)],
    ['Net return', `${r.netReturnPct.toFixed(2)}%`],
    ...(costs
      ? ([
          ['Gas to enter and leave', costs.gasUsd === null ? 'Unknown' : formatUsd(costs.gasUsd)],
          ['Swap fee', formatUsd(costs.swapFeeUsd)],
          ['Price impact', formatUsd(costs.priceImpactUsd)],
          ['Impermanent loss', formatUsd(costs.impermanentLossUsd)],
        ] as [string, string][])
      : []),
    ['Break-even', breakEven],
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
          <Field
            label="Investment amount"
            suffix="USD"
            value={f.amount}
            onChange={set('amount')}
            error={errors.amount}
          />
          <Field label="APY" suffix="%" value={f.apy} onChange={set('apy')} error={errors.apy} />
          <Field
            label="Time horizon"
            suffix="months"
            value={f.months}
            onChange={set('months')}
            error={errors.months}
          />
          <Field
            label="Tax rate"
            suffix="%"
            value={f.taxRate}
            onChange={set('taxRate')}
            error={errors.taxRate}
          />
          <Field
            label="Inflation"
            suffix="% a year"
            value={f.inflation}
            onChange={set('inflation')}
            error={errors.inflation}
          />
          <div className="grid gap-1.5">
            <label htmlFor={costId} className="text-sm text-slate-300">
              Costs of
            </label>
            <select
              id={costId}
              className={selectClass}
              value={costOf}
              onChange={(e) => {
                setCostOf(e.target.value);
                const o = opportunities.find((x) => x.id === e.target.value);
                // An unknown APY leaves the field as it is: the user's figure, never a 0 standing in.
                if (o && o.apy !== null) {
                  const apy = o.apy;
                  setF((x) => ({ ...x, apy: apy.toFixed(2) }));
                }
              }}
            >
              <option value="">No opportunity chosen</option>
              {opportunities
                .filter((o) => o.entryCosts)
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name} ({o.apy === null ? 'APY unknown' : `${o.apy.toFixed(1)}%`})
                  </option>
                ))}
            </select>
          </div>
          {chosen?.entryCosts?.impermanentLoss ? (
            <Field
              label="Price move to plan for"
              suffix="± %"
              value={priceMove}
              onChange={setPriceMove}
              error={move.ok ? undefined : move.message}
            />
          ) : null}
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
          {invalid ? (
            <p role="alert" className="mb-3 text-sm text-red-300">
              Fix the highlighted inputs: the projection uses 0 for them.
            </p>
          ) : null}
          {chosen?.entryCosts ? (
            <p className="mb-3 text-xs text-slate-400">Costs: {chosen.entryCosts.basis}</p>
          ) : null}
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
