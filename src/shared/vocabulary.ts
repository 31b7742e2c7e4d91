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
] as const;
export type OwnerPowerEffect = (typeof OWNER_POWER_EFFECTS)[number];

export const OWNER_POWER_LABELS: Record<OwnerPowerEffect, string> = {
  mint: 'Creates tokens',
  move_tokens: "Moves other holders' tokens",
  sells_blocked: 'Blocks sells',
  buys_blocked: 'Blocks buys',
  holder_blocked: 'Blocks a holder',
  tax_raised: 'Raises the tax',
  limit_shrunk: 'Shrinks the trade limit',
};

/**
 * Trusted asset (centrally issued stablecoin or wrapped asset): judged by behaviour — its pools
 * price it within `pegTolerance` of $1 (stablecoin) or of ETH (wrapped ETH), with at least
 * `minPoolUsd` of liquidity, and no owner power was measured that blocks or taxes holders. Its
 * issuer holding the supply is how such assets work, not a rug risk.
 */
export const TRUSTED_ASSET = { pegTolerance: 0.02, minPoolUsd: 50_000 } as const;
