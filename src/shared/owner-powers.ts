/**
 * Owner powers, part of the shared vocabulary (re-exported by vocabulary.ts): what a privileged
 * call is measured to do to holders, the words the pages use for each effect, and the delay from
 * which a timelock softens a power.
 */

/** A fee change smaller than this (percentage points) is measurement noise. */
export const FEE_CHANGE_MIN_PP = 1;

/**
 * Owner-power effects, measured by simulation (the function's name never decides):
 * - mint: total supply raised, or the balances the call touched raised in sum (a balance raised at
 *   another's expense is a transfer, never a mint);
 * - move_tokens (owner-drain): a third party's balance lowered by more than it allowed the caller,
 *   moved away or burned;
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
