/**
 * Aerodrome classic (Solidly-style): volatile pools (x·y = k) and stable pools (x³y + y³x = k), one
 * fee per pool read from the factory, pools from PoolFactory.getPool(a, b, stable), quotes from the
 * pool's own getAmountOut (never our curve maths: a stable pool is quoted by its own curve), trades
 * through the Router with Route structs (the probes' Aerodrome adapter). LP tokens are ERC-20s: a
 * share is locked when a known locker holds it, burned at a burn address; LP staked in a gauge sits
 * in the gauge, which the depositor can withdraw from at will — not a lock, so it counts as neither.
 */
import { type Address, type PublicClient, parseAbi } from 'viem';
import type { AerodromeContracts } from '../../shared/network';
import { ChainUnavailableError } from '../errors';
import { stableDepthAmounts, stableDepthPlan, stableDepthSide } from './aerodrome-stable-depth';
import { probePath } from './probe-path';
import { lockerAbi } from './uniswap-v2-abis';
import {
  BURN_ADDRESSES,
  type MarketAnswer,
  type PoolRef,
  type PoolState,
  PROBE_VENUE,
  Q192,
  type Venue,
} from './venue';

export const aeroFactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, bool stable) view returns (address)',
  'function getFee(address pool, bool stable) view returns (uint256)',
]);
export const aeroPoolAbi = parseAbi([
  'function getReserves() view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast)',
  'function stable() view returns (bool)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function getAmountOut(uint256 amountIn, address tokenIn) view returns (uint256)',
]);

/** Aerodrome pools mint 1000 wei of LP to address(1) at creation: not a holder's burn. */
const MINIMUM_LIQUIDITY = 1000n;
/** Aerodrome's factory keeps fees in basis points; PoolRef/PoolState speak Uniswap units (hundredths). */
const BPS_TO_UNI = 100;

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };

export function createAerodromeVenue(addr: AerodromeContracts): Venue {
  const lockers = addr.lpLockers.map((l) => l.toLowerCase() as Address);
  return {
    id: 'aerodrome',
    label: 'Aerodrome',

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const keys = qs.flatMap((q) => [false, true].map((stable) => ({ q, stable })));
      const res = await client.multicall({
        contracts: keys.map(
          (k) =>
            ({
              address: addr.poolFactory,
              abi: aeroFactoryAbi,
              functionName: 'getPool',
              args: [token, k.q, k.stable],
            }) as const,
        ),
        allowFailure: true,
      });
      const out: PoolRef[] = [];
      res.forEach((r, i) => {
        const k = keys[i];
        const pool = r.status === 'success' ? ((r.result as string).toLowerCase() as Address) : null;
        if (!k || !pool || /^0x0{40}$/.test(pool)) return;
        const [token0, token1] = sortPair(token, k.q);
        out.push({ venue: 'aerodrome', pool, token0, token1, fee: null, createdTs: null });
      });
      return out;
    },

    async readPools(client, token, refs) {
      // Round 1 asks the pool its curve with everything else; the fee needs `stable`, so the factory
      // is asked for both answers and the right one kept (still one Multicall3 call).
      const calls: Call[] = [];
      for (const p of refs) {
        calls.push({ address: p.pool, abi: aeroPoolAbi, functionName: 'getReserves' });
        calls.push({ address: p.pool, abi: aeroPoolAbi, functionName: 'stable' });
        calls.push({ address: p.pool, abi: aeroPoolAbi, functionName: 'totalSupply' });
        for (const stable of [false, true])
          calls.push({
            address: addr.poolFactory,
            abi: aeroFactoryAbi,
            functionName: 'getFee',
            args: [p.pool, stable],
          });
        for (const b of BURN_ADDRESSES)
          calls.push({ address: p.pool, abi: aeroPoolAbi, functionName: 'balanceOf', args: [b] });
        for (const l of lockers)
          calls.push({ address: p.pool, abi: aeroPoolAbi, functionName: 'balanceOf', args: [l] });
        for (const l of lockers)
          calls.push({ address: l, abi: lockerAbi, functionName: 'nextUnlockTime', args: [p.pool] });
      }
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 read of Aerodrome pools.', cause);
      }
      let i = 0;
      const next = () => {
        const r = res[i++];
        return r?.status === 'success' ? r.result : undefined;
      };
      const t = token.toLowerCase();
      const pools: PoolState[] = [];
      for (const p of refs) {
        const reserves = next() as readonly [bigint, bigint, bigint] | undefined;
        const stable = next() as boolean | undefined;
        const lpTotalSupply = (next() as bigint | undefined) ?? 0n;
        const feeVolatile = next() as bigint | undefined;
        const feeStable = next() as bigint | undefined;
        let lpBurned = 0n;
        for (const b of BURN_ADDRESSES) {
          const bal = (next() as bigint | undefined) ?? 0n;
          // The pool's own MINIMUM_LIQUIDITY sits at address(1): not a holder's burn.
          lpBurned += /^0x0{39}1$/.test(b) ? (bal > MINIMUM_LIQUIDITY ? bal - MINIMUM_LIQUIDITY : 0n) : bal;
        }
        let lpLocked = 0n;
        for (const _ of lockers) lpLocked += (next() as bigint | undefined) ?? 0n;
        let lockUnlockTime: number | null = null;
        for (const _ of lockers) {
          const u = next() as bigint | undefined;
          if (u && u > 0n)
            lockUnlockTime = lockUnlockTime === null ? Number(u) : Math.min(lockUnlockTime, Number(u));
        }
        if (!reserves || stable === undefined) continue;
        const feeBps = stable ? feeStable : feeVolatile;
        const tokenIs0 = p.token0.toLowerCase() === t;
        const tokenReserve = tokenIs0 ? reserves[0] : reserves[1];
        const quoteReserve = tokenIs0 ? reserves[1] : reserves[0];
        pools.push({
          venue: 'aerodrome',
          pair: p.pool,
          token0: p.token0,
          token1: p.token1,
          quote: (tokenIs0 ? p.token1 : p.token0).toLowerCase() as Address,
          fee: feeBps === undefined ? null : Number(feeBps) * BPS_TO_UNI,
          tokenReserve,
          quoteReserve,
          // Volatile: the reserve ratio is the marginal price. Stable: the curve is flat near balance,
          // so the reserve ratio is not its price; stableSpotPrices asks the pool's own curve below.
          priceX192:
            tokenReserve === 0n || quoteReserve === 0n
              ? null
              : stable
                ? null
                : (quoteReserve * Q192) / tokenReserve,
          lpTotalSupply,
          lpBurned,
          lpLocked,
          lockUnlockTime,
          lpDeployer: null,
          depthQuote2Pct: stable ? null : (quoteReserve * 20_001n) / 1_000_000n,
          aerodrome: { stable },
        });
      }
      await stableSpotPrices(client, token, pools);
      return pools;
    },

    async quote(client, pool, tokenIn, amountIn) {
      try {
        return await client.readContract({
          address: pool.pair,
          abi: aeroPoolAbi,
          functionName: 'getAmountOut',
          args: [amountIn, tokenIn],
        });
      } catch {
        return null;
      }
    },

    async readMarket(client, token, asks) {
      // The buy at the report's amount, from the pool's own getAmountOut (its own curve and fee);
      // for a stable pool also its ±2% depth, from a grid of its own quotes (aerodrome-stable-depth.ts),
      // all in the same Multicall3 call.
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
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 quote of Aerodrome pools.', cause);
      }
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
    },

    probeRoute(target) {
      const path = probePath(target.token, target.pool, target.weth, target.hop);
      if (!path) return null;
      const stable = (p: PoolState | null | undefined) => (p?.aerodrome?.stable ? 1 : 0);
      return {
        venue: PROBE_VENUE.aerodrome,
        router: addr.router,
        // The adapter names the factory in each Route struct.
        quoter: addr.poolFactory,
        pool: target.pool.pair,
        path,
        // Per hop, the Route's `stable` flag (1: stable pool).
        fees: path.length === 3 ? [stable(target.hop), stable(target.pool)] : [stable(target.pool)],
        minQuote: target.minQuote,
        v4Key: '0x',
      };
    },
  };
}

const sortPair = (a: string, b: string): [Address, Address] =>
  (a.toLowerCase() < b.toLowerCase()
    ? [a.toLowerCase(), b.toLowerCase()]
    : [b.toLowerCase(), a.toLowerCase()]) as [Address, Address];

/**
 * A stable pool's marginal price from its own curve: a sell of a millionth of the token reserve,
 * quoted by the pool's getAmountOut, fee added back (the pool takes it from the input first).
 * One extra Multicall3 call, only when stable pools are read. Pools it cannot quote stay unpriced.
 */
async function stableSpotPrices(client: PublicClient, token: Address, pools: PoolState[]): Promise<void> {
  const asks = pools.filter(
    (p) => p.aerodrome?.stable && p.tokenReserve >= 1_000_000n && p.quoteReserve > 0n,
  );
  if (asks.length === 0) return;
  let res: { status: string; result?: unknown }[];
  try {
    res = await client.multicall({
      contracts: asks.map((p) => ({
        address: p.pair,
        abi: aeroPoolAbi,
        functionName: 'getAmountOut',
        args: [p.tokenReserve / 1_000_000n, token],
      })) as never,
      allowFailure: true,
    });
  } catch (cause) {
    throw new ChainUnavailableError(
      'The chain RPC failed a Multicall3 quote of Aerodrome stable pools.',
      cause,
    );
  }
  asks.forEach((p, i) => {
    const r = res[i];
    const out = r?.status === 'success' ? (r.result as bigint) : 0n;
    const probe = p.tokenReserve / 1_000_000n;
    const fee = BigInt(p.fee ?? 0);
    if (out > 0n && fee < 1_000_000n) p.priceX192 = (out * Q192 * 1_000_000n) / (probe * (1_000_000n - fee));
  });
}
