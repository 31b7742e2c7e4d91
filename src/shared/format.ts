/**
 * Display formats shared by the pages (spec §9 "Formats" and the time formats of §2). Pure
 * functions, no I/O; every function accepts null/undefined/non-finite input and returns the 'N/A'
 * fallback (or the given one) rather than 'NaN'.
 */

export const NA = 'N/A';

type Num = number | null | undefined;

const isNum = (n: Num): n is number => typeof n === 'number' && Number.isFinite(n);

/**
 * USD with 2 to 6 decimals (spec §9): large values get 2, small prices keep up to 6 significant
 * fraction digits so $0.000123 is not shown as $0.00. Thousands separators, en-US.
 */
export function formatUsd(value: Num, fallback = NA): string {
  if (!isNum(value)) return fallback;
  const abs = Math.abs(value);
  // Small values: enough decimals to show ~4 significant digits, capped at 6.
  let max = 2;
  if (abs > 0 && abs < 1) max = Math.min(6, Math.max(2, Math.ceil(-Math.log10(abs)) + 3));
  const s = abs.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: max });
  return `${value < 0 ? '-' : ''}$${s}`;
}

/** A number abbreviated with K (1e3) and M (1e6), e.g. 1234 → '1.23K', 2_500_000 → '2.50M'. */
export function abbreviate(value: number, digits = 2): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e6) return `${sign}${(abs / 1e6).toFixed(digits)}M`;
  if (abs >= 1e3) return `${sign}${(abs / 1e3).toFixed(digits)}K`;
  return `${sign}${abs.toFixed(digits)}`;
}

/** Pool value in dollars abbreviated with K/M (spec §9): '$12.35K', '$1.20M', '$950.00'. */
export function formatPoolValue(value: Num, fallback = NA): string {
  if (!isNum(value)) return fallback;
  return `${value < 0 ? '-' : ''}$${abbreviate(Math.abs(value))}`;
}

/** Percent with the given decimals: 2.345 → '2.35%'. Values are already percents (not 0–1). */
export function formatPercent(value: Num, digits = 2, fallback = NA): string {
  if (!isNum(value)) return fallback;
  return `${value.toFixed(digits)}%`;
}

/** A 0–1 ratio as a percent: 0.85 → '85%'. */
export function formatRatioPercent(value: Num, digits = 0, fallback = NA): string {
  if (!isNum(value)) return fallback;
  return formatPercent(value * 100, digits, fallback);
}

/** Whole number with thousands separators: 12345 → '12,345'. */
export function formatInteger(value: Num, fallback = NA): string {
  if (!isNum(value)) return fallback;
  return Math.round(value).toLocaleString('en-US');
}

/**
 * Total supply as on the analysis page (spec §2): base units ÷ 1e18 in exponential form with two
 * decimals, e.g. '1000000000000000000000000000' → '1.00e+9'. Accepts a decimal string (the API's
 * shape, may exceed 2^53) or a number.
 */
export function formatSupplyExp(raw: string | number | null | undefined, fallback = NA): string {
  if (raw === null || raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(n)) return fallback;
  return (n / 1e18).toExponential(2);
}

/** Supply in whole tokens (base units ÷ 10^decimals) abbreviated: '1B', '2.5M', '12.3K'. */
export function formatTokenAmount(raw: string | null | undefined, decimals = 18, fallback = NA): string {
  if (raw === null || raw === undefined || raw === '') return fallback;
  const n = Number(raw) / 10 ** decimals;
  if (!Number.isFinite(n)) return fallback;
  const abs = Math.abs(n);
  const trim = (x: number) => String(Number(x.toFixed(2)));
  if (abs >= 1e9) return `${trim(n / 1e9)}B`;
  if (abs >= 1e6) return `${trim(n / 1e6)}M`;
  if (abs >= 1e3) return `${trim(n / 1e3)}K`;
  return trim(n);
}

/** Transaction hash shortened to its first 10 and last 8 characters (spec §2): '0x12345678...9abcdef0'. */
export function shortHash(hash: string | null | undefined, fallback = NA): string {
  if (!hash) return fallback;
  if (hash.length <= 18) return hash;
  return `${hash.slice(0, 10)}...${hash.slice(-8)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Whale tracker's 'last active' (spec §2): 'Xh Ym ago' from an hour up, else 'Ym ago'. Input in ms
 * epoch; `now` is injectable for tests. Future times count as 0.
 */
export function formatHoursMinutesAgo(ms: Num, now = Date.now(), fallback = NA): string {
  if (!isNum(ms)) return fallback;
  const diff = Math.max(0, now - ms);
  const h = Math.floor(diff / HOUR);
  const m = Math.floor((diff % HOUR) / MINUTE);
  return h > 0 ? `${h}h ${m}m ago` : `${m}m ago`;
}

/** Security alerts' age (spec §2): 'Nd ago', 'Nh ago' or 'Nm ago' by the largest whole unit. */
export function formatAgo(ms: Num, now = Date.now(), fallback = NA): string {
  if (!isNum(ms)) return fallback;
  const diff = Math.max(0, now - ms);
  if (diff >= DAY) return `${Math.floor(diff / DAY)}d ago`;
  if (diff >= HOUR) return `${Math.floor(diff / HOUR)}h ago`;
  return `${Math.floor(diff / MINUTE)}m ago`;
}

/** Local wall-clock time 'HH:MM:SS' (24 h), e.g. for 'Updated 14:03:07'. */
export function formatClock(ms: Num, fallback = NA): string {
  if (!isNum(ms)) return fallback;
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** Unix seconds → local date 'YYYY-MM-DD HH:MM'. */
export function formatDateTimeSeconds(seconds: Num, fallback = NA): string {
  if (!isNum(seconds)) return fallback;
  const d = new Date(seconds * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** ETH value with up to 4 decimals: 1.23456 → '1.2346 ETH'. */
export function formatEth(value: Num, fallback = NA): string {
  if (!isNum(value)) return fallback;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })} ETH`;
}

/** Days until (positive) a ms epoch, rounded down; null when unknown or already past. */
export function daysUntil(ms: Num, now = Date.now()): number | null {
  if (!isNum(ms)) return null;
  const diff = ms - now;
  return diff > 0 ? Math.floor(diff / DAY) : 0;
}
