import { describe, expect, it } from 'vitest';
import type { LadderRung } from '../../../shared/uniswap-v4-hook';
import { probeLadder, referenceRung } from './probe-sizes';

const E = 10n ** 18n;
/** A rung of `eth` quote units whose buy and sell pass (or the sell reverts: `sells` false). */
const rung = (amountIn: bigint, sells = true, buys = true): LadderRung => ({
  amountIn,
  buyOut: buys ? amountIn * 990n : null,
  sellIn: amountIn * 1000n,
  sellOut: sells ? (amountIn * 99n) / 100n : null,
  spotOut: amountIn * 1000n,
  spotBack: amountIn,
});

describe('probeLadder', () => {
  it('spans seven decades of the depth as read, smallest first, the typical rung a thousandth', () => {
    const l = probeLadder(150n * E);
    expect(l?.amounts).toEqual([
      15n * 10n ** 12n,
      15n * 10n ** 13n,
      15n * 10n ** 14n,
      15n * 10n ** 15n,
      15n * 10n ** 16n,
      15n * 10n ** 17n,
      15n * E,
    ]);
    expect(l?.amounts[l.typical]).toBe((150n * E) / 1000n);
  });

  it('drops rungs that round to nothing; a pool too small for the typical rung uses its largest', () => {
    expect(probeLadder(0n)).toBeNull();
    const tiny = probeLadder(500n);
    expect(tiny?.amounts).toEqual([5n, 50n]);
    expect(tiny?.typical).toBe(1);
    const small = probeLadder(50_000n);
    expect(small?.amounts).toEqual([5n, 50n, 500n, 5_000n]);
    expect(small?.amounts[small.typical]).toBe(50n);
  });
});

describe('referenceRung', () => {
  const sizes = [1n, 10n, 100n, 1000n, 10_000n].map((x) => x * 10n ** 12n);
  it('the typical rung when its round trip passes', () => {
    expect(
      referenceRung(
        sizes.map((s) => rung(s)),
        3,
      ),
    ).toBe(3);
  });

  it('a pool shallower than it reads: the nearest smaller size that sells', () => {
    const rs = sizes.map((s, i) => rung(s, i <= 1));
    expect(referenceRung(rs, 3)).toBe(1);
  });

  it('a pool that pays only larger trades: the nearest larger size that sells', () => {
    const rs = sizes.map((s, i) => rung(s, i >= 4));
    expect(referenceRung(rs, 2)).toBe(4);
  });

  it('nothing sells: the typical rung, whose failure is the evidence', () => {
    expect(
      referenceRung(
        sizes.map((s) => rung(s, false)),
        3,
      ),
    ).toBe(3);
    expect(referenceRung([], 0)).toBe(0);
  });

  it('prefers a size whose outputs are large enough to read a fee from', () => {
    // Dust (outputs under a million base units) passes, the typical rung does not, a mid rung does.
    const rs = [rung(100n), rung(10n ** 9n), rung(10n ** 12n, false)];
    expect(referenceRung(rs, 2)).toBe(1);
  });
});
