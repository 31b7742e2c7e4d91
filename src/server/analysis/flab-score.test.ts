import { describe, expect, it } from 'vitest';
import { scoreFromEvidence } from '../../shared/analysis';
import { levelOf } from '../../shared/vocabulary';

const scoreGrade = (s: number) => levelOf('grade', s);

import { FIXTURES, honeypotToken, ruggedToken, safeToken } from '../test-support/fixtures';
import { analyseFlabScore, FLAB_WEIGHTS } from './flab-score';

describe('FLAB Score', () => {
  it('weights sum to 100', () => {
    expect(Object.values(FLAB_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('grades the safe token A+', () => {
    const r = analyseFlabScore(safeToken);
    expect(r.flabScore).toBeGreaterThanOrEqual(80);
    expect(r.grade).toBe('A+');
    expect(r.breakdown.map((b) => b.component)).toEqual([
      'security',
      'rug_safety',
      'liquidity',
      'whales',
      'community',
    ]);
  });

  it('grades a honeypot and a rug D through the critical-finding line', () => {
    for (const f of [honeypotToken, ruggedToken]) {
      const r = analyseFlabScore(f);
      expect(r.grade).toBe('D');
      expect(r.evidence.find((e) => e.check === 'critical_finding')).toMatchObject({
        outcome: 'fail',
        impact: 40,
      });
      expect(r.risks[0]).toMatch(/^❌ /);
      expect(r.risks.some((x) => x.startsWith('❌ Critical'))).toBe(true);
    }
  });

  it('says the critical finding is unknown, never "none", when the sell could not be simulated (issue 40)', () => {
    // A fault-injection run found it: a honeypot whose simulation timed out read "No critical finding".
    const f = {
      ...honeypotToken,
      holderSells: null,
      trade: { status: 'error' as const, message: 'timed out' },
    };
    const line = analyseFlabScore(f).evidence.find((e) => e.check === 'critical_finding');
    expect(line).toMatchObject({ outcome: 'unknown', value: null });
    expect(line?.detail).toMatch(/^No critical finding so far, but .* could not be checked/);
    expect(analyseFlabScore(safeToken).evidence.find((e) => e.check === 'critical_finding')?.outcome).toBe(
      'pass',
    );
  });

  it('derives the score and grade from its evidence', () => {
    for (const f of Object.values(FIXTURES)) {
      const r = analyseFlabScore(f);
      expect(r.flabScore).toBe(scoreFromEvidence(r.evidence));
      expect(r.grade).toBe(scoreGrade(r.flabScore));
      for (const b of r.breakdown) expect(b.impact).toBeCloseTo((b.weight * (100 - b.score)) / 100, 2);
      expect(r.risks.length).toBeLessThanOrEqual(4);
    }
  });

  it('follows the spec grade bands', () => {
    expect([80, 79, 70, 69, 60, 59, 50, 49].map(scoreGrade)).toEqual([
      'A+',
      'A',
      'A',
      'B',
      'B',
      'C',
      'C',
      'D',
    ]);
  });
});
