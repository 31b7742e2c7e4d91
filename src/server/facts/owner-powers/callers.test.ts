/**
 * Revealing the privileged callers: a getter multicall or slot read that got no answer is never
 * "nobody holds powers" (issue 40) — with nothing found it fails, so the checks say unknown.
 */
import { type Hex, type PublicClient, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { revealCallers } from './callers';
import type { OwnerPowerInput } from './input';

const TOKEN = '0x00000000000000000000000000000000000000aa';
const input: OwnerPowerInput = {
  token: TOKEN,
  code: '0x6001',
  implementationCode: null,
  owner: null,
  deployer: null,
  pool: null,
  holders: [],
};
const selectors = [toFunctionSelector('function owner()')] as Hex[];

/** A client whose every read fails (a timed-out or rate-limited provider). */
const down = {
  readContract: async () => {
    throw new Error('request timed out');
  },
  call: async () => {
    throw new Error('request timed out');
  },
} as unknown as PublicClient;

/** A client that answers: owner() renounced (zero address), empty storage. */
const up = {
  readContract: async () => [{ success: true, returnData: `0x${'0'.repeat(64)}` }],
  call: async () => ({ data: undefined }),
} as unknown as PublicClient;

describe('revealCallers', () => {
  it('fails when the reads that find callers got no answer and none was found', async () => {
    await expect(
      revealCallers(down, input, selectors, { n: 0 }, new Set(), Promise.resolve([])),
    ).rejects.toThrow(/got no answer/);
  });

  it('finds no caller, without failing, when the reads answered and name nobody', async () => {
    expect(await revealCallers(up, input, selectors, { n: 0 }, new Set(), Promise.resolve([]))).toEqual([]);
  });

  it('keeps what it found (the deployer) when a read failed', async () => {
    const deployer = '0x00000000000000000000000000000000000000bb';
    const found = await revealCallers(
      down,
      { ...input, deployer },
      selectors,
      { n: 0 },
      new Set(),
      Promise.resolve([]),
    );
    expect(found.map((c) => c.address)).toEqual([deployer]);
  });
});
