/**
 * What a pool's value rests on (issue 35 item 4, ADR 0047): the amounts its liquidity holds at the
 * current price, read one of four ways. Shared by the server's facts, the API schemas and the web.
 * - `reserves`: a V2 or Aerodrome classic pair's reserves (every LP balance is full range).
 * - `positions`: a concentrated pool's positions, each at the current price, when the positions we
 *   read hold all of the liquidity active now.
 * - `balances`: a V3 or Slipstream pool whose positions we do not all know: the pool contract's own
 *   token balances (every position's amounts, with uncollected fees and anything sent to it).
 * - `index`: a V4 pool with positions outside the PositionManager (a hook's own, whose ranges are
 *   not read): the pool's running balance in our index, every liquidity change and swap summed.
 */
export const POOL_VALUE_BASES = ['reserves', 'positions', 'balances', 'index'] as const;
export type PoolValueBasis = (typeof POOL_VALUE_BASES)[number];
