/**
 * The waits of reads in flight (issue 38): a read's reported waits are kept under its query key,
 * the latest of a token's queries is what its page shows, and a read that ends — answered, failed
 * or cancelled — leaves no wait behind.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ApiWait } from './api';
import { createWaitStore, withWaits } from './wait-store';

const place = (ahead: number): ApiWait => ({ kind: 'queued', position: ahead + 1, ahead, etaSeconds: 2 });
const ofToken = (a: string) => (key: readonly unknown[]) => key[1] === a;

describe('the wait store', () => {
  it("shows the latest wait of a token's queries, and only that token's", () => {
    const store = createWaitStore();
    store.reporter(['scanner', '0xa'])(place(3));
    store.reporter(['rug-detector', '0xa'])(place(2));
    store.reporter(['scanner', '0xb'])(place(9));
    expect(store.latest(ofToken('0xa'))).toEqual(place(2));
    store.reporter(['scanner', '0xa'])(place(1));
    expect(store.latest(ofToken('0xa'))).toEqual(place(1));
    expect(store.latest(ofToken('0xc'))).toBeNull();
  });

  it('answers the same object until something is reported (a stable snapshot)', () => {
    const store = createWaitStore();
    store.reporter(['scanner', '0xa'])(place(3));
    expect(store.latest(ofToken('0xa'))).toBe(store.latest(ofToken('0xa')));
  });

  it('tells its listeners of each report and each clear, and stops when unsubscribed', () => {
    const store = createWaitStore();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.reporter(['scanner', '0xa'])(place(1));
    store.clear(['scanner', '0xa']);
    store.clear(['scanner', '0xa']);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.reporter(['scanner', '0xa'])(place(1));
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('clears a read’s wait however it ends', async () => {
    const store = createWaitStore();
    const key = ['scanner', '0xa'];
    let seen: ApiWait | null = null;
    const answer = await withWaits(store, key, async (onWait) => {
      onWait(place(2));
      seen = store.latest(ofToken('0xa'));
      return 'report';
    });
    expect(answer).toBe('report');
    expect(seen).toEqual(place(2));
    expect(store.latest(ofToken('0xa'))).toBeNull();

    const failed = withWaits(store, key, async (onWait) => {
      onWait(place(1));
      throw new Error('aborted');
    });
    await expect(failed).rejects.toThrow('aborted');
    expect(store.latest(ofToken('0xa'))).toBeNull();
  });
});
