import type { YieldStrategy } from '@shared/yield';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startStrategy } from './yield-parts';

afterEach(() => vi.useRealTimers());

describe('startStrategy', () => {
  it('opens each protocol page 500 ms apart', () => {
    vi.useFakeTimers();
    const opened: [string, number][] = [];
    const s = {
      opportunities: [
        { id: 'a', protocol: 'A', type: 'lending', apy: 1, url: 'https://a.example', weight: 50 },
        { id: 'b', protocol: 'B', type: 'staking', apy: 2, url: 'https://b.example', weight: 50 },
        { id: 'c', protocol: 'C', type: 'farming', apy: 3, url: 'https://c.example', weight: 0 },
      ],
    } as unknown as YieldStrategy;
    startStrategy(s, (u) => opened.push([u, Date.now()]));
    const t0 = Date.now();
    vi.advanceTimersByTime(0);
    expect(opened.map(([u]) => u)).toEqual(['https://a.example']);
    vi.advanceTimersByTime(1000);
    expect(opened.map(([u, t]) => [u, t - t0])).toEqual([
      ['https://a.example', 0],
      ['https://b.example', 500],
      ['https://c.example', 1000],
    ]);
  });
});
