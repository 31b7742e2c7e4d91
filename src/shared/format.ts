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

/**
 * A number abbreviated with K (1e3), M (1e6), B (1e9) and T (1e12), e.g. 1234 → '1.23K',
 * 2_500_000 → '2.50M', 2_346_350_000 → '2.35B' (never '2346.35M'). A value that rounds up to the
 * next unit takes it (999_999 → '1.00M').
 */
export function abbreviate(value: number, digits = 2): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const units = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ] as const;
  // The largest unit the value reaches, or the one it reaches once rounded in the unit below
  // (999_999 would read '1000.00K': it is '1.00M').
  for (const [size, unit] of units) {
    if (abs >= size || Number((abs / (size / 1000)).toFixed(digits)) >= 1000)
      return `${sign}${(abs / size).toFixed(digits)}${unit}`;
  }
  return `${sign}${abs.toFixed(digits)}`;
}

/** Compact USD: '$2.35B', '$12.35K', '$950.00' (same units as `abbreviate`). */
export function formatCompactUsd(value: Num, fallback = NA): string {
  if (!isNum(value)) return fallback;
  return `${value < 0 ? '-' : ''}$${abbreviate(Math.abs(value))}`;
}

/**
 * A percentage for display, rounded to at most `maxDigits` decimals with trailing zeros dropped:
 * 55.00000000000001 → '55%', 2.345 → '2.35%', 0.1 + 0.2 → '0.3%'. Values are already percents.
 */
export function formatPct(value: Num, maxDigits = 2, fallback = NA): string {
  if (!isNum(value)) return fallback;
  const r = Number(value.toFixed(maxDigits));
  return `${(Object.is(r, -0) ? 0 : r).toLocaleString('en-US', { maximumFractionDigits: maxDigits })}%`;
}

/**
 * A duration in the largest sensible unit: '45 s', '12 min', '5 h 3 min', '3 days', '2 months',
 * '1.5 years' — never '730h 6m'. Input in seconds; negative counts as 0.
 */
export function formatDuration(seconds: Num, fallback = NA): string {
  if (!isNum(seconds)) return fallback;
  const s = Math.max(0, seconds);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (s < 60) return `${Math.floor(s)} s`;
  if (s < 3_600) return `${Math.floor(s / 60)} min`;
  if (s < 86_400) {
    const h = Math.floor(s / 3_600);
    const m = Math.floor((s % 3_600) / 60);
    return m > 0 ? `${h} h ${m} min` : `${h} h`;
  }
  const days = s / 86_400;
  if (days < 60) return plural(Math.floor(days), 'day');
  if (days < 730) return plural(Math.floor(days / 30.44), 'month');
  return `${Number((days / 365.25).toFixed(1))} years`;
}

/**
 * A number as a plain decimal string for CSV and other machine-read text: at most 15 significant
 * digits (so float noise like 2.4999999999999996 reads 2.5), never an exponent (1e-7 → '0.0000001',
 * 1e21 → '1000000000000000000000'), '' for a missing or non-finite value.
 */
export function decimalString(value: Num, significant = 15): string {
  if (!isNum(value)) return '';
  if (value === 0) return '0';
  const p = Number(value.toPrecision(significant));
  const s = String(p);
  if (!/e/i.test(s)) return s;
  // Shortest exact digits and the exponent, written out positionally.
  const [mantissa = '', exponent = '0'] = p.toExponential().split('e');
  const exp = Number(exponent);
  const sign = mantissa.startsWith('-') ? '-' : '';
  const digits = mantissa.replace('-', '').replace('.', '');
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  if (digits.length <= exp + 1) return `${sign}${digits}${'0'.repeat(exp + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
}

/**
 * A token amount in base units as whole tokens with its decimals applied, exactly (bigint), grouped
 * and compacted from a million: ('1170000000000', 6) → '1.17M', ('999500000', 6) → '999.5'. A 6-decimal
 * USDC supply is never read as an 18-decimal one.
 */
export function formatTokenSupply(
  raw: string | null | undefined,
  decimals: number | null | undefined,
  fallback = NA,
): string {
  if (
    raw === null ||
    raw === undefined ||
    !/^-?\d+$/.test(raw) ||
    decimals === null ||
    decimals === undefined
  )
    return fallback;
  const d = Math.max(0, Math.floor(decimals));
  const v = BigInt(raw);
  const base = 10n ** BigInt(d);
  const whole = v / base;
  if (whole >= 1_000_000n || whole <= -1_000_000n)
    return abbreviate(Number(whole) + Number(v % base) / Number(base));
  const rest = (v < 0n ? -v : v) % base;
  const frac = d === 0 ? '' : rest.toString().padStart(d, '0').slice(0, 4).replace(/0+$/, '');
  if (whole === 0n && rest > 0n && !frac) return `${v < 0n ? '>-' : '<'}0.0001`;
  return `${v < 0n && whole === 0n ? '-' : ''}${whole.toLocaleString('en-US')}${frac ? `.${frac}` : ''}`;
}

/** Pool value in dollars abbreviated with K/M (spec §9), B and T beyond: '$12.35K', '$1.20M', '$2.35B'. */
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
 * Whale tracker's 'last active' (spec §2): 'Xh Ym ago' from an hour up, else 'Ym ago' — up to two
 * days; beyond that the largest sensible unit ('30 days ago', '2 months ago', never '730h 6m ago').
 * Input in ms epoch; `now` is injectable for tests. Future times count as 0.
 */
export function formatHoursMinutesAgo(ms: Num, now = Date.now(), fallback = NA): string {
  if (!isNum(ms)) return fallback;
  const diff = Math.max(0, now - ms);
  if (diff >= 2 * DAY) return `${formatDuration(diff / 1000)} ago`;
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
