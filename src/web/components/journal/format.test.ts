import { describe, expect, it } from 'vitest';
import { formatSignedPercent, overSome } from './format';

describe('rates over nothing', () => {
  const pct = (v: number) => `${v.toFixed(1)}%`;

  it('shows a dash, not 0%, when nothing was rated', () => {
    // The stats API answers winRate 0 with no call resolved and averagePnL 0 with no call.
    expect(overSome(0, 0, pct)).toBe('—');
    expect(overSome(0, 0, (v) => formatSignedPercent(v))).toBe('—');
  });

  it('shows the figure, 0% included, once something was rated', () => {
    expect(overSome(3, 0, pct)).toBe('0.0%');
    expect(overSome(4, 75, pct)).toBe('75.0%');
    expect(overSome(2, -4.5, (v) => formatSignedPercent(v))).toBe('-4.50%');
  });
});
