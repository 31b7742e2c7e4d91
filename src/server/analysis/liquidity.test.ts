import { describe, expect, it } from 'vitest';
import { scoreFromEvidence } from '../../shared/analysis';
import {
  FIXTURE_NOW,
  freshInsiderToken,
  highTaxToken,
  honeypotToken,
  missingDataToken,
  RUG_DRAIN_TX,
  ruggedToken,
  safeToken,
} from '../test-support/fixtures';
import { priceImpactPct } from './derived-facts';
import { analyseLiquidity } from './liquidity';
import { analyseRug } from './rug-detector';

describe('price impact (constant product, 0.3% fee)', () => {
  it('matches a hand computation', () => {
    // Pool $100,000 → quote side $50,000, say Rq = 50,000 USDC and Rt = 1,000,000 tokens (mid 0.05).
    // Buy $1,000: after fee 997 in; out = 1,000,000 × 997 / (50,000 + 997) = 19,550.1696…
    // Tokens at mid price: 1,000 / 0.05 = 20,000. Impact = 1 − 19,550.1696 / 20,000 = 2.2492 %.
    const out = (1_000_000 * 997) / (50_000 + 997);
    expect(out).toBeCloseTo(19550.1696, 3);
    expect(priceImpactPct(1000, 100_000)).toBe(2.25);
    expect(priceImpactPct(1000, 100_000)).toBeCloseTo((1 - out / 20_000) * 100, 2);
  });

  it('is the fee alone for a tiny trade and grows with size', () => {
    expect(priceImpactPct(0, 1_000_000)).toBe(0.3);
    expect(priceImpactPct(50_000, 100_000)).toBeCloseTo((1 - 0.997 / 1.997) * 100, 2); // ≈ 50.08 %
    expect(priceImpactPct(1000, null)).toBeNull();
    expect(priceImpactPct(1000, 0)).toBeNull();
  });
});

describe('liquidity scanner on literal fixtures', () => {
  it('rates the safe pool healthy', () => {
    const r = analyseLiquidity(safeToken, { amountUsd: 1000 });
    expect(r.liquidityScore).toBeGreaterThanOrEqual(90);
    expect(r.riskLevel).toBe('LOW');
    expect(r.timestamp).toBe(FIXTURE_NOW * 1000);
    expect(r.liquidityData).toMatchObject({
      poolValue: 1_500_000,
      priceImpact: priceImpactPct(1000, 1_500_000),
      tradingVolume24h: 250_000,
      liquidityLocked: true,
      liquidityLockTime: (FIXTURE_NOW + 305 * 86_400) * 1000,
    });
    expect(r.warnings).toEqual([]);
    expect(r.liquidityScore).toBe(scoreFromEvidence(r.evidence));
  });

  it('uses the requested amount and warns above 15% impact', () => {
    const r = analyseLiquidity(highTaxToken, { amountUsd: 20_000 });
    expect(r.amountUsd).toBe(20_000);
    expect(r.liquidityData.priceImpact).toBe(priceImpactPct(20_000, 180_000));
    expect(r.liquidityData.priceImpact).toBeGreaterThan(15);
    expect(r.warnings.some((w) => w.startsWith('High price impact'))).toBe(true);
  });

  it('shows the rugged pool as CRITICAL with its drain event', () => {
    const r = analyseLiquidity(ruggedToken, { amountUsd: 1000 });
    expect(r.riskLevel).toBe('CRITICAL');
    expect(r.rugAnalysis.lpDrainEvents.count).toBe(1);
    expect(r.rugAnalysis.lpDrainEvents.events[0]).toMatchObject({ hash: RUG_DRAIN_TX, shareOfPool: 0.9987 });
    expect(r.rugAnalysis.riskLevel).toBe('CRITICAL');
    expect(r.warnings.some((w) => /rug risk/i.test(w))).toBe(true);
    expect(r.warnings.some((w) => /Low liquidity/.test(w))).toBe(true);
    expect(r.liveMonitoring.liquidityDrainRisk).toBe('High');
    expect(r.liveMonitoring.contractAge).toBe(3);
  });

  it('warns that the honeypot LP is not locked', () => {
    const r = analyseLiquidity(honeypotToken, { amountUsd: 1000 });
    expect(r.liquidityData.liquidityLocked).toBe(false);
    expect(r.warnings.some((w) => w.startsWith('LP not locked'))).toBe(true);
  });

  it('reports unknown pool value and price impact as unknown, not zero', () => {
    const r = analyseLiquidity(missingDataToken, { amountUsd: 1000 });
    expect(r.liquidityData.poolValue).toBeNull();
    expect(r.liquidityData.priceImpact).toBeNull();
    expect(r.evidence.find((e) => e.check === 'price_impact')?.outcome).toBe('unknown');
    expect(r.rugAnalysis.dataCoverage).toBeLessThan(0.6);
  });
});

describe('advice fits the state (issue 24)', () => {
  it('a drained pool gets "liquidity was removed", not order-splitting or lock-waiting advice', () => {
    const r = analyseLiquidity(ruggedToken);
    expect(r.recommendations[0]).toMatch(/liquidity was removed/);
    expect(r.recommendations.join(' ')).not.toMatch(/Split the order|Wait until the liquidity|slippage/);
  });

  it('behaviour flags name what failed, never a pass label alone', () => {
    const r = analyseLiquidity(ruggedToken);
    expect(r.rugAnalysis.behaviorFlags.length).toBeGreaterThan(0);
    for (const f of r.rugAnalysis.behaviorFlags) expect(f).toMatch(/^(Failed|Warning): /);
  });

  it('the risk level is never below the rug detector level', () => {
    const order = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
    for (const f of [ruggedToken, honeypotToken, freshInsiderToken]) {
      const rug = analyseRug(f);
      const r = analyseLiquidity(f, { rug });
      expect(order.indexOf(r.riskLevel)).toBeGreaterThanOrEqual(order.indexOf(rug.riskLevel));
    }
  });
});
