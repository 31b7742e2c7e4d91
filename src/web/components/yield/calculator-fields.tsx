/**
 * The calculator's inputs as typed (strings, so a half-typed "-" or "" stays as the user left it),
 * how they are read into numbers, and the labelled number and select fields of its form.
 */
import { checkAmountInput } from '@shared/yield';
import { type ReactNode, useId } from 'react';
import { Input } from '../ui/input';

export type Fields = { amount: string; apy: string; months: string; taxRate: string; inflation: string };
export type FieldErrors = Partial<Record<keyof Fields, string>>;

export const asFields = (v: { amount: number; apy: number; months: number }) => ({
  amount: String(v.amount),
  apy: String(v.apy),
  months: String(v.months),
});

/** Fields that cannot be negative (APY and inflation may be: a loss, deflation). */
const NON_NEGATIVE: readonly (keyof Fields)[] = ['amount', 'months', 'taxRate'];
/** Each number field's label (also the name in its error message) and unit, in form order. */
export const NUMBER_FIELDS: readonly { key: keyof Fields; label: string; suffix: string }[] = [
  { key: 'amount', label: 'Investment amount', suffix: 'USD' },
  { key: 'apy', label: 'APY', suffix: '%' },
  { key: 'months', label: 'Time horizon', suffix: 'months' },
  { key: 'taxRate', label: 'Tax rate', suffix: '%' },
  { key: 'inflation', label: 'Inflation', suffix: '% a year' },
];

/** Empty counts as 0 (spec §5); a refused field counts as 0 too, with its message. */
export function parseFields(f: Fields): { values: Record<keyof Fields, number>; errors: FieldErrors } {
  const values = {} as Record<keyof Fields, number>;
  const errors: FieldErrors = {};
  for (const { key: k, label } of NUMBER_FIELDS) {
    const raw = f[k].trim();
    const signed = !NON_NEGATIVE.includes(k) && raw.startsWith('-');
    const r = checkAmountInput(label, signed ? raw.slice(1) : raw);
    if (r.ok) values[k] = signed ? -r.value : r.value;
    else {
      values[k] = 0;
      errors[k] = r.message;
    }
  }
  return { values, errors };
}

const selectClass =
  'h-10 w-full rounded-lg border border-white/10 bg-ink-950/80 px-3 text-sm text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500/40';

export function Field({
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

export function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-300">
        {label}
      </label>
      <select id={id} className={selectClass} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}
