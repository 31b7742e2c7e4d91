/**
 * Quotes of a concentrated-liquidity pool through the QuoterV2 bound to its factory: the buy at the
 * report's amount and the exact ±2% depth, once the pool's price is known. QuoterV2 runs the pool's
 * own swap loop, so initialised ticks inside ±2% count exactly.
 */
import type { Abi, Address, PublicClient } from 'viem';
import type { ClPoolKey, ClVenueSpec } from './concentrated-liquidity-spec';
import { type Call, quoteRound } from './multicall';
import { depthLimits } from './uniswap-v3-math';
import type { MarketAnswer, MarketAsk, PoolState } from './venue';

/**
 * "As much as the range holds": the depth quotes ask for more than any pool has and let the ±2%
 * price limit stop the swap (QuoterV2 then returns what was really swapped up to the limit).
 */
const UNBOUNDED = 1n << 120n;

export type QuoteAsk = {
  exact: 'in' | 'out';
  tokenIn: Address;
  tokenOut: Address;
  amount: bigint;
  sqrtPriceLimitX96: bigint;
};

/** A QuoterV2 call: the params struct names the pool's key `fee` or `tickSpacing`. */
export function quoterCall(
  quoter: { abi: Abi; keyedBy: ClVenueSpec['keyedBy'] },
  k: ClPoolKey,
  { exact, tokenIn, tokenOut, amount, sqrtPriceLimitX96 }: QuoteAsk,
): Call {
  const params =
    exact === 'in'
      ? { tokenIn, tokenOut, amountIn: amount, [quoter.keyedBy]: k.key, sqrtPriceLimitX96 }
      : { tokenIn, tokenOut, amount, [quoter.keyedBy]: k.key, sqrtPriceLimitX96 };
  return {
    address: k.deployment.quoterV2,
    abi: quoter.abi,
    functionName: exact === 'in' ? 'quoteExactInputSingle' : 'quoteExactOutputSingle',
    args: [params],
  };
}

/**
 * Per pool: the buy at the report's amount, then the quote that moves the token's price +2%
 * (exact output, limited) and the quote selling it down 2% pays (exact input, limited).
 */
export async function readClMarket(
  spec: ClVenueSpec,
  keyOf: (pool: PoolState) => ClPoolKey | null,
  client: PublicClient,
  token: Address,
  asks: MarketAsk[],
): Promise<MarketAnswer[]> {
  const t = token.toLowerCase() as Address;
  const quoter = { abi: spec.abis.quoter, keyedBy: spec.keyedBy };
  const calls: Call[] = [];
  const plan = asks.map(({ pool, buyAmountIn }) => {
    const k = keyOf(pool);
    if (!k) return { pool, hasBuy: false, hasDepth: false };
    const q = pool.quote;
    const ask = (exact: 'in' | 'out', tokenIn: Address, tokenOut: Address, amount: bigint, limit: bigint) =>
      calls.push(quoterCall(quoter, k, { exact, tokenIn, tokenOut, amount, sqrtPriceLimitX96: limit }));
    const hasBuy = buyAmountIn !== null && buyAmountIn > 0n;
    if (hasBuy) ask('in', q, t, buyAmountIn, 0n);
    const sqrtP = pool.v3?.sqrtPriceX96 ?? 0n;
    const limits = sqrtP > 0n ? depthLimits(sqrtP, pool.token0.toLowerCase() === t) : null;
    if (limits) {
      ask('out', q, t, UNBOUNDED, limits.up);
      ask('in', t, q, UNBOUNDED, limits.down);
    }
    return { pool, hasBuy, hasDepth: limits !== null };
  });
  const res = await quoteRound(client, calls, `The chain RPC failed a Multicall3 quote of ${spec.noun}.`);
  let i = 0;
  const first = () => {
    const r = res[i++];
    return r?.status === 'success' ? (r.result as readonly [bigint, ...unknown[]])[0] : null;
  };
  return plan.map(({ pool, hasBuy, hasDepth }): MarketAnswer => {
    const buyAmountOut = hasBuy ? first() : null;
    if (!hasDepth) return { buyAmountOut, depthQuote2Pct: pool.depthQuote2Pct };
    const up = first();
    const down = first();
    // A side with no liquidity at all inside ±2% makes QuoterV2 revert (nothing to swap):
    // that side is 0 when the pool has no active liquidity either, otherwise unknown.
    const empty = (pool.v3?.liquidity ?? 0n) === 0n ? 0n : null;
    const a = up ?? empty;
    const b = down ?? empty;
    return { buyAmountOut, depthQuote2Pct: a === null || b === null ? null : a + b };
  });
}
