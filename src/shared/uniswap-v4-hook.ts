/**
 * What the facts layer measures of a Uniswap V4 hook (facts/hooks/uniswap-v4-hook.ts, its owner powers in
 * facts/hooks/uniswap-v4-hook-powers.ts) and the hook verdict judges (analysis/hook-verdict.ts).
 */
import type { Address, Hex } from 'viem';

export type QuoteOutcome = { amountIn: bigint; amountOut: bigint | null };

/**
 * One rung of the hook test's size ladder (facts/hooks/probe-sizes.ts): a buy of `amountIn` quote
 * base units and a sell of `sellIn` tokens (the same value at the pool's price), each quoted alone
 * from today's pool; outputs null where the quote reverted. `spotOut` / `spotBack`: what each would
 * get at the pool's price without fee or impact.
 */
export type LadderRung = {
  amountIn: bigint;
  buyOut: bigint | null;
  sellIn: bigint;
  sellOut: bigint | null;
  spotOut: bigint;
  spotBack: bigint;
};

export type HookFacts = {
  hook: Address;
  permissions: string[];
  hasCode: boolean;
  /** owner() when the hook answers it; null when it has no such function. */
  owner: Address | null;
  /** EIP-1967 slots; null when the hook is not behind such a proxy. */
  proxy: { implementation: Address; admin: Address | null } | null;
  /** Quote wei in, tokens out (null: the quote reverted). */
  buy: QuoteOutcome;
  /**
   * Tokens in (the buy's value at the pool price), quote wei out (null: reverted). `buy` and `sell`
   * are the ladder's reference rung: the typical size when its round trip passes, else the nearest
   * size that passes (so a pool shallower than it reads is not sold past what it holds).
   */
  sell: QuoteOutcome | null;
  /** Every size tried, smallest first; absent in facts made before the ladder. */
  ladder?: LadderRung[];
  /** The same buy an hour from now; null when the node would not run the block override. */
  buyLater: QuoteOutcome | null;
  /** Tokens the buy would get at the pool's current price without any fee or impact. */
  spotOut: bigint;
  /** The pool's quote-side depth the ladder was sized from (quote base units, as the venue read it). */
  depthQuote?: bigint;
  /**
   * The depth is what the pool's known positions hold at the current price (a lower bound of what a
   * sell can take out); false: read from active liquidity, an upper bound.
   */
  depthFromPositions?: boolean;
  /** Quote wei the sell would get at the current price without any fee or impact. */
  spotBack: bigint | null;
};

export type HookPowerEffect = 'sells_blocked' | 'sell_kept' | 'buys_blocked' | 'buy_kept' | 'fee_raised';

export type HookPower = {
  caller: Address;
  selector: Hex;
  /** The function's signature when known (labels only). */
  signature: string | null;
  args: string;
  effect: HookPowerEffect;
  /** Round-trip loss after the call, percent; null when a side reverted. */
  lossPct: number | null;
};

export type HookPowerFacts = {
  caller: Address;
  /** Round-trip loss today (buy then sell), percent; null when today's trade fails. */
  baselineLossPct: number | null;
  tried: number;
  notTried: number;
  powers: HookPower[];
};

/** The main pool's hook as the report's facts carry it (facts/hooks/index.ts). */
export type PoolHookFacts = {
  pool: Address;
  hook: Address;
  /** null: the hook could not be measured (no liquidity to quote, RPC failure), not "harmless". */
  facts: HookFacts | null;
  powers: HookPowerFacts | null;
};
