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
import { type Address, encodeAbiParameters, type Hex, parseAbi } from 'viem';
import { ChainUnavailableError } from '../errors';
import { probePath } from './probe-path';
import { positionAmounts, sortTokens } from './uniswap-v3-math';
import {
  decodeHookPermissions,
  isDynamicFee,
  NATIVE_CURRENCY,
  POOL_KEY_ABI,
  type PoolKey,
  poolIdOf,
  sortCurrencies,
} from './uniswap-v4-pool-key';
import { BURN_ADDRESSES, type PoolRef, type PoolState, PROBE_VENUE, Q192, type Venue } from './venue';

/** V4 addresses as on Base (PoolManager singleton and its periphery) plus our position lockers. */
export type UniswapV4Contracts = {
  poolManager: Address;
  positionManager: Address;
  stateView: Address;
  v4Quoter: Address;
  universalRouter: Address;
  permit2: Address;
  positionLockers: Address[];
  /** The PoolManager's deployment block: Initialize logs are asked for from here. */
  fromBlock?: bigint;
};

/** The fee tiers (pips) and tick spacings of Uniswap's interface for pools without a hook. */
const STANDARD_TIERS: [number, number][] = [
  [100, 1],
  [500, 10],
  [3000, 60],
  [10000, 200],
];

const POOL_KEY = '(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)';
export const poolManagerEventsAbi = parseAbi([
  'event Initialize(bytes32 indexed id, address indexed currency0, address indexed currency1, uint24 fee, int24 tickSpacing, address hooks, uint160 sqrtPriceX96, int24 tick)',
]);
export const stateViewAbi = parseAbi([
  'function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)',
  'function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)',
]);
export const v4PositionManagerAbi = parseAbi([
  `function getPoolAndPositionInfo(uint256 tokenId) view returns (${POOL_KEY} poolKey, uint256 info)`,
  'function getPositionLiquidity(uint256 tokenId) view returns (uint128 liquidity)',
  'function ownerOf(uint256 tokenId) view returns (address)',
]);
export const v4QuoterAbi = parseAbi([
  'struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }',
  'struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }',
  'function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)',
]);
const positionLockerAbi = parseAbi([
  'function unlockTimeOf(address manager, uint256 tokenId) view returns (uint64)',
]);

/** What a V4 PoolRef / PoolState carries besides the common fields. */
export type V4PoolInfo = { poolId: Hex; key: PoolKey };

/** The address-shaped handle downstream code keys a V4 pool by: the PoolId's first 20 bytes. */
export const poolHandle = (poolId: Hex): Address => poolId.slice(0, 42).toLowerCase() as Address;

/** PositionInfo (PositionInfoLibrary): tickLower at bit 8, tickUpper at bit 32, 24 bits each, signed. */
export function positionRange(info: bigint): { tickLower: number; tickUpper: number } {
  const int24 = (x: bigint) => {
    const v = Number(x & 0xffffffn);
    return v >= 0x800000 ? v - 0x1000000 : v;
  };
  return { tickLower: int24(info >> 8n), tickUpper: int24(info >> 32n) };
}

/** The currency a pool is presented with: native ETH as WETH. */
const presented = (currency: Address, weth: Address): Address =>
  (currency.toLowerCase() === NATIVE_CURRENCY ? weth : currency).toLowerCase() as Address;

type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };

export type UniswapV4Venue = Venue & {
  /** The pool key behind a handle, once discovered or read (quotes and trades need it). */
  keyOf(pool: Address): PoolKey | null;
  /** The PoolRef of an Initialize event's fields (the indexer and discovery share it). */
  refOf(key: PoolKey, createdTs: number | null): PoolRef;
};

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
  const lockers = addr.positionLockers.map((l) => l.toLowerCase() as Address);
  const burn = new Set<string>(BURN_ADDRESSES);
  const keys = new Map<string, PoolKey>();
  /** Key look-ups in flight (prepare, then readPools, ask once). */
  const learning = new Map<string, Promise<void>>();
  const w = weth.toLowerCase() as Address;

  const refOf = (key: PoolKey, createdTs: number | null): PoolRef => {
    const poolId = poolIdOf(key);
    const pool = poolHandle(poolId);
    keys.set(pool, key);
    const [token0, token1] = sortTokens(presented(key.currency0, w), presented(key.currency1, w));
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
  };

  const venue: UniswapV4Venue = {
    id: 'uniswap-v4',
    label: 'Uniswap V4',
    keyOf: (pool) => keys.get(pool.toLowerCase()) ?? null,
    refOf,

    async discoverPools(client, token, quotes) {
      if (!discoverByLogs) {
        // Base: no logs (the index finds hooked pools range by range). A pool without a hook at a
        // standard fee tier has a key known in advance, as a V3 pool's address is: those are the
        // candidates (the WETH side as native ETH, how V4 pairs ETH), and readPools drops the ones
        // never initialised (slot0 price 0). This is how the WETH/USD price finds a V4 ETH/USDC pool.
        const t = token.toLowerCase() as Address;
        return quotes.flatMap((q) => {
          const other = q.toLowerCase() === w ? NATIVE_CURRENCY : (q.toLowerCase() as Address);
          const [currency0, currency1] = sortCurrencies(t, other);
          return STANDARD_TIERS.map(([fee, tickSpacing]) =>
            refOf({ currency0, currency1, fee, tickSpacing, hooks: NATIVE_CURRENCY }, null),
          );
        });
      }
      // The token is currency0 or currency1 of its pools: two indexed-topic log queries.
      const wanted = new Set(
        quotes
          .map((q) => q.toLowerCase())
          .concat(quotes.some((q) => q.toLowerCase() === w) ? [NATIVE_CURRENCY] : []),
      );
      let logs: {
        args: {
          currency0?: Address;
          currency1?: Address;
          fee?: number;
          tickSpacing?: number;
          hooks?: Address;
        };
      }[];
      try {
        const event = poolManagerEventsAbi[0];
        const fromBlock = addr.fromBlock ?? 0n;
        const [as0, as1] = await Promise.all([
          client.getLogs({ address: addr.poolManager, event, args: { currency0: token }, fromBlock }),
          client.getLogs({ address: addr.poolManager, event, args: { currency1: token }, fromBlock }),
        ]);
        logs = [...as0, ...as1];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed the look-up of V4 pool creations.', cause);
      }
      const out: PoolRef[] = [];
      for (const { args: a } of logs) {
        if (!a.currency0 || !a.currency1 || a.fee === undefined || a.tickSpacing === undefined || !a.hooks)
          continue;
        const key: PoolKey = {
          currency0: a.currency0.toLowerCase() as Address,
          currency1: a.currency1.toLowerCase() as Address,
          fee: a.fee,
          tickSpacing: a.tickSpacing,
          hooks: a.hooks.toLowerCase() as Address,
        };
        const other = key.currency0 === token.toLowerCase() ? key.currency1 : key.currency0;
        if (!wanted.has(other)) continue;
        out.push(refOf(key, null));
      }
      return out;
    },

    async prepare(client, token, refs) {
      // Pools the index knows by handle only (its pairs table keeps no tick spacing or hook): their
      // keys come from the token's Initialize logs, once per venue instance (one look-up in flight).
      const t = token.toLowerCase() as Address;
      if (!refs.some((p) => !p.v4 && !keys.has(p.pool))) return;
      const k = `${t}:${refs.map((p) => p.pool).join(',')}`;
      let p = learning.get(k);
      if (!p) {
        const others = refs.map((r) => (r.token0 === t ? r.token1 : r.token0));
        p = venue.discoverPools(client, token, others).then(() => {});
        learning.set(k, p);
        p.then(
          () => learning.delete(k),
          () => learning.delete(k),
        );
      }
      await p;
    },

    async readPools(client, token, refs, ctx) {
      const t = token.toLowerCase() as Address;
      await venue.prepare?.(client, token, refs);
      const calls: Call[] = [];
      const plan = refs.flatMap((p) => {
        const info =
          p.v4 ??
          (keys.get(p.pool)
            ? { key: keys.get(p.pool) as PoolKey, poolId: poolIdOf(keys.get(p.pool) as PoolKey) }
            : null);
        if (!info) return [];
        keys.set(p.pool, info.key);
        const ids = ctx.positions?.get(p.pool) ?? [];
        calls.push({
          address: addr.stateView,
          abi: stateViewAbi,
          functionName: 'getSlot0',
          args: [info.poolId],
        });
        calls.push({
          address: addr.stateView,
          abi: stateViewAbi,
          functionName: 'getLiquidity',
          args: [info.poolId],
        });
        for (const id of ids) {
          const pm = addr.positionManager;
          calls.push({
            address: pm,
            abi: v4PositionManagerAbi,
            functionName: 'getPoolAndPositionInfo',
            args: [id],
          });
          calls.push({
            address: pm,
            abi: v4PositionManagerAbi,
            functionName: 'getPositionLiquidity',
            args: [id],
          });
          calls.push({ address: pm, abi: v4PositionManagerAbi, functionName: 'ownerOf', args: [id] });
          for (const l of lockers)
            calls.push({ address: l, abi: positionLockerAbi, functionName: 'unlockTimeOf', args: [pm, id] });
        }
        return [{ p, info, ids }];
      });
      let res: { status: string; result?: unknown }[];
      try {
        res = calls.length ? await client.multicall({ contracts: calls as never, allowFailure: true }) : [];
      } catch (cause) {
        throw new ChainUnavailableError('The chain RPC failed a Multicall3 read of V4 pool state.', cause);
      }
      let i = 0;
      const next = () => {
        const r = res[i++];
        return r?.status === 'success' ? r.result : undefined;
      };
      const deployer = (await ctx.deployer)?.toLowerCase() ?? null;
      const pools: PoolState[] = [];
      for (const { p, info, ids } of plan) {
        const slot0 = next() as readonly [bigint, number, number, number] | undefined;
        const active = (next() as bigint | undefined) ?? 0n;
        const sqrtP = slot0?.[0] ?? 0n;
        const sqrtF = Number(sqrtP) / 2 ** 96;
        let total = 0n;
        let burned = 0n;
        let locked = 0n;
        let mine = 0n;
        let unlock: number | null = null;
        let amount0 = 0;
        let amount1 = 0;
        for (const _ of ids) {
          const pos = next() as
            | readonly [
                { hooks: Address; currency0: Address; currency1: Address; fee: number; tickSpacing: number },
                bigint,
              ]
            | undefined;
          const liq = next() as bigint | undefined;
          const owner = (next() as string | undefined)?.toLowerCase();
          let until = 0;
          for (const _l of lockers) until = Math.max(until, Number((next() as bigint | undefined) ?? 0n));
          if (!pos || liq === undefined || !owner) continue;
          // Only positions really in this pool count (the index links ids to pools by transaction).
          if (poolIdOf(pos[0]) !== info.poolId) continue;
          total += liq;
          const range = positionRange(pos[1]);
          const a = positionAmounts(Number(liq), sqrtF, range.tickLower, range.tickUpper);
          amount0 += a.amount0;
          amount1 += a.amount1;
          if (burn.has(owner)) burned += liq;
          else if (lockers.includes(owner as Address)) {
            locked += liq;
            if (until > 0 && liq > 0n) unlock = unlock === null ? until : Math.min(unlock, until);
          } else if (owner === deployer) mine += liq;
        }
        if (!slot0 || sqrtP === 0n) continue;
        // Amounts held: from the positions we know; with none known (an unindexed pool on Base),
        // the active liquidity's virtual reserves (exact for full-range liquidity, an upper bound
        // for concentrated ranges — the PoolManager's balance is shared by every pool, so no
        // balanceOf can say what one pool holds).
        if (ids.length === 0 || total === 0n) {
          amount0 = Number(active) / sqrtF;
          amount1 = Number(active) * sqrtF;
        }
        const cur0 = presented(info.key.currency0, w);
        const tokenIs0 = cur0 === t;
        const sq = sqrtP * sqrtP;
        const priceX192 = active === 0n ? null : tokenIs0 ? sq : (Q192 * Q192) / sq;
        const big = (x: number) => BigInt(Math.max(0, Math.floor(x)));
        pools.push({
          venue: 'uniswap-v4',
          pair: p.pool,
          token0: p.token0,
          token1: p.token1,
          // token0/token1 are sorted after native ETH is shown as WETH, so they need not follow
          // the PoolManager's currency order that tokenIs0 (and the price) follows.
          quote: p.token0 === t ? p.token1 : p.token0,
          fee: p.fee,
          tokenReserve: big(tokenIs0 ? amount0 : amount1),
          quoteReserve: big(tokenIs0 ? amount1 : amount0),
          priceX192,
          lpTotalSupply: total,
          lpBurned: burned,
          lpLocked: locked,
          lockUnlockTime: unlock,
          lpDeployer: mine,
          depthQuote2Pct: active === 0n ? 0n : null,
          twap: { unavailable: 'Uniswap V4 pools keep no price oracle unless a hook adds one' },
          v4: {
            ...info,
            lpFee: slot0[3],
            sqrtPriceX96: sqrtP,
            hookPermissions: decodeHookPermissions(info.key.hooks).map((x) => x.name),
          },
        });
      }
      return pools;
    },

    async quote(client, pool, tokenIn, amountIn) {
      const key = keys.get(pool.pair.toLowerCase());
      if (!key) return null;
      const inP = presented(tokenIn, w);
      const zeroForOne = presented(key.currency0, w) === inP;
      try {
        const { result } = await client.simulateContract({
          address: addr.v4Quoter,
          abi: v4QuoterAbi,
          functionName: 'quoteExactInputSingle',
          args: [{ poolKey: key, zeroForOne, exactAmount: amountIn, hookData: '0x' }],
        });
        return result[0];
      } catch {
        return null;
      }
    },

    // The probes trade a V4 pool as a user does: Universal Router V4_SWAP, native ETH as msg.value,
    // ERC-20 input through Permit2 (ProbeVenue's V4 adapter; ADR 0026 amendment 5). Single hop from
    // ETH or WETH only: a USD-quoted V4 pool is not routed (no V4 multi-hop adapter yet).
    probeRoute(target) {
      const key = target.pool.v4?.key ?? keys.get(target.pool.pair.toLowerCase());
      if (!key) return null;
      // A pool quoted in a USD token: ETH → USD token → token in one V4_SWAP (SWAP_EXACT_IN along
      // both pools' PathKeys), as a user buys it, when V4 has an ETH (or WETH) / USD pool to hop
      // through (the planner hands the deepest as `hop`). The tax is still the token leg's: the
      // probe compares what arrived with V4Quoter's quote along the same path.
      const hop = target.hop;
      const hopKey = hop ? (hop.v4?.key ?? keys.get(hop.pair.toLowerCase())) : undefined;
      const path = probePath(target.token, target.pool, target.weth, hopKey ? hop : null);
      if (!path) return null;
      if (path.length === 3) {
        if (!hopKey) return null;
        return {
          venue: PROBE_VENUE.v4,
          router: addr.universalRouter,
          quoter: addr.v4Quoter,
          pool: addr.poolManager,
          path,
          fees: [hopKey.fee, key.fee],
          minQuote: target.minQuote,
          v4Key: encodeAbiParameters(
            [{ type: 'tuple[]', components: POOL_KEY_ABI.components }],
            [[hopKey, key]],
          ),
        };
      }
      if (path.length !== 2) return null;
      return {
        venue: PROBE_VENUE.v4,
        router: addr.universalRouter,
        quoter: addr.v4Quoter,
        // The PoolManager holds the tokens: liveness is read there, a failed sell replayed into it.
        pool: addr.poolManager,
        path,
        fees: [key.fee],
        minQuote: target.minQuote,
        v4Key: encodeAbiParameters([POOL_KEY_ABI], [key]),
      };
    },
  };
  return venue;
}
