import { describe, expect, it } from 'vitest';
import { judgeTrustedAsset, TRUSTED_ASSET, type TrustedAssetSignals } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';
import { ADDR, FIXTURE_NOW, power, safeToken, simulatedPowers } from '../test-support/fixtures';
import { analyseRug } from './rug-detector';
import { analyseScanner } from './scanner';
import { trustedAsset, trustedAssetSignals } from './trusted-asset';

const DAY = 86_400;
const ISSUER = ADDR.blueDeployer;

/** A centrally issued stablecoin as its facts show it: the issuer owns, mints, holds and provides LP. */
const stablecoin = (over: Partial<TokenReportFacts> = {}): TokenReportFacts => {
  const pool = safeToken.mainPool;
  if (!pool) throw new Error('fixture has no pool');
  const main = {
    ...pool,
    quoteSymbol: 'WETH',
    priceUsd: 1.001,
    poolValueUsd: 18_000_000,
    priceChange24hPct: -0.2,
    lpCreatorShare: 1,
    lpBurnedShare: 0,
    lpLockedShare: 0,
  };
  return {
    ...safeToken,
    token: {
      ...safeToken.token,
      name: 'USD Coin',
      symbol: 'USDC',
      owner: ISSUER,
      ownerRenounced: false,
      deployer: ISSUER,
      createdAt: FIXTURE_NOW - 60 * DAY,
    },
    mainPool: main,
    pools: [main],
    holders: {
      ...safeToken.holders,
      holderCount: 300,
      top: [
        {
          address: ISSUER,
          balance: 10n ** 24n,
          percentage: 70,
          kind: 'deployer',
          firstSeenAt: FIXTURE_NOW - 60 * DAY,
          lastActiveAt: FIXTURE_NOW,
          rugHistory: 0,
          fundedByDeployer: false,
        },
        ...safeToken.holders.top,
      ],
    },
    events: { ...safeToken.events, mintsAfterLaunch: 5 },
    ownerPowers: simulatedPowers([
      power('0x40c10f19', 'mint(address,uint256)', ISSUER, ['mint'], '(victim, 1)', null),
    ]),
    rugFeatures: { ...safeToken.rugFeatures, token_creator_holding_ratio: 0.7, lp_creator_holding_ratio: 1 },
    ...over,
  };
};

describe('trusted assets, judged by behaviour (shared/vocabulary.ts TRUSTED_ASSET)', () => {
  it('recognises a deep, stable, widely held $1 asset whose issuer can only mint', () => {
    const f = stablecoin();
    expect(trustedAsset(f).kind).toBe('stablecoin');
    const r = analyseRug(f);
    expect(r.riskLevel).toBe('LOW');
    const line = r.evidence.find((e) => e.check === 'trusted_asset');
    expect(line?.outcome).toBe('pass');
    // The issuer-control lines stay visible but count nothing.
    for (const c of ['lp_creator_share', 'creator_share', 'mint', 'rug_model'])
      expect(r.evidence.find((e) => e.check === c)?.impact, c).toBe(0);
  });

  it('the scanner excuses the same issuer-control lines, so USDC is not "Needs Review" beside no risk', () => {
    const f = stablecoin();
    const s = analyseScanner(f);
    for (const c of ['mint', 'lp_locked', 'creator_share', 'ownership'])
      expect(s.evidence.find((e) => e.check === c)?.impact, c).toBe(0);
    expect(s.score).toBeGreaterThanOrEqual(80);
    // Not trusted (young, few holders, thin pool): the same lines count in full.
    const base = stablecoin();
    const thin = { ...(base.mainPool as NonNullable<TokenReportFacts['mainPool']>), poolValueUsd: 20_000 };
    const scam = stablecoin({
      mainPool: thin,
      pools: [thin],
      token: { ...base.token, createdAt: FIXTURE_NOW - 2 * DAY },
      holders: { ...base.holders, holderCount: 12 },
    });
    const ss = analyseScanner(scam);
    expect(ss.evidence.find((e) => e.check === 'mint')?.impact).toBeGreaterThan(0);
    expect(ss.score).toBeLessThan(s.score);
  });

  it('does NOT excuse a scam named USDC priced $1 in a thin pool it owns', () => {
    const base = stablecoin();
    const thin = { ...(base.mainPool as NonNullable<TokenReportFacts['mainPool']>), poolValueUsd: 20_000 };
    const scam = stablecoin({
      mainPool: thin,
      pools: [thin],
      token: { ...base.token, createdAt: FIXTURE_NOW - 2 * DAY },
      holders: { ...base.holders, holderCount: 12 },
    });
    const j = trustedAsset(scam);
    expect(j.kind).toBeNull();
    expect(j.tests.filter((t) => !t.met).map((t) => t.test)).toEqual(['deep', 'used']);
    const r = analyseRug(scam);
    expect(r.evidence.find((e) => e.check === 'trusted_asset')?.outcome).toBe('warn');
    expect(r.evidence.find((e) => e.check === 'lp_creator_share')?.impact).toBeGreaterThan(0);
    expect(r.rugScore).toBeGreaterThan(analyseRug(base).rugScore);
  });

  it('keeps a freeze/pause issuer power visible without calling a stablecoin a rug (as USDC on Base)', () => {
    const freezer = stablecoin({
      ownerPowers: simulatedPowers([
        power('0x40c10f19', 'mint(address,uint256)', ISSUER, ['mint'], '(victim, 1)', null),
        power('0x12345678', null, ISSUER, ['holder_blocked'], '(victim, true/1)', null),
        power('0x8456cb59', 'pause()', ISSUER, ['sells_blocked', 'buys_blocked'], '()', null),
      ]),
    });
    const j = trustedAsset(freezer);
    expect(j.kind).toBe('stablecoin');
    expect(j.tests.find((t) => t.test === 'harmless')?.detail).toMatch(/compliance powers.*holder_blocked/);
  });

  it('never excuses a power that taxes or moves holders, nor a stale peg', () => {
    for (const effect of ['move_tokens', 'tax_raised'] as const) {
      const harmful = stablecoin({
        ownerPowers: simulatedPowers([power('0x12345678', null, ISSUER, [effect], '(victim, 1)', null)]),
      });
      expect(trustedAsset(harmful).kind, effect).toBeNull();
    }
    const drifting = stablecoin();
    (drifting.mainPool as { priceChange24hPct: number }).priceChange24hPct = -9;
    expect(trustedAsset(drifting).kind).toBeNull();
    const twapOff = stablecoin();
    (twapOff.mainPool as { twapPriceUsd: number }).twapPriceUsd = 0.9;
    expect(trustedAsset(twapOff).kind).toBeNull();
    const twapOn = stablecoin();
    (twapOn.mainPool as { twapPriceUsd: number }).twapPriceUsd = 0.999;
    (twapOn.mainPool as { priceChange24hPct: number }).priceChange24hPct = -6; // ETH fell, not the coin
    expect(trustedAsset(twapOn).kind).toBe('stablecoin');
    const offPeg = stablecoin();
    (offPeg.mainPool as { priceUsd: number }).priceUsd = 1 + TRUSTED_ASSET.pegTolerance * 2;
    expect(trustedAsset(offPeg).kind).toBeNull();
  });

  it('a token quoted only in the USD reference cannot prove its own peg; the reference itself is the premise', () => {
    const base = stablecoin();
    const usdQuoted = { ...(base.mainPool as NonNullable<TokenReportFacts['mainPool']>), quoteSymbol: 'USD' };
    expect(trustedAssetSignals(stablecoin({ mainPool: usdQuoted })).pegSource).toBeNull();
    expect(trustedAsset(stablecoin({ mainPool: usdQuoted })).kind).toBeNull();
    expect(trustedAsset(stablecoin({ mainPool: usdQuoted, isUsdReference: true })).kind).toBe('stablecoin');
  });

  it('recognises a wrapped asset only when fully backed, round-trips 1:1 and has no usable power', () => {
    const s = (over: Partial<TrustedAssetSignals>): TrustedAssetSignals => ({
      wrapping: { supply: 100n, reserve: 100n, roundTrip: true },
      usablePowerEffects: [],
      priceUsd: null,
      pegSource: null,
      priceChange24hPct: null,
      twapPriceUsd: null,
      deepestPoolUsd: null,
      holderCount: null,
      ageDays: null,
      roundTripTaxPct: null,
      ...over,
    });
    expect(judgeTrustedAsset(s({})).kind).toBe('wrapped');
    expect(
      judgeTrustedAsset(s({ wrapping: { supply: 100n, reserve: 99n, roundTrip: true } })).kind,
    ).toBeNull();
    expect(
      judgeTrustedAsset(s({ wrapping: { supply: 100n, reserve: 100n, roundTrip: false } })).kind,
    ).toBeNull();
    expect(judgeTrustedAsset(s({ usablePowerEffects: ['mint'] })).kind).toBeNull();
    expect(judgeTrustedAsset(s({ usablePowerEffects: null })).kind).toBeNull();
  });
});
