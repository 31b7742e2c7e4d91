/**
 * Security scanner: one evidence line per row of reference/risk-checks.md that our facts cover.
 * score = clamp(round(100 − Σ impact)), status by spec §4 bands. Weights below are the most each
 * check can deduct (see evidence.ts for the pass/warn/fail/unknown impact rule).
 *
 * The honeypot line weighs 90, so a token whose sell fails scores at most 10. A trusted asset's
 * issuer-control lines are shown but count 0, as in the rug detector (trusted-asset.ts).
 *
 * Not covered (no facts yet): "clone of a known scam" (bytecode similarity) and wallet clusters
 * beyond "funded by the deployer".
 */
import { type Evidence, riskStrings, type ScannerResult, scoreFromEvidence } from '../../shared/analysis';
import { levelOf } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import {
  checkCode,
  checkImpersonation,
  checkOwnership,
  checkProxy,
  checkSelfDestruct,
  checkVerified,
} from './contract-checks';
import type { Check } from './evidence-lines';
import { judged } from './evidence-lines';
import {
  checkCreatorHistory,
  checkCreatorShare,
  checkFreshWallets,
  checkHolderCount,
  checkInsiders,
  checkTopHolders,
} from './holder-checks';
import { hookEvidence } from './hook-checks';
import { checkLpLocked, checkPoolLiquidity } from './liquidity-checks';
import {
  checkBlacklist,
  checkFeeSetters,
  checkHiddenOwner,
  checkMaxTx,
  checkMint,
  checkOwnerMovesTokens,
  checkPause,
  summariseOwnerPowers,
} from './owner-power-checks';
import {
  checkBuyTax,
  checkGasAbuse,
  checkHolderSells,
  checkHoneypot,
  checkSellCooldown,
  checkSellTax,
  checkTransferTax,
} from './trade-checks';
import { excuseIfTrusted, trustedAsset } from './trusted-asset';

/** [check, weight] — the weight is the most points the check can deduct from 100. */
export const SCANNER_WEIGHTS: readonly (readonly [Check, number])[] = [
  [checkHoneypot, 90],
  [checkVerified, 10],
  [checkProxy, 10],
  [checkBuyTax, 15],
  [checkSellTax, 20],
  [checkTransferTax, 10],
  [checkHolderSells, 20],
  [checkSellCooldown, 5],
  [checkMaxTx, 5],
  [checkFeeSetters, 10],
  [checkMint, 20],
  [checkBlacklist, 15],
  [checkPause, 10],
  [checkHiddenOwner, 10],
  [checkOwnerMovesTokens, 25],
  [checkSelfDestruct, 20],
  [checkCreatorHistory, 25],
  [checkCreatorShare, 10],
  [checkTopHolders, 15],
  [checkHolderCount, 10],
  [checkInsiders, 15],
  [checkFreshWallets, 10],
  [checkLpLocked, 20],
  [checkPoolLiquidity, 15],
  [checkOwnership, 5],
  [checkImpersonation, 25],
  [checkGasAbuse, 10],
  [checkCode, 100],
];

export const SCANNER_MAX_RISKS = 4;

export function scannerEvidence(facts: TokenReportFacts): Evidence[] {
  // A trusted asset's issuer-control lines (mint, LP lock, holder shares, ownership) count 0 here as
  // in the rug detector (trusted-asset.ts): the same USDC cannot read "No major risk found" and
  // "Needs Review" at once. Honeypot, tax, blocking and token-moving lines still count.
  const trust = trustedAsset(facts);
  // The hook group only when the main pool has a V4 hook: other reports keep their lines.
  return [
    ...SCANNER_WEIGHTS.map(([check, w]) => excuseIfTrusted(check(facts, w), trust)),
    ...hookEvidence(facts),
    ...providerEvidence(facts),
  ];
}

/**
 * The provider line (Base mode, only when something is wrong): a stale head, another chain or no
 * eth_simulateV1 is said in the report (issue 40). Weight 0: it moves no score, it says how far
 * the other lines can be trusted.
 */
function providerEvidence(facts: TokenReportFacts): Evidence[] {
  const p = facts.provider;
  if (!p || p.warnings.length === 0) return [];
  return [
    judged(
      { check: 'provider', label: 'Chain provider', weight: 0 },
      'warn',
      p.headAgeSeconds,
      p.warnings.join(' '),
    ),
  ];
}

export function analyseScanner(facts: TokenReportFacts): ScannerResult {
  const evidence = scannerEvidence(facts);
  const score = scoreFromEvidence(evidence);
  const v = facts.token.verification.status;
  const contractVerified = v === 'verified' ? true : v === 'unverified' ? false : null;
  // null = not known (e.g. a Base token our index has not covered), never a made-up 0.
  const holderCount = Number.isFinite(facts.holders.holderCount) ? facts.holders.holderCount : null;
  return {
    score,
    ownerPowers: summariseOwnerPowers(facts.ownerPowers),
    status: levelOf('status', score),
    contractVerified,
    holderCount,
    details: {
      name: facts.token.name,
      symbol: facts.token.symbol,
      contractVerified,
      holderCount,
      ...(facts.holders.index ? { holderIndex: facts.holders.index } : {}),
      decimals: facts.token.decimals,
      totalSupply: facts.token.totalSupply === null ? null : facts.token.totalSupply.toString(),
    },
    risks: riskStrings(evidence, SCANNER_MAX_RISKS),
    evidence,
  };
}
