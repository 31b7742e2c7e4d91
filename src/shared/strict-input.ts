/**
 * Strict parsing of the numbers and dates people type (shared by the API and the browser).
 *
 * Decimals: plain decimal notation only — digits with an optional fraction (`12`, `12.5`, `0.001`,
 * `.5`, `5.`), optional surrounding whitespace. Refused: hex/binary/octal (`0x1f`, `0b101`,
 * `0o7`), exponents (`1e3`), `Infinity`/`NaN`, a leading `+`, thousands separators, and a minus
 * sign (every decimal we take is an amount or a price, never negative). `Number("0x123")` is 291,
 * which is how "0x123" used to be stored as a price; we never call `Number` on the raw text.
 * A JSON number is accepted when it is finite: JavaScript may print it with an exponent (1e-7),
 * so it is expanded to plain digits exactly (no float noise), then held to the same bounds.
 * Bounds: at most `maxIntegerDigits` digits before the point (magnitude) and `maxFractionDigits`
 * after it (precision, which also refuses subnormals like 1e-320: 320 places); nothing is rounded.
 *
 * Dates: ISO 8601 date-time with an offset, within a range (year 0000 never reaches Postgres).
 */

export const DECIMAL_LIMITS = {
  /** Up to 1e15 − 1: more than any price, quantity or USD amount we handle. */
  maxIntegerDigits: 15,
  /** 18 places: a token price of 1e-18 USD is still representable. */
  maxFractionDigits: 18,
  maxInputLength: 40,
} as const;

export type DecimalOptions = {
  allowZero?: boolean;
  maxIntegerDigits?: number;
  maxFractionDigits?: number;
};

export type DecimalParse = { ok: true; value: string } | { ok: false; reason: string };

export const PLAIN_DECIMAL_REASON =
  'must be a number in plain decimal notation, like 12.5 (no 0x, exponent or sign)';

const PLAIN_RE = /^(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/** Exact plain-decimal digits of a finite JS number, e.g. 1.5e-7 → "0.00000015". */
export function numberToPlainDecimal(n: number): string {
  const s = String(Math.abs(n));
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = `${m[1]}${m[2] ?? ''}`;
  const point = (m[1]?.length ?? 0) + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${digits}${'0'.repeat(point - digits.length)}`;
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Parse a non-negative decimal; the value is canonical text (no leading/trailing zeros). */
export function parseDecimal(v: unknown, opts: DecimalOptions = {}): DecimalParse {
  const maxInt = opts.maxIntegerDigits ?? DECIMAL_LIMITS.maxIntegerDigits;
  const maxFrac = opts.maxFractionDigits ?? DECIMAL_LIMITS.maxFractionDigits;
  let text: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return { ok: false, reason: 'must be a finite number' };
    if (v < 0 || Object.is(v, -0)) return { ok: false, reason: negativeReason(opts) };
    text = numberToPlainDecimal(v);
  } else if (typeof v === 'string') {
    if (v.length > DECIMAL_LIMITS.maxInputLength)
      return { ok: false, reason: `must be at most ${DECIMAL_LIMITS.maxInputLength} characters` };
    text = v.trim();
    if (text === '') return { ok: false, reason: 'is required' };
    if (text.startsWith('-')) return { ok: false, reason: negativeReason(opts) };
  } else {
    return { ok: false, reason: 'must be a number' };
  }
  const m = PLAIN_RE.exec(text);
  if (!m) return { ok: false, reason: PLAIN_DECIMAL_REASON };
  const intPart = (m[1] ?? '').replace(/^0+/, '');
  const fracPart = (m[2] ?? m[3] ?? '').replace(/0+$/, '');
  if (intPart.length > maxInt) return { ok: false, reason: `must be less than 1e${maxInt}` };
  if (fracPart.length > maxFrac) return { ok: false, reason: `must have at most ${maxFrac} decimal places` };
  const value = fracPart ? `${intPart || '0'}.${fracPart}` : intPart || '0';
  if (value === '0' && !opts.allowZero) return { ok: false, reason: 'must be greater than 0' };
  return { ok: true, value };
}

function negativeReason(opts: DecimalOptions): string {
  return opts.allowZero ? 'must be zero or more' : 'must be greater than 0';
}

/** Trades, calls and games happen on chains that exist: nothing before 2015-01-01. */
export const EARLIEST_DATE = new Date('2015-01-01T00:00:00Z');
/** Clock skew allowance for "not in the future". */
export const LATEST_DATE_SLACK_MS = 24 * 3600_000;

const ISO_DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

export type DateParse = { ok: true; value: Date } | { ok: false; reason: string };

/**
 * An ISO 8601 date-time with an offset (`2025-03-01T12:00:00Z`, `…+02:00`) between `earliest` and
 * `latest`; calendar-checked (no 2025-02-30).
 */
export function parseDateTime(v: unknown, range: { earliest?: Date; latest?: Date } = {}): DateParse {
  const earliest = range.earliest ?? EARLIEST_DATE;
  const latest = range.latest ?? new Date(Date.now() + LATEST_DATE_SLACK_MS);
  if (typeof v !== 'string' || v.length > 40) return { ok: false, reason: 'must be an ISO 8601 date-time' };
  const m = ISO_DATETIME_RE.exec(v.trim());
  if (!m)
    return { ok: false, reason: 'must be an ISO 8601 date-time with a time zone, like 2025-03-01T12:00:00Z' };
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as number[];
  const calendar = new Date(Date.UTC(y as number, (mo as number) - 1, d as number));
  if (
    (mo as number) < 1 ||
    (mo as number) > 12 ||
    calendar.getUTCDate() !== d ||
    (h as number) > 23 ||
    (mi as number) > 59 ||
    (s as number) > 59
  )
    return { ok: false, reason: 'is not a real calendar date and time' };
  const date = new Date(v.trim());
  if (Number.isNaN(date.getTime())) return { ok: false, reason: 'must be an ISO 8601 date-time' };
  if (date < earliest)
    return { ok: false, reason: `must not be before ${earliest.toISOString().slice(0, 10)}` };
  if (date > latest) return { ok: false, reason: 'must not be in the future' };
  return { ok: true, value: date };
}
