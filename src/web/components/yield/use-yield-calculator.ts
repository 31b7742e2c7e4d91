/**
 * The calculator's state (the typed inputs, risk, compounding, the opportunity whose costs count and
 * the price move planned for) and the projection computed from it with the server's own formulas.
 */
import {
  CALCULATOR_DEFAULTS,
  CALCULATOR_PRESET,
  CALCULATOR_RESET,
  type Compounding,
  calculateYield,
  checkAmountInput,
  entryCostUsd,
  projectedApy,
  type RiskProfile,
  type YieldOpportunity,
} from '@shared/yield';
import { depositOutcome } from '@shared/yield-outcome';
import { useState } from 'react';
import { asFields, type Fields, parseFields } from './calculator-fields';

export function useYieldCalculator(opportunities: readonly YieldOpportunity[]) {
  const d = CALCULATOR_DEFAULTS;
  const [fields, setFields] = useState<Fields>({
    ...asFields(d),
    taxRate: String(d.taxRate),
    inflation: String(d.inflation),
  });
  const [risk, setRisk] = useState<RiskProfile>(d.risk);
  const [compounding, setCompounding] = useState<Compounding>(d.compounding);
  const [costOf, setCostOf] = useState('');
  const [priceMove, setPriceMove] = useState('20');

  const { values: v, errors } = parseFields(fields);
  const move = checkAmountInput('Price move', priceMove, 99);
  const chosen = opportunities.find((o) => o.id === costOf && o.entryCosts);
  const costs = chosen?.entryCosts
    ? entryCostUsd(chosen.entryCosts, v.amount, move.ok ? move.value : 0)
    : null;
  // A chosen opportunity prices the deposit itself: its APY once the amount has diluted the pool,
  // and both swaps' impact, the fees and the gas (yield-outcome.ts) — never today's rate alone.
  const outcome = chosen?.entryCosts
    ? depositOutcome({
        amountUsd: v.amount,
        apy: v.apy,
        tvlUsd: chosen.tvl,
        costs: chosen.entryCosts,
        months: v.months,
        priceMovePct: move.ok ? move.value : 0,
      })
    : null;
  const costsUsd =
    outcome === null
      ? 0
      : outcome.gasUsd === null
        ? null
        : outcome.entryImpactUsd +
          outcome.exitImpactUsd +
          outcome.swapFeeUsd +
          outcome.impermanentLossUsd +
          outcome.gasUsd;
  const result = calculateYield({
    amount: v.amount,
    apy: chosen ? projectedApy(v.apy, chosen.tvl, v.amount) : v.apy,
    months: v.months,
    taxRate: v.taxRate,
    inflation: v.inflation,
    risk,
    compounding,
    costsUsd,
  });
  /** Net profit after tax minus every cost of entering and leaving; null when a cost is unknown. */
  const netAfterCosts = costsUsd === null ? null : result.netProfit - costsUsd;

  /** Preset and Reset set the spec's §9 values of amount, APY, horizon and risk. */
  const apply = (preset: typeof CALCULATOR_PRESET | typeof CALCULATOR_RESET) => {
    setFields((x) => ({ ...x, ...asFields(preset) }));
    setRisk(preset.risk);
  };
  const chooseCostsOf = (id: string) => {
    setCostOf(id);
    const o = opportunities.find((x) => x.id === id);
    // An unknown APY leaves the field as it is: the user's figure, never a 0 standing in.
    if (o && o.apy !== null) {
      const apy = o.apy;
      setFields((x) => ({ ...x, apy: apy.toFixed(2) }));
    }
  };

  return {
    fields,
    setField: (k: keyof Fields) => (value: string) => setFields((x) => ({ ...x, [k]: value })),
    errors,
    risk,
    setRisk,
    compounding,
    setCompounding,
    costOf,
    chooseCostsOf,
    priceMove,
    setPriceMove,
    move,
    chosen,
    costs,
    outcome,
    costsUsd,
    netAfterCosts,
    result,
    invalid: Object.keys(errors).length > 0 || !move.ok,
    preset: () => apply(CALCULATOR_PRESET),
    reset: () => apply(CALCULATOR_RESET),
  };
}

export type YieldCalculatorState = ReturnType<typeof useYieldCalculator>;
