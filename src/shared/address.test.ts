import fc from 'fast-check';
import { checksumAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { ADDRESS_CHECKSUM_REASON, checkAddress, parseAddress, shortAddress } from './address';

const hex40 = fc.stringMatching(/^[0-9a-fA-F]{40}$/);

describe('parseAddress', () => {
  it('accepts 0x + 40 hex in one case, or EIP-55 checksummed, and lowercases it', () => {
    fc.assert(
      fc.property(hex40, (h) => {
        const lower = h.toLowerCase();
        expect(parseAddress(`0x${lower}`)).toBe(`0x${lower}`);
        expect(parseAddress(`0x${h.toUpperCase()}`)).toBe(`0x${lower}`);
        expect(parseAddress(checksumAddress(`0x${lower}`))).toBe(`0x${lower}`);
      }),
    );
  });

  it('refuses a mixed-case address whose checksum is wrong, saying so', () => {
    const good = checksumAddress('0x52908400098527886e0f7030069857d2e4169ee7');
    expect(good).toBe('0x52908400098527886E0F7030069857D2E4169EE7');
    // Flip the case of one letter.
    const bad = good.replace('E0F', 'e0F');
    expect(parseAddress(bad)).toBeNull();
    expect(checkAddress(bad)).toEqual({ ok: false, reason: ADDRESS_CHECKSUM_REASON });
    fc.assert(
      fc.property(hex40, (h) => {
        const mixed = h !== h.toLowerCase() && h !== h.toUpperCase();
        const r = checkAddress(`0x${h}`);
        if (mixed) expect(r.ok).toBe(checksumAddress(`0x${h.toLowerCase()}`) === `0x${h}`);
        else expect(r.ok).toBe(true);
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
