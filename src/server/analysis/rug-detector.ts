/**
 * Rug detector ("AI"): the fitted rug model (rug-model/, a logistic regression over behavioural
 * features from `facts.rugFeatures`) combined with contract checks and pool/holder facts.
 *
 * rugScore = clamp(round(Σ impact)) over the evidence lines below, score = 100 − rugScore
 * (so score = clamp(round(100 − Σ impact)) like every other analyser).
 *
 * Weights (the most each line adds to the rug score):
 *   completed rug (drain ≥ 90% / reserve < 5% of peak)  80   → a completed rug is always CRITICAL
 *   fitted model                                           35 × model output 0–1 (a score; unknown: 9)
 *   sell fails (honeypot)                                  40
 *   creator's earlier rugs                                 25
 *   LP not locked/burned                                   20
 *   sell tax                                               20
 *   owner can move others' tokens                          15
 *   recent LP removal (24 h)                               15
 *   mint                                                   10
 *   pool creator's LP share                                10
 *   creator/owner share of supply                          10
 *   top-10 concentration                                   10
 *   insiders (funded by the creator)                       10
 *   holders with rug history                               10
 *   pool liquidity                                         10
 *   blacklist                                               8
 *   upgradeable proxy                                       8
 *   source not verified                                     8
 *   fresh wallets                                           6
 *   pause / trading switch                                  6
 *   token age                                               6
 *   tax can be changed                                      8
 *   hidden owner                                            5
 *   ownership not renounced                                 5
 * Each model feature also gets an informational line (weight 0) with its value and contribution.
 * Trusted assets (trusted-asset.ts; one definition in shared/vocabulary.ts TRUSTED_ASSET): the
 * issuer-control lines (LP lock and creator share, creator/top-holder share, insiders, mint,
 * ownership, hidden owner) and the model keep their text but count 0; a 'trusted_asset' line says
 * which behavioural tests held.
 *
 * Risk level from rugScore: < 30 LOW, < 60 MEDIUM, < 80 HIGH, else CRITICAL (spec §4 fallback + CRITICAL).
 * Data coverage = share of features (weighted lines + model features) whose facts were available.
 */
import {
  type Evidence,
  type RugModelSummary,
  type RugResult,
  type RugRiskFactor,
  riskStrings,
  round,
  type Severity,
  severityRank,
  sortEvidenceWorstFirst,
  sumImpacts,
} from '../../shared/analysis';
import { levelOf } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { checkOwnership, checkProxy, checkVerified } from './contract-checks';
import { type Check, judged } from './evidence-lines';
import {
  checkCreatorHistory,
  checkCreatorShare,
  checkFreshWallets,
  checkHolderRugHistory,
  checkInsiders,
  checkTopHolders,
} from './holder-checks';
import {
  checkCompletedRug,
  checkLpCreatorShare,
  checkLpLocked,
  checkPoolLiquidity,
  checkRecentLpRemoval,
  checkTokenAge,
} from './liquidity-checks';
import {
  checkBlacklist,
  checkFeeSetters,
  checkHiddenOwner,
  checkMint,
  checkOwnerMovesTokens,
  checkPause,
} from './owner-power-checks';
import { getRugFeature, isRugFeatureName, type RugFeatures } from './rug-model/features';
import { loadRugModel, predictRug, type RugModel } from './rug-model/model';
import weightsJson from './rug-model/weights.json';
import { checkHoneypot, checkSellTax } from './trade-checks';
import { excuseIfTrusted, trustedAsset, trustedAssetLine } from './trusted-asset';

/** The shipped fitted model (validated once at import; throws if weights.json is malformed). */
export const SHIPPED_RUG_MODEL: RugModel = loadRugModel(weightsJson);

export const MODEL_WEIGHT = 35;
export const COMPLETED_RUG_WEIGHT = 80;

export const RUG_WEIGHTS: readonly (readonly [Check, number])[] = [
  [checkCompletedRug, COMPLETED_RUG_WEIGHT],
  [checkHoneypot, 40],
  [checkCreatorHistory, 25],
  [checkLpLocked, 20],
  [checkSellTax, 20],
  [checkOwnerMovesTokens, 15],
  [checkRecentLpRemoval, 15],
  [checkMint, 10],
  [checkLpCreatorShare, 10],
  [checkCreatorShare, 10],
  [checkTopHolders, 10],
  [checkInsiders, 10],
  [checkHolderRugHistory, 10],
  [checkPoolLiquidity, 10],
  [checkBlacklist, 8],
  [checkProxy, 8],
  [checkVerified, 8],
  [checkFreshWallets, 6],
  [checkPause, 6],
  [checkTokenAge, 6],
  [checkFeeSetters, 8],
  [checkHiddenOwner, 5],
  [checkOwnership, 5],
];

export type RugOptions = { model?: RugModel };

/** Severity of a risk factor from the points it added. */
export function severityOf(impact: number): Severity {
  if (impact >= 25) return 'critical';
  if (impact >= 12) return 'high';
  if (impact >= 5) return 'medium';
  return 'low';
}

function modelFeatures(facts: TokenReportFacts): Partial<RugFeatures> {
  const out: Partial<RugFeatures> = {};
  for (const [k, v] of Object.entries(facts.rugFeatures ?? {})) {
    if (isRugFeatureName(k) && typeof v === 'number') out[k] = v;
  }
  return out;
}

function modelEvidence(
  facts: TokenReportFacts,
  model: RugModel,
): { lines: Evidence[]; summary: RugModelSummary } {
  const pred = predictRug(model, modelFeatures(facts));
  const all = pred.missing.length >= model.features.length;
  const spec = { check: 'rug_model', label: 'Fitted rug model', weight: MODEL_WEIGHT };
  const p = pred.score;
  const main = all
    ? judged(spec, 'unknown', null, 'Not enough pool history for the fitted rug model to judge.')
    : judged(
        spec,
        p >= 0.7 ? 'fail' : p >= 0.4 ? 'warn' : 'pass',
        round(p, 3),
        // A score, not a chance: the model was fitted on labelled mainnet pools with balanced classes
        // and has not been calibrated on our own history (issue 11), so its output only ranks.
        `The fitted model scores this pool ${Math.round(p * 100)}/100 for rug likeness from its liquidity and creator behaviour (a ranking score, not a calibrated chance)${
          pred.missing.length > 0
            ? ` (${pred.missing.length} of ${model.features.length} inputs missing)`
            : ''
        }.`,
        Math.round(MODEL_WEIGHT * p),
      );
  const lines: Evidence[] = [main];
  for (const c of pred.contributions) {
    const def = getRugFeature(c.feature);
    const missing = pred.missing.includes(c.feature);
    lines.push(
      judged(
        { check: `model:${c.feature}`, label: def.explanation, weight: 0 },
        missing ? 'unknown' : c.contribution > 0.5 ? 'warn' : 'pass',
        missing ? null : round(c.value, 4),
        missing
          ? `${def.explanation} (no data; the model used the training average)`
          : `${def.explanation} Value ${round(c.value, 4)} ${c.contribution >= 0 ? 'raises' : 'lowers'} the model's estimate (${round(c.contribution, 2)} log-odds).`,
      ),
    );
  }
  return {
    lines,
    summary: {
      variant: model.variant,
      score: all ? null : round(p, 4),
      missing: pred.missing,
      contributions: pred.contributions.map((c) => ({
        feature: c.feature,
        value: c.value,
        contribution: round(c.contribution, 4),
      })),
    },
  };
}

function recommendationFor(
  level: RugResult['riskLevel'],
  factors: RugRiskFactor[],
  dataCoverage: number,
  rugged: boolean,
) {
  const top = factors
    .slice(0, 3)
    .map((f) => f.factor.toLowerCase())
    .join(', ');
  let text: string;
  if (rugged)
    text = `This token's liquidity has already been pulled: it is a completed rug, and buying it now is very likely to lose the whole amount. Do not buy; holders may not be able to sell for anything.`;
  else if (level === 'CRITICAL')
    text = `Avoid this token: it shows several strong rug signals${top ? ` (${top})` : ''}. The people in control can take holders' money.`;
  else if (level === 'HIGH')
    text = `High rug risk${top ? ` (${top})` : ''}. Only trade with money you can lose, keep positions small and be ready to exit.`;
  else if (level === 'MEDIUM')
    text = `Some warning signs${top ? ` (${top})` : ''}. Check who controls the contract and the liquidity before buying, and size positions carefully.`;
  else
    text = `No major rug signals were found${top ? `; minor points: ${top}` : ''}. As with any token, keep watching liquidity and ownership changes.`;
  if (dataCoverage < 0.6)
    text += ` Much of the data was unavailable (data for ${Math.round(dataCoverage * 100)}% of the features), so treat this as provisional.`;
  return text;
}

export function analyseRug(facts: TokenReportFacts, opts: RugOptions = {}): RugResult {
  const model = opts.model ?? SHIPPED_RUG_MODEL;
  // A trusted asset (shared/vocabulary.ts TRUSTED_ASSET, judged by behaviour) keeps every line, but
  // the issuer-control lines and the model count for nothing.
  const trust = trustedAsset(facts);
  const checks = RUG_WEIGHTS.map(([check, w]) => excuseIfTrusted(check(facts, w), trust));
  const m = modelEvidence(facts, model);
  m.lines[0] = excuseIfTrusted(m.lines[0] as Evidence, trust);
  const evidence = [...checks, ...m.lines, trustedAssetLine(facts, trust)];
  const rugScore = Math.min(100, Math.max(0, Math.round(sumImpacts(evidence))));
  const completed = checks.some((e) => e.check === 'completed_rug' && e.outcome === 'fail');

  // Features: the weighted checks (except the model's own summary line) plus each model input.
  const modelInputs = m.lines.slice(1);
  const features = [...checks, ...modelInputs];
  const available = features.filter((e) => e.outcome !== 'unknown').length;
  const dataCoverage = round(available / features.length, 2);

  const riskFactors: RugRiskFactor[] = sortEvidenceWorstFirst(
    evidence.filter((e) => e.weight > 0 && e.impact > 0 && (e.outcome === 'fail' || e.outcome === 'warn')),
  )
    .map((e) => ({
      factor: e.label,
      severity: e.check === 'completed_rug' ? ('critical' as const) : severityOf(e.impact),
      description: e.detail,
      impact: e.impact,
    }))
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || b.impact - a.impact)
    .map(({ factor, severity, description }) => ({ factor, severity, description }));

  const riskLevel = levelOf('rugRisk', rugScore);
  return {
    rugScore,
    score: 100 - rugScore,
    riskLevel,
    dataCoverage,
    riskFactors,
    risks: riskStrings(evidence, 6),
    recommendation: recommendationFor(riskLevel, riskFactors, dataCoverage, completed),
    completedRug: completed,
    features: { total: features.length, available, names: features.map((e) => e.check) },
    model: m.summary,
    evidence,
  };
}
