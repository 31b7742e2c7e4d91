import { describe, expect, it } from 'vitest';
import { FIXTURES, safeToken } from './fixtures';
import { analyseToken } from './report';

describe('analyseToken', () => {
  it('combines the six analysers and a JSON-safe facts summary', () => {
    const r = analyseToken(safeToken, { amountUsd: 1000 });
    expect(Object.keys(r)).toEqual([
      'address',
      'generatedAt',
      'scanner',
      'rug',
      'whales',
      'liquidity',
      'flabScore',
      'health',
      'facts',
      'verdict',
    ]);
    expect(r.liquidity.rugScore).toBe(r.rug.rugScore);
    expect(r.health.securityScore).toBe(r.scanner.score);
    expect(r.facts.totalSupply).toBe('1000000000000000000000000000');
    expect(r.facts.pools[0]?.quoteReserve).toBe('250000000000000000000');
  });

  it('never emits bigints (the API serialises to JSON) and is deterministic', () => {
    for (const f of Object.values(FIXTURES)) {
      const a = JSON.stringify(analyseToken(f, { amountUsd: 1000 }));
      expect(a).toBe(JSON.stringify(analyseToken(f, { amountUsd: 1000 })));
    }
  });
});
