import { describe, expect, it } from 'vitest';
import { lastCommonBlock } from './reconcile';

const rec = (n: number, h: string) => ({ blockNumber: BigInt(n), blockHash: h });

describe('lastCommonBlock', () => {
  const recorded = [rec(10, 'a10'), rec(20, 'a20'), rec(30, 'a30'), rec(40, 'a40'), rec(50, 'a50')];
  const chainUpTo = (agreeTo: number) => async (n: bigint) =>
    Number(n) <= agreeTo ? `a${n}` : (`b${n}` as `0x${string}`);
  const probe = (agreeTo: number) => {
    const f = chainUpTo(agreeTo);
    return (n: bigint) => f(n) as Promise<`0x${string}`>;
  };

  it('finds the newest recorded block the chain still has', async () => {
    expect(await lastCommonBlock(recorded, probe(35))).toEqual(rec(30, 'a30'));
    expect(await lastCommonBlock(recorded, probe(50))).toEqual(rec(50, 'a50'));
    expect(await lastCommonBlock([...recorded].reverse(), probe(10))).toEqual(rec(10, 'a10'));
  });

  it('says so when none of them is on the chain', async () => {
    expect(await lastCommonBlock(recorded, probe(5))).toBeUndefined();
    expect(await lastCommonBlock([], probe(5))).toBeUndefined();
  });

  it('reads O(log n) headers', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => rec(i, `a${i}`));
    let reads = 0;
    const f = probe(637);
    await expect(
      lastCommonBlock(many, (n) => {
        reads++;
        return f(n);
      }),
    ).resolves.toEqual(rec(637, 'a637'));
    expect(reads).toBeLessThanOrEqual(11);
  });
});
