import { describe, expect, it } from 'vitest';
import { shownBand } from '../../shared/vocabulary';
import { FIXTURES, honeypotToken, safeToken } from '../test-support/fixtures';
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
      'tradingPatterns',
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

  it("bands every part's score under the verdict once, on the server (issue 21)", () => {
    for (const f of Object.values(FIXTURES)) {
      const r = analyseToken(f, { amountUsd: 1000 });
      const v = r.verdict.kind;
      // The scanner's safety and the rug detector's are the verdict's own measures.
      expect(r.scanner.bands.score).toEqual(shownBand(r.scanner.score, v, true));
      expect(r.rug.bands.score).toEqual(shownBand(r.rug.score, v, true));
      expect(r.whales.bands.score).toEqual(shownBand(r.whales.score, v));
      expect(r.liquidity.bands.score).toEqual(shownBand(r.liquidity.score, v));
      expect(r.flabScore.bands.score).toEqual(shownBand(r.flabScore.score, v));
    }
    // A honeypot greys the sub-scores, while its scanner score stays in colour (never green).
    const h = analyseToken(honeypotToken, { amountUsd: 1000 });
    expect(h.verdict.kind).toBe('honeypot');
    expect(h.whales.bands.score.band).toBe('muted');
    expect(h.flabScore.bands.score.band).toBe('muted');
    expect(h.scanner.bands.score.band).not.toBe('muted');
    expect(h.scanner.bands.score.band).not.toBe('green');
  });
});
