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

describe('createSharedCache stale-while-revalidate', () => {
  it('serves a stale entry at once and reloads it once in the background', async () => {
    let t = 0;
    const cache = createSharedCache<number>({ ttlMs: 100, staleMs: 1000, now: () => t });
    let n = 0;
    let release: () => void = () => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        n++;
        release = () => resolve(n);
      });
    const first = cache.get('a', slow);
    release();
    expect(await first).toBe(1);
    t = 500; // stale, within the window
    expect(await cache.get('a', slow)).toBe(1);
    expect(await cache.get('a', slow)).toBe(1);
    expect(n).toBe(2); // one background reload for both
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek('a')).toBe(2);
    t = 5000; // past the stale window: wait for a fresh load
    const late = cache.get('a', slow);
    release();
    expect(await late).toBe(3);
  });

  it('runs at most refreshSlots background reloads at once and starts a needed one out of turn', async () => {
    let t = 0;
    const cache = createSharedCache<string>({ ttlMs: 100, staleMs: 1000, now: () => t, refreshSlots: 1 });
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const loader = (key: string, v: string) => () =>
      new Promise<string>((resolve) => {
        started.push(key);
        finish.set(key, () => resolve(v));
      });
    for (const k of ['a', 'b', 'c']) {
      const p = cache.get(k, loader(k, `${k}1`)); // first loads never wait for a slot
      finish.get(k)?.();
      await p;
    }
    started.length = 0;
    t = 500; // all three stale: one reload runs, two queue
    for (const k of ['a', 'b', 'c']) expect(await cache.get(k, loader(k, `${k}2`))).toBe(`${k}1`);
    expect(started).toEqual(['a']);
    finish.get('a')?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a', 'b']);
    expect(cache.peek('a')).toBe('a2');
    t = 5000; // 'c' is past the stale window: its queued reload starts now, beside 'b'
    const c = cache.get('c', loader('c', 'c3'));
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['a', 'b', 'c']);
    finish.get('c')?.();
    expect(await c).toBe('c2'); // the queued reload's loader, started out of turn
    finish.get('b')?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek('b')).toBe('b2');
  });

  it('keeps the stale entry when a background reload fails', async () => {
    let t = 0;
    const errors: unknown[] = [];
    const cache = createSharedCache<number>({
      ttlMs: 100,
      staleMs: 1000,
      now: () => t,
      onRefreshError: (_k, e) => errors.push(e),
    });
    await cache.get('a', async () => 1);
    t = 200;
    expect(await cache.get('a', async () => Promise.reject(new Error('down')))).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(errors).toHaveLength(1);
    // Still stale: served, and the next reload succeeds in the background.
    expect(await cache.get('a', async () => 2)).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek('a')).toBe(2);
  });

  it('hands out a value it may not keep, then loads again (incomplete facts are never cached)', async () => {
    const cache = createSharedCache<{ v: number; partial: boolean }>({
      ttlMs: 1000,
      keep: (x) => !x.partial,
    });
    expect(await cache.get('a', async () => ({ v: 1, partial: true }))).toEqual({ v: 1, partial: true });
    expect(cache.peek('a')).toBeUndefined();
    expect(await cache.get('a', async () => ({ v: 2, partial: false }))).toEqual({ v: 2, partial: false });
    expect(cache.peek('a')?.v).toBe(2);
  });
});

describe('createSharedCache warm', () => {
  it('is warm while a load is in flight and until the stale window ends, cold before and after', async () => {
    let t = 0;
    const cache = createSharedCache<number>({ ttlMs: 100, staleMs: 50, now: () => t });
    expect(cache.warm('a')).toBe(false);
    let finish = (_v: number) => {};
    const p = cache.get('a', () => new Promise<number>((r) => (finish = r)));
    expect(cache.warm('a')).toBe(true); // someone else's load is shared, not a new one
    finish(1);
    await p;
    t = 120;
    expect(cache.warm('a')).toBe(true); // stale, still answered at once
    t = 200;
    expect(cache.warm('a')).toBe(false); // past the stale window: a get would load and wait
  });
});
