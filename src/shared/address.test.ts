import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAddress, shortAddress } from './address';

const hex40 = fc.stringMatching(/^[0-9a-fA-F]{40}$/);

describe('parseAddress', () => {
  it('accepts 0x + 40 hex in any case and lowercases it', () => {
    fc.assert(
      fc.property(hex40, (h) => {
        expect(parseAddress(`0x${h}`)).toBe(`0x${h.toLowerCase()}`);
      }),
    );
  });

  it('trims surrounding whitespace', () => {
    expect(parseAddress('  0x4200000000000000000000000000000000000006\n')).toBe(
      '0x4200000000000000000000000000000000000006',
    );
  });

  it('rejects anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 120 }), (s) => {
        const r = parseAddress(s);
        if (r !== null) expect(r).toMatch(/^0x[0-9a-f]{40}$/);
      }),
    );
    for (const bad of [
      '',
      '0x',
      '0x123',
      `0x${'g'.repeat(40)}`,
      `0x${'a'.repeat(41)}`,
      `${'a'.repeat(42)}`,
      null,
      42,
      {},
      `0x${'a'.repeat(40)}${' '.repeat(100)}`,
    ]) {
      expect(parseAddress(bad)).toBeNull();
    }
  });

  it('shortens for display', () => {
    expect(shortAddress('0x4200000000000000000000000000000000000006')).toBe('0x4200…0006');
  });
});
