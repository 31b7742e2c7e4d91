import { describe, expect, it } from 'vitest';
import { MAX_WAIT_AHEAD_S, nextBlockTime } from './clock';

describe('simulator block clock', () => {
  it('stamps the wall clock when the head is behind it (after a restart: a real gap)', () => {
    expect(nextBlockTime(1_000, 1_001)).toBe(1_001);
    expect(nextBlockTime(1_000, 1_000 + 3 * 86_400)).toBe(1_000 + 3 * 86_400);
  });

  it('waits rather than run ahead when the wall clock has not passed the head second', () => {
    expect(nextBlockTime(1_000, 1_000)).toBeUndefined();
    expect(nextBlockTime(1_005, 1_000)).toBeUndefined();
  });

  it('a chain far ahead advances a second per block instead of freezing', () => {
    const head = 1_000 + MAX_WAIT_AHEAD_S + 50;
    expect(nextBlockTime(head, 1_000)).toBe(head + 1);
  });

  it('ticking faster than once a second never gets ahead of the wall clock', () => {
    let head = 5_000;
    for (let ms = 5_000_000; ms < 5_060_000; ms += 250) {
      const wall = Math.floor(ms / 1000);
      const ts = nextBlockTime(head, wall);
      if (ts === undefined) continue;
      expect(ts).toBeLessThanOrEqual(wall);
      expect(ts).toBeGreaterThan(head);
      head = ts;
    }
    expect(head).toBe(5_059);
  });
});
