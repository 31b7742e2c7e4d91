import { describe, expect, it } from 'vitest';
import { safeToken } from '../test-support/fixtures';
import { analyseLiquidity } from './liquidity';
import { noPoolSentence } from './venue-words';

describe('tokens on venues we do not read', () => {
  it('says so in plain words, never "no liquidity"', () => {
    const f = {
      ...safeToken,
      pools: [],
      mainPool: null,
      unreadPools: ['0x5555555555555555555555555555555555555555' as const],
    };
    expect(noPoolSentence(f)).toMatch(/trades only on a venue we do not read yet/);
    const r = analyseLiquidity(f);
    const pool = r.evidence.find((e) => e.check === 'pool_value');
    expect(pool?.outcome).toBe('unknown');
    expect(pool?.detail).toMatch(/venue we do not read yet/);
    expect(r.warnings.join(' ')).not.toMatch(/No liquidity pool/);
  });

  it('keeps "no liquidity pool" for a token with no pool anywhere', () => {
    expect(noPoolSentence({ mainPool: null, unreadPools: [] })).toMatch(/no liquidity pool/);
  });
});
