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

  const honeypot = scanner.evidence.find((e) => e.check === 'honeypot' && e.outcome === 'fail');
  const closed = honeypot && buyersCannotEnter(honeypot);
  const noCode = scanner.evidence.find((e) => e.check === 'contract_code' && e.outcome === 'fail');
  const critical = [
    closed
      ? 'the token cannot be bought (no privileged call is known to open trading)'
      : honeypot
        ? 'the token cannot be sold (honeypot)'
        : null,
    rug.completedRug ? 'the liquidity has already been pulled (rug)' : null,
    noCode ? 'there is no contract code' : null,
  ].filter((x): x is string => x !== null);
  evidence.push(
    judged(
      { check: 'critical_finding', label: 'Critical finding', weight: CRITICAL_FINDING_WEIGHT },
      critical.length > 0 ? 'fail' : 'pass',
      critical.length > 0,
      critical.length > 0
        ? `Critical: ${critical.join('; ')}.`
        : 'No critical finding (honeypot, completed rug, missing code).',
    ),
  );

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
