/**
 * Uniswap V2 (and its forks with the same pair interface): pairs from the factory's getPair, state
 * from getReserves and where the LP tokens sit (burn addresses, lockers), quotes by the
 * constant-product formula, trades through the V2 router with the TradeProbe helper.
 */
import type { Address } from 'viem';
import { throwOnRpcFailure } from '../chain/client';
import { ChainUnavailableError } from '../errors';
import { buildProbeRoute } from './probe-path';
import { factoryAbi, lockerAbi, pairAbi } from './uniswap-v2-abis';
import {
  BURN_ADDRESSES,
  type PoolRef,
  type PoolState,
  PROBE_VENUE,
  Q192,
  type QuoteTarget,
  type Venue,
} from './venue';

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

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };

/** Constant-product amount out, with the 0.3% fee (UniswapV2Library.getAmountOut). */
export function v2AmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * 997n;
  return (inWithFee * reserveOut) / (reserveIn * 1000n + inWithFee);
}

export function createUniswapV2Venue(addr: UniswapV2Addresses): Venue {
  const lockers = addr.lockers;
  return {
    id: 'uniswap-v2',
    label: 'Uniswap V2',

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const res = await client.multicall({
        contracts: qs.map(
          (q) =>
            ({ address: addr.factory, abi: factoryAbi, functionName: 'getPair', args: [token, q] }) as const,
        ),
        allowFailure: true,
      });
      throwOnRpcFailure(res);
      const out: PoolRef[] = [];
      res.forEach((r, i) => {
        const pool = r.status === 'success' ? ((r.result as string).toLowerCase() as Address) : null;
        const q = qs[i];
        if (!pool || !q || /^0x0{40}$/.test(pool)) return;
        const [token0, token1] = sortPair(token, q);
        out.push({ venue: 'uniswap-v2', pool, token0, token1, fee: V2_FEE, createdTs: null });
      });
      return out;
    },

    async readPools(client, token, refs) {
      const calls: Call[] = [];
      for (const p of refs) {
        calls.push({ address: p.pool, abi: pairAbi, functionName: 'getReserves' });
        calls.push({ address: p.pool, abi: pairAbi, functionName: 'totalSupply' });
        for (const b of BURN_ADDRESSES)
          calls.push({ address: p.pool, abi: pairAbi, functionName: 'balanceOf', args: [b] });
        for (const l of lockers)
          calls.push({ address: p.pool, abi: pairAbi, functionName: 'balanceOf', args: [l] });
        // Only our own locker answers nextUnlockTime; others fail softly (allowFailure).
        for (const l of lockers)
          calls.push({ address: l, abi: lockerAbi, functionName: 'nextUnlockTime', args: [p.pool] });
      }
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
        throwOnRpcFailure(res);
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 read of pool state.', cause);
      }
      let i = 0;
      const next = () => {
        const r = res[i++];
        return r?.status === 'success' ? r.result : undefined;
      };
      const pools: PoolState[] = [];
      const t = token.toLowerCase();
      for (const p of refs) {
        const reserves = next() as readonly [bigint, bigint, number] | undefined;
        const lpTotalSupply = (next() as bigint | undefined) ?? 0n;
        let lpBurned = 0n;
        for (const b of BURN_ADDRESSES) {
          const bal = (next() as bigint | undefined) ?? 0n;
          lpBurned += b.endsWith('0000') ? (bal > MINIMUM_LIQUIDITY ? bal - MINIMUM_LIQUIDITY : 0n) : bal;
        }
        let lpLocked = 0n;
        for (const _ of lockers) lpLocked += (next() as bigint | undefined) ?? 0n;
        let lockUnlockTime: number | null = null;
        for (const _ of lockers) {
          const u = next() as bigint | undefined;
          if (u && u > 0n)
            lockUnlockTime = lockUnlockTime === null ? Number(u) : Math.min(lockUnlockTime, Number(u));
        }
        if (!reserves) continue;
        const tokenIs0 = p.token0.toLowerCase() === t;
        const tokenReserve = tokenIs0 ? reserves[0] : reserves[1];
        const quoteReserve = tokenIs0 ? reserves[1] : reserves[0];
        pools.push({
          venue: 'uniswap-v2',
          pair: p.pool,
          token0: p.token0,
          token1: p.token1,
          quote: (tokenIs0 ? p.token1 : p.token0).toLowerCase() as Address,
          fee: V2_FEE,
          tokenReserve,
          quoteReserve,
          priceX192: tokenReserve === 0n ? null : (quoteReserve * Q192) / tokenReserve,
          lpTotalSupply,
          lpBurned,
          lpLocked,
          lockUnlockTime,
          // V2 creator LP comes from the index (LP token balances), not from this read.
          lpDeployer: null,
          depthQuote2Pct: v2Depth(quoteReserve),
        });
      }
      return pools;
    },

    async quote(_client, pool: QuoteTarget, tokenIn, amountIn) {
      const inIsQuote = tokenIn.toLowerCase() === pool.quote.toLowerCase();
      return inIsQuote
        ? v2AmountOut(amountIn, pool.quoteReserve, pool.tokenReserve)
        : v2AmountOut(amountIn, pool.tokenReserve, pool.quoteReserve);
    },

    probeRoute(target) {
      return buildProbeRoute(target, { kind: PROBE_VENUE.v2, router: addr.router, withFees: false });
    },
  };
}

/**
 * Quote reserve that moves the constant-product price by 2%: buying until the price is 2% higher
 * takes quoteReserve × (√1.02 − 1) of quote (fees aside); the same amount again on the way down.
 * Reported as the sum of both sides of the ±2% band, in quote units.
 */
function v2Depth(quoteReserve: bigint): bigint {
  // (√1.02 − 1) + (1 − √0.98) ≈ 0.0099505 + 0.0100505 = 0.020001 → 20001 / 1e6
  return (quoteReserve * 20_001n) / 1_000_000n;
}

const sortPair = (a: string, b: string): [Address, Address] =>
  (a.toLowerCase() < b.toLowerCase()
    ? [a.toLowerCase(), b.toLowerCase()]
    : [b.toLowerCase(), a.toLowerCase()]) as [Address, Address];
