import { describe, expect, it } from 'vitest';
import { scoreFromEvidence } from '../../shared/analysis';
import { levelOf } from '../../shared/vocabulary';
import { daySeries } from '../facts/pools/day-series';
import type { SwapFact, TokenReportFacts } from '../facts/types';
import {
  freshInsiderToken,
  honeypotToken,
  missingDataToken,
  ruggedToken,
  safeToken,
} from '../test-support/fixtures';
import { analyseScanner } from './scanner';
import {
  analyseTokenHealth,
  fittedChange,
  INDICATOR_THRESHOLDS,
  returnOver,
  trendPerDay,
} from './token-health';

const E18 = 10n ** 18n;
/**
 * A token whose main pool traded at `prices` (quote per token), evenly over the 24 h before now,
 * each swap a buy unless `sellEvery` says otherwise; the pool's 24 h change is first → last.
 */
function withSeries(
  base: TokenReportFacts,
  prices: number[],
  side: (i: number) => 'buy' | 'sell' = () => 'buy',
): TokenReportFacts {
  const now = base.now;
  const step = 86_000 / prices.length;
  const swaps: SwapFact[] = prices.map((p, i) => ({
    txHash: `0x${(i + 1).toString(16).padStart(64, '0')}` as `0x${string}`,
    blockNumber: BigInt(1000 + i),
    timestamp: Math.round(now - 86_000 + step * (i + 1)),
    trader: `0x${'ab'.repeat(20)}` as `0x${string}`,
    side: side(i),
    tokenAmount: 1000n * E18,
    ethAmount: BigInt(Math.round(p * 1e6)) * 10n ** 15n,
    usdValue: null,
  }));
  const first = prices[0] as number;
  const last = prices.at(-1) as number;
  const pool = base.mainPool;
  if (!pool) throw new Error('fixture without a pool');
  const main = {
    ...pool,
    recentSwaps: [...swaps].reverse(),
    priceChange24hPct: (last / first - 1) * 100,
    swaps24h: {
      buys: swaps.filter((x) => x.side === 'buy').length,
      sells: swaps.filter((x) => x.side === 'sell').length,
    },
  };
  return { ...base, mainPool: main, pools: [main] };
}
const ramp = (from: number, to: number, n = 30) =>
  Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));

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
    expect(r.indicators.activity).toBe('high'); // 220 swaps in 24 h
    for (const why of Object.values(r.indicatorWhy)) expect(why.length).toBeGreaterThan(10);
  });

  it('a steady rise with buying reads bullish, strong and positive, with the numbers in the why', () => {
    const r = analyseTokenHealth(withSeries(safeToken, ramp(1, 1.3), (i) => (i % 4 === 3 ? 'sell' : 'buy')));
    expect(r.indicators).toMatchObject({ trend: 'bullish', momentum: 'strong', sentiment: 'positive' });
    expect(r.indicatorWhy.momentum).toMatch(/24 h \+30%/);
    expect(r.indicatorWhy.sentiment).toMatch(/Buys are 7\d(\.\d)?% of the 24 h quote volume/);
    expect(r.indicatorWhy.trend).toMatch(/30 swaps/);
  });

  it('a token down 13–19% never reads strong momentum, even with buy-heavy flow', () => {
    for (const drop of [13, 15, 19]) {
      const r = analyseTokenHealth(withSeries(safeToken, ramp(1, 1 - drop / 100)));
      expect(r.indicators.momentum, `−${drop}%`).toBe('weak');
      expect(r.indicators.trend, `−${drop}%`).toBe('bearish');
      expect(r.indicatorWhy.momentum).toContain(`24 h -${drop}%`);
    }
  });

  it('a honeypot or a rug never reads strong momentum or positive sentiment', () => {
    for (const f of [honeypotToken, ruggedToken]) {
      const r = analyseTokenHealth(withSeries(f, ramp(1, 1.5)));
      expect(r.riskLevel).toBe('critical');
      expect(r.indicators.momentum).toBe('weak');
      expect(r.indicators.sentiment).toBe('negative');
    }
    expect(analyseTokenHealth(withSeries(honeypotToken, ramp(1, 1.5))).indicatorWhy.sentiment).toMatch(
      /Honeypot/,
    );
  });

  it('windowed returns and the trend slope come from the series', () => {
    const f = withSeries(safeToken, ramp(1, 2, 48));
    const series = f.mainPool?.recentSwaps
      .map((x) => ({ t: x.timestamp, p: Number(x.ethAmount) / Number(x.tokenAmount) }))
      .reverse() as { t: number; p: number }[];
    expect(returnOver(series, f.now, 3_600)).toBeGreaterThan(0);
    expect(returnOver(series, f.now, 30 * 86_400)).toBeNull();
    expect(trendPerDay(series)).toBeGreaterThan(INDICATOR_THRESHOLDS.trendPctPerDay);
    expect(trendPerDay(series.slice(0, 2))).toBeNull();
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
    // No swaps to fit a trend: said so, not read as neutral.
    expect(r.indicators.trend).toBe('unknown');
    expect(r.indicators.sentiment).toBe('unknown');
    expect(r.momentumEvidence.find((e) => e.check === 'price_change_24h')?.outcome).toBe('unknown');
    expect(r.overallScore).toBe(scoreFromEvidence(r.evidence));
  });
});

describe("the level and the score cards' bands are the server's (issue 21)", () => {
  it("sends the overall level from the vocabulary and each card's own band without a verdict", () => {
    const h = analyseTokenHealth(safeToken);
    expect(h.level).toBe(levelOf('health', h.overallScore));
    expect(h.bands.overall).toEqual({ band: levelOf('colour', h.overallScore), capped: false });
    expect(h.bands.community).toEqual({ band: levelOf('colour', h.communityScore), capped: false });
  });

  it('under a honeypot verdict the sub-scores are greyed; the security score stays in colour, never green', () => {
    const h = analyseTokenHealth(honeypotToken, { verdict: 'honeypot' });
    for (const k of ['overall', 'liquidity', 'community', 'momentum'] as const)
      expect(h.bands[k]).toEqual({ band: 'muted', capped: true });
    expect(h.bands.security.band).not.toBe('muted');
    expect(h.bands.security.band).not.toBe('green');
  });

  it('under a verdict that caps, a green score shows yellow and says it was capped', () => {
    const h = analyseTokenHealth(safeToken, { verdict: 'dangerous' });
    const scores = {
      overall: h.overallScore,
      security: h.securityScore,
      liquidity: h.liquidityScore,
      community: h.communityScore,
      momentum: h.momentumScore,
    };
    const greens = (Object.keys(scores) as (keyof typeof scores)[]).filter(
      (k) => levelOf('colour', scores[k]) === 'green',
    );
    expect(greens.length).toBeGreaterThan(0);
    for (const k of greens) expect(h.bands[k]).toEqual({ band: 'yellow', capped: true });
  });
});

describe('trend, returns and the 24 h change read one window (issue 24)', () => {
  // A busy pool: 1,040 swaps in 24 h falling 9.33% end to end; the 200 kept as recent swaps cover
  // only the last few minutes, in which the price slipped 0.5%.
  const now = safeToken.now;
  const start = 1;
  const endPrice = start * (1 - 0.0933);
  const swapsAt = Array.from({ length: 1040 }, (_, i) => {
    const t = now - 86_400 + Math.round(((i + 1) * 86_300) / 1040);
    return { ts: t, price: start + ((endPrice - start) * (t - (now - 86_400))) / 86_400 };
  });
  const burst: SwapFact[] = Array.from({ length: 200 }, (_, i) => ({
    txHash: `0x${(i + 1).toString(16).padStart(64, '0')}` as `0x${string}`,
    blockNumber: BigInt(5000 - i),
    timestamp: now - i,
    trader: `0x${'ab'.repeat(20)}` as `0x${string}`,
    side: 'buy',
    tokenAmount: 1000n * E18,
    ethAmount: BigInt(Math.round(endPrice * (1 + i * 0.000025) * 1e6)) * 10n ** 15n,
    usdValue: null,
  }));
  const series = daySeries(
    swapsAt.map((s) => ({
      ts: s.ts,
      tokenAmount: 1000n * E18,
      quoteAmount: BigInt(Math.round(s.price * 1e9)) * 10n ** 12n,
    })),
    { at: now - 86_400, price: start },
    { at: now, price: endPrice },
    18,
    18,
  );
  const pool = safeToken.mainPool;
  if (!pool) throw new Error('fixture without a pool');
  const main = {
    ...pool,
    recentSwaps: burst,
    priceChange24hPct: -9.33,
    swaps24h: { buys: 1040, sells: 0 },
    priceSeries24h: series,
  };
  const facts: TokenReportFacts = { ...safeToken, mainPool: main, pools: [main] };

  it('the series spans the whole day: the pool price at both ends and every 5-minute bucket', () => {
    expect(series[0]).toEqual({ t: now - 86_400, p: start });
    expect(series.at(-1)).toEqual({ t: now, p: endPrice });
    expect(series.length).toBeGreaterThan(250);
    expect(series.length).toBeLessThanOrEqual(24 * 12 + 3);
  });

  it('the fitted trend agrees with the 24 h change; 1 h and 6 h returns are computed', () => {
    const r = analyseTokenHealth(facts);
    const trend = Number(/Fitted trend ([−+-]?[\d.]+)%/.exec(r.indicatorWhy.trend)?.[1]);
    // Same window, same ends: about −9.33%, never the −96% a few minutes extrapolated to a day gave.
    expect(trend).toBeGreaterThan(-12);
    expect(trend).toBeLessThan(-7);
    expect(r.indicators.trend).toBe('bearish');
    expect(r.indicatorWhy.trend).toMatch(/The 24 h change compares only the two ends of the same window/);
    expect(r.indicatorWhy.momentum).not.toMatch(/1 h n\/a/);
    expect(r.indicatorWhy.momentum).not.toMatch(/6 h n\/a/);
    expect(r.indicatorWhy.momentum).toMatch(/24 h -9\.3%/);
  });

  it('a young pool: the fitted change is over its own span, not extrapolated to a day', () => {
    const hour = [
      { t: now - 3_600, p: 1 },
      { t: now - 2_400, p: 0.99 },
      { t: now - 1_200, p: 0.98 },
      { t: now, p: 0.97 },
    ];
    expect(fittedChange(hour)).toBeCloseTo(-3, 0);
    expect(trendPerDay(hour)).toBeLessThan(-50);
  });
});
