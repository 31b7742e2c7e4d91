import { whatsabi } from '@shazow/whatsabi';
import type { Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { MintableToken, SwapRouter02 } from '../../localchain/artifacts/generated';
import { selectorsOf } from './selectors-memo';

describe('selectorsOf', () => {
  it('gives whatsabi’s selectors, lowercased, and the cached list on the next call', () => {
    for (const art of [SwapRouter02, MintableToken]) {
      const code = art.deployedBytecode as Hex;
      const first = selectorsOf(code);
      expect(first).toEqual(whatsabi.selectorsFromBytecode(code).map((s) => s.toLowerCase()));
      expect(first.length).toBeGreaterThan(5);
      expect(selectorsOf(code)).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
    }
  });
});
