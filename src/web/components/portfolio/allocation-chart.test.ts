import type { Holding } from '@shared/portfolio';
import { describe, expect, it } from 'vitest';
import { canTrack } from '../../pages/portfolio-page';
import { allocationSlices } from './allocation-chart';

const h = (symbol: string, value: number, allocation: number) => ({ symbol, value, allocation }) as Holding;

describe('portfolio page helpers', () => {
  it('Track needs 42 characters starting 0x', () => {
    expect(canTrack(`0x${'a'.repeat(40)}`)).toBe(true);
    expect(canTrack(`0x${'a'.repeat(39)}`)).toBe(false);
    expect(canTrack(`1x${'a'.repeat(40)}`)).toBe(false);
    expect(canTrack('')).toBe(false);
  });
  it('allocation slices: six largest, then Other; unpriced left out', () => {
    const hs = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => h(`T${i}`, i, i * 2));
    hs.push(h('ZERO', 0, 0));
    const s = allocationSlices(hs);
    expect(s.map((x) => x.name)).toEqual(['T8', 'T7', 'T6', 'T5', 'T4', 'T3', 'Other']);
    expect(s.at(-1)?.value).toBe(2 + 4);
  });
});
