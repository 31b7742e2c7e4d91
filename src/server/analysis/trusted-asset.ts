/**
 * Trusted-asset judgement from the facts (pure): gathers the signals the one definition in
 * shared/vocabulary.ts (TRUSTED_ASSET, judgeTrustedAsset) reads, and turns the outcome into an
 * evidence line. The rug detector and, through it, the FLAB Score use this single judgement, so a
 * stablecoin or wrapped asset recognised by behaviour is excused the same way everywhere. The name
 * and symbol never excuse anything; they only make a look-alike that fails the tests worth a warning.
 */
import type { Evidence } from '../../shared/analysis';
import {
  judgeTrustedAsset,
  TRUSTED_ASSET,
  type TrustedAssetJudgement,
  type TrustedAssetSignals,
} from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { judged } from './evidence-lines';

const DAY = 86_400;

export function trustedAssetSignals(f: TokenReportFacts): TrustedAssetSignals {
  const p = f.ownerPowers;
  const main = f.mainPool;
  const w = f.wrapping;
  return {
    wrapping:
      w?.status === 'measured' ? { supply: w.supply, reserve: w.reserve, roundTrip: w.roundTrip } : null,
    usablePowerEffects:
      p.status === 'simulated'
        ? p.findings.filter((x) => x.usable).flatMap((x) => x.effects)
        : p.status === 'no_callers'
          ? []
          : null,
    priceUsd: main?.priceUsd ?? null,
    // The dollar is measured through ETH only when the deepest pool is quoted in WETH; a token quoted
    // directly in the USD reference would be priced against the very asset it claims to equal.
    pegSource: f.isUsdReference ? 'reference' : main && main.quoteSymbol === 'WETH' ? 'measured' : null,
    priceChange24hPct: main?.priceChange24hPct ?? null,
    twapPriceUsd: main?.twapPriceUsd ?? null,
    deepestPoolUsd: main?.poolValueUsd ?? null,
    holderCount: Number.isFinite(f.holders.holderCount) ? f.holders.holderCount : null,
    ageDays: f.token.createdAt !== null ? (f.now - f.token.createdAt) / DAY : null,
    roundTripTaxPct: f.trade.status === 'ok' ? Math.max(f.trade.buyTaxPct, f.trade.sellTaxPct) : null,
  };
}

export function trustedAsset(f: TokenReportFacts): TrustedAssetJudgement {
  return judgeTrustedAsset(trustedAssetSignals(f));
}

/**
 * Behaves as an issued stablecoin in every measured way — the peg, its stability, a deep pool, no
 * power that taxes or moves holders' tokens, a clean round trip — and fails only the `used` test
 * (too young or too few holders to be established). Its issuer's powers are not excused, but a mint
 * that has kept the price at $1 is issuance, not the dilution a mint means for a floating price: the
 * verdict reads it as Caution, not Dangerous (ADR 0032).
 */
export function isUnestablishedStablecoin(j: TrustedAssetJudgement): boolean {
  if (j.kind) return false;
  const names = j.tests.map((t) => t.test);
  return (
    names.includes('peg') &&
    names.includes('used') &&
    j.tests.every((t) => t.met || t.test === 'used') &&
    j.tests.some((t) => t.test === 'used' && !t.met)
  );
}

/** Name or symbol that claims a dollar stablecoin or a wrapped coin: only ever grounds for suspicion. */
const LOOKS_TRUSTED = /usd|dai|tether|stable|wrapped|^w(eth|btc)$/i;

/** Informational line (weight 0): whether the token is a trusted asset and which tests held. */
export function trustedAssetLine(f: TokenReportFacts, j: TrustedAssetJudgement = trustedAsset(f)): Evidence {
  const spec = {
    check: 'trusted_asset',
    label: 'Trusted asset (stablecoin / wrapped, by behaviour)',
    weight: 0,
  };
  const failed = j.tests.filter((t) => !t.met);
  if (isUnestablishedStablecoin(j))
    return judged(
      spec,
      'warn',
      'unestablished_stablecoin',
      `Behaves as a centrally issued stablecoin (${j.tests
        .filter((t) => t.met)
        .map((t) => t.detail)
        .join(
          '; ',
        )}) but is not established yet: ${failed.map((t) => t.detail).join('; ')} (a trusted asset needs ${TRUSTED_ASSET.minHolders} holders and ${TRUSTED_ASSET.minAgeDays} days). Its issuer's powers are counted like any token's.`,
    );
  if (j.kind)
    return judged(
      spec,
      'pass',
      j.kind,
      `Behaves as a ${j.kind === 'wrapped' ? 'wrapped asset' : 'centrally issued stablecoin'} (${j.tests.map((t) => t.detail).join('; ')}). Its issuer holding or minting the supply, or owning the pool's LP, is how such an asset works, so those are not counted as rug signs.`,
    );
  const claims = LOOKS_TRUSTED.test(`${f.token.name ?? ''} ${f.token.symbol ?? ''}`);
  const pegged =
    f.mainPool?.priceUsd !== null &&
    f.mainPool?.priceUsd !== undefined &&
    Math.abs(f.mainPool.priceUsd - 1) <= TRUSTED_ASSET.pegTolerance;
  if (claims && (pegged || f.wrapping))
    return judged(
      spec,
      'warn',
      false,
      `Named like a stablecoin or wrapped asset but does not behave as one: ${failed.map((t) => `${t.test} — ${t.detail}`).join('; ')}. It is judged like any other token.`,
    );
  return judged(spec, 'pass', false, 'Not a trusted asset: judged like any other token.');
}

/**
 * Rug-detector lines that measure the issuer's control of supply and liquidity: for a trusted asset
 * that control is the asset's design, so these lines stay visible but count for nothing. The fitted
 * model is excused too: it was fitted on token launches, and an issued or wrapped asset lies outside
 * the population it learned from. Honeypot, tax, blocking, token-moving, proxy and drain lines are
 * never excused.
 */
export const EXCUSED_FOR_TRUSTED: ReadonlySet<string> = new Set([
  'lp_locked',
  'lp_creator_share',
  'creator_share',
  'top_holders',
  'insiders',
  'mint',
  'ownership',
  'hidden_owner',
  'rug_model',
]);

/** The line with weight and impact 0 and the reason appended, when the asset is trusted and the check is excused. */
export function excuseIfTrusted(e: Evidence, j: TrustedAssetJudgement): Evidence {
  if (!j.kind || !EXCUSED_FOR_TRUSTED.has(e.check) || e.weight === 0) return e;
  return {
    ...e,
    weight: 0,
    impact: 0,
    detail: `${e.detail} Not counted: a trusted ${j.kind === 'wrapped' ? 'wrapped asset' : 'stablecoin'} (see the trusted-asset line).`,
  };
}
