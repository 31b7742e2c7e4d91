/**
 * The trusted-asset test, part of the shared vocabulary (re-exported by vocabulary.ts): when an
 * issuer's powers are how a stablecoin or a wrapped asset works rather than a rug sign. Pure.
 */
import type { OwnerPowerEffect } from './owner-powers';

/**
 * Trusted asset: a centrally issued stablecoin or a wrapped asset, recognised by BEHAVIOUR (never by
 * its name, symbol or a list of addresses). Its issuer holding or minting the supply, or the issuer
 * owning the deep pool's LP, is how such assets work, not a rug sign — but only when every test below
 * holds, so a scam dressed as "USDC" with a $1 price in a thin pool it owns is not excused:
 *
 * Wrapped asset (WETH-like), all of:
 *  - `fullyBacked`: total supply ≤ the contract's own native-coin balance (every unit redeemable);
 *  - `roundTrip`: a fresh address sends coin in, receives the same amount of tokens, withdraws them
 *    and gets the coin back (simulated, nothing sent);
 *  - no owner power usable today (no privileged address revealed or none measured).
 *
 * Issued stablecoin, all of:
 *  - `peg`: priced within `pegTolerance` of $1 in its deepest pool, with the dollar measured through
 *    another asset (ETH priced by the chain's USD reference) — or the token IS the configured USD
 *    reference, whose peg is the premise of every USD figure and cannot be measured against itself;
 *  - `stable`: the peg holds over time, although supply was issued (mints that do not move the price
 *    are issuance, not dilution of a floating price): the TWAP in USD within `pegTolerance` of $1, or,
 *    without a TWAP, a 24 h move against its quote below `pegTolerance` (for the USD reference: by
 *    definition);
 *  - `deep`: its deepest pool holds at least `minPoolUsd`;
 *  - `used`: at least `minHolders` holders and `minAgeDays` of history;
 *  - `harmless`: no power measured (usable today) that taxes, blocks or moves holders' tokens, and a
 *    fresh round trip sells with at most `maxTradeTaxPct` loss.
 * Limits: a scammer who keeps $1 M in a pool at $1 for a month with a hundred real holders would pass;
 * even then honeypot, tax, blocking and token-moving checks are never excused.
 */
export const TRUSTED_ASSET = {
  pegTolerance: 0.02,
  minPoolUsd: 1_000_000,
  minHolders: 100,
  minAgeDays: 30,
  maxTradeTaxPct: 1,
} as const;

/** Owner-power effects that hurt holders directly; a wrapped asset may have none usable today. */
export const HOLDER_HARMING_EFFECTS: readonly OwnerPowerEffect[] = [
  'move_tokens',
  'holder_taxed',
  'sells_blocked',
  'buys_blocked',
  'holder_blocked',
  'tax_raised',
];

/**
 * Powers every centrally issued stablecoin keeps (USDC and USDT on Base can freeze an address and
 * pause transfers): a censorship risk the owner-power checks still report on their own lines, but
 * not a rug — they do not take value from holders to the issuer. Powers that tax or move holders'
 * tokens stay disqualifying.
 */
export const STABLECOIN_COMPLIANCE_EFFECTS: readonly OwnerPowerEffect[] = [
  'holder_blocked',
  'sells_blocked',
  'buys_blocked',
];

/** What the trusted-asset test reads; `null` = not measured (never counts as met). */
export type TrustedAssetSignals = {
  /** Wrapper measurements: supply and the contract's own coin balance, and the simulated round trip. */
  wrapping: { supply: bigint; reserve: bigint; roundTrip: boolean } | null;
  /** Usable-today owner powers, by effect (empty when the simulation found none). */
  usablePowerEffects: OwnerPowerEffect[] | null;
  /** USD price in the deepest pool and how the dollar was known. */
  priceUsd: number | null;
  pegSource: 'reference' | 'measured' | null;
  /** 24 h change of the deepest pool's price in its quote (WETH: includes ETH's own move). */
  priceChange24hPct: number | null;
  /** Time-weighted average USD price over the TWAP window, when the venue gives one. */
  twapPriceUsd: number | null;
  deepestPoolUsd: number | null;
  holderCount: number | null;
  ageDays: number | null;
  /** Fresh round trip: sells worked and the largest of buy/sell tax (percent). */
  roundTripTaxPct: number | null;
};

export type TrustedAssetKind = 'wrapped' | 'stablecoin';
export type TrustedAssetJudgement = {
  kind: TrustedAssetKind | null;
  /** Each test with whether it held, in words (for the evidence line). */
  tests: { test: string; met: boolean; detail: string }[];
};

const within = (v: number | null, lo: number, hi: number) =>
  v !== null && Number.isFinite(v) && v >= lo && v <= hi;

/** The one definition of a trusted asset (see TRUSTED_ASSET). Pure. */
export function judgeTrustedAsset(s: TrustedAssetSignals): TrustedAssetJudgement {
  const T = TRUSTED_ASSET;
  const harm =
    s.usablePowerEffects?.filter(
      (e) => HOLDER_HARMING_EFFECTS.includes(e) && !STABLECOIN_COMPLIANCE_EFFECTS.includes(e),
    ) ?? null;
  const compliance = [
    ...new Set(s.usablePowerEffects?.filter((e) => STABLECOIN_COMPLIANCE_EFFECTS.includes(e)) ?? []),
  ];
  const w = s.wrapping;
  if (w && w.supply > 0n) {
    const tests = [
      {
        test: 'fully_backed',
        met: w.reserve >= w.supply,
        detail: `holds ${w.reserve} wei of native coin against a supply of ${w.supply}`,
      },
      {
        test: 'round_trip',
        met: w.roundTrip,
        detail: w.roundTrip
          ? 'a fresh address wrapped and unwrapped 1:1 in simulation'
          : 'the simulated wrap/unwrap round trip did not return the coin 1:1',
      },
      {
        test: 'no_powers',
        met: s.usablePowerEffects !== null && s.usablePowerEffects.length === 0,
        detail:
          s.usablePowerEffects === null
            ? 'owner powers could not be simulated'
            : s.usablePowerEffects.length === 0
              ? 'no owner power usable today'
              : `owner powers usable today: ${[...new Set(s.usablePowerEffects)].join(', ')}`,
      },
    ];
    if (tests.every((t) => t.met)) return { kind: 'wrapped', tests };
  }
  const tol = T.pegTolerance;
  const tests = [
    {
      test: 'peg',
      met:
        s.pegSource === 'reference' || (s.pegSource === 'measured' && within(s.priceUsd, 1 - tol, 1 + tol)),
      detail:
        s.pegSource === 'reference'
          ? "it is the chain's USD reference (every USD figure is measured in it)"
          : s.priceUsd === null
            ? 'no USD price'
            : `priced $${s.priceUsd.toPrecision(4)} through ETH`,
    },
    // The reference's USD price is 1 by definition; otherwise the average price over the TWAP window
    // must hold the peg too, or (no TWAP) the 24 h change in the quote — which includes ETH's own move
    // for a WETH pool, so a volatile day fails it: conservative, never excusing.
    s.pegSource === 'reference'
      ? { test: 'stable', met: true, detail: 'the unit of account (its USD price is 1 by definition)' }
      : s.twapPriceUsd !== null
        ? {
            test: 'stable',
            met: within(s.twapPriceUsd, 1 - tol, 1 + tol),
            detail: `averaged $${s.twapPriceUsd.toPrecision(4)} over the TWAP window`,
          }
        : {
            test: 'stable',
            met: within(s.priceChange24hPct, -tol * 100, tol * 100),
            detail:
              s.priceChange24hPct === null
                ? 'no 24 h price history'
                : `moved ${s.priceChange24hPct.toFixed(2)}% in 24 h against its quote`,
          },
    {
      test: 'deep',
      met: (s.deepestPoolUsd ?? 0) >= T.minPoolUsd,
      detail:
        s.deepestPoolUsd === null
          ? 'pool value unknown'
          : `deepest pool holds $${Math.round(s.deepestPoolUsd).toLocaleString('en-US')}`,
    },
    {
      test: 'used',
      met: (s.holderCount ?? 0) >= T.minHolders && (s.ageDays ?? 0) >= T.minAgeDays,
      detail: `${s.holderCount ?? 'unknown'} holders, ${s.ageDays === null ? 'unknown age' : `${Math.floor(s.ageDays)} days old`}`,
    },
    {
      test: 'harmless',
      met:
        harm !== null &&
        harm.length === 0 &&
        s.roundTripTaxPct !== null &&
        s.roundTripTaxPct <= T.maxTradeTaxPct,
      detail:
        harm === null
          ? 'owner powers could not be simulated'
          : harm.length > 0
            ? `usable powers that hurt holders: ${[...new Set(harm)].join(', ')}`
            : s.roundTripTaxPct === null
              ? 'a fresh round trip could not be completed'
              : `no power that taxes or moves holders' tokens; round trip loses ${s.roundTripTaxPct}%${
                  compliance.length > 0
                    ? `; issuer compliance powers usable today (${compliance.join(', ')}) are reported as owner powers, not counted as rug risk`
                    : ''
                }`,
    },
  ];
  return { kind: tests.every((t) => t.met) ? 'stablecoin' : null, tests };
}
