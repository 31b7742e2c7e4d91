/**
 * Uniswap V2 (and its forks with the same pair interface): pairs from the factory's getPair, state
 * from getReserves and where the LP tokens sit (burn addresses, lockers), quotes by the
 * constant-product formula, trades through the V2 router with the TradeProbe helper.
 */
import { type Abi, type Address, zeroAddress } from 'viem';
import { constantProductDepth, createConstantProductVenue } from './constant-product';
import { buildProbeRoute } from './probe-path';
import { factoryAbi, pairAbi } from './uniswap-v2-abis';
import { PROBE_VENUE, Q192, type QuoteTarget, type Venue } from './venue';

/** Uniswap V2 mints 1000 wei of LP to the zero address at creation: not a "burn". */
export const MINIMUM_LIQUIDITY = 1000n;
/** V2 pairs charge 0.3% on the input. */
export const V2_FEE = 3000;

export type UniswapV2Addresses = {
  factory: Address;
  router: Address;
  /** Lockers whose LP balances count as locked (our LpLocker answers nextUnlockTime too). */
  lockers: Address[];
};

/** Constant-product amount out, with the 0.3% fee (UniswapV2Library.getAmountOut). */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * 997n;
  return (inWithFee * reserveOut) / (reserveIn * 1000n + inWithFee);
}

export function createUniswapV2Venue(addr: UniswapV2Addresses): Venue {
  return createConstantProductVenue({
    id: 'uniswap-v2',
    label: 'Uniswap V2',
    poolAbi: pairAbi as Abi,
    lockers: addr.lockers,
    // The 1000 wei of LP minted at creation go to the zero address.
    minimumLiquidityAt: zeroAddress,
    lookups: (token, q) => [
      { address: addr.factory, abi: factoryAbi, functionName: 'getPair', args: [token, q] },
    ],
    refFee: V2_FEE,
    curveCalls: () => [],
    curve: ({ tokenReserve, quoteReserve }) => ({
      fee: V2_FEE,
      priceX192: tokenReserve === 0n ? null : (quoteReserve * Q192) / tokenReserve,
      depthQuote2Pct: constantProductDepth(quoteReserve),
    }),
    readError: 'The chain RPC failed a Multicall3 read of pool state.',

    async quote(_client, pool: QuoteTarget, tokenIn, amountIn) {
      const inIsQuote = tokenIn.toLowerCase() === pool.quote.toLowerCase();
      return inIsQuote
        ? v2AmountOut(amountIn, pool.quoteReserve, pool.tokenReserve)
        : v2AmountOut(amountIn, pool.tokenReserve, pool.quoteReserve);
    },

    probeRoute(target) {
      return buildProbeRoute(target, { kind: PROBE_VENUE.v2, router: addr.router, withFees: false });
    },
  });
}
