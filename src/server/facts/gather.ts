/**
 * Gathers every fact one token report needs: chain reads (Multicall3-batched), our index, the
 * trade simulation and the verification registry. I/O only — judging is the analysers' job.
 */
import { sql } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { DEFAULT_AMOUNT_USD, isBurnAddress, PRICE_MANIPULATION } from '../../shared/vocabulary';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import { inRpcStage } from '../chain/rpc-stage';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Logger } from '../logger';
import { createVenueRegistry, type VenueRegistry } from '../venues/registry';
import { isDynamicFee, NATIVE_CURRENCY, type PoolKey, poolIdOf } from '../venues/uniswap-v4-pool-key';
import {
  BURN_ADDRESSES,
  type MarketAnswer,
  type PoolRef,
  type PoolState,
  priceInQuote,
  type VenueId,
} from '../venues/venue';
import { byDeadline, type Deadline, notInTime } from './budget';
import { type CapabilityReport, detectCapabilities } from './capabilities';
import { readCodeSizes } from './holders/code-sizes';
import { countTokensDeployedBy, ensureDeployers, readCreation } from './holders/deployers';
import {
  type HolderRow,
  type RuggedPool,
  readBalanceHistory,
  readContractEventCounts,
  readFirstSenders,
  readHolderCount,
  readLiquidityEvents,
  readLpHolders,
  readLpProviders,
  readMintsAfterLaunch,
  readPoolPositions,
  readReserveHistory,
  readRuggedPools,
  readSwaps,
  readTopHolders,
  readV4PoolPositions,
  readV4ReserveHistory,
} from './holders/index-reads';
import { type PoolBuyer, readPoolBuyers } from './holders/pool-buyers';
import { readPoolHook } from './hooks';
import { findImpersonation } from './impersonation';
import { simulateOwnerPowers } from './owner-powers/simulate';
import { computeRugFeatures } from './pools/rug-features';
import { createRound, type Round } from './round';
import { readTokenBasics, type TokenBasics } from './token-reads';
import { simulateTrading } from './trade-simulation';
import { planTrading } from './trade-simulation/trade-plan';
import type {
  Holder,
  HolderKind,
  LiquidityEventFact,
  OwnerPowerFacts,
  PoolFacts,
  PricePoint,
  SwapFact,
  TokenReportFacts,
} from './types';
import { lookupVerification } from './verification';
import { mayBeWrapper, probeWrapping } from './wrapping';

export type GatherDeps = {
  db: Db;
  chain: ChainClients;
  network: NetworkDescription;
  log: Logger;
  now: () => number;
  /** Blockscout instance for verification look-ups in Base mode (optional). */
  blockscoutUrl?: string | undefined;
  /** The chain's venues; built from `network` when omitted. */
  venues?: VenueRegistry;
  /** Whether the index holds the token's whole history (always on the local chain). */
  holdersComplete?: (token: string) => boolean;
  /** The report's time budget: simulations not done by then are reported as not checked in time. */
  deadline?: Deadline;
  /**
   * The chain's rugged pools (index-reads readRuggedPools): the same for every token at one indexed
   * block, and a scan of every Sync the index holds (~40 ms of the database thread on the full
   * scenario), so the engine shares one read per block between its gathers; without it, each
   * gather reads its own.
   */
  ruggedPools?: () => Promise<RuggedPool[]>;
  /**
   * The token's basics, already asked (the engine sends them with its head-block read, one round
   * trip for both); read here when absent.
   */
  basics?: Promise<TokenBasics>;
};

const DAY = 86_400;
const TOP_HOLDERS = 50;
const HOLDER_SELL_SAMPLE = 10;
/** The USD stablecoin's decimals (USDC on Base and its look-alike locally). */
const USD_DECIMALS = 6;

/** Pools the index saw created, with the venue whose factory created them (null: a venue we do not read). */
async function indexedPools(
  db: Db,
  venues: VenueRegistry,
  token: string,
  weth: string,
): Promise<IndexedPool[]> {
  const r = rowsOf(
    await db.execute(
      // WETH's pools include V4 pools of native ETH (currency 0x0), shown as WETH (one asset).
      sql`select pair, factory, token0, token1, fee, tick_spacing, hooks, created_ts from pairs
          where token0 = ${token} or token1 = ${token}
             or (${token === weth} and (token0 = ${NATIVE_CURRENCY} or token1 = ${NATIVE_CURRENCY}))`,
    ),
  );
  return r.map((x) => {
    const venue = venues.venueOfFactory(String(x.factory));
    // A V4 pool's row keeps the PoolManager's currencies, native ETH as 0x0: presented as WETH (one
    // asset, one price; ADR 0026), in the same order, so the swap rows' amount0/amount1 still match.
    const cur = (a: unknown) =>
      (venue === 'uniswap-v4' && String(a) === NATIVE_CURRENCY ? weth : String(a)) as Address;
    const fee = x.fee === undefined || x.fee === null ? null : Number(x.fee);
    // A V4 row keeps the rest of its PoolKey (tick spacing, hook): the venue needs no look-up of
    // the pool's Initialize log (in Base mode that look-up would span the PoolManager's history).
    const key: PoolKey | null =
      venue === 'uniswap-v4' && fee !== null && x.tick_spacing != null && x.hooks != null
        ? {
            currency0: String(x.token0) as Address,
            currency1: String(x.token1) as Address,
            fee,
            tickSpacing: Number(x.tick_spacing),
            hooks: String(x.hooks) as Address,
          }
        : null;
    return {
      venue,
      pool: String(x.pair) as Address,
      token0: cur(x.token0),
      token1: cur(x.token1),
      // A dynamic-fee V4 pool's fee is whatever its hook sets (the venue's refs say null too).
      fee: venue === 'uniswap-v4' && fee !== null && isDynamicFee(fee) ? null : fee,
      createdTs: Number(x.created_ts),
      ...(key ? { v4: { poolId: poolIdOf(key), key } } : {}),
    };
  });
}

type IndexedPool = Omit<PoolRef, 'venue'> & { venue: VenueId | null };

const known = (p: IndexedPool): p is PoolRef => p.venue !== null;

/**
 * USD per ETH from the deepest WETH/USD pool on any venue (null when there is none or it is empty),
 * and the WETH/USD pools read (a multi-hop trade route hops through them).
 */
async function readEthUsd(
  db: Db,
  client: PublicClient,
  venues: VenueRegistry,
  network: NetworkDescription,
  /** Awaited before the pools are read (the report's second round, facts/round.ts). */
  beforeSend: () => Promise<void> = async () => {},
): Promise<{ price: number | null; pools: PoolState[] }> {
  const weth = network.contracts.weth.toLowerCase() as Address;
  const usd = network.contracts.usd.toLowerCase();
  // On Base the factory is asked at once, beside the index (no database step before the RPC call).
  const [indexed, discovered] = await Promise.all([
    indexedPools(db, venues, weth, weth),
    network.mode === 'base' ? venues.discoverPools(client, weth, [usd as Address]) : undefined,
  ]);
  let refs = indexed.filter(known).filter((p) => p.token0 === usd || p.token1 === usd);
  await beforeSend();
  if (refs.length === 0) refs = discovered ?? (await venues.discoverPools(client, weth, [usd as Address]));
  if (refs.length === 0) return { price: null, pools: [] };
  const states = await venues.readPools(client, weth, refs);
  const deepest = states.sort((a, b) => (b.quoteReserve > a.quoteReserve ? 1 : -1))[0];
  return { price: deepest ? priceInQuote(deepest, 18, USD_DECIMALS) : null, pools: states };
}

/**
 * Every fact of one token report, in stages named for what each gathers. Independent reads start
 * together so that, against a remote RPC, they share round trips: the stages only name the steps,
 * the order in which requests leave is the one each comment states.
 */
export async function gatherTokenFacts(depsIn: GatherDeps, token: Address): Promise<TokenReportFacts> {
  const venues = depsIn.venues ?? createVenueRegistry(depsIn.network);
  const deps: GatherDeps & { venues: VenueRegistry } = { ...depsIn, venues };
  const { network } = deps;
  const now = deps.now();
  const t = token.toLowerCase() as Address;
  const weth = network.contracts.weth.toLowerCase();
  const usd = network.contracts.usd.toLowerCase();

  // The second round: every read that needs only the token's basics and the index — the ETH price,
  // the token's capabilities, its creation transaction, which holders are contracts, the pools'
  // state, the deployers of rugged tokens — leaves in one JSON-RPC batch once the database reads
  // behind them are done, instead of each in a round trip of its own as its own reads finish.
  // The capability checks first: they scan the bytecode before their first request (round.ts).
  const round2 = createRound(['capabilities', 'eth-usd', 'creation', 'holder-code', 'pool-state', 'rugged']);
  // The WETH/USD pool is looked up first, alongside everything else (it does not depend on the token).
  const ethUsdPoolsP = inRpcStage('eth-usd', () =>
    readEthUsd(deps.db, deps.chain.public, venues, network, () => round2.arrive('eth-usd')),
  );
  // A failed read must not hold the round: the others leave without it.
  ethUsdPoolsP.catch(() => round2.arrive('eth-usd'));
  ethUsdPoolsP.catch(() => {});
  const ethUsdP = ethUsdPoolsP.then((x) => x.price);
  ethUsdP.catch(() => {});
  const { basics, pairRows, unreadPools, unpricedPools, prepared } = await inRpcStage('basics', () =>
    gatherBasicsAndPools(deps, t),
  );
  // On Base the index covers only what it has followed; until a token's history is read to the
  // head its holder list is partial, which must read as "unknown", not as a short list or zero.
  const holdersKnown = network.mode === 'local' || (deps.holdersComplete?.(t) ?? false);

  const topWithCode = startTopHolderReads(deps, t, pairRows, holdersKnown, round2);
  const { creationP, statesP } = startPoolStateReads(deps, t, pairRows, prepared, round2);
  const ruggedP = startRuggedDeployerReads(deps, round2);
  const [ethUsd, capabilities, verification, holderCount, { rows: topRows, buyers, codeSizes }, creation] =
    await Promise.all([
      ethUsdP,
      inRpcStage('capabilities', () =>
        round2
          .arrive('capabilities')
          .then(() => detectCapabilities(deps.chain.public, { address: t, code: basics.code })),
      ),
      inRpcStage('verification', () => lookupVerification(deps, t)),
      readHolderCount(deps.db, t),
      topWithCode,
      creationP,
    ]);
  const states = await statesP;

  // Unknown decimals stay unknown: no price, token-side value or market cap is made up from a guess.
  const poolFacts = await priceThePools(deps, t, states, {
    ethUsd,
    decimals: basics.decimals,
    now,
    pairRows,
  });
  const mainPool = poolFacts[0] ?? null;

  const deployer = creation?.deployer ?? null;
  const supply = basics.totalSupply ?? 0n;
  const holders = await inRpcStage('holders', () =>
    gatherHolders(deps, t, {
      topRows,
      codeSizes,
      pairRows,
      otherPools: [...unreadPools, ...unpricedPools],
      deployer,
      supply,
      rugged: ruggedP,
    }),
  );

  const ethUsdPools = await ethUsdPoolsP.catch(() => ({ price: null, pools: [] as PoolState[] }));
  const sim = planTrading(t, weth as Address, poolFacts, states, ethUsdPools.pools, ethUsd, venues);
  const sellers = chooseHolderSellers(buyers, holders);
  const pricing = quotePricing(weth, ethUsd);
  // The main pool's V4 hook, measured beside the simulations: its first round (the hook's code,
  // owner, proxy slots, the buy quotes) leaves in their first batch.
  const hookP = inRpcStage('hook', () =>
    readPoolHook(
      deps.chain.public,
      network.contracts.uniswapV4?.v4Quoter as Address | undefined,
      states.find((s) => s.pair === mainPool?.pair),
      t,
      basics.block?.timestamp ?? null,
    ),
  );
  const { market, trade, holderSells, ownerPowers, wrapping, incomplete } = await runSimulations(deps, t, {
    states,
    sim,
    sellers,
    basics,
    capabilities,
    deployer,
    createdAtBlock: creation?.createdBlock ?? null,
    creationTx: creation?.txHash ?? null,
    buyAmountIn: pricing.buyAmountIn,
  });
  addMarketFigures(poolFacts, states, market, pricing);
  const hook = await hookP;

  const history = await gatherContractHistory(deps, t, {
    implementation: capabilities.proxy?.implementation ?? null,
    creationTx: creation?.txHash ?? null,
    deployer,
    rugHistoryOf: holders.rugHistoryOf,
  });

  const facts: TokenReportFacts = {
    now,
    token: {
      address: t,
      name: basics.name,
      symbol: basics.symbol,
      decimals: basics.decimals,
      totalSupply: basics.totalSupply,
      owner: basics.owner,
      ownerRenounced: basics.owner === null ? null : isBurnAddress(basics.owner),
      deployer: (deployer as Address | null) ?? null,
      createdAtBlock: creation?.createdBlock ?? null,
      createdAt: creation?.createdTs ?? null,
      codeSize: basics.codeSize,
      verification,
      capabilities: capabilities.capabilities,
      proxy: capabilities.proxy
        ? {
            ...capabilities.proxy,
            upgradeCount: history.events.upgrades,
            lastUpgradeAt: history.events.lastUpgradeAt,
          }
        : null,
    },
    pools: poolFacts,
    mainPool,
    unreadPools,
    ...(unpricedPools.length > 0 ? { unpricedPools } : {}),
    holders: { holderCount: holdersKnown ? holderCount : Number.NaN, top: holders.top, totalSupply: supply },
    trade,
    holderSells,
    deployer: {
      address: (deployer as Address | null) ?? null,
      tokensDeployed: history.deployerTokens,
      ruggedTokens: history.deployerRugs,
    },
    events: {
      ownershipTransfers: history.events.ownershipTransfers,
      upgrades: history.events.upgrades,
      pauses: history.events.pauses,
      mintsAfterLaunch: history.mintsAfterLaunch,
    },
    ownerPowers,
    rugFeatures: {},
    ...(hook ? { hook } : {}),
    ...(wrapping ? { wrapping } : {}),
    isUsdReference: t === usd,
    impersonates: findImpersonation({ address: t, name: basics.name, symbol: basics.symbol }, deps.network),
    ...(incomplete.length > 0 ? { incomplete } : {}),
  };
  facts.rugFeatures = mainPool
    ? await computeRugFeatures(deps.db, {
        facts,
        pool: mainPool,
        lpHolders: await readLpHolders(deps.db, mainPool.pair),
      })
    : {};
  return facts;
}

type Deps = GatherDeps & { venues: VenueRegistry };
type TopHolderReads = { rows: HolderRow[]; buyers: PoolBuyer[]; codeSizes: Map<string, number> };
type Creation = Awaited<ReturnType<typeof readCreation>>;

/**
 * The token's basics (code, name, symbol, decimals, supply, owner, block) and its pools. The index
 * knows every pool on the local chain; on Base the factories are asked too, in the same round trip
 * as the basics (against a remote RPC, each sequential step costs one).
 */
async function gatherBasicsAndPools(
  deps: Deps,
  t: Address,
): Promise<{
  basics: TokenBasics;
  pairRows: PoolRef[];
  unreadPools: Address[];
  unpricedPools: Address[];
  prepared: Promise<void>;
}> {
  const { db, network, venues } = deps;
  const client = deps.chain.public;
  const weth = network.contracts.weth.toLowerCase();
  const usd = network.contracts.usd.toLowerCase();
  let prepared: Promise<void> = Promise.resolve();
  const [basics, { pairRows, unreadPools, unpricedPools }] = await Promise.all([
    deps.basics ?? readTokenBasics(client, t),
    Promise.all([
      indexedPools(db, venues, t, weth),
      network.mode === 'base' ? venues.discoverPools(client, t, [weth as Address, usd as Address]) : [],
    ]).then(([rows, discovered]) => {
      // A pool counts when its OTHER side is WETH or the USD reference: for WETH or USDC themselves,
      // a pool against some new token would otherwise be read as quoted in that token.
      const quoted = (p: IndexedPool) => {
        const other = p.token0 === t ? p.token1 : p.token0;
        return other !== t && (other === weth || other === usd);
      };
      const indexed = rows.filter(quoted);
      const knownPools = indexed.filter(known);
      // Both, one row per pool: on Base the index holds only the pools it has seen created since it
      // began following the token (V4's, or a pool launched later), the factories the rest.
      const seen = new Set(knownPools.map((p) => p.pool.toLowerCase()));
      const pairRows = [...knownPools, ...discovered.filter((p) => !seen.has(p.pool.toLowerCase()))];
      // V4 pool keys (not in the index) asked the moment the index rows are known: inside the
      // basics' batch window when the database answers in time, never a round of their own after it.
      prepared = inRpcStage('v4-pool-keys', () => venues.prepare(client, t, pairRows));
      return {
        pairRows,
        // Pools on a DEX we have no venue module for: reported, never mistaken for "no liquidity".
        unreadPools: indexed.filter((p) => !known(p)).map((p) => p.pool),
        // Pools against some other token (USDC/USDbC): not priced, but a pool all the same — its
        // balance is liquidity, never a holder's (not a whale, an insider or part of the top 10).
        unpricedPools: rows.filter((p) => !quoted(p)).map((p) => p.pool),
      };
    }),
  ]);
  return { basics, pairRows, unreadPools, unpricedPools, prepared };
}

/**
 * The top holders and the pool buyers, and which of them are contracts, started now: asked with the
 * other independent reads (same round trips). Pool buyers of different ages are the holders the
 * trade simulation sells as. Nothing when the index does not hold the token's whole history.
 */
function startTopHolderReads(
  deps: Deps,
  t: Address,
  pairRows: PoolRef[],
  holdersKnown: boolean,
  round: Round,
): Promise<TopHolderReads> {
  const { db } = deps;
  if (!holdersKnown) {
    void round.arrive('holder-code');
    return Promise.resolve({ rows: [], buyers: [], codeSizes: new Map<string, number>() });
  }
  const poolAddrs = pairRows.map((p) => p.pool as string);
  const reads = Promise.all([
    readTopHolders(db, t, TOP_HOLDERS),
    readPoolBuyers(db, t, poolAddrs, poolAddrs).catch(() => [] as PoolBuyer[]),
  ]);
  // A failed database read must not hold the round: the others leave without it.
  reads.catch(() => round.arrive('holder-code'));
  return reads.then(async ([rows, buyers]) => ({
    rows,
    buyers,
    codeSizes: await round
      .arrive('holder-code')
      .then(() =>
        inRpcStage('holder-code', () =>
          readCodeSizes(deps.chain.public, [
            ...new Set([...rows.map((r) => r.holder as Address), ...buyers.map((b) => b.address)]),
          ]),
        ),
      )
      .catch(() => new Map<string, number>()),
  }));
}

/**
 * The chain's rugged pools and their tokens' deployers (a deployer's or holder's rug history),
 * started now: a deployer not resolved yet is asked in the second round. The pools are read once
 * per indexed block for every report (GatherDeps.ruggedPools), each deployer once (contract_creations).
 */
function startRuggedDeployerReads(
  deps: Deps,
  round: Round,
): Promise<{ rugged: RuggedPool[]; deployers: Map<string, string | null> }> {
  const { db, network } = deps;
  const p = (deps.ruggedPools ?? (() => readRuggedPools(db, network)))().then(async (rugged) => ({
    rugged,
    deployers: await inRpcStage('rugged', () =>
      ensureDeployers(
        db,
        deps.chain.public,
        rugged.map((r) => r.token),
        () => round.arrive('rugged'),
      ),
    ),
  }));
  // A failed read must not hold the round: the others leave without it.
  p.catch(() => round.arrive('rugged'));
  return p;
}

/**
 * The token's creation (deployer, block) and its pools' state, started now. The pools' state needs
 * only the index (position ids): it is read beside the capability checks and the creation
 * transaction, in the same round trip, not after them.
 */
function startPoolStateReads(
  deps: Deps,
  t: Address,
  pairRows: PoolRef[],
  /** The venues' preparation (V4 pool keys), started with the index rows. */
  prepared: Promise<void>,
  /** The second round (facts/round.ts): the creation transaction and the pools' state join it. */
  round: Round,
): { creationP: Promise<Creation>; statesP: Promise<PoolState[]> } {
  const { db, network, venues } = deps;
  const client = deps.chain.public;
  const v3 = network.contracts.uniswapV3;
  const v4 = network.contracts.uniswapV4;
  const creationP = inRpcStage('creation', () =>
    ensureDeployers(db, client, [t], () => round.arrive('creation')),
  ).then(() => readCreation(db, t));
  // A failed read must not hold the round: the others leave without it.
  creationP.catch(() => round.arrive('creation'));
  // The pools' state does not wait for the creation transaction: the deployer only sorts the
  // positions read (its own share), so it is handed over as a promise and both leave in one round.
  const inputs = Promise.all([
    prepared,
    // V3 and V4 position ids in one map: the pools' keys (address, V4 handle) never collide.
    Promise.all([
      v3
        ? readPoolPositions(
            db,
            v3.positionManager,
            pairRows.filter((p) => p.venue === 'uniswap-v3').map((p) => p.pool),
          )
        : undefined,
      v4
        ? readV4PoolPositions(
            db,
            v4.positionManager,
            pairRows.filter((p) => p.venue === 'uniswap-v4').map((p) => p.pool),
          )
        : undefined,
    ]).then(([a, b]) => (a && b ? new Map([...a, ...b]) : (a ?? b))),
    readSlipstreamPositions(
      db,
      network,
      pairRows.filter((p) => p.venue === 'aerodrome-slipstream').map((p) => p.pool),
    ),
  ]);
  inputs.catch(() => round.arrive('pool-state'));
  const statesP = inputs.then(async ([, positions, managedPositions]) => {
    await round.arrive('pool-state');
    return inRpcStage('pool-state', () =>
      venues.readPools(client, t, pairRows, {
        deployer: creationP.then((c) => (c?.deployer as Address | null | undefined) ?? null),
        positions,
        managedPositions,
      }),
    );
  });
  statesP.catch(() => {});
  return { creationP, statesP };
}

/** Slipstream position NFTs the index links to `pools`, per pool, with the manager that minted each. */
async function readSlipstreamPositions(
  db: Db,
  network: NetworkDescription,
  pools: string[],
): Promise<Map<string, { manager: Address; id: bigint }[]> | undefined> {
  const managers = network.contracts.aerodrome?.slipstream.map((s) => s.positionManager) ?? [];
  if (pools.length === 0 || managers.length === 0) return undefined;
  const out = new Map<string, { manager: Address; id: bigint }[]>();
  const found = await Promise.all(managers.map((m) => readPoolPositions(db, m, pools)));
  found.forEach((byPool, i) => {
    const manager = managers[i] as Address;
    for (const [pool, ids] of byPool)
      out.set(pool, [...(out.get(pool) ?? []), ...ids.map((id) => ({ manager, id }))]);
  });
  return out;
}

/** Each pool's facts, priced along the path token → WETH → USD; the most valuable pool first. */
async function priceThePools(
  deps: Deps,
  t: Address,
  states: PoolState[],
  x: { ethUsd: number | null; decimals: number | null; now: number; pairRows: PoolRef[] },
): Promise<PoolFacts[]> {
  const weth = deps.network.contracts.weth.toLowerCase();
  const poolFacts: PoolFacts[] = [];
  for (const pool of states) {
    const quoteIsWeth = pool.quote === weth;
    const quoteDecimals = quoteIsWeth ? 18 : USD_DECIMALS;
    const pq = x.decimals === null ? null : priceInQuote(pool, x.decimals, quoteDecimals);
    const quoteUsd = quoteIsWeth ? x.ethUsd : 1;
    const priceUsd = pq !== null && quoteUsd !== null ? pq * quoteUsd : null;
    const priceEth = pq !== null ? (quoteIsWeth ? pq : x.ethUsd ? pq / x.ethUsd : null) : null;
    const quoteValueUsd =
      quoteUsd !== null ? (Number(pool.quoteReserve) / 10 ** quoteDecimals) * quoteUsd : null;
    poolFacts.push(
      await poolDetails(deps, t, pool, {
        quoteDecimals,
        quoteUsd,
        priceUsd,
        priceEth,
        quoteValueUsd,
        now: x.now,
        decimals: x.decimals,
        pairRows: x.pairRows,
      }),
    );
  }
  poolFacts.sort((a, b) => (b.poolValueUsd ?? 0) - (a.poolValueUsd ?? 0));
  return poolFacts;
}

type GatheredHolders = {
  top: Holder[];
  /** The DEX contracts (pools, V3 position manager and router): never whales, never sellers. */
  pairSet: Set<string>;
  lockers: Set<string>;
  codeSizes: Map<string, number>;
  /** How many other tokens that later rugged `wallet` deployed or provided liquidity for. */
  rugHistoryOf: (wallet: string) => number;
};

/** The top holders with their kinds, ages, insiders (funded by the deployer) and rug history. */
/** Contracts of the venues that hold a token for the pools or in passing, never for themselves. */
function dexInfrastructure(c: Deps['network']['contracts']): string[] {
  const v3 = c.uniswapV3;
  const v4 = c.uniswapV4;
  const aero = c.aerodrome;
  return [
    ...(v3 ? [v3.positionManager, v3.swapRouter02] : []),
    ...(v4 ? [v4.poolManager, v4.positionManager, v4.universalRouter, v4.permit2] : []),
    ...(aero ? [aero.router, ...aero.slipstream.flatMap((s) => [s.positionManager, s.swapRouter])] : []),
  ];
}

async function gatherHolders(
  deps: Deps,
  t: Address,
  x: {
    topRows: HolderRow[];
    codeSizes: Map<string, number>;
    pairRows: PoolRef[];
    /** Every other pool of the token the index knows (unpriced, or on a venue we do not read). */
    otherPools: readonly string[];
    deployer: string | null;
    supply: bigint;
    /** The chain's rugged pools and their tokens' deployers (startRuggedDeployerReads). */
    rugged: Promise<{ rugged: RuggedPool[]; deployers: Map<string, string | null> }>;
  },
): Promise<GatheredHolders> {
  const { db, network } = deps;
  const { deployer, codeSizes, supply } = x;
  // DEX contracts are not whales: the pools of any venue, priced or not; V4's PoolManager (the one
  // contract that holds every V4 pool's tokens); and the position managers and routers of every venue
  // (which hold tokens only in passing).
  const v3c = network.contracts.uniswapV3;
  const pairSet = new Set<string>([
    ...x.pairRows.map((p) => p.pool),
    ...x.otherPools.map((p) => p.toLowerCase()),
    ...dexInfrastructure(network.contracts).map((a) => a.toLowerCase()),
  ]);
  const lockers = new Set(
    [...network.contracts.lpLockers, ...(v3c?.positionLockers ?? [])].map((l) => l.toLowerCase()),
  );
  const { rugged, deployers: ruggedDeployers } = await x.rugged;
  const lpProviders = await readLpProviders(
    db,
    rugged.map((r) => r.pair),
  );
  const rugHistoryOf = (wallet: string) => {
    let n = 0;
    for (const r of rugged) {
      if (r.token === t) continue;
      if (ruggedDeployers.get(r.token) === wallet || lpProviders.get(wallet)?.has(r.pair)) n++;
    }
    return n;
  };
  const firstSenders = deployer
    ? await readFirstSenders(
        db,
        t,
        x.topRows.map((r) => r.holder),
      )
    : new Map<string, string>();
  const top: Holder[] = x.topRows.map((r) => {
    const kind: HolderKind = pairSet.has(r.holder as Address)
      ? 'pair'
      : lockers.has(r.holder)
        ? 'locker'
        : (BURN_ADDRESSES as readonly string[]).includes(r.holder)
          ? 'burn'
          : r.holder === deployer
            ? 'deployer'
            : (codeSizes.get(r.holder) ?? 0) > 0
              ? 'contract'
              : 'eoa';
    return {
      address: r.holder as Address,
      balance: r.balance,
      percentage: supply > 0n ? Number((r.balance * 1_000_000n) / supply) / 10_000 : 0,
      kind,
      firstSeenAt: r.firstTs,
      lastActiveAt: r.lastActiveTs,
      rugHistory: rugHistoryOf(r.holder),
      fundedByDeployer: deployer !== null && firstSenders.get(r.holder) === deployer,
    };
  });
  return { top, pairSet, lockers, codeSizes, rugHistoryOf };
}

type Seller = { address: Address; role: string; boughtBlock: bigint | null; balance: bigint };

/**
 * The holders the simulations sell as: pool buyers of different ages (the oldest, median and
 * latest), then the largest holders, at most HOLDER_SELL_SAMPLE.
 */
function chooseHolderSellers(buyers: PoolBuyer[], holders: GatheredHolders): Seller[] {
  const { top, codeSizes, pairSet, lockers } = holders;
  const largest = top.filter((h) => h.kind === 'eoa' || h.kind === 'deployer');
  return [
    ...buyers
      // EOAs only (a contract's code would be replaced by the probe's), never DEX or locker contracts.
      .filter(
        (b) => (codeSizes.get(b.address) ?? 1) === 0 && !pairSet.has(b.address) && !lockers.has(b.address),
      )
      .map((b) => ({ address: b.address, role: b.role, boughtBlock: b.boughtBlock, balance: b.balance })),
    ...largest.map((h) => ({
      address: h.address,
      role: h.kind === 'deployer' ? 'deployer' : 'largest holder',
      boughtBlock: null,
      balance: h.balance,
    })),
  ]
    .filter((h, i, all) => all.findIndex((x) => x.address === h.address) === i)
    .slice(0, HOLDER_SELL_SAMPLE);
}

type QuotePricing = {
  /** USD per quote token (WETH at the ETH price, the USD token at 1); null when unknown. */
  quoteUsdOf: (s: PoolState) => number | null;
  decimalsOfQuote: (s: PoolState) => number;
  /** Quote base units worth DEFAULT_AMOUNT_USD (the report's default buy); null when unpriced. */
  buyAmountIn: (s: PoolState) => bigint | null;
};

function quotePricing(weth: string, ethUsd: number | null): QuotePricing {
  const quoteUsdOf = (s: PoolState) => (s.quote === weth ? ethUsd : 1);
  const decimalsOfQuote = (s: PoolState) => (s.quote === weth ? 18 : USD_DECIMALS);
  const buyAmountIn = (s: PoolState): bigint | null => {
    const quoteUsd = quoteUsdOf(s);
    if (quoteUsd === null || !(quoteUsd > 0)) return null;
    return BigInt(Math.floor((DEFAULT_AMOUNT_USD / quoteUsd) * 10 ** decimalsOfQuote(s)));
  };
  return { quoteUsdOf, decimalsOfQuote, buyAmountIn };
}

type Trading = Awaited<ReturnType<typeof simulateTrading>>;

/**
 * The simulations at once, with the second-round market reads (V3: exact depth within ±2% across
 * ticks and the default amount's buy quote), so that against a remote RPC they share round trips:
 * the trade simulation through the deepest pool the token trades in, on whichever venue it is
 * (single hop from WETH, or through WETH/USD when its pool quotes USD), with holders of different
 * ages selling through it; what the owner can do; whether it is a wrapped asset. Each is bounded by
 * the report's time budget; one not done in time says so (never a default that reads as "safe").
 */
async function runSimulations(
  deps: Deps,
  t: Address,
  x: {
    states: PoolState[];
    sim: ReturnType<typeof planTrading>;
    sellers: Seller[];
    basics: TokenBasics;
    capabilities: CapabilityReport;
    deployer: string | null;
    createdAtBlock: bigint | null;
    /** The transaction of the first mint (the deployment, for most tokens). */
    creationTx: string | null;
    buyAmountIn: (s: PoolState) => bigint | null;
  },
): Promise<{
  market: Map<string, MarketAnswer>;
  trade: Trading['trade'];
  holderSells: Trading['holderSells'];
  ownerPowers: OwnerPowerFacts;
  wrapping: Awaited<ReturnType<typeof probeWrapping>> | undefined;
  incomplete: string[];
}> {
  const client = deps.chain.public;
  const { sim, sellers, capabilities } = x;
  const incomplete: string[] = [];
  const budgetMs = deps.deadline?.budgetMs ?? 0;
  const [market, trading, ownerPowers, wrapping] = await Promise.all([
    inRpcStage('market', () => readMarkets(deps.venues, client, t, x.states, x.buyAmountIn)),
    sim
      ? byDeadline(
          deps.deadline,
          incomplete,
          'trade',
          inRpcStage('trade', () =>
            simulateTrading(client, {
              route: sim.route,
              buyWei: sim.buyWei,
              maxLadderWei: sim.buyWei * 100n,
              holders: sellers,
              block: x.basics.block,
            }),
          ),
          (): Trading => ({
            trade: { status: 'error', message: notInTime('The buy-and-sell simulation', budgetMs) },
            holderSells: null,
            requests: 0,
          }),
        )
      : { trade: { status: 'no_pool' } as const, holderSells: null, requests: 0 },
    byDeadline(
      deps.deadline,
      incomplete,
      'ownerPowers',
      inRpcStage('owner-powers', () =>
        simulateOwnerPowers(client, {
          token: t,
          code: capabilities.code,
          implementationCode: capabilities.implementationCode,
          owner: capabilities.owner,
          deployer: (x.deployer as Address | null) ?? null,
          // The owner-power probe trades through the same venue adapter and route as the trade simulation.
          pool: sim ? { route: sim.route, buyWei: sim.buyWei } : null,
          // Real pool buyers first (the oldest is the best victim), then the largest holders.
          holders: sellers.map((h) => ({ address: h.address, balance: h.balance })),
          totalSupply: x.basics.totalSupply ?? 0n,
          createdAtBlock: x.createdAtBlock,
          creationTx: (x.creationTx as `0x${string}` | null | undefined) ?? null,
        }),
      ),
      (): OwnerPowerFacts => ({ status: 'error', message: notInTime('What the owner can do', budgetMs) }),
    ),
    mayBeWrapper(capabilities.code)
      ? byDeadline(
          deps.deadline,
          incomplete,
          'wrapping',
          inRpcStage('wrapping', () => probeWrapping(client, t)),
          () => undefined,
        )
      : undefined,
  ]);
  return {
    market,
    trade: trading.trade,
    holderSells: trading.holderSells,
    ownerPowers,
    wrapping,
    incomplete,
  };
}

/** The second-round market reads into the pools' facts: depth within ±2% and the default buy's quote. */
function addMarketFigures(
  poolFacts: PoolFacts[],
  states: PoolState[],
  market: Map<string, MarketAnswer>,
  pricing: QuotePricing,
): void {
  for (const p of poolFacts) {
    const s = states.find((x) => x.pair === p.pair);
    const m = market.get(p.pair);
    if (!s || !m) continue;
    const quoteUsd = pricing.quoteUsdOf(s);
    const decimalsOfQuote = pricing.decimalsOfQuote(s);
    p.depthUsd2Pct =
      m.depthQuote2Pct === null || quoteUsd === null
        ? null
        : (Number(m.depthQuote2Pct) / 10 ** decimalsOfQuote) * quoteUsd;
    const amountIn = pricing.buyAmountIn(s);
    p.buyQuote =
      amountIn === null ? null : { amountUsd: DEFAULT_AMOUNT_USD, amountIn, amountOut: m.buyAmountOut };
  }
}

/**
 * What the index holds of the contract's history: ownership, upgrade and pause events (the
 * implementation's too, behind a proxy), mints after launch, and its deployer's other tokens and rugs.
 */
async function gatherContractHistory(
  deps: Deps,
  t: Address,
  x: {
    implementation: string | null;
    creationTx: string | null;
    deployer: string | null;
    rugHistoryOf: (wallet: string) => number;
  },
) {
  const { db } = deps;
  const contractAddrs = [t, ...(x.implementation ? [x.implementation.toLowerCase()] : [])];
  const events = await readContractEventCounts(db, contractAddrs);
  const mintsAfterLaunch = await readMintsAfterLaunch(db, t, x.creationTx);
  const deployerTokens = x.deployer ? await countTokensDeployedBy(db, x.deployer) : 0;
  const deployerRugs = x.deployer ? x.rugHistoryOf(x.deployer) : 0;
  return { events, mintsAfterLaunch, deployerTokens, deployerRugs };
}

/** Width of the buckets the 24 h price series is summarised in. */
const SERIES_BUCKET_SEC = 300;

/**
 * The 24 h price series (PoolFacts.priceSeries24h): the pool price at the window's start, the median
 * execution price of each 5-minute bucket of swaps, the pool price now. Pure.
 */
export function daySeries(
  swaps: readonly { ts: number; tokenAmount: bigint; quoteAmount: bigint }[],
  start: { at: number; price: number | null },
  end: { at: number; price: number | null },
  decimals: number,
  quoteDecimals: number,
): PricePoint[] {
  const buckets = new Map<number, number[]>();
  for (const s of swaps) {
    if (s.tokenAmount <= 0n || s.quoteAmount <= 0n) continue;
    const p = Number(s.quoteAmount) / 10 ** quoteDecimals / (Number(s.tokenAmount) / 10 ** decimals);
    if (!Number.isFinite(p) || p <= 0) continue;
    const b = Math.floor(s.ts / SERIES_BUCKET_SEC) * SERIES_BUCKET_SEC;
    const list = buckets.get(b) ?? [];
    list.push(p);
    buckets.set(b, list);
  }
  const median = (xs: number[]) => {
    const v = [...xs].sort((a, b) => a - b);
    const m = Math.floor(v.length / 2);
    return v.length % 2 ? (v[m] as number) : ((v[m - 1] as number) + (v[m] as number)) / 2;
  };
  const points: PricePoint[] = [...buckets.entries()]
    .sort((a, b) => a[0] - b[0])
    // A bucket's median stands at the bucket's middle, inside the window.
    .map(([b, ps]) => ({
      t: Math.min(end.at, Math.max(start.at, b + SERIES_BUCKET_SEC / 2)),
      p: median(ps),
    }));
  const ok = (p: number | null): p is number => p !== null && Number.isFinite(p) && p > 0;
  return [
    ...(ok(start.price) ? [{ t: start.at, p: start.price }] : []),
    ...points,
    ...(ok(end.price) ? [{ t: end.at, p: end.price }] : []),
  ];
}

async function poolDetails(
  deps: GatherDeps,
  token: string,
  pool: PoolState,
  x: {
    quoteDecimals: number;
    quoteUsd: number | null;
    priceUsd: number | null;
    priceEth: number | null;
    quoteValueUsd: number | null;
    now: number;
    /** null: the token does not answer decimals(), so nothing is priced per token. */
    decimals: number | null;
    pairRows: PoolRef[];
  },
): Promise<PoolFacts> {
  const { db, network } = deps;
  const tokenIs0 = pool.token0.toLowerCase() === token;
  const since = x.now - 7 * DAY;
  const swapRows = await readSwaps(db, pool.pair, token, tokenIs0, since);
  const liq = await readLiquidityEvents(db, pool.pair, tokenIs0);
  // V2 pairs and Aerodrome classic pools log Sync; concentrated-liquidity pools (V3, Slipstream)
  // do not, so their history comes from the transfers in and out.
  // A V4 pool has neither: its history is the sum of its liquidity changes and swaps.
  const history =
    pool.venue === 'uniswap-v2' || pool.venue === 'aerodrome'
      ? await readReserveHistory(db, pool.pair, !tokenIs0, x.now - DAY)
      : pool.venue === 'uniswap-v4'
        ? await readV4ReserveHistory(db, pool.pair, !tokenIs0, x.now - DAY)
        : await readBalanceHistory(db, pool.pair, pool.quote, token, x.now - DAY);
  const toQuoteUsd = (q: bigint) =>
    x.quoteUsd !== null ? (Number(q) / 10 ** x.quoteDecimals) * x.quoteUsd : null;
  const ethPerQuote = pool.quote === network.contracts.weth.toLowerCase() ? 1 : null;

  const recent: SwapFact[] = swapRows.map((s) => ({
    txHash: s.txHash as `0x${string}`,
    blockNumber: s.blockNumber,
    timestamp: s.ts,
    trader: s.trader as Address,
    side: s.side,
    tokenAmount: s.tokenAmount,
    ethAmount: ethPerQuote ? s.quoteAmount : 0n,
    usdValue: toQuoteUsd(s.quoteAmount),
  }));
  const day = recent.filter((s) => s.timestamp >= x.now - DAY);
  const volume24hUsd = x.quoteUsd === null ? null : day.reduce((sum, s) => sum + (s.usdValue ?? 0), 0);

  // Pool share removed by each liquidity removal, against the quote reserve just before it.
  const liquidityEvents: LiquidityEventFact[] = liq.map((l) => ({
    kind: l.kind,
    txHash: l.txHash as `0x${string}`,
    timestamp: l.ts,
    provider: (l.provider as Address | null) ?? null,
    quoteAmount: l.quoteAmount,
    shareOfPool: null,
  }));
  // Walk from newest to oldest reconstructing the reserve before each event.
  let reserveAfter = pool.quoteReserve;
  for (const e of liquidityEvents) {
    if (e.kind === 'remove') {
      const before = reserveAfter + e.quoteAmount;
      e.shareOfPool = before > 0n ? Number((e.quoteAmount * 10_000n) / before) / 10_000 : null;
      reserveAfter = before;
    } else {
      reserveAfter = reserveAfter > e.quoteAmount ? reserveAfter - e.quoteAmount : 0n;
    }
  }

  const dec = x.decimals;
  const priceDayAgo =
    dec !== null && history.quoteDayAgo !== null && history.tokenDayAgo && history.tokenDayAgo > 0n
      ? Number(history.quoteDayAgo) / 10 ** x.quoteDecimals / (Number(history.tokenDayAgo) / 10 ** dec)
      : null;
  const priceNowQuote = dec === null ? null : priceInQuote(pool, dec, x.quoteDecimals);
  const lpSupply = pool.lpTotalSupply;
  const creator = liquidityEvents.length ? liquidityEvents[liquidityEvents.length - 1]?.provider : null;
  const creatorLp =
    pool.lpDeployer !== null
      ? pool.lpDeployer
      : creator
        ? ((await readLpHolders(db, pool.pair)).find((h) => h.holder === creator)?.balance ?? 0n)
        : 0n;
  const share = (n: bigint) => (lpSupply > 0n ? Number((n * 1_000_000n) / lpSupply) / 1_000_000 : 0);

  const tokenValueUsd =
    x.priceUsd !== null && dec !== null ? (Number(pool.tokenReserve) / 10 ** dec) * x.priceUsd : null;
  // The pool's own 30-minute average against its current price (manipulation check, V3).
  const twapQuote =
    pool.twap && 'ratio' in pool.twap && dec !== null
      ? pool.twap.ratio * 10 ** (dec - x.quoteDecimals)
      : null;
  const twapPriceUsd = twapQuote !== null && x.quoteUsd !== null ? twapQuote * x.quoteUsd : null;
  const twapDeviationPct =
    twapQuote !== null && twapQuote > 0 && priceNowQuote !== null
      ? Math.round((priceNowQuote / twapQuote - 1) * 10_000) / 100
      : null;
  const minutes = PRICE_MANIPULATION.twapWindowSec / 60;
  return {
    pair: pool.pair,
    venue: pool.venue,
    venueLabel: deps.venues?.get(pool.venue)?.label ?? pool.venue,
    feeTier: pool.fee,
    ...(pool.v4 && pool.v4.key.hooks !== NATIVE_CURRENCY
      ? { hook: { address: pool.v4.key.hooks, permissions: pool.v4.hookPermissions } }
      : {}),
    quoteToken: pool.quote,
    quoteSymbol: pool.quote === network.contracts.weth.toLowerCase() ? 'WETH' : 'USD',
    tokenReserve: pool.tokenReserve,
    quoteReserve: pool.quoteReserve,
    // Both sides at the pool's own price: for a V2 pair exactly twice the quote side. A V3 pool's
    // token side at its own price is not a fact a seller can rely on: a dust position placed at an
    // absurd price inside its own range makes it anything the deployer likes. What sellers can take
    // out is the quote side, so V3 is valued as twice that, the same identity V2 obeys. Unpriced
    // (no liquidity at the current price) stays unknown.
    // Without the token's decimals the token side has no per-token price, but at the pool's own
    // price it is still worth the quote side (the V2 identity), so the pool keeps a value.
    poolValueUsd:
      x.quoteValueUsd === null || (tokenValueUsd === null && dec !== null)
        ? null
        : pool.venue === 'uniswap-v3' ||
            pool.venue === 'uniswap-v4' ||
            pool.venue === 'aerodrome-slipstream' ||
            tokenValueUsd === null
          ? 2 * x.quoteValueUsd
          : x.quoteValueUsd + tokenValueUsd,
    priceNote:
      dec === null
        ? 'The token does not answer decimals(), so its price per token (and market cap) is unknown.'
        : null,
    depthUsd2Pct: pool.depthQuote2Pct === null ? null : toQuoteUsd(pool.depthQuote2Pct),
    priceUsd: x.priceUsd,
    priceEth: x.priceEth,
    twapPriceUsd,
    twapDeviationPct,
    twapNote:
      pool.twap && 'unavailable' in pool.twap
        ? `TWAP unavailable: ${pool.twap.unavailable}; the ${minutes}-minute average price could not be checked.`
        : null,
    buyQuote: null,
    lpTotalSupply: lpSupply,
    lpBurnedShare: share(pool.lpBurned),
    lpLockedShare: share(pool.lpLocked),
    lockUnlockTime: pool.lockUnlockTime,
    lpCreatorShare: share(creatorLp),
    createdAt: x.pairRows.find((p) => p.pool === pool.pair)?.createdTs || null,
    peakQuoteReserve: history.peakQuote > pool.quoteReserve ? history.peakQuote : pool.quoteReserve,
    volume24hUsd,
    swaps24h: {
      buys: day.filter((s) => s.side === 'buy').length,
      sells: day.filter((s) => s.side === 'sell').length,
    },
    priceChange24hPct:
      priceDayAgo && priceNowQuote !== null ? ((priceNowQuote - priceDayAgo) / priceDayAgo) * 100 : null,
    // Without the token's decimals there is no per-token price, so no series (unknown, not a guess).
    priceSeries24h:
      x.decimals === null
        ? []
        : daySeries(
            swapRows.filter((s) => s.ts >= x.now - DAY),
            { at: x.now - DAY, price: priceDayAgo },
            { at: x.now, price: priceNowQuote },
            x.decimals,
            x.quoteDecimals,
          ),
    recentSwaps: recent.slice(0, 200),
    liquidityEvents,
  };
}

/**
 * The venues' second-round reads for every pool that has one (V3), one call per venue, by pool
 * address. A failure leaves the first-round figures (depth unknown) rather than failing the report.
 */
async function readMarkets(
  venues: VenueRegistry,
  client: PublicClient,
  token: Address,
  states: PoolState[],
  buyAmountIn: (s: PoolState) => bigint | null,
): Promise<Map<string, MarketAnswer>> {
  const out = new Map<string, MarketAnswer>();
  await Promise.all(
    venues.venues.map(async (v) => {
      const mine = states.filter((s) => s.venue === v.id);
      if (!v.readMarket || mine.length === 0) return;
      const answers = await v
        .readMarket(
          client,
          token,
          mine.map((pool) => ({ pool, buyAmountIn: buyAmountIn(pool) })),
        )
        .catch(() => null);
      mine.forEach((s, i) => {
        const a = answers?.[i];
        if (a) out.set(s.pair, a);
      });
    }),
  );
  return out;
}
