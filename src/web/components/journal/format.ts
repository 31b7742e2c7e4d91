/** Display helpers for the journal (spec §9 formats: USD 2–6 decimals, win rate 1 decimal, …). */
import { formatUsd } from '@shared/format';

/** Signed USD: '+$12.50', '-$3.10', '$0.00'. */
export function formatSignedUsd(v: number | null | undefined): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'N/A';
  const s = formatUsd(v);
  return v > 0 ? `+${s}` : s;
}

export function formatSignedPercent(v: number | null | undefined, digits = 2): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return 'N/A';
  return `${v > 0 ? '+' : ''}${v.toFixed(digits)}%`;
}

/**
 * A rate or an average over `count` items, or a dash when there is none: the stats answer 0 for a
 * win rate with nothing closed and an average over no calls, which is no figure, not 0%.
 */
export function overSome(count: number, v: number, show: (v: number) => string): string {
  return count > 0 ? show(v) : '—';
}

/** Quantities: thousands separators, up to 6 decimals. */
export function formatQuantity(v: number): string {
  return v.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

export function pnlClass(v: number | null | undefined): string {
  if (typeof v !== 'number' || v === 0) return 'text-slate-200';
  return v > 0 ? 'text-emerald-400' : 'text-red-400';
}

/** ISO date-time → local 'YYYY-MM-DD'. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'N/A';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
