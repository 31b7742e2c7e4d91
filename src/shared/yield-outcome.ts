/**
 * What a deposit actually earns over a horizon once it is priced in full (issue 37): the deposit
 * joins the position and dilutes its payout (your share = deposit ÷ (pool value + deposit), so the
 * APY after the deposit is apy × T ÷ (T + d)); building and unwinding a two-sided position swaps the
 * half that has to be bought on the way in and sold back on the way out, each against the side's
 * reserve (constant product: x²/(R+x) short of the pool price, plus the swap fee); and gas is paid
 * to enter and to leave. The net is yield minus every cost, and a negative net is a loss — never
 * shown as a profit. Pure: the server's tests pin it and the browser's calculator and cards run it.
 */
import { type EntryCosts, effectiveAnnualApy, impermanentLoss, projectedApy } from './yield';

export type DepositOutcomeInput = {
  amountUsd: number;
  /** The position's APY today (percent), before the deposit joins it. */
  apy: number;
  /** The position's value today (USD), which the deposit dilutes. */
  tvlUsd: number;
  costs: EntryCosts;
  months: number;
  /** ± price move planned for (impermanent loss of a two-sided position). */
  priceMovePct?: number;
};

export type DepositOutcome = {
  /** deposit ÷ (pool value + deposit): the deposit's share of every fee or reward paid. */
  shareOfPool: number;
  apyBeforeDeposit: number;
  apyAfterDeposit: number;
  /** Compounded daily at the APY after the deposit, over the horizon. */
  yieldUsd: number;
  /** Price impact of the swap that builds the position (buying the other side). */
  entryImpactUsd: number;
  /** Price impact of the swap that unwinds it (selling that side back). */
  exitImpactUsd: number;
  /** Swap fee on both swaps. */
  swapFeeUsd: number;
  impermanentLossUsd: number;
  /** Gas to enter and to leave, in ETH and USD; null when not measured (never guessed). */
  gasEth: number | null;
  gasUsd: number | null;
  /** yield − every cost; null when a cost is unknown (gas not measured). */
  netUsd: number | null;
  /** The net is below zero: the deposit loses money over the horizon. */
  isLoss: boolean;
};

/** Constant product: selling x into a side worth R returns x·R/(R+x) at the pool price, x²/(R+x) short. */
export function swapImpactUsd(swappedUsd: number, sideReserveUsd: number | null): number {
  if (!(swappedUsd > 0) || sideReserveUsd === null || !(sideReserveUsd > 0)) return 0;
  return (swappedUsd * swappedUsd) / (sideReserveUsd + swappedUsd);
}

export function depositOutcome(i: DepositOutcomeInput): DepositOutcome {
  const amount = Number.isFinite(i.amountUsd) && i.amountUsd > 0 ? i.amountUsd : 0;
  const c = i.costs;
  const shareOfPool = amount > 0 && i.tvlUsd + amount > 0 ? amount / (Math.max(0, i.tvlUsd) + amount) : 0;
  const apyAfterDeposit = projectedApy(i.apy, i.tvlUsd, amount);
  const years = Math.max(0, i.months) / 12;
  const yieldUsd = amount * ((1 + effectiveAnnualApy(apyAfterDeposit, 365) / 100) ** years - 1);
  const swapped = amount * c.swapShare;
  // On the way in the swap buys the other side from its reserve; on the way out (the deposit
  // withdrawn, the pool back to its own depth) the same amount is sold back into it.
  const entryImpactUsd = swapImpactUsd(swapped, c.swapReserveUsd);
  const exitImpactUsd = swapImpactUsd(swapped, c.swapReserveUsd);
  const swapFeeUsd = c.swapShare > 0 ? (2 * swapped * c.swapFeePct) / 100 : 0;
  const impermanentLossUsd = c.impermanentLoss ? amount * impermanentLoss(i.priceMovePct ?? 0) : 0;
  const gasEth =
    c.gasEnter === null || c.gasExit === null ? null : (c.gasEnter + c.gasExit) * c.gasPriceGwei * 1e-9;
  const gasUsd = gasEth === null || c.ethUsd === null ? null : gasEth * c.ethUsd;
  const netUsd =
    gasUsd === null
      ? null
      : yieldUsd - entryImpactUsd - exitImpactUsd - swapFeeUsd - impermanentLossUsd - gasUsd;
  return {
    shareOfPool,
    apyBeforeDeposit: i.apy,
    apyAfterDeposit,
    yieldUsd,
    entryImpactUsd,
    exitImpactUsd,
    swapFeeUsd,
    impermanentLossUsd,
    gasEth,
    gasUsd,
    netUsd,
    isLoss: netUsd !== null && netUsd < 0,
  };
}
