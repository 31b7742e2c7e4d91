import type { PublicClient } from 'viem';
import { describe, expect, it } from 'vitest';
import { createProviderCheck, isMissingMethod, judgeProvider } from './provider-check';

const NOW = 1_800_000_000;

describe('judgeProvider', () => {
  it('a fresh Base head on chain 8453 with eth_simulateV1: no warning', () => {
    const s = judgeProvider({ headTimestamp: NOW - 3, chainId: 8453, simulateV1: true }, NOW, 'base');
    expect(s).toMatchObject({ checked: true, headAgeSeconds: 3, staleHead: false, wrongChain: false });
    expect(s.warnings).toEqual([]);
  });

  it('names a head 11 minutes old, a wrong chain and a missing eth_simulateV1', () => {
    const s = judgeProvider({ headTimestamp: NOW - 660, chainId: 1, simulateV1: false }, NOW, 'base');
    expect(s.staleHead).toBe(true);
    expect(s.wrongChain).toBe(true);
    expect(s.warnings.join(' ')).toMatch(/660 s old.*chain 1, not Base.*no eth_simulateV1/);
  });

  it('the embedded chain makes blocks on demand: an old head is not stale there', () => {
    expect(
      judgeProvider({ headTimestamp: NOW - 3600, chainId: 8453, simulateV1: true }, NOW, 'local').staleHead,
    ).toBe(false);
  });

  it('a probe that got no answer is unknown, not "missing"', () => {
    const s = judgeProvider({ headTimestamp: null, chainId: null, simulateV1: null }, NOW, 'base');
    expect(s).toMatchObject({ checked: false, simulateV1: null, staleHead: false, warnings: [] });
  });
});

describe('isMissingMethod', () => {
  it('tells a missing method from a transient failure', () => {
    expect(isMissingMethod({ code: -32601, message: 'x' })).toBe(true);
    expect(isMissingMethod(new Error('the method eth_simulateV1 does not exist/is not available'))).toBe(
      true,
    );
    expect(isMissingMethod({ code: -32603, message: 'request timed out' })).toBe(false);
    expect(isMissingMethod({ code: -32005, message: 'rate limited' })).toBe(false);
  });
});

describe('createProviderCheck', () => {
  it('reads once per interval and answers from the last reading meanwhile', async () => {
    let t = NOW * 1000;
    let reads = 0;
    const client = {
      getBlock: async () => {
        reads++;
        return { timestamp: BigInt(NOW - 40) };
      },
      getChainId: async () => 8453,
      request: async () => {
        throw { code: -32601, message: 'method not found' };
      },
    } as unknown as PublicClient;
    const check = createProviderCheck(client, 'base', { now: () => t, recheckMs: 15_000 });
    const a = await check.status();
    expect(a).toMatchObject({ staleHead: true, simulateV1: false, chainId: 8453 });
    await check.status();
    expect(reads).toBe(1);
    t += 16_000;
    await check.status();
    await new Promise((r) => setImmediate(r));
    expect(reads).toBe(2);
  });
});
