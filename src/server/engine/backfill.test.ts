/**
 * "No history at this provider" is decided on repeated evidence only (issue 40): a lagging node's
 * "header not found" is retried, and a pruned-state answer must come on every attempt.
 */
import type { PublicClient } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findCreationBlock, isNoHistoryError, NoHistoryError } from './backfill';

const TOKEN = '0x00000000000000000000000000000000000000aa';

/** A client whose getCode answers `answer(call number)`: code from block 50 on, or throws. */
function client(fail: (call: number) => Error | null) {
  let calls = 0;
  return {
    getCode: async ({ blockNumber }: { blockNumber: bigint }) => {
      const e = fail(calls++);
      if (e) throw e;
      return blockNumber >= 50n ? '0x6001' : '0x';
    },
  } as unknown as PublicClient;
}

async function run<T>(p: Promise<T>): Promise<T> {
  const settled = p.then(
    (v) => ({ ok: true as const, v }),
    (e: unknown) => ({ ok: false as const, e }),
  );
  await vi.runAllTimersAsync();
  const r = await settled;
  if (!r.ok) throw r.e;
  return r.v;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('no-history is decided on repeated evidence', () => {
  it('a lagging node ("header not found") is not a node without history', () => {
    expect(isNoHistoryError(new Error('header not found'))).toBe(false);
    expect(isNoHistoryError(new Error('missing trie node 0xabc'))).toBe(true);
  });

  it('one "header not found" is retried and the search finds the block', async () => {
    const c = client((n) => (n === 0 ? new Error('header not found') : null));
    expect(await run(findCreationBlock(c, TOKEN, 100n, 200))).toBe(50n);
  });

  it('one pruned-state answer among good ones is retried, not settled', async () => {
    const c = client((n) => (n === 0 ? new Error('missing trie node') : null));
    expect(await run(findCreationBlock(c, TOKEN, 100n, 200))).toBe(50n);
  });

  it('pruned state on every attempt is settled as no history', async () => {
    const c = client(() => new Error('missing trie node'));
    await expect(run(findCreationBlock(c, TOKEN, 100n, 200))).rejects.toBeInstanceOf(NoHistoryError);
  });

  it('a failing provider stays a failure, never "no history"', async () => {
    const c = client(() => new Error('header not found'));
    const e = await run(findCreationBlock(c, TOKEN, 100n, 200)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(NoHistoryError);
  });
});
