/**
 * One reader for concentrated-liquidity pools of Uniswap V3's design, parameterised per venue:
 * Uniswap V3 (pools keyed by fee tier, one factory) and Aerodrome Slipstream (a V3 fork keyed by
 * tick spacing, several factories each with its own position manager, QuoterV2 and SwapRouter).
 * Discovery by the factories' getPool for every key, state from slot0, liquidity, observe and the
 * tokens the pool holds, liquidity ownership from the position NFTs the index links to the pool
 * (burned, held by a known position locker until its unlock time, kept by the deployer; an NFT
 * staked in a gauge is none of these: its owner withdraws at will), quotes and the ±2% depth from
 * the QuoterV2 bound to the pool's factory. Only the trade route stays per venue (its adapter kind).
 */
import { type Abi, type Address, type PublicClient, parseAbi } from 'viem';
import { PRICE_MANIPULATION } from '../../shared/vocabulary';
import { ChainUnavailableError } from '../errors';
import { depthLimits, sortTokens, twapOrReason, twapRatio } from './uniswap-v3-math';
import {
  BURN_ADDRESSES,
  type MarketAnswer,
  type PoolRef,
  type PoolState,
  Q192,
  type QuoteTarget,
  type ReadPoolsContext,
  type TradeTarget,
  type Venue,
  type VenueId,
} from './venue';

/** One deployment of the venue: the factory and the periphery bound to it. */
export type ClDeployment = { factory: Address; positionManager: Address; quoterV2: Address };

/** A pool's key and the deployment it belongs to: all a quote needs besides the tokens. */
export type ClPoolKey = { key: number; deployment: ClDeployment };

export type ClVenueSpec = {
  id: Extract<VenueId, 'uniswap-v3' | 'aerodrome-slipstream'>;
  label: string;
  /** Error text: "V3 pools", "Slipstream pools". */
  noun: string;
  /**
   * What getPool, the quoter's params and a position carry as the pool's key: the fee tier (V3,
   * known from the pool's ref) or the tick spacing (Slipstream: the pool's fee is dynamic and read
   * from the pool, its tick spacing and factory read once and kept).
   */
  keyedBy: 'fee' | 'tickSpacing';
  keys: readonly number[];
  deployments: ClDeployment[];
  positionLockers: Address[];
  abis: { factory: Abi; pool: Abi; quoter: Abi; positionManager: Abi };
  /** Position NFTs the index links to a pool, with the manager that minted each. */
  positionsOf(ctx: ReadPoolsContext, pool: Address): { manager: Address; id: bigint }[];
  /** The venue's trade route, given how to find a pool's key and deployment. */
  probeRoute(
    target: TradeTarget,
    keyOf: (pool: PoolState) => ClPoolKey | null,
  ): ReturnType<Venue['probeRoute']>;
};

export const positionLockerAbi = parseAbi([
  'function unlockTimeOf(address manager, uint256 tokenId) view returns (uint64)',
]);
const erc20BalanceAbi = parseAbi(['function balanceOf(address) view returns (uint256)']);

/**
 * "As much as the range holds": the depth quotes ask for more than any pool has and let the ±2%
 * price limit stop the swap (QuoterV2 then returns what was really swapped up to the limit).
 */
const UNBOUNDED = 1n << 120n;

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };
type Results = { status: string; result?: unknown }[];

export function createConcentratedLiquidityVenue(spec: ClVenueSpec): Venue {
  const { abis, keyedBy, deployments } = spec;
  const lockers = spec.positionLockers.map((l) => l.toLowerCase() as Address);
  const burn = new Set<string>(BURN_ADDRESSES);
  const byFactory = (factory: string | undefined) =>
    deployments.find((d) => d.factory.toLowerCase() === factory?.toLowerCase()) ?? null;
  /**
   * Slipstream: a pool's tick spacing and factory never change, so they are kept once read and a
   * later quote of the same pool (price impact at another amount) asks only the quoter. Bounded by
   * the pools we read.
   */
  const known = new Map<string, ClPoolKey>();

  /** The key and deployment of a pool whose state we hold (no read). */
  function stateKey(pool: PoolState): ClPoolKey | null {
    if (keyedBy === 'fee') {
      const d = deployments[0];
      return d ? { key: pool.fee ?? 3000, deployment: d } : null;
    }
    const d = byFactory(pool.aerodrome?.factory);
    const ts = pool.aerodrome?.tickSpacing;
    return d && ts !== undefined ? { key: ts, deployment: d } : null;
  }

  /** The key and deployment of any pool, read from it at most once (Slipstream). */
  async function targetKey(client: PublicClient, pool: QuoteTarget): Promise<ClPoolKey | null> {
    if (keyedBy === 'fee') {
      const d = deployments[0];
      return d ? { key: pool.fee ?? 3000, deployment: d } : null;
    }
    const cached = known.get(pool.pair.toLowerCase());
    if (cached) return cached;
    try {
      const [ts, factory] = await Promise.all([
        client.readContract({ address: pool.pair, abi: abis.pool, functionName: 'tickSpacing' }),
        client.readContract({ address: pool.pair, abi: abis.pool, functionName: 'factory' }),
      ]);
      const d = byFactory(String(factory));
      if (!d) return null;
      const k = { key: Number(ts), deployment: d };
      known.set(pool.pair.toLowerCase(), k);
      return k;
    } catch {
      return null;
    }
  }

  /** A QuoterV2 call: the params struct names the pool's key `fee` or `tickSpacing`. */
  function quoterCall(
    quoter: Address,
    exact: 'in' | 'out',
    tokenIn: Address,
    tokenOut: Address,
    amount: bigint,
    key: number,
    sqrtPriceLimitX96: bigint,
  ): Call {
    const params =
      exact === 'in'
        ? { tokenIn, tokenOut, amountIn: amount, [keyedBy]: key, sqrtPriceLimitX96 }
        : { tokenIn, tokenOut, amount, [keyedBy]: key, sqrtPriceLimitX96 };
    return {
      address: quoter,
      abi: abis.quoter,
      functionName: exact === 'in' ? 'quoteExactInputSingle' : 'quoteExactOutputSingle',
      args: [params],
    };
  }

  async function multicall(client: PublicClient, calls: Call[], what: string): Promise<Results> {
    try {
      return calls.length
        ? ((await client.multicall({ contracts: calls as never, allowFailure: true })) as Results)
        : [];
    } catch (cause) {
      throw new ChainUnavailableError(`The chain RPC failed a Multicall3 ${what} of ${spec.noun}.`, cause);
    }
  }

  return {
    id: spec.id,
    label: spec.label,

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const asks = deployments.flatMap((d) => qs.flatMap((q) => spec.keys.map((key) => ({ d, q, key }))));
      const res = await client.multicall({
        contracts: asks.map(
          (k) =>
            ({
              address: k.d.factory,
              abi: abis.factory,
              functionName: 'getPool',
              args: [token, k.q, k.key],
            }) as const,
        ),
        allowFailure: true,
      });
      const out: PoolRef[] = [];
      res.forEach((r, i) => {
        const k = asks[i];
        const pool = r.status === 'success' ? ((r.result as string).toLowerCase() as Address) : null;
        if (!k || !pool || /^0x0{40}$/.test(pool) || out.some((o) => o.pool === pool)) return;
        if (keyedBy === 'tickSpacing') known.set(pool, { key: k.key, deployment: k.d });
        const [token0, token1] = sortTokens(token, k.q);
        out.push({
          venue: spec.id,
          pool,
          token0,
          token1,
          fee: keyedBy === 'fee' ? k.key : null,
          createdTs: null,
        });
      });
      return out;
    },

    async readPools(client, token, refs, ctx) {
      const t = token.toLowerCase();
      const calls: Call[] = [];
      const pool = (address: Address, functionName: string, args?: unknown[]) =>
        calls.push({ address, abi: abis.pool, functionName, ...(args ? { args } : {}) });
      const plan = refs.map((p) => {
        const ids = spec.positionsOf(ctx, p.pool);
        const quote = (p.token0 === t ? p.token1 : p.token0).toLowerCase() as Address;
        pool(p.pool, 'slot0');
        pool(p.pool, 'liquidity');
        // Slipstream: the pool's (dynamic) fee, and its key and factory, which the ref lacks.
        if (keyedBy === 'tickSpacing') for (const f of ['fee', 'tickSpacing', 'factory']) pool(p.pool, f);
        pool(p.pool, 'observe', [[PRICE_MANIPULATION.twapWindowSec, 0]]);
        calls.push({ address: token, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
        calls.push({ address: quote, abi: erc20BalanceAbi, functionName: 'balanceOf', args: [p.pool] });
        for (const { manager, id } of ids) {
          calls.push({ address: manager, abi: abis.positionManager, functionName: 'positions', args: [id] });
          calls.push({ address: manager, abi: abis.positionManager, functionName: 'ownerOf', args: [id] });
          for (const l of lockers)
            calls.push({
              address: l,
              abi: positionLockerAbi,
              functionName: 'unlockTimeOf',
              args: [manager, id],
            });
        }
        return { p, ids, quote };
      });
      const res = await multicall(client, calls, 'read');
      let i = 0;
      const next = () => {
        const r = res[i++];
        return r?.status === 'success' ? r.result : undefined;
      };
      const pools: PoolState[] = [];
      const deployer = (await ctx.deployer)?.toLowerCase() ?? null;
      for (const { p, ids, quote } of plan) {
        const slot0 = next() as readonly [bigint, number, number, number, ...unknown[]] | undefined;
        const active = (next() as bigint | undefined) ?? 0n;
        let fee: number | null = p.fee;
        let key: number | undefined = p.fee ?? undefined;
        let factory: Address | undefined;
        if (keyedBy === 'tickSpacing') {
          const f = next() as number | undefined;
          fee = f === undefined ? null : Number(f);
          const ts = next() as number | undefined;
          key = ts === undefined ? undefined : Number(ts);
          factory = (next() as string | undefined)?.toLowerCase() as Address | undefined;
        }
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
          // Only positions really in this pool count (the index links ids to pools by transaction):
          // same tokens and same key (fee tier or tick spacing).
          if (!pos || !owner) continue;
          const [p0, p1, k] = [String(pos[2]).toLowerCase(), String(pos[3]).toLowerCase(), Number(pos[4])];
          if (p0 !== p.token0 || p1 !== p.token1 || k !== key) continue;
          const liq = pos[7] as bigint;
          total += liq;
          if (burn.has(owner)) burned += liq;
          else if (lockers.includes(owner as Address)) {
            locked += liq;
            if (until > 0 && liq > 0n) unlock = unlock === null ? until : Math.min(unlock, until);
          } else if (owner === deployer) mine += liq;
        }
        if (!slot0) continue;
        if (keyedBy === 'tickSpacing') {
          const d = byFactory(factory);
          if (key === undefined || !factory) continue;
          if (d) known.set(p.pool.toLowerCase(), { key, deployment: d });
        }
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
          venue: spec.id,
          pair: p.pool,
          token0: p.token0,
          token1: p.token1,
          quote,
          fee,
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
          ...(keyedBy === 'tickSpacing' && key !== undefined && factory
            ? { aerodrome: { tickSpacing: key, factory } }
            : {}),
        });
      }
      return pools;
    },

    async quote(client, pool, tokenIn, amountIn) {
      const k = await targetKey(client, pool);
      if (!k) return null;
      const tokenOut = tokenIn.toLowerCase() === pool.quote.toLowerCase() ? pool.token : pool.quote;
      const c = quoterCall(k.deployment.quoterV2, 'in', tokenIn, tokenOut, amountIn, k.key, 0n);
      try {
        const { result } = await client.simulateContract({
          address: c.address,
          abi: abis.quoter,
          functionName: c.functionName,
          args: c.args,
        } as never);
        return (result as readonly [bigint, ...unknown[]])[0];
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
        const k = stateKey(pool);
        if (!k) return { pool, hasBuy: false, hasDepth: false };
        const quoter = k.deployment.quoterV2;
        const first = calls.length;
        if (buyAmountIn !== null && buyAmountIn > 0n)
          calls.push(quoterCall(quoter, 'in', pool.quote, t, buyAmountIn, k.key, 0n));
        const hasBuy = calls.length > first;
        const sqrtP = pool.v3?.sqrtPriceX96 ?? 0n;
        const limits = sqrtP > 0n ? depthLimits(sqrtP, pool.token0.toLowerCase() === t) : null;
        if (limits) {
          calls.push(quoterCall(quoter, 'out', pool.quote, t, UNBOUNDED, k.key, limits.up));
          calls.push(quoterCall(quoter, 'in', t, pool.quote, UNBOUNDED, k.key, limits.down));
        }
        return { pool, hasBuy, hasDepth: limits !== null };
      });
      const res = await multicall(client, calls, 'quote');
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
      return spec.probeRoute(target, stateKey);
    },
  };
}
