/**
 * Aerodrome Slipstream (concentrated liquidity, Uniswap V3's design keyed by tick spacing instead of
 * fee): pools from CLFactory.getPool(a, b, tickSpacing) on every Slipstream factory (Base runs two:
 * the original and a newer one), state from slot0, liquidity, the pool's fee and the tokens it
 * holds, quotes from the QuoterV2 bound to the pool's factory, trades through that factory's
 * SwapRouter (the probes' Slipstream adapter). Liquidity ownership from the position NFTs the index
 * links to the pool (ctx.managedPositions): burned, held by a known position locker (locked until
 * its unlock time), kept by the deployer. An NFT staked in a CL gauge sits in the gauge, from which
 * its owner withdraws at will: not a lock, so it counts as neither.
 */
import { type Address, type PublicClient, parseAbi } from 'viem';
import type { AerodromeContracts } from '../../shared/network';
import { PRICE_MANIPULATION } from '../../shared/vocabulary';
import { ChainUnavailableError } from '../errors';
import { probePath } from './probe-path';
import { depthLimits, sortTokens, twapOrReason, twapRatio } from './uniswap-v3-math';
import {
  BURN_ADDRESSES,
  type MarketAnswer,
  type PoolRef,
  type PoolState,
  PROBE_VENUE,
  Q192,
  type QuoteTarget,
  type Venue,
} from './venue';

/** Tick spacings Slipstream factories enable (1, 50, 100, 200, 2000 at deploy; 10 added on Base later). */
export const SLIPSTREAM_TICK_SPACINGS = [1, 10, 50, 100, 200, 2000] as const;

export const clFactoryAbi = parseAbi(['function getPool(address, address, int24) view returns (address)']);
export const clPoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function fee() view returns (uint24)',
  'function tickSpacing() view returns (int24)',
  'function factory() view returns (address)',
  'function observe(uint32[] secondsAgos) view returns (int56[] tickCumulatives, uint160[] secondsPerLiquidityCumulativeX128s)',
]);
export const clQuoterAbi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; int24 tickSpacing; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; int24 tickSpacing; uint160 sqrtPriceLimitX96; }',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const erc20BalanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);
export const clPositionManagerAbi = parseAbi([
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, int24 tickSpacing, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
const positionLockerAbi = parseAbi([
  'function unlockTimeOf(address manager, uint256 tokenId) view returns (uint64)',
]);
const UNBOUNDED = 1n << 120n;

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };
type PoolKey = { tickSpacing: number; factory: Address };

export function createSlipstreamVenue(addr: AerodromeContracts): Venue {
  const factories = addr.slipstream;
  const lockers = addr.positionLockers.map((l) => l.toLowerCase() as Address);
  const burn = new Set<string>(BURN_ADDRESSES);
  const peripheryOf = (factory: Address | undefined) =>
    factories.find((f) => f.factory.toLowerCase() === factory?.toLowerCase()) ?? null;
  /**
   * A pool's tick spacing and factory never change: kept once read, so a later quote of the same
   * pool (price impact at another amount) asks only the quoter. Bounded by the pools we read.
   */
  const keys = new Map<string, PoolKey>();

  async function keyOf(client: PublicClient, pool: Address): Promise<PoolKey | null> {
    const known = keys.get(pool.toLowerCase());
    if (known) return known;
    try {
      const [ts, factory] = await Promise.all([
        client.readContract({ address: pool, abi: clPoolAbi, functionName: 'tickSpacing' }),
        client.readContract({ address: pool, abi: clPoolAbi, functionName: 'factory' }),
      ]);
      const key = { tickSpacing: Number(ts), factory: factory.toLowerCase() as Address };
      keys.set(pool.toLowerCase(), key);
      return key;
    } catch {
      return null;
    }
  }

  return {
    id: 'aerodrome-slipstream',
    label: 'Aerodrome Slipstream',

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const asks = factories.flatMap((f) =>
        qs.flatMap((q) => SLIPSTREAM_TICK_SPACINGS.map((tickSpacing) => ({ f: f.factory, q, tickSpacing }))),
      );
      const res = await client.multicall({
        contracts: asks.map(
          (k) =>
            ({
              address: k.f,
              abi: clFactoryAbi,
              functionName: 'getPool',
              args: [token, k.q, k.tickSpacing],
            }) as const,
        ),
        allowFailure: true,
      });
      const out: PoolRef[] = [];
      res.forEach((r, i) => {
        const k = asks[i];
        const pool = r.status === 'success' ? ((r.result as string).toLowerCase() as Address) : null;
        if (!k || !pool || /^0x0{40}$/.test(pool) || out.some((o) => o.pool === pool)) return;
        keys.set(pool, { tickSpacing: k.tickSpacing, factory: k.f.toLowerCase() as Address });
        const [token0, token1] = sortTokens(token, k.q);
        out.push({ venue: 'aerodrome-slipstream', pool, token0, token1, fee: null, createdTs: null });
      });
      return out;
    },

    async readPools(client, token, refs, ctx) {
      const t = token.toLowerCase();
      const calls: Call[] = [];
      const plan = refs.map((p) => {
        const ids = ctx.managedPositions?.get(p.pool) ?? [];
        const quote = (p.token0 === t ? p.token1 : p.token0).toLowerCase() as Address;
        calls.push({ address: p.pool, abi: clPoolAbi, functionName: 'slot0' });
        calls.push({ address: p.pool, abi: clPoolAbi, functionName: 'liquidity' });
        calls.push({ address: p.pool, abi: clPoolAbi, functionName: 'fee' });
        calls.push({ address: p.pool, abi: clPoolAbi, functionName: 'tickSpacing' });
        calls.push({ address: p.pool, abi: clPoolAbi, functionName: 'factory' });
        calls.push({
          address: p.pool,
          abi: clPoolAbi,
          functionName: 'observe',
          args: [[PRICE_MANIPULATION.twapWindowSec, 0]],
        });
        calls.push({ address: token, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
        calls.push({ address: quote, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
        for (const { manager, id } of ids) {
          calls.push({ address: manager, abi: clPositionManagerAbi, functionName: 'positions', args: [id] });
          calls.push({ address: manager, abi: clPositionManagerAbi, functionName: 'ownerOf', args: [id] });
          for (const l of lockers)
            calls.push({
              address: l,
              abi: positionLockerAbi,
              functionName: 'unlockTimeOf',
              args: [manager, id],
            });
        }
        return { p, quote, ids };
      });
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 read of Slipstream pools.', cause);
      }
      let i = 0;
      const next = () => {
        const r = res[i++];
        return r?.status === 'success' ? r.result : undefined;
      };
      const pools: PoolState[] = [];
      const deployer = ctx.deployer?.toLowerCase() ?? null;
      for (const { p, quote, ids } of plan) {
        const slot0 = next() as readonly [bigint, number, number, number, ...unknown[]] | undefined;
        const active = (next() as bigint | undefined) ?? 0n;
        const fee = next() as number | undefined;
        const tickSpacing = next() as number | undefined;
        const factory = (next() as string | undefined)?.toLowerCase() as Address | undefined;
        const observed = next() as readonly [readonly bigint[], readonly bigint[]] | undefined;
        const tokenReserve = (next() as bigint | undefined) ?? 0n;
        const quoteReserve = (next() as bigint | undefined) ?? 0n;
        let total = 0n;
        let burned = 0n;
        let locked = 0n;
        let mine = 0n;
        let unlock: number | null = null;
        for (const _ of ids) {
          const pos = next() as readonly unknown[] | undefined;
          const owner = (next() as string | undefined)?.toLowerCase();
          let until = 0;
          for (const _l of lockers) until = Math.max(until, Number((next() as bigint | undefined) ?? 0n));
          // Only positions really in this pool count: same tokens and tick spacing.
          if (!pos || !owner) continue;
          const [p0, p1, ts] = [String(pos[2]).toLowerCase(), String(pos[3]).toLowerCase(), Number(pos[4])];
          if (p0 !== p.token0 || p1 !== p.token1 || ts !== Number(tickSpacing)) continue;
          const liq = pos[7] as bigint;
          total += liq;
          if (burn.has(owner)) burned += liq;
          else if (lockers.includes(owner as Address)) {
            locked += liq;
            if (until > 0 && liq > 0n) unlock = unlock === null ? until : Math.min(unlock, until);
          } else if (owner === deployer) mine += liq;
        }
        if (!slot0 || tickSpacing === undefined || !factory) continue;
        keys.set(p.pool.toLowerCase(), { tickSpacing: Number(tickSpacing), factory });
        const sqrtP = slot0[0];
        const tokenIs0 = p.token0 === t;
        const sq = sqrtP * sqrtP;
        // As for V3: no liquidity at the current price is no market price (see uniswap-v3.ts).
        const priceX192 = sq === 0n || active === 0n ? null : tokenIs0 ? sq : (Q192 * Q192) / sq;
        const cardinality = Number(slot0[3]);
        const tickCum = observed?.[0];
        const ratio =
          tickCum && tickCum.length === 2
            ? twapRatio(
                tickCum[0] as bigint,
                tickCum[1] as bigint,
                PRICE_MANIPULATION.twapWindowSec,
                tokenIs0,
              )
            : null;
        pools.push({
          venue: 'aerodrome-slipstream',
          pair: p.pool,
          token0: p.token0,
          token1: p.token1,
          quote,
          fee: fee === undefined ? null : Number(fee),
          tokenReserve,
          quoteReserve,
          priceX192,
          lpTotalSupply: total,
          lpBurned: burned,
          lpLocked: locked,
          lockUnlockTime: unlock,
          lpDeployer: mine,
          depthQuote2Pct: active === 0n ? 0n : null,
          twap: twapOrReason(ratio, cardinality, active),
          v3: { sqrtPriceX96: sqrtP, liquidity: active },
          aerodrome: { tickSpacing: Number(tickSpacing), factory },
        });
      }
      return pools;
    },

    async quote(client, pool: QuoteTarget, tokenIn, amountIn) {
      const key = await keyOf(client, pool.pair);
      const periphery = peripheryOf(key?.factory);
      if (!key || !periphery) return null;
      const tokenOut = tokenIn.toLowerCase() === pool.quote.toLowerCase() ? pool.token : pool.quote;
      try {
        const { result } = await client.simulateContract({
          address: periphery.quoterV2,
          abi: clQuoterAbi,
          functionName: 'quoteExactInputSingle',
          args: [{ tokenIn, tokenOut, amountIn, tickSpacing: key.tickSpacing, sqrtPriceLimitX96: 0n }],
        });
        return result[0];
      } catch {
        return null;
      }
    },

    async readMarket(client, token, asks) {
      // As V3's: the buy at the report's amount, then the ±2% depth by limited quotes, which run the
      // pool's own swap loop (initialised ticks inside ±2% count exactly); one Multicall3 call.
      const t = token.toLowerCase() as Address;
      const calls: Call[] = [];
      const plan = asks.map(({ pool, buyAmountIn }) => {
        const periphery = peripheryOf(pool.aerodrome?.factory);
        const tickSpacing = pool.aerodrome?.tickSpacing;
        if (!periphery || tickSpacing === undefined) return { pool, hasBuy: false, hasDepth: false };
        const quoter = periphery.quoterV2;
        const first = calls.length;
        if (buyAmountIn !== null && buyAmountIn > 0n)
          calls.push({
            address: quoter,
            abi: clQuoterAbi,
            functionName: 'quoteExactInputSingle',
            args: [
              { tokenIn: pool.quote, tokenOut: t, amountIn: buyAmountIn, tickSpacing, sqrtPriceLimitX96: 0n },
            ],
          });
        const hasBuy = calls.length > first;
        const sqrtP = pool.v3?.sqrtPriceX96 ?? 0n;
        const limits = sqrtP > 0n ? depthLimits(sqrtP, pool.token0.toLowerCase() === t) : null;
        if (limits) {
          calls.push({
            address: quoter,
            abi: clQuoterAbi,
            functionName: 'quoteExactOutputSingle',
            args: [
              {
                tokenIn: pool.quote,
                tokenOut: t,
                amount: UNBOUNDED,
                tickSpacing,
                sqrtPriceLimitX96: limits.up,
              },
            ],
          });
          calls.push({
            address: quoter,
            abi: clQuoterAbi,
            functionName: 'quoteExactInputSingle',
            args: [
              {
                tokenIn: t,
                tokenOut: pool.quote,
                amountIn: UNBOUNDED,
                tickSpacing,
                sqrtPriceLimitX96: limits.down,
              },
            ],
          });
        }
        return { pool, hasBuy, hasDepth: limits !== null };
      });
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError(
          'The chain RPC failed a Multicall3 quote of Slipstream pools.',
          cause,
        );
      }
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
        const empty = (pool.v3?.liquidity ?? 0n) === 0n ? 0n : null;
        const a = up ?? empty;
        const b = down ?? empty;
        return { buyAmountOut, depthQuote2Pct: a === null || b === null ? null : a + b };
      });
    },

    probeRoute(target) {
      const path = probePath(target.token, target.pool, target.weth, target.hop);
      const periphery = peripheryOf(target.pool.aerodrome?.factory);
      const ts = target.pool.aerodrome?.tickSpacing;
      if (!path || !periphery || ts === undefined) return null;
      let fees = [ts];
      if (path.length === 3) {
        // A multi-hop route goes through one SwapRouter: the hop must be on the same factory.
        const hopTs = target.hop?.aerodrome?.tickSpacing;
        if (hopTs === undefined || target.hop?.aerodrome?.factory !== target.pool.aerodrome?.factory)
          return null;
        fees = [hopTs, ts];
      }
      return {
        venue: PROBE_VENUE.slipstream,
        router: periphery.swapRouter,
        quoter: periphery.quoterV2,
        pool: target.pool.pair,
        path,
        // Per hop, the tick spacing (Slipstream's packed paths carry it where V3's carry the fee).
        fees,
        minQuote: target.minQuote,
      };
    },
  };
}
