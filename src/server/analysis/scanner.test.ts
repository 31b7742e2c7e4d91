import { describe, expect, it } from 'vitest';
import { scoreFromEvidence } from '../../shared/analysis';
import { FIXTURES, highTaxToken, honeypotToken, missingDataToken, safeToken } from '../test-support/fixtures';
import { analyseScanner, SCANNER_MAX_RISKS } from './scanner';

const line = (r: ReturnType<typeof analyseScanner>, check: string) => {
  const e = r.evidence.find((x) => x.check === check);
  if (!e) throw new Error(`no ${check} line`);
  return e;
};

describe('scanner on literal fixtures', () => {
  it('scores the safe token high, Excellent, with no failing line', () => {
    const r = analyseScanner(safeToken);
    expect(r.score).toBeGreaterThanOrEqual(90);
    expect(r.status).toBe('Excellent');
    expect(r.evidence.filter((e) => e.outcome === 'fail')).toEqual([]);
    expect(r.details).toEqual({
      name: 'Blue Chip',
      symbol: 'BLUE',
      contractVerified: true,
      holderCount: 5200,
      decimals: 18,
      totalSupply: '1000000000000000000000000000',
    });
    expect(r.risks.every((s) => s.startsWith('✅ '))).toBe(true);
  });

  it('flags the honeypot and caps its score very low', () => {
    const r = analyseScanner(honeypotToken);
    expect(line(r, 'honeypot')).toMatchObject({ outcome: 'fail', impact: 90 });
    expect(r.score).toBeLessThanOrEqual(10);
    expect(r.status).toBe('Needs Review');
    expect(r.risks[0]).toMatch(/^❌ Honeypot/);
    expect(r.contractVerified).toBe(false);
  });

  it('flags the high sell tax with its value', () => {
    const r = analyseScanner(highTaxToken);
    expect(line(r, 'sell_tax')).toMatchObject({ outcome: 'fail', value: 35, impact: 20 });
    expect(line(r, 'buy_tax')).toMatchObject({ outcome: 'pass', value: 5, impact: 0 });
    expect(line(r, 'fee_setters').outcome).toBe('fail');
    expect(r.risks[0]).toContain('35%');
    expect(r.score).toBeLessThan(60);
  });

  it('reports missing facts as unknown lines, never invented values', () => {
    const r = analyseScanner(missingDataToken);
    const unknown = r.evidence.filter((e) => e.outcome === 'unknown');
    expect(unknown.map((e) => e.check)).toEqual(
      expect.arrayContaining([
        'honeypot',
        'source_verified',
        'sell_tax',
        'holder_sells',
        'creator_history',
        'top_holders',
      ]),
    );
    for (const e of unknown) {
      expect(e.value).toBeNull();
      expect(e.impact).toBeGreaterThan(0);
      expect(e.impact).toBeLessThan(e.weight);
    }
    expect(r.details.totalSupply).toBeNull();
    expect(r.contractVerified).toBeNull();
  });

  it('applies the tax thresholds: >10% warn, >25% fail', () => {
    const withTax = (sellTaxPct: number) =>
      line(
        analyseScanner({
          ...safeToken,
          trade: { ...(safeToken.trade as Extract<typeof safeToken.trade, { status: 'ok' }>), sellTaxPct },
        }),
        'sell_tax',
      ).outcome;
    expect(withTax(10)).toBe('pass');
    expect(withTax(10.5)).toBe('warn');
    expect(withTax(25)).toBe('warn');
    expect(withTax(25.1)).toBe('fail');
  });

  it('warns when the creator holds more than 5%', () => {
    const top = safeToken.holders.top.map((h) => (h.kind === 'deployer' ? { ...h, percentage: 6 } : h));
    const r = analyseScanner({ ...safeToken, holders: { ...safeToken.holders, top } });
    expect(line(r, 'creator_share')).toMatchObject({ outcome: 'warn', value: 6 });
  });

  it('passes LP at ≥ 95% locked or burned and warns below', () => {
    const withLp = (burned: number, locked: number) => {
      const pool = { ...safeToken.mainPool!, lpBurnedShare: burned, lpLockedShare: locked };
      return line(analyseScanner({ ...safeToken, mainPool: pool, pools: [pool] }), 'lp_locked').outcome;
    };
    expect(withLp(0.95, 0)).toBe('pass');
    expect(withLp(0.5, 0.44)).toBe('warn');
    expect(withLp(0.2, 0.1)).toBe('fail');
  });

  it('keeps every result derivable from its evidence and the risks short and prefixed', () => {
    for (const f of Object.values(FIXTURES)) {
      const r = analyseScanner(f);
      expect(r.score).toBe(scoreFromEvidence(r.evidence));
      expect(r.risks.length).toBeLessThanOrEqual(SCANNER_MAX_RISKS);
      for (const s of r.risks) expect(s).toMatch(/^(✅|⚠️|❌) /);
    }
  });
});

describe('the chain provider line (issue 40)', () => {
  const stale = {
    checked: true,
    headAgeSeconds: 660,
    staleHead: true,
    chainId: 8453,
    wrongChain: false,
    simulateV1: false,
    warnings: ["The provider's latest block is 660 s old.", 'The provider has no eth_simulateV1.'],
  };

  it('names a stale head and a missing eth_simulateV1, moving no score', () => {
    const plain = analyseScanner(safeToken);
    const r = analyseScanner({ ...safeToken, provider: stale });
    const line = r.evidence.find((e) => e.check === 'provider');
    expect(line).toMatchObject({ outcome: 'warn', weight: 0, value: 660 });
    expect(line?.detail).toMatch(/660 s old.*no eth_simulateV1/);
    expect(r.score).toBe(plain.score);
  });

  it('says nothing when the provider is fine', () => {
    const fine = { ...stale, staleHead: false, simulateV1: true, headAgeSeconds: 2, warnings: [] };
    expect(
      analyseScanner({ ...safeToken, provider: fine }).evidence.some((e) => e.check === 'provider'),
    ).toBe(false);
  });
});
