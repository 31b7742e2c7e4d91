import { describe, expect, it } from 'vitest';
import {
  abbreviate,
  daysUntil,
  decimalString,
  formatAgo,
  formatClock,
  formatCompactUsd,
  formatDuration,
  formatEth,
  formatHoursMinutesAgo,
  formatInteger,
  formatPct,
  formatPercent,
  formatPoolValue,
  formatRatioPercent,
  formatSupplyExp,
  formatTokenAmount,
  formatTokenSupply,
  formatUsd,
  NA,
  shortHash,
} from './format';

describe('formatUsd (2 to 6 decimals)', () => {
  it('uses 2 decimals for ordinary amounts, with separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-3.456)).toBe('-$3.46');
  });
  it('keeps up to 6 decimals for small prices', () => {
    expect(formatUsd(0.5)).toBe('$0.50');
    expect(formatUsd(0.0123)).toBe('$0.0123');
    expect(formatUsd(0.000123456)).toBe('$0.000123');
    expect(formatUsd(0.0000001)).toBe('$0.00');
  });
  it('falls back on missing values', () => {
    expect(formatUsd(null)).toBe(NA);
    expect(formatUsd(undefined)).toBe(NA);
    expect(formatUsd(Number.NaN)).toBe(NA);
    expect(formatUsd(null, '—')).toBe('—');
  });
});

describe('pool values abbreviated K/M', () => {
  it('abbreviates', () => {
    expect(abbreviate(999)).toBe('999.00');
    expect(abbreviate(1234)).toBe('1.23K');
    expect(abbreviate(2_500_000)).toBe('2.50M');
    expect(formatPoolValue(12_345)).toBe('$12.35K');
    expect(formatPoolValue(1_200_000)).toBe('$1.20M');
    expect(formatPoolValue(950)).toBe('$950.00');
    expect(formatPoolValue(null)).toBe(NA);
  });
});

describe('percent', () => {
  it('formats percents and ratios', () => {
    expect(formatPercent(2.345)).toBe('2.35%');
    expect(formatPercent(44, 0)).toBe('44%');
    expect(formatPercent(null)).toBe(NA);
    expect(formatRatioPercent(0.85)).toBe('85%');
    expect(formatRatioPercent(undefined)).toBe(NA);
  });
});

describe('supply', () => {
  it('divides by 1e18 and shows exponential form with 2 decimals', () => {
    expect(formatSupplyExp('1000000000000000000000000000')).toBe('1.00e+9');
    expect(formatSupplyExp('123456000000000000000')).toBe('1.23e+2');
    expect(formatSupplyExp(5e17)).toBe('5.00e-1');
    expect(formatSupplyExp(null)).toBe(NA);
    expect(formatSupplyExp('not a number')).toBe(NA);
  });
  it('abbreviates whole-token amounts', () => {
    expect(formatTokenAmount('1000000000000000000000000000')).toBe('1B');
    expect(formatTokenAmount('2500000000', 3)).toBe('2.5M');
    expect(formatTokenAmount(null)).toBe(NA);
  });
  it('formats integers', () => {
    expect(formatInteger(12345.4)).toBe('12,345');
    expect(formatInteger(null)).toBe(NA);
  });
});

describe('shortHash', () => {
  it('keeps the first 10 and last 8 characters', () => {
    const h = `0x${'a'.repeat(8)}${'b'.repeat(48)}${'c'.repeat(8)}`;
    expect(shortHash(h)).toBe(`0x${'a'.repeat(8)}...${'c'.repeat(8)}`);
    expect(shortHash('0x1234')).toBe('0x1234');
    expect(shortHash(null)).toBe(NA);
  });
});

describe('time formats', () => {
  const now = Date.UTC(2025, 0, 10, 12, 0, 0);
  it("formats 'Xh Ym ago' and 'Ym ago'", () => {
    expect(formatHoursMinutesAgo(now - (2 * 60 + 5) * 60_000, now)).toBe('2h 5m ago');
    expect(formatHoursMinutesAgo(now - 59 * 60_000 - 59_000, now)).toBe('59m ago');
    expect(formatHoursMinutesAgo(now + 10_000, now)).toBe('0m ago');
    expect(formatHoursMinutesAgo(null, now)).toBe(NA);
  });
  it('formats d/h/m ago by the largest unit', () => {
    expect(formatAgo(now - 3 * 86_400_000 - 5, now)).toBe('3d ago');
    expect(formatAgo(now - 5 * 3_600_000, now)).toBe('5h ago');
    expect(formatAgo(now - 42 * 60_000, now)).toBe('42m ago');
    expect(formatAgo(undefined, now)).toBe(NA);
  });
  it('formats a clock time and days until', () => {
    expect(formatClock(new Date(2025, 0, 1, 9, 5, 7).getTime())).toBe('09:05:07');
    expect(daysUntil(now + 305 * 86_400_000 + 1000, now)).toBe(305);
    expect(daysUntil(now - 1000, now)).toBe(0);
    expect(daysUntil(null, now)).toBeNull();
  });
  it('formats ETH', () => {
    expect(formatEth(1.234567)).toBe('1.2346 ETH');
    expect(formatEth(null)).toBe(NA);
  });
});

describe('issue 24 formats', () => {
  it('compact USD in K / M / B / T, never $2346.35M', () => {
    expect(formatCompactUsd(2_346_350_000)).toBe('$2.35B');
    expect(formatPoolValue(2_346_350_000)).toBe('$2.35B');
    expect(formatCompactUsd(8_900)).toBe('$8.90K');
    expect(formatCompactUsd(999_999)).toBe('$1.00M');
    expect(formatCompactUsd(1.5e12)).toBe('$1.50T');
    expect(formatCompactUsd(-12_345)).toBe('-$12.35K');
    expect(formatCompactUsd(950)).toBe('$950.00');
    expect(formatCompactUsd(null)).toBe(NA);
  });

  it('durations in the largest sensible unit', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(12 * 60 + 5)).toBe('12 min');
    expect(formatDuration(5 * 3600 + 3 * 60)).toBe('5 h 3 min');
    expect(formatDuration(3 * 86_400 + 7)).toBe('3 days');
    expect(formatDuration(86_400)).toBe('1 day');
    expect(formatDuration(730 * 3600 + 6 * 60)).toBe('30 days');
    expect(formatDuration(305 * 86_400)).toBe('10 months');
    expect(formatDuration(3 * 365.25 * 86_400)).toBe('3 years');
    expect(formatDuration(Number.NaN)).toBe(NA);
  });

  it("'last active' beyond two days reads in days or months, not 730h 6m", () => {
    const now = 1_750_000_000_000;
    expect(formatHoursMinutesAgo(now - (730 * 60 + 6) * 60_000, now)).toBe('30 days ago');
    expect(formatHoursMinutesAgo(now - 47 * 3_600_000, now)).toBe('47h 0m ago');
  });

  it('percentages rounded for display, no float noise', () => {
    expect(formatPct(55.00000000000001)).toBe('55%');
    expect(formatPct(0.1 + 0.2)).toBe('0.3%');
    expect(formatPct(2.345)).toBe('2.35%');
    expect(formatPct(-9.3333, 1)).toBe('-9.3%');
    expect(formatPct(-0.0001)).toBe('0%');
    expect(formatPct(12_345.6, 1)).toBe('12,345.6%');
    expect(formatPct(undefined)).toBe(NA);
  });

  it('supplies with their own decimals (a 6-decimal USDC supply is not 1.17e-5)', () => {
    expect(formatTokenSupply('11700000000000', 6)).toBe('11.70M');
    expect(formatTokenSupply('1000000000000000000000000000', 18)).toBe('1.00B');
    expect(formatTokenSupply('999500000', 6)).toBe('999.5');
    expect(formatTokenSupply('123456789', 0)).toBe('123.46M');
    expect(formatTokenSupply('12345', 2)).toBe('123.45');
    expect(formatTokenSupply('100', 18)).toBe('<0.0001');
    expect(formatTokenSupply('1000', null)).toBe(NA);
    expect(formatTokenSupply('1e5', 6)).toBe(NA);
  });

  it('CSV numbers as decimal strings without float noise or exponents', () => {
    expect(decimalString(2.4999999999999996)).toBe('2.5');
    expect(decimalString(0.1 + 0.2)).toBe('0.3');
    expect(decimalString(1e-7)).toBe('0.0000001');
    expect(decimalString(1.5e-10)).toBe('0.00000000015');
    expect(decimalString(1e21)).toBe('1000000000000000000000');
    expect(decimalString(-1234.5)).toBe('-1234.5');
    expect(decimalString(0)).toBe('0');
    expect(decimalString(Number.POSITIVE_INFINITY)).toBe('');
    expect(decimalString(null)).toBe('');
  });
});
