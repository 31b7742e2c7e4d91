/**
 * The one function every venue's discovery uses to tell "no pool" from "no answer": only the zero
 * address or an empty result is "none"; an RPC failure or a reverted call fails the look-up.
 */
import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { foundPools, lookUpPools, lookupFailure, poolLookup } from './pool-lookup';

const POOL = '0xAbCdEf0000000000000000000000000000000001';
const ZERO = '0x0000000000000000000000000000000000000000';

describe('poolLookup', () => {
  it('reads an address as found, lower-cased', () => {
    expect(poolLookup({ status: 'success', result: POOL })).toEqual({
      kind: 'found',
      pool: POOL.toLowerCase(),
    });
  });

  it('reads the zero address and an empty result as a real "none"', () => {
    expect(poolLookup({ status: 'success', result: ZERO })).toEqual({ kind: 'none' });
    expect(poolLookup({ status: 'success', result: '0x' })).toEqual({ kind: 'none' });
    expect(poolLookup({ status: 'success', result: undefined })).toEqual({ kind: 'none' });
  });

  it('reads "returned no data" (a factory not deployed on this chain) as "none"', () => {
    const zero = Object.assign(new Error('The contract function "getPair" returned no data ("0x").'), {
      name: 'ContractFunctionExecutionError',
      cause: Object.assign(new Error('returned no data'), { name: 'ContractFunctionZeroDataError' }),
    });
    expect(poolLookup({ status: 'failure', error: zero })).toEqual({ kind: 'none' });
  });

  it('never reads a failed entry or a malformed answer as "none"', () => {
    const error = new Error('execution reverted');
    expect(poolLookup({ status: 'failure', error })).toEqual({ kind: 'failed', error });
    expect(poolLookup({ status: 'success', result: 42n }).kind).toBe('failed');
    expect(poolLookup({ status: 'success', result: '0x1234' }).kind).toBe('failed');
  });
});

describe('foundPools and lookupFailure', () => {
  it('maps found and none when every look-up answered', () => {
    expect(foundPools([poolLookup({ status: 'success', result: POOL }), { kind: 'none' }])).toEqual([
      POOL.toLowerCase(),
      null,
    ]);
  });

  it('throws the RPC failure first when any look-up failed', () => {
    const reverted = new Error('execution reverted');
    const rpc = Object.assign(new Error('request timed out'), { name: 'TimeoutError' });
    const lookups = [
      { kind: 'failed' as const, error: reverted },
      { kind: 'failed' as const, error: rpc },
    ];
    const failure = lookupFailure(lookups);
    expect([reverted, rpc]).toContain(failure);
    expect(() => foundPools([{ kind: 'none' }, ...lookups])).toThrow();
  });

  it('reports no failure when none failed', () => {
    expect(lookupFailure([{ kind: 'none' }])).toBeUndefined();
  });
});

describe('lookUpPools', () => {
  const call = (a: string) => ({ address: POOL as `0x${string}`, abi: [], functionName: a }) as never;
  const client = (answer: unknown[] | Error) =>
    ({
      multicall: async () => {
        if (answer instanceof Error) throw answer;
        return answer;
      },
    }) as unknown as PublicClient;

  it('returns each ask with the pool it names and leaves out the ones without a pool', async () => {
    const found = await lookUpPools(
      client([
        { status: 'success', result: POOL },
        { status: 'success', result: ZERO },
      ]),
      ['a', 'b'],
      call,
    );
    expect(found).toEqual([{ ask: 'a', pool: POOL.toLowerCase() }]);
  });

  it('fails rather than answer "no pool" when an entry is missing or failed', async () => {
    await expect(
      lookUpPools(client([{ status: 'success', result: ZERO }]), ['a', 'b'], call),
    ).rejects.toThrow();
    await expect(
      lookUpPools(client([{ status: 'failure', error: new Error('reverted') }]), ['a'], call),
    ).rejects.toThrow('reverted');
  });

  it('propagates a rejected round trip as it is', async () => {
    const down = new Error('fetch failed');
    await expect(lookUpPools(client(down), ['a'], call)).rejects.toBe(down);
  });

  it('asks nothing for no candidates', async () => {
    expect(await lookUpPools(client(new Error('never called')), [], call)).toEqual([]);
  });
});
