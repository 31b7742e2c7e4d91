import { describe, expect, it } from 'vitest';
import { scoreFromEvidence } from '../../shared/analysis';
import { freshInsiderToken, honeypotToken, missingDataToken, ruggedToken, safeToken } from './fixtures';
import { analyseScanner } from './scanner';
import { analyseTokenHealth } from './token-health';

describe('token health', () => {
  it('reports the safe token healthy with bullish, positive, high-activity indicators', () => {
    const r = analyseTokenHealth(safeToken);
    expect(r).toMatchObject({ name: 'Blue Chip', symbol: 'BLUE', riskLevel: 'low' });
    expect(r.securityScore).toBe(analyseScanner(safeToken).score);
    expect(r.overallScore).toBeGreaterThanOrEqual(80);
    expect(r.metrics).toMatchObject({
      price: 0.0075,
      priceChange24h: 3.2,
      marketCap: 7_500_000,
      volume24h: 250_000,
      holders: 5200,
      liquidity: 1_500_000,
      contractVerified: true,
      liquidityLocked: true,
      ownershipRenounced: true,
    });
    // +3.2% is within ±5%: neutral; 120 buys / 220 = 54.5% buys: neutral; 220 swaps: high.
    expect(r.indicators).toEqual({
      trend: 'neutral',
      momentum: 'strong',
      sentiment: 'neutral',
      activity: 'high',
    });
  });

  it('reads a crash as bearish and a rug as critical', () => {
    const r = analyseTokenHealth(ruggedToken);
    expect(r.indicators.trend).toBe('bearish');
    expect(r.riskLevel).toBe('critical');
  });

  it('marks a honeypot critical; buy-only flow reads positive', () => {
    const r = analyseTokenHealth(honeypotToken);
    expect(r.riskLevel).toBe('critical');
    expect(r.indicators.trend).toBe('bullish');
    expect(r.indicators.sentiment).toBe('positive');
  });

  it('scores a thinly held fresh token low on community', () => {
    const r = analyseTokenHealth(freshInsiderToken);
    expect(r.communityScore).toBeLessThan(50);
    expect(r.communityScore).toBe(scoreFromEvidence(r.communityEvidence));
  });

  it('keeps unknowns unknown', () => {
    const r = analyseTokenHealth(missingDataToken);
    expect(r.metrics.price).toBeNull();
    expect(r.metrics.marketCap).toBeNull();
    expect(r.metrics.contractVerified).toBeNull();
    expect(r.indicators.trend).toBe('neutral');
    expect(r.momentumEvidence.find((e) => e.check === 'price_change_24h')?.outcome).toBe('unknown');
    expect(r.overallScore).toBe(scoreFromEvidence(r.evidence));
  });
});
