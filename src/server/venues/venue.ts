/**
 * The venue abstraction: one small module per DEX (Uniswap V2, Uniswap V3, later Aerodrome or V4)
 * behind this interface. Everything downstream (facts, analysers, candles, portfolio, pump, alerts)
 * sees pools as `PoolRef` / `PoolState` and asks the registry; only a venue module knows how its
 * contracts are called. See docs/decisions/0007-venue-abstraction.md.
 */
import type { Address, Hex, PublicClient } from 'viem';
import type { VenueId } from '../../shared/venues';
import type { PoolKey } from './uniswap-v4-pool-key';

/** The venue ids are shared with the browser and the API contract (src/shared/venues.ts). */
export type { VenueId };

/** The venue adapter's kinds, as TradeProbe's Route.venue knows them. */
export const PROBE_VENUE = { v2: 0, v3: 1, aerodrome: 2, slipstream: 3, v4: 4 } as const;

/**
 * How the probes trade a token on its venue (built by the venue module, run by the probe contract's
 * adapter). `path` runs in the buy direction: WETH first, the token last, a USD token between for a
 * multi-hop route; `fees` holds each hop's V3 fee tier (empty for V2).
 */
export type ProbeRoute = {
  venue: (typeof PROBE_VENUE)[keyof typeof PROBE_VENUE];
  router: Address;
  quoter: Address;
  /** The token's own pool (the last hop); Uniswap V4: the PoolManager, which holds every pool's tokens. */
  pool: Address;
  path: Address[];
  fees: number[];
  /** The pool's quote balance under which it counts as drained: no pool, not a failed buy. */
  minQuote: bigint;
  /** Uniswap V4 only: abi.encode(PoolKey) of the token's pool; '0x' for every other venue. */
  v4Key: Hex;
};

/** A pool as the index or a factory knows it: which venue, which pair of tokens, which fee tier. */
export type PoolRef = {
  venue: VenueId;
  pool: Address;
  token0: Address;
  token1: Address;
  /** Fee in hundredths of a basis point (Uniswap units: 3000 = 0.3%); null when the venue has none. */
  fee: number | null;
  /** Unix seconds, when the index saw the pool's creation; null when unknown (Base look-up). */
  createdTs: number | null;
  /** Uniswap V4 only: `pool` is then the PoolId's first 20 bytes (a handle, not a contract; ADR 0026). */
  v4?: { poolId: Hex; key: PoolKey };
};

/** The current state of one pool, seen from the analysed token. */
export type PoolState = {
  venue: VenueId;
  /** The pool's address (V2 pair, V3 pool). */
  pair: Address;
  token0: Address;
  token1: Address;
  /** The side that is not the analysed token. */
  quote: Address;
  fee: number | null;
  /** Token balances the pool holds (V2 reserves; V3 balanceOf the pool). */
  tokenReserve: bigint;
  quoteReserve: bigint;
  /**
   * The pool's own price as a raw ratio: quote base units per token base unit, scaled by 2^192
   * (V3 sqrtPriceX96² or V2 reserves); null when the pool is empty or uninitialised, or (V3) has no
   * liquidity at its current price, where nothing can trade.
   */
  priceX192: bigint | null;
  /**
   * Liquidity ownership, in the venue's own units (V2: LP tokens; V3: position liquidity of the
   * position NFTs we know of). Shares are ratios of these.
   */
  lpTotalSupply: bigint;
  lpBurned: bigint;
  lpLocked: bigint;
  lockUnlockTime: number | null;
  /** Liquidity held by the token's deployer (V3: position NFTs it owns); null when not read. */
  lpDeployer: bigint | null;
  /**
   * Concentrated-liquidity venues: each position NFT read in this pool, with its holder (a V2 pair's
   * LP holders and V4 positions made without the PositionManager come from the index instead).
   */
  positions?: RawPosition[];
  /** Quote-side liquidity within ±2% of the current price, in quote base units; null when not computed. */
  depthQuote2Pct: bigint | null;
  /**
   * The pool's time-weighted average price over PRICE_MANIPULATION.twapWindowSec, in the same raw
   * units as priceX192 / 2^192 (quote base units per token base unit); `unavailable` says why not
   * (too few observations kept). Undefined: the venue keeps no price oracle we read (V2).
   */
  twap?: { ratio: number } | { unavailable: string };
  /** V3 only: the raw slot0 price and active liquidity, for the second-round quotes. */
  v3?: { sqrtPriceX96: bigint; liquidity: bigint };
  /**
   * Uniswap V4 only: the pool's id and key (currencies as the PoolManager has them, native ETH as
   * 0x0; `quote` above shows it as WETH), the LP fee slot0 holds now, and the hook's permissions.
   */
  v4?: {
    poolId: Hex;
    key: PoolKey;
    lpFee: number;
    hookPermissions: string[];
    sqrtPriceX96: bigint;
    /** The PoolManager's active liquidity of the pool (StateView.getLiquidity). */
    liquidity?: bigint;
  };
  /**
   * Aerodrome only, read from the pool: classic pools' curve (stable: x³y + y³x; volatile: x·y),
   * Slipstream pools' tick spacing and the factory that created them (its periphery quotes and routes).
   */
  aerodrome?: { stable?: boolean; tickSpacing?: number; factory?: Address };
};

/** One position of a pool as the venue read it: who holds it, how much, over which range. */
export type RawPosition = {
  holder: Address;
  /** The position manager whose NFT it is; null: held directly (a V2 LP balance, a V4 hook's own). */
  manager: Address | null;
  id: bigint | null;
  /** In the venue's units (V2: LP tokens; V3/V4: position liquidity). */
  liquidity: bigint;
  /** The range; null for full-range V2 liquidity. */
  tickLower: number | null;
  tickUpper: number | null;
};

/** A second-round ask of a concentrated-liquidity pool, once its price is known. */
export type MarketAsk = {
  pool: PoolState;
  /** Quote base units to quote a buy of the token with (the report's default amount); null: none. */
  buyAmountIn: bigint | null;
};

/** Its answer: exact depth within ±2% across initialised ticks, and the token amount the buy gets. */
export type MarketAnswer = { depthQuote2Pct: bigint | null; buyAmountOut: bigint | null };

/** What quoting needs to know of a pool (a PoolState or a report's PoolFacts both provide it). */
export type QuoteTarget = {
  pair: Address;
  token: Address;
  quote: Address;
  fee: number | null;
  tokenReserve: bigint;
  quoteReserve: bigint;
};

/**
 * What a report needs to simulate a buy and a sell through one pool: the token's pool and, when its
 * quote is not WETH (a USD token), the WETH/quote pool on the same venue for a multi-hop route.
 */
export type TradeTarget = {
  token: Address;
  pool: PoolState;
  weth: Address;
  hop?: PoolState | null;
  /** The pool's quote balance under which it counts as drained. */
  minQuote: bigint;
};

export type ReadPoolsContext = {
  /**
   * The analysed token's deployer (liquidity it still holds). May still be on its way (a promise):
   * it is needed only to sort the positions already read, so the pool reads do not wait for it.
   */
  deployer: Address | null | Promise<Address | null>;
  /** Position NFT ids the index links to each pool (V3), by pool address. */
  positions?: Map<string, bigint[]>;
  /** Slipstream: position NFTs the index links to each pool, with the manager that minted them. */
  managedPositions?: Map<string, { manager: Address; id: bigint }[]>;
};

export type Venue = {
  id: VenueId;
  /** Shown to users: "Uniswap V2". */
  label: string;
  /** Pools of `token` against each of `quotes`, asked of the venue's factory (Base, unindexed tokens). */
  discoverPools(client: PublicClient, token: Address, quotes: Address[]): Promise<PoolRef[]>;
  /** Current state of `refs` (all of this venue) for the analysed `token`, in as few calls as it can. */
  readPools(
    client: PublicClient,
    token: Address,
    refs: PoolRef[],
    ctx: ReadPoolsContext,
  ): Promise<PoolState[]>;
  /**
   * Optional: learn what readPools needs beyond the index rows (V4: pool keys from Initialize logs),
   * started early so it shares a round trip with other reads. readPools must still work without it.
   */
  prepare?(client: PublicClient, token: Address, refs: PoolRef[]): Promise<void>;
  /** Amount out for `amountIn` of `tokenIn` through `pool` (venue's own quoting); null when it cannot quote. */
  quote(client: PublicClient, pool: QuoteTarget, tokenIn: Address, amountIn: bigint): Promise<bigint | null>;
  /**
   * Depth and quotes that need the pool's current price (V3: QuoterV2 with a ±2% price limit, which
   * crosses initialised ticks exactly), all pools in one Multicall3 call. Absent: readPools' figures stand.
   */
  readMarket?(client: PublicClient, token: Address, asks: MarketAsk[]): Promise<MarketAnswer[]>;
  /**
   * How the probes (trade simulation, owner-power trade effects) buy and sell the token through
   * `pool`: the venue's adapter kind, router, quoter and path, single hop from WETH or through
   * `hop`. null when the venue cannot route it (a quote pool without a WETH hop on this venue).
   */
  probeRoute(target: TradeTarget): ProbeRoute | null;
};

/** Price (quote per token, in whole units) from a PoolState's raw ratio and the two decimals. */
export function priceInQuote(pool: PoolState, tokenDecimals: number, quoteDecimals: number): number | null {
  if (pool.priceX192 === null) return null;
  const raw = Number(pool.priceX192) / 2 ** 192;
  return raw * 10 ** (tokenDecimals - quoteDecimals);
}

export const Q192 = 1n << 192n;

/** Burn addresses are a shared term: defined once in shared/vocabulary.ts. */
export { BURN_ADDRESSES } from '../../shared/vocabulary';
