import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterRangeError,
  afterSuccess,
  INITIAL_RANGE_BLOCKS,
  initialRange,
  isRangeError,
  MAX_RANGE_BLOCKS,
  nextRange,
} from './ranges';

describe('adaptive getLogs ranges', () => {
  it('starts at ~2,000 blocks and stops at the head', () => {
    expect(nextRange(0n, 10_000n, initialRange())).toEqual({ from: 0n, to: INITIAL_RANGE_BLOCKS - 1n });
    expect(nextRange(9_500n, 10_000n, initialRange())).toEqual({ from: 9_500n, to: 10_000n });
    expect(nextRange(10_001n, 10_000n, initialRange())).toBeNull();
  });

  it('halves on a range error and takes the range a provider suggests', () => {
    const s = initialRange();
    expect(afterRangeError(s, 'block range is too wide', 0n)?.size).toBe(1000n);
    expect(
      afterRangeError(s, 'query exceeds max results 20000, retry with the range 100-149', 100n)?.size,
    ).toBe(50n);
    expect(afterRangeError(s, 'execution reverted', 0n)).toBeNull();
  });

  it('grows back after successes, never past the maximum', () => {
    let s = { size: 500n, successes: 0 };
    for (let i = 0; i < 3; i++) s = afterSuccess(s);
    expect(s.size).toBe(1000n);
    for (let i = 0; i < 100; i++) s = afterSuccess(s);
    expect(s.size).toBe(MAX_RANGE_BLOCKS);
  });

  it('covers every block exactly once, whatever the sizes', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 30_000n }),
        fc.array(fc.boolean(), { maxLength: 12 }),
        (head, errors) => {
          let state = initialRange();
          let from = 0n;
          let covered = 0n;
          let step = 0;
          for (;;) {
            const r = nextRange(from, head, state);
            if (!r) break;
            if (errors[step++] && state.size > 1n) {
              state = afterRangeError(state, 'too many results', r.from) ?? state;
              continue;
            }
            expect(r.from).toBe(from);
            expect(r.to).toBeGreaterThanOrEqual(r.from);
            covered += r.to - r.from + 1n;
            from = r.to + 1n;
            state = afterSuccess(state);
          }
          expect(covered).toBe(head + 1n);
        },
      ),
    );
  });

  it('recognises provider range errors', () => {
    expect(isRangeError('-32602 query exceeds max results 20000')).toBe(true);
    expect(isRangeError('The request took too long to respond.')).toBe(true);
    expect(isRangeError('insufficient funds')).toBe(false);
  });
});
