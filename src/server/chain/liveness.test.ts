import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChainLiveness } from './liveness';

// The clock is faked (timers and performance.now()): time passes only where a test says so, so the
// assertions are about the order of events, never about how fast the machine is.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Lets `ms` of fake time pass, running the timers and promise callbacks due within it. */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** `p`'s value if it settles with no time passing (setImmediate is not faked), else 'pending'. */
const withoutWaiting = <T>(p: Promise<T>): Promise<T | 'pending'> =>
  Promise.race([p, new Promise<'pending'>((r) => setImmediate(() => r('pending')))]);

/** A chain stub whose eth_blockNumber answers as told: a number, a failure, or never/late. */
function stubChain() {
  let next: () => Promise<bigint> = async () => 1n;
  let calls = 0;
  const chain = {
    public: {
      getBlockNumber: () => {
        calls++;
        return next();
      },
    },
  } as never;
  return {
    chain,
    calls: () => calls,
    answer(f: () => Promise<bigint>) {
      next = f;
    },
  };
}

const timings = { refreshAfterMs: 20, trustMs: 400, deadlineMs: 150 };

describe('chain liveness', () => {
  it('fails a frozen chain within the deadline', async () => {
    const s = stubChain();
    s.answer(() => new Promise(() => {}));
    const live = createChainLiveness(s.chain, timings);
    const failed = expect(live.require()).rejects.toMatchObject({ code: 'chain_unavailable', status: 503 });
    await sleep(timings.deadlineMs);
    await failed;
    // The next caller waits for a new read, which gets no answer within its deadline either.
    const head = live.head();
    await sleep(timings.deadlineMs);
    expect(await head).toBeUndefined();
  });

  it('answers from the last head while a slow read is pending, and reads once at a time', async () => {
    const s = stubChain();
    const live = createChainLiveness(s.chain, timings);
    expect(await live.require()).toBe(1n);
    expect(s.calls()).toBe(1);
    // The chain is busy (saving its state): the refresh is slow, callers are not held up.
    let release: (v: bigint) => void = () => {};
    s.answer(() => new Promise((r) => (release = r)));
    await sleep(40);
    // Answered with no time passing: nobody waits for the pending read.
    for (let i = 0; i < 5; i++) expect(await withoutWaiting(live.require())).toBe(1n);
    expect(s.calls()).toBe(2);
    release(2n);
    await sleep(0);
    expect(await live.head()).toBe(2n);
  });

  it('turns down once a read is overdue, even while the last head is within trust', async () => {
    const s = stubChain();
    const live = createChainLiveness(s.chain, timings);
    await live.require();
    s.answer(() => new Promise(() => {}));
    await sleep(40);
    expect(await live.head()).toBe(1n); // starts the background read that will never answer
    await sleep(200); // past its deadline: the head is forgotten, the next caller waits and fails
    const down = expect(live.require()).rejects.toMatchObject({ code: 'chain_unavailable' });
    await sleep(timings.deadlineMs);
    await down;
  });

  it('forgets the head on a failed read and answers again once the chain does', async () => {
    const s = stubChain();
    const live = createChainLiveness(s.chain, timings);
    await live.require();
    s.answer(async () => {
      throw new Error('connection refused');
    });
    await sleep(40);
    await live.head(); // background read fails
    await sleep(10);
    expect(await live.head()).toBeUndefined();
    s.answer(async () => 3n);
    expect(await live.require()).toBe(3n);
  });

  it('is down at once when the embedded chain process is, without asking it', async () => {
    const s = stubChain();
    let up = true;
    const live = createChainLiveness(s.chain, { ...timings, processUp: () => up });
    await live.require();
    up = false;
    expect(await live.head()).toBeUndefined();
    await expect(live.require()).rejects.toMatchObject({ code: 'chain_unavailable' });
    expect(s.calls()).toBe(1);
  });
});
