/**
 * Uniswap V3: pools from the factory's getPool for each fee tier, state from slot0, liquidity and
 * the tokens the pool holds, liquidity ownership from the position NFTs we indexed (held by a
 * locker, burned, or kept by the deployer), quotes from QuoterV2 by eth_call, and trades through
 * SwapRouter02 (the probes' V3 adapter, contracts/probes/ProbeVenue.sol, routed by `probeRoute`).
 */
import { type Address, parseAbi } from 'viem';
import type { UniswapV3Contracts } from '../../shared/network';
import { PRICE_MANIPULATION } from '../../shared/vocabulary';
import { ChainUnavailableError } from '../errors';
import { buildProbeRoute } from './probe-path';
import { depthLimits, FEE_TIERS, sortTokens, twapOrReason, twapRatio } from './uniswap-v3-math';
import {
  BURN_ADDRESSES,
  type MarketAnswer,
  type PoolRef,
  type PoolState,
  PROBE_VENUE,
  Q192,
  type Venue,
} from './venue';

export const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
export const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function liquidity() view returns (uint128)',
  'function observe(uint32[] secondsAgos) view returns (int56[] tickCumulatives, uint160[] secondsPerLiquidityCumulativeX128s)',
]);
export const positionManagerAbi = parseAbi([
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
export const positionLockerAbi = parseAbi([
  'function unlockTimeOf(address manager, uint256 tokenId) view returns (uint64)',
]);
export const quoterV2Abi = parseAbi([
  'struct QuoteExactInputSingleParams { address tokenIn; address tokenOut; uint256 amountIn; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactInputSingle(QuoteExactInputSingleParams params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
  'struct QuoteExactOutputSingleParams { address tokenIn; address tokenOut; uint256 amount; uint24 fee; uint160 sqrtPriceLimitX96; }',
  'function quoteExactOutputSingle(QuoteExactOutputSingleParams params) returns (uint256 amountIn, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)',
]);
const erc20BalanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);

/**
 * "As much as the range holds": the depth quotes ask for more than any pool has and let the ±2%
 * price limit stop the swap (QuoterV2 then returns what was really swapped up to the limit).
 */
const UNBOUNDED = 1n << 120n;

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };

export function createUniswapV3Venue(addr: UniswapV3Contracts): Venue {
  const lockers = addr.positionLockers.map((l) => l.toLowerCase() as Address);
  const burn = new Set<string>(BURN_ADDRESSES);

  return {
    id: 'uniswap-v3',
    label: 'Uniswap V3',

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const keys = qs.flatMap((q) => FEE_TIERS.map((fee) => ({ q, fee })));
      const res = await client.multicall({
        contracts: keys.map(
          (k) =>
            ({
              address: addr.factory,
              abi: v3FactoryAbi,
              functionName: 'getPool',
              args: [token, k.q, k.fee],
            }) as const,
        ),
        allowFailure: true,
      });
      const out: PoolRef[] = [];
      res.forEach((r, i) => {
        const k = keys[i];
        const pool = r.status === 'success' ? ((r.result as string).toLowerCase() as Address) : null;
        if (!k || !pool || /^0x0{40}$/.test(pool)) return;
        const [token0, token1] = sortTokens(token, k.q);
        out.push({ venue: 'uniswap-v3', pool, token0, token1, fee: k.fee, createdTs: null });
      });
      return out;
    },

    async readPools(client, token, refs, ctx) {
      const t = token.toLowerCase();
      const calls: Call[] = [];
      const plan = refs.map((p) => {
        const ids = ctx.positions?.get(p.pool) ?? [];
        const quote = (p.token0 === t ? p.token1 : p.token0).toLowerCase() as Address;
        calls.push({ address: p.pool, abi: v3PoolAbi, functionName: 'slot0' });
        calls.push({ address: p.pool, abi: v3PoolAbi, functionName: 'liquidity' });
        calls.push({
          address: p.pool,
          abi: v3PoolAbi,
          functionName: 'observe',
          args: [[PRICE_MANIPULATION.twapWindowSec, 0]],
        });
        calls.push({ address: token, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
        calls.push({ address: quote, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
        for (const id of ids) {
          calls.push({
            address: addr.positionManager,
            abi: positionManagerAbi,
            functionName: 'positions',
            args: [id],
          });
          calls.push({
            address: addr.positionManager,
            abi: positionManagerAbi,
            functionName: 'ownerOf',
            args: [id],
          });
          for (const l of lockers)
            calls.push({
              address: l,
              abi: positionLockerAbi,
              functionName: 'unlockTimeOf',
              args: [addr.positionManager, id],
            });
        }
        return { p, ids, quote };
      });
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 read of V3 pool state.', cause);
      }
      let i = 0;
      const next = () => {
        const r = res[i++];
        return r?.status === 'success' ? r.result : undefined;
      };
      const pools: PoolState[] = [];
      const deployer = ctx.deployer?.toLowerCase() ?? null;
      for (const { p, ids, quote } of plan) {
        const slot0 = next() as readonly [bigint, number, number, number, ...unknown[]] | undefined;
        const active = (next() as bigint | undefined) ?? 0n;
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
          // Only positions really in this pool count (the index links ids to pools by transaction).
          if (!pos || !owner) continue;
          const [p0, p1, fee] = [String(pos[2]).toLowerCase(), String(pos[3]).toLowerCase(), Number(pos[4])];
          if (p0 !== p.token0 || p1 !== p.token1 || fee !== p.fee) continue;
          const liq = pos[7] as bigint;
          total += liq;
          if (burn.has(owner)) burned += liq;
          else if (lockers.includes(owner as Address)) {
            locked += liq;
            if (until > 0 && liq > 0n) unlock = unlock === null ? until : Math.min(unlock, until);
          } else if (owner === deployer) mine += liq;
        }
        if (!slot0) continue;
        const sqrtP = slot0[0];
        const tokenIs0 = p.token0 === t;
        const sq = sqrtP * sqrtP;
        // With no liquidity at the current tick, the price is wherever the swap that emptied a side
        // left it (up to the end of the curve): nothing trades there, so it is no market price. The
        // drained V3 honeypot showed $967e36 a token and a pool worth $1.6e26; a scammer can push a
        // dust pool there on purpose. Unknown, then: the pool's value and the TWAP check follow.
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
          venue: 'uniswap-v3',
          pair: p.pool,
          token0: p.token0,
          token1: p.token1,
          quote,
          fee: p.fee,
          tokenReserve,
          quoteReserve,
          priceX192,
          lpTotalSupply: total,
          lpBurned: burned,
          lpLocked: locked,
          lockUnlockTime: unlock,
          lpDeployer: mine,
          // Exact depth needs the price first: readMarket quotes it (null until then).
          depthQuote2Pct: active === 0n ? 0n : null,
          twap: twapOrReason(ratio, cardinality, active),
          v3: { sqrtPriceX96: sqrtP, liquidity: active },
        });
      }
      return pools;
    },

    async quote(client, pool, tokenIn, amountIn) {
      const tokenOut = tokenIn.toLowerCase() === pool.quote.toLowerCase() ? pool.token : pool.quote;
      try {
        const { result } = await client.simulateContract({
          address: addr.quoterV2,
          abi: quoterV2Abi,
          functionName: 'quoteExactInputSingle',
          args: [{ tokenIn, tokenOut, amountIn, fee: pool.fee ?? 3000, sqrtPriceLimitX96: 0n }],
        });
        return result[0];
      } catch {
        return null;
      }
    },

    async readMarket(client, token, asks) {
      // Per pool: the buy at the report's amount, then the quote that moves the token's price +2%
      // (exact output, limited) and the quote selling it down 2% pays (exact input, limited).
      // QuoterV2 runs the pool's own swap loop, so initialised ticks inside ±2% count exactly.
      const t = token.toLowerCase() as Address;
      const calls: Call[] = [];
      const plan = asks.map(({ pool, buyAmountIn }) => {
        const fee = pool.fee ?? 3000;
        const quote = pool.quote;
        const sqrtP = pool.v3?.sqrtPriceX96 ?? 0n;
        const first = calls.length;
        if (buyAmountIn !== null && buyAmountIn > 0n)
          calls.push({
            address: addr.quoterV2,
            abi: quoterV2Abi,
            functionName: 'quoteExactInputSingle',
            args: [{ tokenIn: quote, tokenOut: t, amountIn: buyAmountIn, fee, sqrtPriceLimitX96: 0n }],
          });
        const hasBuy = calls.length > first;
        const limits = sqrtP > 0n ? depthLimits(sqrtP, pool.token0.toLowerCase() === t) : null;
        if (limits) {
          calls.push({
            address: addr.quoterV2,
            abi: quoterV2Abi,
            functionName: 'quoteExactOutputSingle',
            args: [{ tokenIn: quote, tokenOut: t, amount: UNBOUNDED, fee, sqrtPriceLimitX96: limits.up }],
          });
          calls.push({
            address: addr.quoterV2,
            abi: quoterV2Abi,
            functionName: 'quoteExactInputSingle',
            args: [{ tokenIn: t, tokenOut: quote, amountIn: UNBOUNDED, fee, sqrtPriceLimitX96: limits.down }],
          });
        }
        return { pool, hasBuy, hasDepth: limits !== null };
      });
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 quote of V3 pools.', cause);
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
        // A side with no liquidity at all inside ±2% makes QuoterV2 revert (nothing to swap):
        // that side is 0 when the pool has no active liquidity either, otherwise unknown.
        const empty = (pool.v3?.liquidity ?? 0n) === 0n ? 0n : null;
        const a = up ?? empty;
        const b = down ?? empty;
        return { buyAmountOut, depthQuote2Pct: a === null || b === null ? null : a + b };
      });
    },

    probeRoute(target) {
      return buildProbeRoute(target, {
        kind: PROBE_VENUE.v3,
        router: addr.swapRouter02,
        quoter: addr.quoterV2,
        withFees: true,
      });
    },
  };
}
