/**
 * The chain's rugged pools are one read per indexed block, shared by every gather of that block
 * (a scan of every Sync; each gather had made its own two).
 */
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import type { GatherDeps } from '../facts/gather';
import { readRuggedPools } from '../facts/holders/index-reads';
import { safeToken } from '../test-support/fixtures';
import { createTokenEngine } from './token-engine';

vi.mock('../facts/gather', () => ({
  // What the real gatherer does with it: asks for the rugged pools once per token.
  gatherTokenFacts: vi.fn(async (deps: GatherDeps) => {
    await deps.ruggedPools?.();
    return safeToken;
  }),
}));
vi.mock(import('../facts/holders/index-reads'), async (original) => ({
  ...(await original()),
  readRuggedPools: vi.fn(async () => [{ token: '0x01', pair: '0x02' }]),
}));

describe('rugged pools in the token engine', () => {
  it('reads them once per indexed block for all the gathers of that block', async () => {
    let block = 100n;
    const engine = createTokenEngine({
      db: {} as never,
      chain: { public: { getBlockNumber: async () => block } } as never,
      network: { mode: 'local' } as never,
      indexer: {
        indexedBlock: () => block,
        waitForBlock: async () => true,
      } as never,
      log: pino({ level: 'silent' }),
    });
    const tokens = [1, 2, 3].map((i) => `0x${String(i).repeat(40)}` as const);
    await Promise.all(tokens.map((t) => engine.facts(t)));
    expect(vi.mocked(readRuggedPools)).toHaveBeenCalledTimes(1);
    block = 101n;
    await engine.facts(`0x${'4'.repeat(40)}`);
    expect(vi.mocked(readRuggedPools)).toHaveBeenCalledTimes(2);
  });
});
