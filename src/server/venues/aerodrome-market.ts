/**
 * Aerodrome classic pools quoted by their own curve: the buy at the report's amount and a stable
 * pool's ±2% depth from its getAmountOut (aerodrome-stable-depth.ts), and a stable pool's marginal
 * price, which its reserve ratio is not.
 */
import type { Address, PublicClient } from 'viem';
import { aeroPoolAbi } from './aerodrome-abis';
import { stableDepthAmounts, stableDepthPlan, stableDepthSide } from './aerodrome-stable-depth';
import { type Call, quoteRound } from './multicall';
import { type MarketAnswer, type MarketAsk, type PoolState, Q192 } from './venue';

/**
 * The buy at the report's amount, from the pool's own getAmountOut (its own curve and fee); for a
 * stable pool also its ±2% depth, from a grid of its own quotes, all in the same Multicall3 call.
 */
export async function readAerodromeMarket(
  client: PublicClient,
  token: Address,
  asks: MarketAsk[],
): Promise<MarketAnswer[]> {
  const t = token.toLowerCase() as Address;
  const calls: Call[] = [];
  const getAmountOut = (pool: PoolState, amountIn: bigint, tokenIn: Address) =>
    calls.push({
      address: pool.pair,
      abi: aeroPoolAbi,
      functionName: 'getAmountOut',
      args: [amountIn, tokenIn],
    });
  const plan = asks.map(({ pool, buyAmountIn }) => {
    const hasBuy = buyAmountIn !== null && buyAmountIn > 0n;
    if (hasBuy) getAmountOut(pool, buyAmountIn, pool.quote);
    const depth = pool.aerodrome?.stable
      ? { buy: stableDepthPlan(pool.quoteReserve), sell: stableDepthPlan(pool.tokenReserve) }
      : null;
    const at = calls.length;
    if (depth?.buy && depth.sell) {
      for (const a of stableDepthAmounts(depth.buy)) getAmountOut(pool, a, pool.quote);
      for (const a of stableDepthAmounts(depth.sell)) getAmountOut(pool, a, t);
    }
    return { pool, hasBuy, depth, at };
  });
  const res = await quoteRound(client, calls, 'The chain RPC failed a Multicall3 quote of Aerodrome pools.');
  const amount = (j: number) => {
    const r = res[j];
    return r?.status === 'success' ? (r.result as bigint) : null;
  };
  return plan.map(({ pool, hasBuy, depth, at }): MarketAnswer => {
    const buyAmountOut = hasBuy ? amount(at - 1) : null;
    if (!depth?.buy || !depth.sell) return { buyAmountOut, depthQuote2Pct: pool.depthQuote2Pct };
    const nBuy = stableDepthAmounts(depth.buy).length;
    const nSell = stableDepthAmounts(depth.sell).length;
    const outs = (from: number, n: number) => Array.from({ length: n }, (_, k) => amount(from + k));
    // Buy side: the token's price up 2% is the pool's token-per-quote rate down to 1/1.02.
    const up = stableDepthSide(depth.buy, outs(at, nBuy), 1 - 1 / 1.02);
    const down = stableDepthSide(depth.sell, outs(at + nBuy, nSell), 0.02);
    return {
      buyAmountOut,
      depthQuote2Pct: up && down ? up.amountIn + down.amountOut : null,
    };
  });
}

/**
 * A stable pool's marginal price from its own curve: a sell of a millionth of the token reserve,
 * quoted by the pool's getAmountOut, fee added back (the pool takes it from the input first).
 * One extra Multicall3 call, only when stable pools are read. Pools it cannot quote stay unpriced.
 */
export async function stableSpotPrices(
  client: PublicClient,
  token: Address,
  pools: PoolState[],
): Promise<void> {
  const asks = pools.filter(
    (p) => p.aerodrome?.stable && p.tokenReserve >= 1_000_000n && p.quoteReserve > 0n,
  );
  if (asks.length === 0) return;
  const res = await quoteRound(
    client,
    asks.map((p) => ({
      address: p.pair,
      abi: aeroPoolAbi,
      functionName: 'getAmountOut',
      args: [p.tokenReserve / 1_000_000n, token],
    })),
    'The chain RPC failed a Multicall3 quote of Aerodrome stable pools.',
  );
  asks.forEach((p, i) => {
    const r = res[i];
    const out = r?.status === 'success' ? (r.result as bigint) : 0n;
    const probe = p.tokenReserve / 1_000_000n;
    const fee = BigInt(p.fee ?? 0);
    if (out > 0n && fee < 1_000_000n) p.priceX192 = (out * Q192 * 1_000_000n) / (probe * (1_000_000n - fee));
  });
}
