/**
 * FLAB Score: one 0–100 rating from the other analysers. flabScore = clamp(round(100 − Σ impact)):
 *
 *   component (its score s)        weight   impact = weight × (100 − s) / 100
 *   security scanner                 35
 *   rug safety (100 − rugScore)      25
 *   liquidity                        20
 *   whale distribution               10
 *   community (token health)         10
 *   critical finding                 40      fail (full 40) on a honeypot, a completed rug or no
 *                                            contract code; else pass (0)
 *
 * Grade by spec §4: 80+ A+, 70 A, 60 B, 50 C, else D.
 */
import {
  type Evidence,
  type FlabScoreResult,
  type LiquidityResult,
  type RugResult,
  riskStrings,
  round,
  type ScannerResult,
  type ScoreComponent,
  scoreFromEvidence,
  type WhaleResult,
} from '../../shared/analysis';
import { levelOf } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { judged } from './evidence-lines';
import { analyseLiquidity, type LiquidityOptions } from './liquidity';
import { analyseRug } from './rug-detector';
import { analyseScanner } from './scanner';
import { communityEvidence } from './token-health';
import { buyersCannotEnter } from './trading-switch';
import { analyseWhales } from './whales';

export const FLAB_WEIGHTS = {
  security: 35,
  rugSafety: 25,
  liquidity: 20,
  whales: 10,
  community: 10,
} as const;
export const CRITICAL_FINDING_WEIGHT = 40;

export type FlabScoreOptions = LiquidityOptions & {
  scanner?: ScannerResult;
  rug?: RugResult;
  liquidity?: LiquidityResult;
  whales?: WhaleResult;
};

/** The checks a critical finding comes from: a sell that fails (the token's or its V4 hook's), no code. */
const CRITICAL_CHECKS = ['honeypot', 'hook_honeypot', 'contract_code'];

/**
 * The critical-finding line: fail on a honeypot, a completed rug or missing code; unknown when none
 * was found but one of those checks could not run (issue 40: a failed simulation is not "no
 * honeypot"); pass only when all of them ran and found nothing.
 */
function criticalFinding(scanner: ScannerResult, rug: RugResult): Evidence {
  const failed = (check: string) => scanner.evidence.some((e) => e.check === check && e.outcome === 'fail');
  const honeypot = scanner.evidence.find((e) => e.check === 'honeypot' && e.outcome === 'fail');
  const critical = [
    honeypot && buyersCannotEnter(honeypot)
      ? 'the token cannot be bought (no privileged call is known to open trading)'
      : failed('honeypot') || failed('hook_honeypot')
        ? 'the token cannot be sold (honeypot)'
        : null,
    rug.completedRug ? 'the liquidity has already been pulled (rug)' : null,
    failed('contract_code') ? 'there is no contract code' : null,
  ].filter((x): x is string => x !== null);
  const unchecked = scanner.evidence.filter(
    (e) => CRITICAL_CHECKS.includes(e.check) && e.outcome === 'unknown',
  );
  const spec = { check: 'critical_finding', label: 'Critical finding', weight: CRITICAL_FINDING_WEIGHT };
  if (critical.length > 0) return judged(spec, 'fail', true, `Critical: ${critical.join('; ')}.`);
  if (unchecked.length > 0)
    return judged(
      spec,
      'unknown',
      null,
      `No critical finding so far, but ${unchecked.map((e) => e.label.toLowerCase()).join(', ')} could not be checked: ${unchecked[0]?.detail ?? ''}`,
    );
  return judged(spec, 'pass', false, 'No critical finding (honeypot, completed rug, missing code).');
}

export function analyseFlabScore(facts: TokenReportFacts, opts: FlabScoreOptions = {}): FlabScoreResult {
  const scanner = opts.scanner ?? analyseScanner(facts);
  const rug = opts.rug ?? analyseRug(facts, opts);
  const liquidity = opts.liquidity ?? analyseLiquidity(facts, { ...opts, rug });
  const whales = opts.whales ?? analyseWhales(facts);
  const community = scoreFromEvidence(communityEvidence(facts));

  const parts: [string, string, number, number][] = [
    ['security', 'Security scanner', FLAB_WEIGHTS.security, scanner.score],
    ['rug_safety', 'Rug safety', FLAB_WEIGHTS.rugSafety, 100 - rug.rugScore],
    ['liquidity', 'Liquidity', FLAB_WEIGHTS.liquidity, liquidity.liquidityScore],
    ['whales', 'Whale distribution', FLAB_WEIGHTS.whales, whales.whaleScore],
    ['community', 'Community', FLAB_WEIGHTS.community, community],
  ];
  const breakdown: ScoreComponent[] = parts.map(([component, , weight, score]) => ({
    component,
    score,
    weight,
    impact: round((weight * (100 - score)) / 100, 2),
  }));
  const evidence: Evidence[] = parts.map(([check, label, weight, score], i) =>
    judged(
      { check, label, weight },
      levelOf('componentOutcome', score),
      score,
      `${label} scores ${score}/100 and counts for ${weight}% of the FLAB Score.`,
      breakdown[i]?.impact ?? 0,
    ),
  );

  evidence.push(criticalFinding(scanner, rug));

  const flabScore = scoreFromEvidence(evidence);
  // Home card risks: the worst findings of the underlying analysers, then the component lines.
  const risks = riskStrings(
    [...evidence.filter((e) => e.check === 'critical_finding' && e.outcome === 'fail'), ...scanner.evidence],
    4,
  );
  return {
    flabScore,
    score: flabScore,
    grade: levelOf('grade', flabScore),
    status: levelOf('status', flabScore),
    risks,
    breakdown,
    evidence,
  };
}
