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
 * Liquidity the creator's side can pull now (the position ledger, issue 35), as a share of the
 * main pool's active liquidity: at most `passShare` is no rug risk (an established team's own small
 * position); above `failShare` the creator can take most of the pool. `mostShare`: "most of it".
 */
export const CREATOR_PULL = { passShare: 0.1, failShare: 0.5, mostShare: 0.5 } as const;

/**
 * Trading patterns (issue 39), read from our index of the token's pools:
 * - a sniper bought in the pool's first `sniperBlocks` blocks: the block liquidity was first added
 *   in and the two after it (on Base, the first ~6 seconds of trading);
 * - a bundle is a group of at least `bundleMinWallets` wallets that bought in one block within the
 *   first `bundleWindowBlocks` blocks of trading (10 minutes on Base), or at least `fundedMinWallets`
 *   early buyers one address funded (ETH or a token sent to each) within `fundingLookbackBlocks`
 *   blocks before its first buy — the deployer, at any time before. Funding is ETH or a token other
 *   than the analysed one (what pays for a buy); the token itself links only from the deployer;
 * - a sniper cluster is such a group with at least `clusterMinSnipers` snipers; it is selling when
 *   any of its wallets has sold (the pump finder never reads that as momentum);
 * - wash volume is a wallet's 24 h volume when it bought and sold within `roundTripSec` and ended the
 *   day with a net position within `nearZeroNetShare` of what it bought; a funded cluster's whole
 *   volume when its net position is near zero the same way; and a liquidity provider's swaps in its
 *   own pool (one public rule: an LP holding ≥ `lpShareMin` of the pool trading it);
 * - the pump finder and token health count momentum on organic volume only: a token whose organic
 *   share of 24 h volume is under `organicShareMin` never reads strong momentum.
 * `scanWallets` and `scanBlocks` bound what one report reads (the earliest buyers; the blocks read
 * from the chain for ETH funding).
 */
export const PATTERNS = {
  sniperBlocks: 3,
  bundleMinWallets: 3,
  fundedMinWallets: 2,
  clusterMinSnipers: 2,
  bundleWindowBlocks: 300,
  fundingLookbackBlocks: 20,
  roundTripSec: 3_600,
  nearZeroNetShare: 0.1,
  lpShareMin: 0.01,
  organicShareMin: 0.5,
  windowSec: 86_400,
  scanWallets: 60,
  scanBlocks: 24,
} as const;

/**
 * Serial deployers and look-alike code (issue 39 item 3): the deployer's and its funder's earlier
 * tokens (at most `maxEarlier` each, newest first, from the index's contract creations) and the
 * tokens we have fingerprinted whose code is the same or nearly the same (analysis/code-fingerprint.ts);
 * `funderScanBlocks` blocks before the deployer's first creation are read for the ETH that funded it;
 * `maxStored` bounds the fingerprints kept (the oldest go first), `maxCandidates` those one report
 * compares (the same hash or selector set, newest first).
 */
export const LINEAGE = {
  maxEarlier: 12,
  funderScanBlocks: 24,
  maxStored: 5_000,
  maxCandidates: 200,
} as const;

/** What an earlier token came to: its pool rugged, a honeypot by our stored verdict, alive, or never analysed. */
export const LINEAGE_FATES = ['rugged', 'honeypot', 'alive', 'not_analysed'] as const;

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
 * The size ladder every hook test trades (facts/hooks/probe-sizes.ts), as divisors of the pool's
 * quote-side depth as read. Concentrated pools read without their positions (a hook that owns its
 * range in the PoolManager) are read from active liquidity, an upper bound up to 10,000× the real
 * depth, so the ladder spans seven decades: its small end is still a small trade in a shallow
 * range, its large end a whale's sell of a tenth of the pool. `typicalDivisor` is the rung the
 * fees are measured on when its round trip passes; `impactMarkPct` the price impact reported as
 * "the size where impact reaches"; `minPreciseUnits` the least output in base units a fee is read
 * from (below it rounding is the fee).
 */
export const PROBE_LADDER = {
  divisors: [10_000_000n, 1_000_000n, 100_000n, 10_000n, 1_000n, 100n, 10n],
  typicalDivisor: 1_000n,
  impactMarkPct: 10,
  minPreciseUnits: 1_000_000n,
} as const;

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

/**
 * Closed trading (issue 40 item 5): the sell simulation's value when a buy fails today and no
 * privileged call is known to open trading — none opens it (`noSwitch`: every privileged call was
 * judged, after none does a buy pass), or the search could not be completed (`unchecked`). Buyers
 * cannot enter: the line fails (an unfinished search is never better than a finished one that found
 * nothing), and the verdict is Dangerous ("Buy fails"), not Honeypot — nobody has been caught by a
 * buy and no sell could be tried.
 */
/**
 * The sell simulation's values when time or the order of sellers changes the answer (the trade
 * schedule and the sequential exit: server/analysis/trade-schedule.ts).
 */
export const TRADE_SCHEDULE = {
  /** Sells fail now and open at a later moment (a fair-launch window): Caution, not Honeypot. */
  sellsOpenLater: 'sells open later',
  /** Sells pass now and fail at a later moment: a honeypot from then on. */
  sellsStopLater: 'sells stop later',
  /** The first holders selling one after another get out; the rest are refused. */
  trappedInLine: 'honeypot for the rest',
} as const;

export const BUYERS_CANNOT_ENTER = {
  noSwitch: 'no switch opens trading',
  unchecked: 'switch not checked',
} as const;

// Owner powers and the trusted-asset test live in their own modules (one topic each); they are
// re-exported here so every importer keeps one place to take the vocabulary from.
export {
  FEE_CHANGE_MIN_PP,
  OWNER_POWER_EFFECTS,
  OWNER_POWER_LABELS,
  type OwnerPowerEffect,
  TIMELOCK_MIN_DELAY_S,
} from './owner-powers';

export {
  HOLDER_HARMING_EFFECTS,
  judgeTrustedAsset,
  STABLECOIN_COMPLIANCE_EFFECTS,
  TRUSTED_ASSET,
  type TrustedAssetJudgement,
  type TrustedAssetKind,
  type TrustedAssetSignals,
} from './trusted-asset';

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

export { HOOK_PERMISSIONS, type HookPermission } from './hook-permissions';
