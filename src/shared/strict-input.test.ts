import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECIMAL_LIMITS, numberToPlainDecimal, parseDateTime, parseDecimal } from './strict-input';

const ok = (v: unknown, opts = {}) => {
  const r = parseDecimal(v, opts);
  return r.ok ? r.value : null;
};

describe('parseDecimal', () => {
  it('accepts plain decimals and canonicalises them', () => {
    expect(ok('12.50')).toBe('12.5');
    expect(ok(' 007 ')).toBe('7');
    expect(ok('.5')).toBe('0.5');
    expect(ok('5.')).toBe('5');
    expect(ok('0.000000000000000001')).toBe('0.000000000000000001');
    expect(ok(12.5)).toBe('12.5');
    expect(ok(1.5e-7)).toBe('0.00000015');
    expect(ok(0, { allowZero: true })).toBe('0');
    expect(ok('0.0', { allowZero: true })).toBe('0');
  });

  it('refuses other notations, signs, non-finite and out-of-bounds values', () => {
    for (const bad of [
      '0x123',
      '0b101',
      '0o7',
      '1e3',
      '1E-3',
      'Infinity',
      '-Infinity',
      'NaN',
      '+5',
      '-5',
      '1,000',
      '1 000',
      '.',
      '',
      '   ',
      '١٢',
      '1e-320',
      1e-320,
      5e-324,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      -1,
      1e16,
      1e300,
      '1000000000000000',
      '0.0000000000000000001',
      '0',
      0,
      true,
      null,
      {},
      [],
      '9'.repeat(41),
    ])
      expect(ok(bad), String(bad)).toBeNull();
  });

  it('names a reason a person can act on', () => {
    const r = parseDecimal('0x123');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(/plain decimal/);
  });

  it('round-trips any bounded plain decimal exactly', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${n}}$`));
    fc.assert(
      fc.property(
        digits(DECIMAL_LIMITS.maxIntegerDigits),
        digits(DECIMAL_LIMITS.maxFractionDigits),
        (i, f) => {
          const r = parseDecimal(`${i}.${f}`, { allowZero: true });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          // Same value as typed: compare as scaled bigints.
          const scale = (s: string) => {
            const [a, b = ''] = s.split('.');
            return BigInt(a || '0') * 10n ** 18n + BigInt((b + '0'.repeat(18)).slice(0, 18) || '0');
          };
          expect(scale(r.value)).toBe(scale(`${i}.${f}`));
          expect(r.value).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        },
      ),
    );
  });

  it('never accepts a string Number() would read differently from plain digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 45 }), (s) => {
        const r = parseDecimal(s, { allowZero: true });
        if (r.ok) {
          expect(s.trim()).toMatch(/^(\d+\.?\d*|\.\d+)$/);
          expect(Number(r.value)).toBeCloseTo(Number(s.trim()), 6);
        }
      }),
    );
  });

  it('expands any finite double exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), (d) => {
        const s = numberToPlainDecimal(d);
        expect(s).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(s)).toBe(d);
      }),
    );
  });
});

describe('parseDateTime', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  const latest = new Date(now.getTime() + 86_400_000);
  it('accepts ISO date-times with an offset in range', () => {
    expect(parseDateTime('2025-03-01T12:00:00Z', { latest })).toEqual({
      ok: true,
      value: new Date('2025-03-01T12:00:00Z'),
    });
    expect(parseDateTime('2025-03-01T12:00:00.123+02:00', { latest }).ok).toBe(true);
  });
  it('refuses year 0000, the far past and future, non-calendar dates and other formats', () => {
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '2014-12-31T23:59:59Z',
      '9999-12-31T23:59:59Z',
      '+275760-09-13T00:00:00Z',
      '2026-06-03T00:00:00Z',
      '2025-02-30T00:00:00Z',
      '2025-13-01T00:00:00Z',
      '2025-01-01T24:00:00Z',
      '2025-01-01',
      '2025-01-01T00:00:00',
      '1735689600',
      1735689600,
      null,
      '',
    ])
      expect(parseDateTime(bad, { latest }).ok, String(bad)).toBe(false);
  });
  it('never returns a date outside the range', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (d) => {
        const r = parseDateTime(d.toISOString(), { latest });
        if (r.ok) {
          expect(r.value.getTime()).toBe(d.getTime());
          expect(r.value >= new Date('2015-01-01T00:00:00Z') && r.value <= latest).toBe(true);
        }
      }),
    );
  });
});
