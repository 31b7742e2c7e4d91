import { describe, expect, it } from 'vitest';
import type { CheckOutcome, Evidence, TokenReport, VerdictKind } from '../../shared/analysis';
import { compareReports, describeImprovements, outcomeImproved, verdictImproved } from './report-compare';

const line = (check: string, outcome: CheckOutcome, weight = 10): Evidence => ({
  check,
  label: check,
  value: null,
  outcome,
  weight,
  impact: 0,
  detail: `${check} ${outcome}`,
});

/** A report with only what the comparison reads: evidence lists and the verdict's kind. */
function report(kind: VerdictKind, scanner: Evidence[], rug: Evidence[] = []): TokenReport {
  return {
    scanner: { evidence: scanner },
    rug: { evidence: rug },
    liquidity: { evidence: [] },
    whales: { evidence: [] },
    flabScore: { evidence: [] },
    health: { evidence: [], communityEvidence: [], momentumEvidence: [] },
    verdict: { kind },
  } as unknown as TokenReport;
}

const OUTCOMES: CheckOutcome[] = ['pass', 'warn', 'fail', 'unknown'];

describe('outcomeImproved', () => {
  it('allows the same outcome, unknown, or a harsher one; flags every kinder judgement', () => {
    const improved = OUTCOMES.flatMap((h) =>
      OUTCOMES.filter((f) => outcomeImproved(h, f)).map((f) => `${h}→${f}`),
    );
    expect(improved.sort()).toEqual(['fail→pass', 'fail→warn', 'unknown→pass', 'unknown→warn', 'warn→pass']);
  });
});

describe('verdictImproved', () => {
  it('ranks honeypot = rugged < dangerous < unknown < caution < no major risk; unknown is never kinder', () => {
    expect(verdictImproved('dangerous', 'caution')).toBe(true);
    expect(verdictImproved('unknown', 'caution')).toBe(true);
    expect(verdictImproved('honeypot', 'dangerous')).toBe(true);
    expect(verdictImproved('caution', 'no_major_risk')).toBe(true);
    expect(verdictImproved('honeypot', 'unknown')).toBe(false);
    expect(verdictImproved('dangerous', 'unknown')).toBe(false);
    expect(verdictImproved('honeypot', 'rugged')).toBe(false);
    expect(verdictImproved('no_major_risk', 'dangerous')).toBe(false);
    expect(verdictImproved('caution', 'caution')).toBe(false);
  });
});

describe('compareReports', () => {
  it('finds nothing when the faulty report only says less', () => {
    const healthy = report('dangerous', [line('mint', 'fail'), line('pause', 'pass'), line('tax', 'warn')]);
    const faulty = report('unknown', [
      line('mint', 'unknown'),
      line('pause', 'unknown'),
      line('tax', 'fail'),
    ]);
    expect(compareReports(healthy, faulty)).toEqual({ checks: [], scores: [], verdict: null });
  });

  it('names the check and the verdict that improved, section by section', () => {
    const healthy = report('dangerous', [line('mint', 'fail')], [line('mint', 'unknown')]);
    const faulty = report('caution', [line('mint', 'pass')], [line('mint', 'warn')]);
    const c = compareReports(healthy, faulty);
    expect(c.verdict).toEqual({ healthy: 'dangerous', faulty: 'caution' });
    expect(c.checks.map((x) => `${x.key} ${x.healthy}→${x.faulty}`)).toEqual([
      'scanner:mint fail→pass',
      'rug:mint unknown→warn',
    ]);
    expect(describeImprovements(c, 'TOKEN/timeout 10%')).toEqual([
      'TOKEN/timeout 10%: verdict dangerous → caution',
      'TOKEN/timeout 10%: scanner:mint fail → pass: mint pass',
      'TOKEN/timeout 10%: rug:mint unknown → warn: mint warn',
    ]);
  });

  it('a line missing from the faulty report says less', () => {
    const healthy = report('caution', [line('a', 'fail'), line('b', 'warn'), line('c', 'pass')]);
    expect(compareReports(healthy, report('caution', [])).checks).toEqual([]);
  });

  it('counts score lines apart from checks', () => {
    const healthy = { ...report('caution', []), flabScore: { evidence: [line('liquidity', 'warn')] } };
    const faulty = { ...report('caution', []), flabScore: { evidence: [line('liquidity', 'pass')] } };
    const c = compareReports(healthy as TokenReport, faulty as TokenReport);
    expect(c.checks).toEqual([]);
    expect(c.scores.map((x) => x.key)).toEqual(['flabScore:liquidity']);
  });

  it('a pass only the faulty report has is an improvement; informational lines are not compared', () => {
    const healthy = report('caution', [line('info', 'unknown', 0)]);
    const faulty = report('caution', [line('new', 'pass'), line('new2', 'unknown'), line('info', 'pass', 0)]);
    expect(compareReports(healthy, faulty).checks.map((x) => x.key)).toEqual(['scanner:new']);
  });

  it('a check listed twice in one section is judged by its first line', () => {
    const healthy = report('caution', [line('x', 'fail'), line('x', 'pass')]);
    const faulty = report('caution', [line('x', 'fail'), line('x', 'fail')]);
    expect(compareReports(healthy, faulty).checks).toEqual([]);
  });
});
