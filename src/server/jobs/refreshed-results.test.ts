import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshedResults } from './refreshed-results';

const log = pino({ level: 'silent' });

// Fake time (timers and the cache's Date.now()): the background job's first pass is due when the
// test lets time pass, however busy the machine is.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createRefreshedResults', () => {
  it('computes a key in the background before anyone asks, then serves it without computing', async () => {
    let computed = 0;
    const r = createRefreshedResults<string>({
      name: 'test',
      freshMs: 60_000,
      staleMs: 60_000,
      log,
      compute: async (key) => {
        computed++;
        return `${key}#${computed}`;
      },
      background: { keys: () => ['a'], intervalMs: 60_000, firstDelayMs: 0 },
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(computed).toBe(0); // nothing until started
    r.start();
    await vi.advanceTimersByTimeAsync(0); // the first pass is due at once (firstDelayMs 0)
    expect(computed).toBe(1);
    expect(await r.get('a')).toBe('a#1');
    expect(computed).toBe(1);
    // A key nobody warmed is computed on first request, once.
    expect(await Promise.all([r.get('b'), r.get('b')])).toEqual(['b#2', 'b#2']);
    await r.stop();
  });
});
