/**
 * The shared terms of the analysis and their thresholds, defined once. Analysers, alerts, the rug
 * model's features and the index reads all import from here, so "rug" or "drain" means the same
 * thing on every page and in every alert. Plain data and pure predicates; the browser may use it
 * for wording too.
 */

/** Addresses that hold burned tokens or LP: nobody has their keys. */
export const BURN_ADDRESSES = [
  '0x0000000000000000000000000000000000000000',
  '0x0000000000000000000000000000000000000001',
  '0x000000000000000000000000000000000000dead',
] as const;

export const isBurnAddress = (a: string | null | undefined): boolean =>
  !!a && (BURN_ADDRESSES as readonly string[]).includes(a.toLowerCase());

/**
 * Rug (completed): the pool's quote reserve now holds less than `reserveOfPeakBelow` of its peak,
 * or one liquidity removal took at least `singleRemovalShare` of the quote reserve. The peak must
 * have been real liquidity (`minPeakWei` for WETH pools, `minPeakUsd6` for 6-decimal USD pools),
 * so a pool that never held anything is not "rugged".
 */
export const RUG = {
  reserveOfPeakBelow: 0.05,
  singleRemovalShare: 0.9,
  minPeakWeth: 10n ** 17n,
  minPeakUsd6: 100n * 10n ** 6n,
} as const;

/** Quote reserve `now` against its `peak`: rugged when below RUG.reserveOfPeakBelow of a real peak. */
export function reserveIsRugged(now: bigint, peak: bigint, minPeak: bigint = 0n): boolean {
  if (peak <= 0n || peak < minPeak) return false;
  // 5% as 5/100 in integer arithmetic: now / peak < 0.05 ⇔ now × 100 < peak × 5.
  return now * 100n < peak * BigInt(Math.round(RUG.reserveOfPeakBelow * 100));
}

/**
 * Liquidity drain: the pool lost at least `minShare` of its quote reserve, by one removal (a drain
 * event) or from its peak within the alert window (LP burns and heavy sells both count there).
 * `severe` is the share from which a drain is a critical risk.
 */
export const LIQUIDITY_DRAIN = { minShare: 0.3, severeShare: 0.5 } as const;

/**
 * Manipulated price: a concentrated-liquidity pool's current price (slot0, movable within one
 * block by a single large swap or a flash loan) more than `maxDeviationPct` away from the pool's own
 * time-weighted average over `twapWindowSec` (Uniswap V3 `observe`). Organic moves of a thin
 * token over half an hour rarely exceed this; a price pushed for a screenshot or an exploit does.
 */
export const PRICE_MANIPULATION = { twapWindowSec: 1800, maxDeviationPct: 10 } as const;

/**
 * The trade size, in US dollars, a report prices when the user names none (the spec's default
 * liquidity amount): price impact, the buy quote through concentrated-liquidity pools.
 */
export const DEFAULT_AMOUNT_USD = 1000;

/**
 * Fee exemption: an address that trades or transfers without the token's tax (routers, the owner,
 * the fee wallet). It is a privilege of the exempt address, not a restriction on anyone else, so a
 * function that grants it is never read as a blacklist. Only a measured effect on other holders
 * (their sells failing or taxed more) makes a restriction.
 */
export const FEE_EXEMPTION =
  'An address that trades without the tax. Granting it restricts nobody, so it is not a blacklist.';

/** Tax thresholds (percent of the trade): above `warnPct` warns, above `failPct` fails. */
export const TAX = { warnPct: 10, failPct: 25 } as const;

/**
 * Honeypot: holders who bought through the pool cannot sell (or a fresh buyer cannot sell when no
 * holder sample exists). A sell that fails only in the buy's own block while holders can sell is a
 * sell cooldown / transfer delay (reported with the blocks it needs), not a honeypot.
 */
export const HONEYPOT = {
  /** Share of sampled pool buyers who cannot sell from which the token is a honeypot. */
  failedHolderShare: 0.5,
  /** Most blocks after a buy we try a delayed sell before calling it a lock. */
  maxCooldownBlocks: 20,
} as const;

/** A fee change smaller than this (percentage points) is measurement noise. */
export const FEE_CHANGE_MIN_PP = 1;

/**
 * Owner-power effects, measured by simulation (the function's name never decides):
 * - mint: total supply or a balance raised without a matching transfer;
 * - move_tokens: a third party's balance lowered without an allowance;
 * - sells_blocked / buys_blocked: trades that worked before the call revert after it;
 * - holder_blocked: a real holder's sell that worked before reverts after it;
 * - tax_raised: buy or sell tax higher after the call (by at least FEE_CHANGE_MIN_PP);
 * - limit_shrunk: the largest buy that works is smaller after the call.
 */
export const OWNER_POWER_EFFECTS = [
  'mint',
  'move_tokens',
  'sells_blocked',
  'buys_blocked',
  'holder_blocked',
  'tax_raised',
  'limit_shrunk',
  /** After the call the token runs code the caller chose (its implementation or beacon replaced). */
  'code_replaced',
  /** Buys failed before the call and work after it: the call opens trading. */
  'opens_trading',
  /** owner() was renounced (zero or dead) before the call and names a live address after it. */
  'owner_reclaimed',
  /** A real holder's sell loses more after the call: a tax set for chosen holders. */
  'holder_taxed',
] as const;
export type OwnerPowerEffect = (typeof OWNER_POWER_EFFECTS)[number];

/**
 * A power is usable now when the simulated call succeeds from the address that holds it today. One
 * held only by a contract that states a minimum delay of at least this many seconds (a timelock)
 * warns instead of failing: holders see the queued call and have that long to leave.
 */
export const TIMELOCK_MIN_DELAY_S = 86_400;

export const OWNER_POWER_LABELS: Record<OwnerPowerEffect, string> = {
  mint: 'Creates tokens',
  move_tokens: "Moves other holders' tokens",
  sells_blocked: 'Blocks sells',
  buys_blocked: 'Blocks buys',
  holder_blocked: 'Blocks a holder',
  tax_raised: 'Raises the tax',
  limit_shrunk: 'Shrinks the trade limit',
  code_replaced: "Can replace the token's code",
  opens_trading: 'Opens trading',
  owner_reclaimed: 'Takes ownership back after renounce',
  holder_taxed: 'Taxes a chosen holder',
};

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

/**
 * The verdict a token gets (issue 24), worst first. `tone` colours the banner; `subScores` says what
 * happens to every sub-score (whales, liquidity, community, momentum, trend, …) under it:
 * - 'not_meaningful': greyed with `subScoreNote` — a honeypot's "healthy" holder spread or a rugged
 *   pool's "bullish" trend describes a token nobody can leave;
 * - 'capped': shown, but never in the healthy (green) band;
 * - 'as_is': shown in its own band.
 */
export const VERDICTS = {
  honeypot: {
    label: 'Honeypot — cannot be sold',
    tone: 'critical',
    subScores: 'not_meaningful',
    subScoreNote: 'not meaningful: the token cannot be sold',
  },
  rugged: {
    label: 'Rugged — liquidity removed',
    tone: 'critical',
    subScores: 'not_meaningful',
    subScoreNote: 'not meaningful: the liquidity was removed',
  },
  dangerous: {
    label: 'Dangerous',
    tone: 'high',
    subScores: 'capped',
    subScoreNote: 'capped: the verdict is Dangerous',
  },
  caution: { label: 'Caution', tone: 'medium', subScores: 'as_is', subScoreNote: null },
  no_major_risk: { label: 'No major risk found', tone: 'low', subScores: 'as_is', subScoreNote: null },
  unknown: {
    label: 'Unknown — not enough data',
    tone: 'unknown',
    subScores: 'capped',
    subScoreNote: 'capped: selling could not be tested',
  },
} as const satisfies Record<
  'honeypot' | 'rugged' | 'dangerous' | 'caution' | 'no_major_risk' | 'unknown',
  {
    label: string;
    tone: 'critical' | 'high' | 'medium' | 'low' | 'unknown';
    subScores: 'not_meaningful' | 'capped' | 'as_is';
    subScoreNote: string | null;
  }
>;
export type VerdictTone = (typeof VERDICTS)[keyof typeof VERDICTS]['tone'];

/**
 * Verdict thresholds. Dangerous: a sell tax at or above `dangerousSellTaxPct` (half of every exit),
 * or the rug score at or above `dangerousRugScore` (the CRITICAL level). Caution: a buy or sell tax
 * above TAX.warnPct, or a rug score at or above `cautionRugScore` (HIGH).
 */
export const VERDICT = { dangerousSellTaxPct: 50, dangerousRugScore: 80, cautionRugScore: 60 } as const;

/**
 * Checks whose failure makes a token Dangerous: an owner power usable today that takes value from
 * holders or stops them leaving, or a buy that fails. A centrally issued stablecoin's freeze and
 * pause powers are reported by their own lines but do not decide (see STABLECOIN_COMPLIANCE_EFFECTS).
 */
export const DANGER_CHECKS = [
  'mint',
  'owner_moves_tokens',
  'fee_setters',
  'blacklist',
  'pause',
  'hidden_owner',
  // The main pool's V4 hook: its owner (or proxy admin) can hurt trades (analysis/hook-checks.ts).
  'hook_owner_powers',
] as const;
export const COMPLIANCE_CHECKS = ['blacklist', 'pause'] as const;

/**
 * Score → level bands, ONE table for every kind of score (issue 21). Each kind lists its levels from
 * the top band down: a score at or above `min` gets that level; the last band catches the rest.
 * Scores read "higher is better" except where the kind says `higherIsWorse` (the rug score). Nothing
 * else in the code may turn a score into a word or a colour: call `levelOf(kind, score)`. Where the
 * product spec gives bands (§4, §9) they are the spec's; the others are written down here so a
 * reader can check them.
 */
export const SCORE_BANDS = {
  /** Spec §4 colour bands of every 0–100 safety-like score: 80+ green, 60+ yellow, 40+ orange, else red. */
  colour: [
    { min: 80, level: 'green' },
    { min: 60, level: 'yellow' },
    { min: 40, level: 'orange' },
    { min: -Infinity, level: 'red' },
  ],
  /** Spec §4 score status. */
  status: [
    { min: 80, level: 'Excellent' },
    { min: 60, level: 'Good' },
    { min: -Infinity, level: 'Needs Review' },
  ],
  /** Spec §4 grade. */
  grade: [
    { min: 80, level: 'A+' },
    { min: 70, level: 'A' },
    { min: 60, level: 'B' },
    { min: 50, level: 'C' },
    { min: -Infinity, level: 'D' },
  ],
  /** Spec §4 health levels (token health overall score, liquidity health). */
  health: [
    { min: 90, level: 'excellent' },
    { min: 75, level: 'good' },
    { min: 50, level: 'moderate' },
    { min: 25, level: 'poor' },
    { min: -Infinity, level: 'critical' },
  ],
  /**
   * Rug score (higher is worse) → risk level. The spec §4 fallback on the safety score s = 100 − rug
   * score (s > 70 LOW, s > 40 MEDIUM, else HIGH) plus CRITICAL from 80. Alerts (severity), the pump
   * finder and the liquidity page all read this one.
   */
  rugRisk: [
    { min: 80, level: 'CRITICAL' },
    { min: 60, level: 'HIGH' },
    { min: 30, level: 'MEDIUM' },
    { min: -Infinity, level: 'LOW' },
  ],
  /**
   * Rug score (higher is worse) as the liquidity page's evidence outcome: spec §9 flags a rug pull
   * risk "above 0.7" (the rug score over 100, so above 70 on the integer score) and cautions above 40.
   */
  rugScoreOutcome: [
    { min: 71, level: 'fail' },
    { min: 41, level: 'warn' },
    { min: -Infinity, level: 'pass' },
  ],
  /** Liquidity score → risk level (spec §4: the liquidity page uses 70/40; CRITICAL under 20). */
  liquidityRisk: [
    { min: 70, level: 'LOW' },
    { min: 40, level: 'MEDIUM' },
    { min: 20, level: 'HIGH' },
    { min: -Infinity, level: 'CRITICAL' },
  ],
  /** A portfolio's value-weighted average FLAB Score → its risk level (spec portfolio bands 80/60/40). */
  portfolioRisk: [
    { min: 80, level: 'low' },
    { min: 60, level: 'medium' },
    { min: 40, level: 'high' },
    { min: -Infinity, level: 'critical' },
  ],
  /** Token health overall score → its risk severity (a honeypot or a rugged pool is critical regardless). */
  healthRisk: [
    { min: 75, level: 'low' },
    { min: 50, level: 'medium' },
    { min: 25, level: 'high' },
    { min: -Infinity, level: 'critical' },
  ],
  /** The lowest FLAB Score of a yield position's tokens → its risk: 70+ low, 50+ medium, else high. */
  yieldRisk: [
    { min: 70, level: 'low' },
    { min: 50, level: 'medium' },
    { min: -Infinity, level: 'high' },
  ],
  /**
   * A component sub-score as an evidence outcome (token health, FLAB Score): 80+ pass, 50+ warn, else
   * fail. A holding whose FLAB Score fails this is a risky holding (portfolio risk profile).
   */
  componentOutcome: [
    { min: 80, level: 'pass' },
    { min: 50, level: 'warn' },
    { min: -Infinity, level: 'fail' },
  ],
  /** Whale score → how the supply is spread (whale tracker card; spec three bands 80/60). */
  whaleSpread: [
    { min: 80, level: 'Spread out' },
    { min: 60, level: 'Moderate' },
    { min: -Infinity, level: 'Concentrated' },
  ],
} as const satisfies Record<string, readonly { min: number; level: string }[]>;

export type ScoreKind = keyof typeof SCORE_BANDS;
export type LevelOf<K extends ScoreKind> = (typeof SCORE_BANDS)[K][number]['level'];

/** The one score → level function: the first band of `kind` whose `min` the score reaches. */
export function levelOf<K extends ScoreKind>(kind: K, score: number): LevelOf<K> {
  const bands = SCORE_BANDS[kind] as readonly { min: number; level: LevelOf<K> }[];
  for (const b of bands) if (score >= b.min) return b.level;
  // Only NaN reaches no band (every table ends at -Infinity); analysers never produce one.
  return (bands[bands.length - 1] as { level: LevelOf<K> }).level;
}

/**
 * A wallet's risk profile (spec: aggressive / moderate / else conservative): the share of its scored
 * value in tokens whose FLAB Score fails (SCORE_BANDS.componentOutcome) above which it is aggressive
 * or moderate. Unscored tokens are left out, never counted as safe.
 */
export const RISK_PROFILE = { aggressiveAbove: 0.5, moderateAbove: 0.2 } as const;

/** Score bands (spec §4: 80+ green, 60+ yellow, 40+ orange, else red), plus 'muted' for not meaningful. */
export type SubScoreBand = LevelOf<'colour'> | 'muted';

export const scoreBandOf = (score: number): LevelOf<'colour'> => levelOf('colour', score);

/**
 * The band a sub-score is shown in under a verdict: greyed ('muted') when the verdict makes it not
 * meaningful, never green when the verdict caps it. Without a verdict (still loading), the score's
 * own band. The one place pages take a sub-score's colour from.
 */
export function subScoreBand(score: number, verdict: keyof typeof VERDICTS | null | undefined): SubScoreBand {
  const band = scoreBandOf(score);
  if (!verdict) return band;
  const rule = VERDICTS[verdict].subScores;
  if (rule === 'not_meaningful') return 'muted';
  if (rule === 'capped' && band === 'green') return 'yellow';
  return band;
}

/**
 * What a score card shows, decided by the server (issue 21: the page colours a figure by what the
 * server decided, never by re-deriving a band): the band under the verdict, and whether the verdict
 * changed it from the score's own band (greyed or capped), so the page can say why. A score the
 * verdict is built from (`decidesVerdict`: the scanner's safety) stays in colour — red reads red —
 * but is never green under a verdict whose sub-scores are not meaningful.
 */
export type ShownBand = { band: SubScoreBand; capped: boolean };

export function shownBand(
  score: number,
  verdict: keyof typeof VERDICTS | null | undefined,
  decidesVerdict = false,
): ShownBand {
  const rule = verdict ? VERDICTS[verdict].subScores : null;
  const band = subScoreBand(score, decidesVerdict && rule === 'not_meaningful' ? 'dangerous' : verdict);
  return { band, capped: band !== scoreBandOf(score) };
}

/** Word levels (healthy/bullish/strong/positive/high) follow the same rule: neutral under a verdict that caps them. */
export function subScoreNote(verdict: keyof typeof VERDICTS | null | undefined): string | null {
  return verdict ? VERDICTS[verdict].subScoreNote : null;
}

/**
 * A trading call's entry price must be within `maxEntryDeviationPct` of the pool's price when the
 * call is posted: an entry far from the market would show an instant gain (or loss) the caller
 * never could have had. A call on a token whose verdict is in `refusedVerdicts` is refused: nobody
 * can act on it (a honeypot cannot be sold, a rugged pool has nothing left to sell into).
 */
export const TRADING_CALL = {
  maxEntryDeviationPct: 5,
  refusedVerdicts: ['honeypot', 'rugged'] as readonly (keyof typeof VERDICTS)[],
} as const;

/**
 * Uniswap V4 hook permissions (v4-core Hooks.sol): the flag bit each one takes in the hook's
 * address, the words a trader reads, and what it lets the hook do to a swap — change the amounts,
 * take a fee, stop swaps; null when it touches only liquidity or set-up.
 */
export type HookPermission = {
  /** v4-core Hooks.sol name, e.g. beforeSwapReturnDelta. */
  name: string;
  bit: number;
  /** Plain words for the page. */
  words: string;
  /** What it can do to a trade: change the price/amount, take a fee, stop swaps; null when it touches only liquidity or set-up. */
  power: 'change-amounts' | 'take-fee' | 'stop-swaps' | null;
};

export const HOOK_PERMISSIONS: readonly HookPermission[] = [
  { name: 'beforeInitialize', bit: 13, words: 'runs code before the pool is created', power: null },
  { name: 'afterInitialize', bit: 12, words: 'runs code when the pool is created', power: null },
  { name: 'beforeAddLiquidity', bit: 11, words: 'can refuse new liquidity', power: null },
  { name: 'afterAddLiquidity', bit: 10, words: 'runs code after liquidity is added', power: null },
  {
    name: 'beforeRemoveLiquidity',
    bit: 9,
    words: 'can stop liquidity providers from withdrawing',
    power: null,
  },
  { name: 'afterRemoveLiquidity', bit: 8, words: 'runs code after liquidity is removed', power: null },
  {
    name: 'beforeSwap',
    bit: 7,
    words: 'can stop swaps and set the fee of every swap',
    power: 'stop-swaps',
  },
  { name: 'afterSwap', bit: 6, words: 'can stop swaps after seeing their result', power: 'stop-swaps' },
  { name: 'beforeDonate', bit: 5, words: 'runs code before donations to the pool', power: null },
  { name: 'afterDonate', bit: 4, words: 'runs code after donations to the pool', power: null },
  {
    name: 'beforeSwapReturnDelta',
    bit: 3,
    words: 'can change the price you get: it may take part or all of what you pay into the swap',
    power: 'change-amounts',
  },
  {
    name: 'afterSwapReturnDelta',
    bit: 2,
    words: 'can take a fee from every swap: it may keep part or all of what you receive',
    power: 'take-fee',
  },
  {
    name: 'afterAddLiquidityReturnDelta',
    bit: 1,
    words: 'can take a cut of liquidity added',
    power: null,
  },
  {
    name: 'afterRemoveLiquidityReturnDelta',
    bit: 0,
    words: 'can take a cut of liquidity withdrawn',
    power: null,
  },
];
