/**
 * One reader for concentrated-liquidity pools of Uniswap V3's design, parameterised per venue:
 * Uniswap V3 (pools keyed by fee tier, one factory) and Aerodrome Slipstream (a V3 fork keyed by
 * tick spacing, several factories each with its own position manager, QuoterV2 and SwapRouter).
 * Discovery by the factories' getPool for every key, state from slot0, liquidity, observe and the
 * tokens the pool holds, liquidity ownership from the position NFTs the index links to the pool
 * (burned, held by a known position locker until its unlock time, kept by the deployer; an NFT
 * staked in a gauge is none of these: its owner withdraws at will), quotes and the ±2% depth from
 * the QuoterV2 bound to the pool's factory. Only the trade route stays per venue (its adapter kind). The
 * pool-state read is concentrated-liquidity-read.ts, the quotes concentrated-liquidity-market.ts.
 */
import type { Address, PublicClient } from 'viem';
import { quoterCall, readClMarket } from './concentrated-liquidity-market';
import { decodePoolState, planPoolReads } from './concentrated-liquidity-read';
import type { ClDeployment, ClPoolKey, ClVenueSpec } from './concentrated-liquidity-spec';
import { answers, readRound } from './multicall';
import { lookUpPools } from './pool-lookup';
import { positionLockerAbi } from './position-ownership';
import { sortTokens } from './uniswap-v3-math';
import type { PoolRef, PoolState, QuoteTarget, Venue } from './venue';

export type { ClDeployment, ClPoolKey, ClVenueSpec };
export { positionLockerAbi };

export function createConcentratedLiquidityVenue(spec: ClVenueSpec): Venue {
  const { abis, keyedBy, deployments } = spec;
  const lockers = spec.positionLockers.map((l) => l.toLowerCase() as Address);
  const keys = poolKeys(spec);

  return {
    id: spec.id,
    label: spec.label,

    async discoverPools(client, token, quotes) {
      const qs = quotes.filter((q) => q.toLowerCase() !== token.toLowerCase());
      const asks = deployments.flatMap((d) => qs.flatMap((q) => spec.keys.map((key) => ({ d, q, key }))));
      const found = await lookUpPools(client, asks, (k) => ({
        address: k.d.factory,
        abi: abis.factory,
        functionName: 'getPool',
        args: [token, k.q, k.key],
      }));
      const out: PoolRef[] = [];
      for (const { ask: k, pool } of found) {
        if (out.some((o) => o.pool === pool)) continue;
        if (keyedBy === 'tickSpacing') keys.remember(pool, { key: k.key, deployment: k.d });
        const [token0, token1] = sortTokens(token, k.q);
        out.push({
          venue: spec.id,
          pool,
          token0,
          token1,
          fee: keyedBy === 'fee' ? k.key : null,
          createdTs: null,
        });
      }
      return out;
    },

    async readPools(client, token, refs, ctx) {
      const { calls, plan } = planPoolReads(spec, lockers, token, refs, ctx);
      const next = answers(
        await readRound(client, calls, `The chain RPC failed a Multicall3 read of ${spec.noun}.`),
      );
      const deployer = (await ctx.deployer)?.toLowerCase() ?? null;
      const pools: PoolState[] = [];
      for (const item of plan) {
        const state = decodePoolState(spec, lockers, token, item, next, deployer);
        if (!state) continue;
        const a = state.aerodrome;
        if (a?.factory && a.tickSpacing !== undefined) keys.learn(state.pair, a.tickSpacing, a.factory);
        pools.push(state);
      }
      return pools;
    },

    async quote(client, pool, tokenIn, amountIn) {
      const k = await keys.ofTarget(client, pool);
      if (!k) return null;
      const tokenOut = tokenIn.toLowerCase() === pool.quote.toLowerCase() ? pool.token : pool.quote;
      const c = quoterCall({ abi: abis.quoter, keyedBy }, k, {
        exact: 'in',
        tokenIn,
        tokenOut,
        amount: amountIn,
        sqrtPriceLimitX96: 0n,
      });
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

    readMarket: (client, token, asks) => readClMarket(spec, keys.ofState, client, token, asks),

    probeRoute(target) {
      return spec.probeRoute(target, keys.ofState);
    },
  };
}

/**
 * Where a pool's key (fee tier or tick spacing) and deployment come from. V3: the pool's fee and
 * the one deployment. Slipstream: a pool's tick spacing and factory never change, so they are kept
 * once read and a later quote of the same pool (price impact at another amount) asks only the
 * quoter. Bounded by the pools we read.
 */
function poolKeys(spec: ClVenueSpec) {
  const { keyedBy, deployments, abis } = spec;
  const known = new Map<string, ClPoolKey>();
  const byFactory = (factory: string | undefined) =>
    deployments.find((d) => d.factory.toLowerCase() === factory?.toLowerCase()) ?? null;
  const byFee = (fee: number | null): ClPoolKey | null => {
    const d = deployments[0];
    return d ? { key: fee ?? 3000, deployment: d } : null;
  };
  return {
    remember: (pool: string, k: ClPoolKey) => known.set(pool.toLowerCase(), k),
    learn(pool: string, key: number, factory: string) {
      const d = byFactory(factory);
      if (d) known.set(pool.toLowerCase(), { key, deployment: d });
    },
    /** The key and deployment of a pool whose state we hold (no read). */
    ofState(pool: PoolState): ClPoolKey | null {
      if (keyedBy === 'fee') return byFee(pool.fee);
      const d = byFactory(pool.aerodrome?.factory);
      const ts = pool.aerodrome?.tickSpacing;
      return d && ts !== undefined ? { key: ts, deployment: d } : null;
    },
    /** The key and deployment of any pool, read from it at most once (Slipstream). */
    async ofTarget(client: PublicClient, pool: QuoteTarget): Promise<ClPoolKey | null> {
      if (keyedBy === 'fee') return byFee(pool.fee);
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
    },
  };
}
