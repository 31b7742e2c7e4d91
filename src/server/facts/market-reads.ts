/**
 * Pools and prices from chain state: reserves, LP supply and where the LP sits (burn addresses,
 * lockers), and the price path token → WETH → USD through the WETH/USD pool. One Multicall3 round
 * trip for everything once the pool addresses are known.
 */
import type { Address, PublicClient } from 'viem';
import { BURN_ADDRESSES } from '../../shared/vocabulary';
import type { NetworkDescription } from '../chain/network';
import { ChainUnavailableError } from '../errors';
import { factoryAbi, lockerAbi, pairAbi } from './abis';

export { BURN_ADDRESSES } from '../../shared/vocabulary';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Uniswap V2 mints 1000 wei of LP to the zero address at creation: not a "burn". */
export const MINIMUM_LIQUIDITY = 1000n;

export type PoolState = {
  pair: Address;
  token0: Address;
  token1: Address;
  /** The side that is not the analysed token. */
  quote: Address;
  tokenReserve: bigint;
  quoteReserve: bigint;
  lpTotalSupply: bigint;
  lpBurned: bigint;
  lpLocked: bigint;
  lockUnlockTime: number | null;
};

export type MarketState = {
  pools: PoolState[];
  /** USD per ETH from the WETH/USD pool, null when that pool is missing or empty. */
  ethUsd: number | null;
  usdDecimals: number;
};

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };

export async function findPairs(
  client: PublicClient,
  network: NetworkDescription,
  token: Address,
): Promise<Address[]> {
  const { uniswapV2Factory, weth, usd } = network.contracts;
  const quotes = [weth, usd].filter((q) => q.toLowerCase() !== token.toLowerCase());
  const res = await client.multicall({
    contracts: quotes.map(
      (q) =>
        ({ address: uniswapV2Factory, abi: factoryAbi, functionName: 'getPair', args: [token, q] }) as const,
    ),
    allowFailure: true,
  });
  return res
    .map((r) => (r.status === 'success' ? (r.result as Address).toLowerCase() : null))
    .filter((a): a is Address => !!a && !/^0x0{40}$/.test(a)) as Address[];
}

export async function readMarket(
  client: PublicClient,
  network: NetworkDescription,
  token: Address,
  pairs: { pair: Address; token0: Address; token1: Address }[],
  ethUsdPair: { pair: Address; token0: Address } | null,
  usdDecimals = 6,
): Promise<MarketState> {
  const lockers = network.contracts.lpLockers;
  const calls: Call[] = [];
  for (const p of pairs) {
    calls.push({ address: p.pair, abi: pairAbi, functionName: 'getReserves' });
    calls.push({ address: p.pair, abi: pairAbi, functionName: 'totalSupply' });
    for (const b of BURN_ADDRESSES)
      calls.push({ address: p.pair, abi: pairAbi, functionName: 'balanceOf', args: [b] });
    for (const l of lockers)
      calls.push({ address: p.pair, abi: pairAbi, functionName: 'balanceOf', args: [l] });
    // Only our own locker answers nextUnlockTime; others fail softly (allowFailure).
    for (const l of lockers)
      calls.push({ address: l, abi: lockerAbi, functionName: 'nextUnlockTime', args: [p.pair] });
  }
  if (ethUsdPair) calls.push({ address: ethUsdPair.pair, abi: pairAbi, functionName: 'getReserves' });

  let res: { status: string; result?: unknown }[];
  try {
    res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
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
  for (const p of pairs) {
    const reserves = next() as readonly [bigint, bigint, number] | undefined;
    const lpTotalSupply = (next() as bigint | undefined) ?? 0n;
    let lpBurned = 0n;
    for (const b of BURN_ADDRESSES) {
      const bal = (next() as bigint | undefined) ?? 0n;
      lpBurned += b === ZERO_ADDRESS ? (bal > MINIMUM_LIQUIDITY ? bal - MINIMUM_LIQUIDITY : 0n) : bal;
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
    pools.push({
      pair: p.pair,
      token0: p.token0,
      token1: p.token1,
      quote: (tokenIs0 ? p.token1 : p.token0).toLowerCase() as Address,
      tokenReserve: tokenIs0 ? reserves[0] : reserves[1],
      quoteReserve: tokenIs0 ? reserves[1] : reserves[0],
      lpTotalSupply,
      lpBurned,
      lpLocked,
      lockUnlockTime,
    });
  }
  let ethUsd: number | null = null;
  if (ethUsdPair) {
    const r = next() as readonly [bigint, bigint, number] | undefined;
    if (r) {
      const wethIs0 = ethUsdPair.token0.toLowerCase() === network.contracts.weth.toLowerCase();
      const wethRes = wethIs0 ? r[0] : r[1];
      const usdRes = wethIs0 ? r[1] : r[0];
      if (wethRes > 0n) ethUsd = Number(usdRes) / 10 ** usdDecimals / (Number(wethRes) / 1e18);
    }
  }
  return { pools, ethUsd, usdDecimals };
}

/** Price of the token in quote units per token, from reserves and decimals. */
export function priceInQuote(pool: PoolState, tokenDecimals: number, quoteDecimals: number): number | null {
  if (pool.tokenReserve === 0n) return null;
  return Number(pool.quoteReserve) / 10 ** quoteDecimals / (Number(pool.tokenReserve) / 10 ** tokenDecimals);
}
