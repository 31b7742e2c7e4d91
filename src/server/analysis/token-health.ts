/**
 * Token health dashboard. Every sub-score is clamp(round(100 − Σ impact)) over its own evidence:
 *
 * securityScore  = the scanner's score
 * liquidityScore = the liquidity scanner's score
 * communityScore : holder count 35 (< 25 fail, < 100 warn) · top-10 concentration 35 (> 30% warn,
 *                  > 50% fail) · insiders 15 · fresh wallets 15
 * momentumScore  : 24 h turnover (volume / pool value) 40 (< 1% fail, < 10% warn) · buy pressure
 *                  (buys / all swaps, 24 h) 30 (< 40% fail, < 50% warn, no trades fail) · 24 h price
 *                  change 30 (< −20% fail, < −5% warn)
 * overallScore   : security 40 · liquidity 25 · community 20 · momentum 15; each component line
 *                  deducts weight × (100 − sub-score) / 100.
 * riskLevel      : overall ≥ 75 low, ≥ 50 medium, ≥ 25 high, else critical; honeypot or completed
 *                  rug → critical.
 * Indicators:
 *   trend     price change 24 h > +5% bullish, < −5% bearish, else (or unknown) neutral
 *   momentum  momentumScore ≥ 70 strong, ≥ 40 moderate, else weak
 *   sentiment buy share of 24 h swaps ≥ 55% positive, ≤ 45% negative, else (or no swaps) neutral
 *   activity  24 h swaps ≥ 100 high, ≥ 10 medium, else low
 */
import {
  type Evidence,
  type LiquidityResult,
  type RugResult,
  round,
  type ScannerResult,
  type Severity,
  scoreFromEvidence,
  type TokenHealthResult,
} from '../../shared/analysis';
import type { TokenReportFacts } from '../facts/types';
import { allPools, decimalsOf, lpSafeShare } from './derived-facts';
import { gradeBelow, judged, pct } from './evidence-lines';
import { checkFreshWallets, checkHolderCount, checkInsiders, checkTopHolders } from './holder-checks';
import { analyseLiquidity, type LiquidityOptions } from './liquidity';
import { LP_SAFE_PASS } from './liquidity-checks';
import { analyseRug } from './rug-detector';
import { analyseScanner } from './scanner';

export const HEALTH_WEIGHTS = { security: 40, liquidity: 25, community: 20, momentum: 15 } as const;

export type HealthOptions = LiquidityOptions & {
  scanner?: ScannerResult;
  liquidity?: LiquidityResult;
  rug?: RugResult;
};

export function communityEvidence(facts: TokenReportFacts): Evidence[] {
  return [
    checkHolderCount(facts, 35),
    checkTopHolders(facts, 35),
    checkInsiders(facts, 15),
    checkFreshWallets(facts, 15),
  ];
}

function swapCounts(facts: TokenReportFacts) {
  return allPools(facts).reduce(
    (a, p) => ({ buys: a.buys + p.swaps24h.buys, sells: a.sells + p.swaps24h.sells }),
    { buys: 0, sells: 0 },
  );
}

export function momentumEvidence(facts: TokenReportFacts): Evidence[] {
  const pool = facts.mainPool;
  const out: Evidence[] = [];
  {
    const spec = { check: 'turnover', label: '24 h turnover', weight: 40 };
    const vol = pool?.volume24hUsd ?? null;
    const value = pool?.poolValueUsd ?? null;
    if (!pool) out.push(judged(spec, 'fail', 0, 'No pool, so nothing trades.'));
    else if (vol === null || value === null || !Number.isFinite(vol) || !Number.isFinite(value) || value <= 0)
      out.push(judged(spec, 'unknown', null, 'The 24-hour volume or the pool value could not be priced.'));
    else {
      const t = vol / value;
      const o = gradeBelow(t, 0.01, 0.1);
      out.push(
        judged(spec, o, round(t * 100, 2), `24-hour volume is ${pct(t * 100, 2)} of the pool's value.`),
      );
    }
  }
  {
    const spec = { check: 'buy_pressure', label: 'Buy pressure', weight: 30 };
    const { buys, sells } = swapCounts(facts);
    if (!pool) out.push(judged(spec, 'unknown', null, 'No pool, so no buys or sells.', 0));
    else if (buys + sells === 0) out.push(judged(spec, 'fail', 0, 'No buys or sells in the last 24 hours.'));
    else {
      const share = buys / (buys + sells);
      const o = gradeBelow(share, 0.4, 0.5);
      out.push(
        judged(
          spec,
          o,
          round(share * 100, 1),
          `${buys} buys and ${sells} sells in the last 24 hours (${pct(share * 100)} buys).`,
        ),
      );
    }
  }
  {
    const spec = { check: 'price_change_24h', label: '24 h price change', weight: 30 };
    const ch = pool?.priceChange24hPct ?? null;
    if (ch === null || !Number.isFinite(ch))
      out.push(judged(spec, 'unknown', null, 'The 24-hour price change is not known.'));
    else {
      const o = gradeBelow(ch, -20, -5);
      out.push(
        judged(spec, o, round(ch, 2), `The price changed ${ch >= 0 ? '+' : ''}${pct(ch, 2)} in 24 hours.`),
      );
    }
  }
  return out;
}

function component(check: string, label: string, weight: number, score: number): Evidence {
  const spec = { check, label, weight };
  const o = score >= 80 ? 'pass' : score >= 50 ? 'warn' : 'fail';
  return judged(
    spec,
    o,
    score,
    `${label} scores ${score}/100 (weight ${weight}%).`,
    round((weight * (100 - score)) / 100, 2),
  );
}

export function analyseTokenHealth(facts: TokenReportFacts, opts: HealthOptions = {}): TokenHealthResult {
  const scanner = opts.scanner ?? analyseScanner(facts);
  const rug = opts.rug ?? analyseRug(facts, opts);
  const liquidity = opts.liquidity ?? analyseLiquidity(facts, { ...opts, rug });
  const community = communityEvidence(facts);
  const momentum = momentumEvidence(facts);
  const communityScore = scoreFromEvidence(community);
  const momentumScore = scoreFromEvidence(momentum);
  const evidence = [
    component('security', 'Security', HEALTH_WEIGHTS.security, scanner.score),
    component('liquidity', 'Liquidity', HEALTH_WEIGHTS.liquidity, liquidity.liquidityScore),
    component('community', 'Community', HEALTH_WEIGHTS.community, communityScore),
    component('momentum', 'Momentum', HEALTH_WEIGHTS.momentum, momentumScore),
  ];
  const overallScore = scoreFromEvidence(evidence);
  const honeypot = scanner.evidence.some((e) => e.check === 'honeypot' && e.outcome === 'fail');
  const riskLevel: Severity =
    honeypot || rug.completedRug
      ? 'critical'
      : overallScore >= 75
        ? 'low'
        : overallScore >= 50
          ? 'medium'
          : overallScore >= 25
            ? 'high'
            : 'critical';

  const pool = facts.mainPool;
  const price = pool?.priceUsd ?? null;
  const d = decimalsOf(facts);
  const supply = facts.token.totalSupply;
  const marketCap =
    price !== null && Number.isFinite(price) && d !== null && supply !== null
      ? round((Number(supply) / 10 ** d) * price, 2)
      : null;
  const change = pool?.priceChange24hPct ?? null;
  const { buys, sells } = swapCounts(facts);
  const total = buys + sells;
  const buyShare = total > 0 ? buys / total : null;
  const v = facts.token.verification.status;

  return {
    name: facts.token.name,
    symbol: facts.token.symbol,
    overallScore,
    securityScore: scanner.score,
    liquidityScore: liquidity.liquidityScore,
    communityScore,
    momentumScore,
    riskLevel,
    metrics: {
      price,
      priceChange24h: change === null || !Number.isFinite(change) ? null : round(change, 2),
      marketCap,
      volume24h: pool?.volume24hUsd ?? null,
      holders: facts.holders.holderCount,
      liquidity: pool?.poolValueUsd ?? null,
      contractVerified: v === 'verified' ? true : v === 'unverified' ? false : null,
      liquidityLocked: pool ? lpSafeShare(pool) >= LP_SAFE_PASS : null,
      ownershipRenounced: facts.token.ownerRenounced,
    },
    indicators: {
      trend:
        change === null || !Number.isFinite(change)
          ? 'neutral'
          : change > 5
            ? 'bullish'
            : change < -5
              ? 'bearish'
              : 'neutral',
      momentum: momentumScore >= 70 ? 'strong' : momentumScore >= 40 ? 'moderate' : 'weak',
      sentiment:
        buyShare === null
          ? 'neutral'
          : buyShare >= 0.55
            ? 'positive'
            : buyShare <= 0.45
              ? 'negative'
              : 'neutral',
      activity: total >= 100 ? 'high' : total >= 10 ? 'medium' : 'low',
    },
    evidence,
    communityEvidence: community,
    momentumEvidence: momentum,
  };
}
