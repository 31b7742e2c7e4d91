/**
 * The yield Calculator tab (spec §9), on the same pure formulas the server uses (shared/yield.ts):
 * compounding daily/weekly/monthly, tax, inflation, risk multipliers 0.85/1/1.15; effective APY by
 * the compounding formula; break-even from the real costs of entering and leaving a chosen
 * opportunity (gas at the current gas price, swap fee and price impact, impermanent loss for the
 * price move the user picks). Preset and Reset set their §9 values. Empty inputs count as 0 (spec
 * §5); negative or non-numeric inputs are refused with a message.
 */
import {
  COMPOUNDING,
  type Compounding,
  RISK_MULTIPLIERS,
  RISK_PROFILES,
  type RiskProfile,
  type YieldOpportunity,
} from '@shared/yield';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Field, NUMBER_FIELDS, SelectField } from './calculator-fields';
import { ProjectionCard } from './calculator-projection';
import { useYieldCalculator, type YieldCalculatorState } from './use-yield-calculator';

export function YieldCalculator({ opportunities = [] }: { opportunities?: readonly YieldOpportunity[] }) {
  const calc = useYieldCalculator(opportunities);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>Inputs</CardTitle>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={calc.preset}>
              Preset
            </Button>
            <Button variant="ghost" size="sm" onClick={calc.reset}>
              Reset
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {NUMBER_FIELDS.map(({ key, label, suffix }) => (
            <Field
              key={key}
              label={label}
              suffix={suffix}
              value={calc.fields[key]}
              onChange={calc.setField(key)}
              error={calc.errors[key]}
            />
          ))}
          <CostChoice calc={calc} opportunities={opportunities} />
          <SelectField label="Risk" value={calc.risk} onChange={(v) => calc.setRisk(v as RiskProfile)}>
            {RISK_PROFILES.map((p) => (
              <option key={p} value={p}>
                {p[0]?.toUpperCase()}
                {p.slice(1)} (×{RISK_MULTIPLIERS[p]})
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Compounding"
            value={calc.compounding}
            onChange={(v) => calc.setCompounding(v as Compounding)}
          >
            {COMPOUNDING.map((c) => (
              <option key={c} value={c}>
                {c[0]?.toUpperCase()}
                {c.slice(1)}
              </option>
            ))}
          </SelectField>
        </CardContent>
      </Card>
      <ProjectionCard calc={calc} />
    </div>
  );
}

/** Whose entry and exit costs count, and for one with impermanent loss, the price move planned for. */
function CostChoice({
  calc,
  opportunities,
}: {
  calc: YieldCalculatorState;
  opportunities: readonly YieldOpportunity[];
}) {
  return (
    <>
      <SelectField label="Costs of" value={calc.costOf} onChange={calc.chooseCostsOf}>
        <option value="">No opportunity chosen</option>
        {opportunities
          .filter((o) => o.entryCosts)
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.name} ({o.apy === null ? 'APY unknown' : `${o.apy.toFixed(1)}%`})
            </option>
          ))}
      </SelectField>
      {calc.chosen?.entryCosts?.impermanentLoss ? (
        <Field
          label="Price move to plan for"
          suffix="± %"
          value={calc.priceMove}
          onChange={calc.setPriceMove}
          error={calc.move.ok ? undefined : calc.move.message}
        />
      ) : null}
    </>
  );
}
