/**
 * Uniswap V4: one PoolManager holds every pool, each named by its PoolId (keccak of its PoolKey:
 * currencies, fee, tick spacing, hook). Pools are found from the PoolManager's Initialize events,
 * read through StateView (slot0, active liquidity), their positions through the PositionManager
 * (pool key and range of each position NFT the index links to the pool, its liquidity and owner:
 * locker, burn address or deployer), and quoted by V4Quoter through eth_call — which runs the pool's
 * real swap, hooks included, so a hook that keeps the input or blocks sells shows in the quote.
 *
 * A V4 pool has no address. Downstream code keys pools by address, so a V4 pool is presented under
 * its *pool handle*: the first 20 bytes of its PoolId (unique as the PoolId is; never a contract —
 * every V4 read goes through the PoolManager, StateView or PositionManager with the full PoolId kept
 * in `v4`). Native ETH (currency 0x0) is presented as WETH for pricing, as the two are one asset;
 * `v4.key` keeps the real currency for quotes and trades. See docs/decisions/0026-uniswap-v4-and-hooks.md.
 */
import type { Address, PublicClient } from 'viem';
import { answers, readRound } from './multicall';
import { sortTokens } from './uniswap-v3-math';
import { type UniswapV4Contracts, v4QuoterAbi } from './uniswap-v4-abis';
import { poolsFromInitializeLogs, standardCandidates } from './uniswap-v4-discovery';
import { isDynamicFee, type PoolKey, poolHandle, poolIdOf, presented } from './uniswap-v4-pool-key';
import { v4ProbeRoute } from './uniswap-v4-probe';
import { decodeV4PoolState, planV4Reads, type V4PoolInfo } from './uniswap-v4-read';
import type { PoolRef, QuoteTarget, Venue } from './venue';

export {
  poolManagerEventsAbi,
  stateViewAbi,
  type UniswapV4Contracts,
  v4PositionManagerAbi,
  v4QuoterAbi,
} from './uniswap-v4-abis';
export { poolHandle, positionRange } from './uniswap-v4-pool-key';
export type { V4PoolInfo } from './uniswap-v4-read';

export type UniswapV4Venue = Venue & {
  /** The pool key behind a handle, once discovered or read (quotes and trades need it). */
  keyOf(pool: Address): PoolKey | null;
  /** The PoolRef of an Initialize event's fields (the indexer and discovery share it). */
  refOf(key: PoolKey, createdTs: number | null): PoolRef;
};

/** What one venue instance keeps: the keys behind pool handles, and key look-ups in flight. */
type V4State = {
  addr: UniswapV4Contracts;
  /** WETH, lower-case: native ETH is presented as it. */
  w: Address;
  lockers: Address[];
  keys: Map<string, PoolKey>;
  /** Key look-ups in flight (prepare, then readPools, ask once). */
  learning: Map<string, Promise<void>>;
};

function refOf(s: V4State, key: PoolKey, createdTs: number | null): PoolRef {
  const poolId = poolIdOf(key);
  const pool = poolHandle(poolId);
  s.keys.set(pool, key);
  const [token0, token1] = sortTokens(presented(key.currency0, s.w), presented(key.currency1, s.w));
  return {
    venue: 'uniswap-v4',
    pool,
    token0,
    token1,
    // A dynamic-fee pool's fee is whatever its hook sets: the measured fee is the hook verdict's.
    fee: isDynamicFee(key.fee) ? null : key.fee,
    createdTs,
    v4: { poolId, key },
  };
}

/**
 * Pools the index knows by handle only (its pairs table keeps no tick spacing or hook): their keys
 * come from the token's Initialize logs, once per venue instance (one look-up in flight).
 */
async function learnKeys(
  s: V4State,
  discover: (client: PublicClient, token: Address, quotes: Address[]) => Promise<PoolRef[]>,
  client: PublicClient,
  token: Address,
  refs: PoolRef[],
): Promise<void> {
  const t = token.toLowerCase() as Address;
  if (!refs.some((p) => !p.v4 && !s.keys.has(p.pool))) return;
  const k = `${t}:${refs.map((p) => p.pool).join(',')}`;
  let p = s.learning.get(k);
  if (!p) {
    const others = refs.map((r) => (r.token0 === t ? r.token1 : r.token0));
    p = discover(client, token, others).then(() => {});
    s.learning.set(k, p);
    p.then(
      () => s.learning.delete(k),
      () => s.learning.delete(k),
    );
  }
  await p;
}

/** A ref's key and PoolId: its own, or the key learned for its handle (remembered either way). */
function infoOf(s: V4State, p: PoolRef): V4PoolInfo | null {
  const known = s.keys.get(p.pool);
  const info = p.v4 ?? (known ? { key: known, poolId: poolIdOf(known) } : null);
  if (info) s.keys.set(p.pool, info.key);
  return info;
}

/** V4Quoter's amount out for `amountIn` of `tokenIn` (null when it reverts or the key is unknown). */
async function quote(
  s: V4State,
  client: PublicClient,
  pool: QuoteTarget,
  tokenIn: Address,
  amountIn: bigint,
): Promise<bigint | null> {
  const key = s.keys.get(pool.pair.toLowerCase());
  if (!key) return null;
  const zeroForOne = presented(key.currency0, s.w) === presented(tokenIn, s.w);
  try {
    const { result } = await client.simulateContract({
      address: s.addr.v4Quoter,
      abi: v4QuoterAbi,
      functionName: 'quoteExactInputSingle',
      args: [{ poolKey: key, zeroForOne, exactAmount: amountIn, hookData: '0x' }],
    });
    return result[0];
  } catch {
    return null;
  }
}

export function createUniswapV4Venue(
  addr: UniswapV4Contracts,
  weth: Address,
  opts: {
    /**
     * false (Base): discovery asks no logs (the PoolManager's history is beyond one getLogs range);
     * the token's pools come from the index, whose rows carry their keys. Default true.
     */
    discoverByLogs?: boolean;
  } = {},
): UniswapV4Venue {
  const discoverByLogs = opts.discoverByLogs ?? true;
  const s: V4State = {
    addr,
    w: weth.toLowerCase() as Address,
    lockers: addr.positionLockers.map((l) => l.toLowerCase() as Address),
    keys: new Map(),
    learning: new Map(),
  };
  const ref = (key: PoolKey, createdTs: number | null) => refOf(s, key, createdTs);
  const venue: UniswapV4Venue = {
    id: 'uniswap-v4',
    label: 'Uniswap V4',
    keyOf: (pool) => s.keys.get(pool.toLowerCase()) ?? null,
    refOf: ref,
    // Base: the no-hook standard-tier candidates (readPools keeps those initialised); local: the
    // token's Initialize logs (a failed query throws: an RPC error is not "no pools").
    discoverPools: async (client, token, quotes) =>
      discoverByLogs
        ? poolsFromInitializeLogs(client, addr, token, quotes, s.w, ref)
        : standardCandidates(token, quotes, s.w, ref),
    prepare: (client, token, refs) => learnKeys(s, venue.discoverPools, client, token, refs),
    async readPools(client, token, refs, ctx) {
      await venue.prepare?.(client, token, refs);
      const { calls, plan } = planV4Reads(addr, s.lockers, (p) => infoOf(s, p), refs, ctx);
      // A failed round trip throws (readRound): a candidate the chain did not answer for must not
      // read as a pool that was never initialised.
      const next = answers(
        await readRound(client, calls, 'The chain RPC failed a Multicall3 read of V4 pool state.'),
      );
      const deployer = (await ctx.deployer)?.toLowerCase() ?? null;
      return plan.flatMap((item) => decodeV4PoolState(s.lockers, token, s.w, item, next, deployer) ?? []);
    },
    quote: (client, pool, tokenIn, amountIn) => quote(s, client, pool, tokenIn, amountIn),
    probeRoute: (target) => v4ProbeRoute(addr, (p) => p.v4?.key ?? s.keys.get(p.pair.toLowerCase()), target),
  };
  return venue;
}
