import { describe, expect, it } from 'vitest';
import { createFreshReading } from './fresh-reading';

function setup(results: Array<number | Error>, known?: () => { value: number; at: number } | undefined) {
  let t = 0;
  let reads = 0;
  let release: (() => void) | undefined;
  const reading = createFreshReading<number>({
    read: () => {
      const r = results[reads++];
      return new Promise((resolve, reject) => {
        release = () => (r instanceof Error ? reject(r) : resolve(r as number));
      });
    },
    refreshAfterMs: 250,
    trustMs: 1_000,
    known,
    now: () => t,
  });
  return {
    reading,
    advance: (ms: number) => {
      t += ms;
    },
    reads: () => reads,
    release: async () => {
      release?.();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('a fresh reading', () => {
  it('waits for the first read, then answers from it without reading again', async () => {
    const s = setup([7]);
    const first = s.reading.get();
    await s.release();
    expect(await first).toBe(7);
    s.advance(100);
    expect(await s.reading.get()).toBe(7);
    expect(s.reads()).toBe(1);
  });

  it('answers a value past refreshAfterMs at once and reads again in the background', async () => {
    const s = setup([7, 8]);
    const first = s.reading.get();
    await s.release();
    await first;
    s.advance(400);
    expect(await s.reading.get()).toBe(7);
    expect(s.reads()).toBe(2);
    // A second caller meanwhile shares the read in flight.
    expect(await s.reading.get()).toBe(7);
    expect(s.reads()).toBe(2);
    await s.release();
    expect(await s.reading.get()).toBe(8);
  });

  it('waits for a read once the value is past trustMs', async () => {
    const s = setup([7, 8]);
    const first = s.reading.get();
    await s.release();
    await first;
    s.advance(1_500);
    const late = s.reading.get();
    await s.release();
    expect(await late).toBe(8);
  });

  it('forgets the value on a failed read, so the next caller sees the failure', async () => {
    const s = setup([7, new Error('down'), new Error('still down')]);
    const first = s.reading.get();
    await s.release();
    await first;
    s.advance(400);
    expect(await s.reading.get()).toBe(7);
    await s.release(); // the background read fails
    const next = s.reading.get();
    await s.release();
    expect(await next).toBeUndefined();
  });

  it('reads the last good value from where something else keeps it', async () => {
    let kept: { value: number; at: number } | undefined = { value: 5, at: 0 };
    const s = setup([new Error('down')], () => kept);
    expect(await s.reading.get()).toBe(5);
    expect(s.reads()).toBe(0);
    kept = undefined; // the keeper saw a failed read
    const next = s.reading.get();
    await s.release();
    expect(await next).toBeUndefined();
  });
});
