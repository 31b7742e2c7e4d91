/**
 * The fair line for cold analyses: a burst is served in turn (not refused), clients are served
 * round-robin (one client's 100 tokens never hold back another's one), askers of one token share its
 * place, a wait past the bound is a 202 with the place, and only a full line refuses.
 */
import { describe, expect, it } from 'vitest';
import { QueuedError } from '../errors';
import { aheadInRoundRobin, createColdLine } from './cold-line';

function slots(n: number) {
  let free = n;
  return async () => {
    if (free === 0) return undefined;
    free--;
    return () => {
      free++;
    };
  };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('cold line', () => {
  it('serves a burst of 40 clients with 4 slots: every one answered, none refused', async () => {
    const line = createColdLine({
      takeSlot: slots(4),
      concurrency: 4,
      maxQueued: 100,
      waitMs: 5_000,
      pollMs: 10,
    });
    let peak = 0;
    let now = 0;
    const work = async (i: number) => {
      now++;
      peak = Math.max(peak, now);
      await sleep(20);
      now--;
      return i;
    };
    const got = await Promise.all(
      Array.from({ length: 40 }, (_, i) => line.add(`c${i}`, `t${i}`, () => work(i))),
    );
    expect(got).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(peak).toBe(4);
    expect(line.queued()).toBe(0);
    expect(line.running()).toBe(0);
  });

  it("serves another client's one token before most of a flooding client's hundred", async () => {
    const line = createColdLine({
      takeSlot: slots(2),
      concurrency: 2,
      maxQueued: 1_000,
      waitMs: 10_000,
      pollMs: 10,
    });
    const order: string[] = [];
    const work = (name: string) => async () => {
      await sleep(5);
      order.push(name);
    };
    const flood = Array.from({ length: 100 }, (_, i) => line.add('flooder', `f${i}`, work(`f${i}`)));
    const other = line.add('other', 'o1', work('o1'));
    await other;
    // Two were already running and the line alternates clients: at most three of the flood finish first.
    expect(order.indexOf('o1')).toBeLessThanOrEqual(3);
    await Promise.all(flood);
  });

  it('answers a wait past the bound with the place, and goes on with the analysis', async () => {
    const line = createColdLine({
      takeSlot: slots(1),
      concurrency: 1,
      maxQueued: 10,
      waitMs: 20,
      pollMs: 10,
    });
    let done = 0;
    const slow = async () => {
      await sleep(80);
      done++;
    };
    const first = line.add('a', 't1', slow).catch((e) => e);
    const second = await line.add('b', 't2', slow).catch((e) => e);
    expect(second).toBeInstanceOf(QueuedError);
    expect(second).toMatchObject({ status: 202, position: 1, ahead: 0 });
    expect((second as QueuedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(await first).toBeInstanceOf(QueuedError);
    // Both analyses still run to the end after their askers were answered.
    await sleep(250);
    expect(done).toBe(2);
  });

  it('lets a second asker of the same token share its entry', async () => {
    const line = createColdLine({
      takeSlot: slots(1),
      concurrency: 1,
      maxQueued: 10,
      waitMs: 1_000,
      pollMs: 10,
    });
    let runs = 0;
    const p = line.add('a', 't', async () => {
      runs++;
      await sleep(10);
      return 'facts';
    });
    expect(line.has('t')).toBe(true);
    await line.join('t');
    expect(await p).toBe('facts');
    expect(runs).toBe(1);
    expect(line.join('t')).toBeUndefined();
  });

  it('refuses with a 503 only when the line is full, and a failed analysis frees its slot', async () => {
    const line = createColdLine({ takeSlot: slots(1), concurrency: 1, maxQueued: 1, waitMs: 5, pollMs: 10 });
    const hold = line.add('a', 't1', () => sleep(40)).catch((e) => e);
    await sleep(1);
    const waiting = line.add('b', 't2', () => Promise.reject(new Error('chain down'))).catch((e) => e);
    expect(() => line.add('c', 't3', async () => 1)).toThrow(
      expect.objectContaining({ status: 503, code: 'busy' }),
    );
    await hold;
    await waiting;
    await sleep(60);
    expect(line.running()).toBe(0);
    await expect(line.add('c', 't3', async () => 1)).resolves.toBe(1);
  });

  it('polls a shared cap that another process holds', async () => {
    let free = 0;
    const line = createColdLine({
      takeSlot: async () => {
        if (free === 0) return undefined;
        free--;
        return () => {
          free++;
        };
      },
      concurrency: 1,
      maxQueued: 10,
      waitMs: 1_000,
      pollMs: 10,
    });
    const p = line.add('a', 't', async () => 'ok');
    await sleep(30);
    free = 1; // the other process released its slot; nothing here was told
    await expect(p).resolves.toBe('ok');
  });
});

describe('aheadInRoundRobin', () => {
  it('counts the entries served before a given one when clients take turns', () => {
    const order = [
      { client: 'a', waiting: 5 },
      { client: 'b', waiting: 1 },
      { client: 'c', waiting: 3 },
    ];
    expect(aheadInRoundRobin(order, 'a', 0)).toBe(0);
    expect(aheadInRoundRobin(order, 'b', 0)).toBe(1);
    expect(aheadInRoundRobin(order, 'c', 0)).toBe(2);
    // a's third: a0 b0 c0 a1 c1 → then a2.
    expect(aheadInRoundRobin(order, 'a', 2)).toBe(5);
  });
});
