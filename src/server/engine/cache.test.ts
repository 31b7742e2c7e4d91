import { describe, expect, it } from 'vitest';
import { createSharedCache } from './cache';

describe('createSharedCache', () => {
  it('shares one load among simultaneous callers', async () => {
    let loads = 0;
    const cache = createSharedCache<number>({ ttlMs: 1000 });
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    const results = await Promise.all(Array.from({ length: 200 }, () => cache.get('t', load)));
    expect(results.every((r) => r === 42)).toBe(true);
    expect(loads).toBe(1);
  });

  it('expires entries after the TTL and does not cache failures', async () => {
    let t = 0;
    const cache = createSharedCache<number>({ ttlMs: 100, now: () => t });
    let n = 0;
    await cache.get('a', async () => ++n);
    expect(await cache.get('a', async () => ++n)).toBe(1);
    t = 150;
    expect(await cache.get('a', async () => ++n)).toBe(2);
    await expect(cache.get('b', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('b', async () => 7)).toBe(7);
  });

  it('keeps at most maxEntries', async () => {
    const cache = createSharedCache<number>({ ttlMs: 1000, maxEntries: 3 });
    for (let i = 0; i < 10; i++) await cache.get(String(i), async () => i);
    expect(cache.size()).toBe(3);
  });
});
