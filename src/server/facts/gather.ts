/**
 * Gathers every fact one token report needs: chain reads (Multicall3-batched), our index, the
 * trade simulation and the verification registry. I/O only — judging is the analysers' job.
 * Each part lives in its folder (README.md); this module orders them so that independent reads
 * share JSON-RPC round trips.
 */
import type { Address } from 'viem';
import { isBurnAddress } from '../../shared/vocabulary';
import { inRpcStage } from '../chain/rpc-stage';
import { createVenueRegistry } from '../venues/registry';
import type { PoolState } from '../venues/venue';
import { byDeadline, notInTime } from './budget';
import { detectCapabilities } from './capabilities';
import type { Deps, GatherDeps } from './gather-deps';
import {
  chooseHolderSellers,
  type GatheredHolders,
  gatherHolders,
  startRuggedDeployerReads,
  startTopHolderReads,
} from './holders';
import { gatherContractHistory } from './holders/contract-history';
import { readHolderCount, readLpHolders } from './holders/index-reads';
import { readPoolHook } from './hooks';
import { findImpersonation } from './impersonation';
import { failedLedger, gatherLiquidity, type PoolLiquidityFacts } from './liquidity';
import { gatherTradingPatterns } from './patterns';
import { gatherLineage } from './patterns/lineage';
import { gatherBasicsAndPools, startPoolStateReads } from './pools';
import { readEthUsd } from './pools/eth-usd';
import { addMarketFigures, quotePricing } from './pools/market';
import { priceThePools } from './pools/pool-details';
import { hopStateOf, priceQuotes } from './pools/quote-paths';
import { computeRugFeatures } from './pools/rug-features';
import { createRound } from './round';
import { runSimulations } from './simulations';
import { planTrading } from './trade-simulation/trade-plan';
import type { PoolFacts, TokenReportFacts, TradingPatternFacts } from './types';
import { lookupVerification } from './verification';

export type { GatherDeps } from './gather-deps';

/**
 * Every fact of one token report, in stages named for what each gathers. Independent reads start
 * together so that, against a remote RPC, they share round trips: the stages only name the steps,
 * the order in which requests leave is the one each comment states.
 */
export async function gatherTokenFacts(depsIn: GatherDeps, token: Address): Promise<TokenReportFacts> {
  const venues = depsIn.venues ?? createVenueRegistry(depsIn.network);
  const deps: Deps = { ...depsIn, venues };
  const { network } = deps;
  const now = deps.now();
  const t = token.toLowerCase() as Address;
  const weth = network.contracts.weth.toLowerCase();

  const first = await gatherFirstRounds(deps, t);
  const { basics, pairRows, states, ethUsd, capabilities, creation } = first;
  // Unknown decimals stay unknown: no price, token-side value or market cap is made up from a guess.
  const poolFacts = await priceThePools(deps, t, states, {
    ethUsd,
    decimals: basics.decimals,
    now,
    pairRows,
    quotePrices: first.quotePrices,
  });
  const mainPool = poolFacts[0] ?? null;

  const deployer = creation?.deployer ?? null;
  const supply = basics.totalSupply ?? 0n;
  const holders = await inRpcStage('holders', () =>
    gatherHolders(deps, t, {
      topRows: first.topRows,
      codeSizes: first.codeSizes,
      pairRows,
      otherPools: [...first.unreadPools, ...first.unpricedPools],
      deployer,
      supply,
      rugged: first.rugged,
    }),
  );

  const ethUsdPools = await first.ethUsdPools.catch(() => ({ price: null, pools: [] as PoolState[] }));
  const pricing = quotePricing(weth, ethUsd, first.quotePrices);
  const sim = planTrading(t, weth as Address, poolFacts, states, ethUsdPools.pools, ethUsd, venues, {
    hopState: (pool) => hopStateOf(first.hopRead, pool),
    quotePrices: first.quotePrices,
    // A path-priced pool the probe cannot trade says so (its trade is not pretended through another).
    skipped: (pair, why) => {
      const p = poolFacts.find((f) => f.pair === pair);
      if (p) p.routeNote = `Not traded in the simulation: ${why}.`;
    },
  });
  const sellers = chooseHolderSellers(first.buyers, holders);
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
  // Who can pull each pool's liquidity (the position ledger), beside the simulations too.
  const ledgerP = inRpcStage('liquidity', () =>
    gatherLiquidity(deps, t, {
      states,
      pairs: poolFacts.map((p) => p.pair),
      deployer: deployer as Address | null,
      owner: basics.owner as Address | null,
      now: Number(basics.block?.timestamp ?? BigInt(now)),
      decimals: basics.decimals,
      pricing,
    }),
  ).catch((e: unknown) => e);
  // Snipers, bundles and wash volume from the index (and the first blocks' ETH funding), beside too.
  const patternsP = gatherTradingPatterns(deps, t, {
    pool: mainPool,
    deployer: deployer as Address | null,
    totalSupply: basics.totalSupply,
    decimals: basics.decimals,
  }).catch((e: unknown): TradingPatternFacts => ({ status: 'error', message: patternError(e) }));
  // The deployer's and funder's earlier tokens and the code twins (index, one getCode), beside too.
  const lineageP = gatherLineage(deps, t, {
    deployer,
    createdBlock: creation?.createdBlock ?? null,
    rugged: first.rugged,
  }).catch((e: unknown) => ({ status: 'error' as const, message: patternError(e) }));
  const simulated = await runSimulations(deps, t, {
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
  addMarketFigures(poolFacts, states, simulated.market, pricing);
  const hook = await hookP;
  // Under the report's budget like the simulations: a ledger not done in time says so (unknown,
  // never an empty "nothing withdrawable") and the facts are not cached.
  attachLedgers(
    poolFacts,
    await byDeadline(
      deps.deadline,
      simulated.incomplete,
      'liquidity',
      ledgerP,
      () => new Error(notInTime('Who can pull the liquidity', deps.deadline?.budgetMs ?? 0)),
    ),
  );

  // Under the budget too: not read in time is "could not be checked", never an empty history.
  const tradingPatterns = await byDeadline(
    deps.deadline,
    simulated.incomplete,
    'patterns',
    patternsP,
    () => ({
      status: 'error' as const,
      message: notInTime('The trading patterns', deps.deadline?.budgetMs ?? 0),
    }),
  );

  const lineage = await byDeadline(deps.deadline, simulated.incomplete, 'lineage', lineageP, () => ({
    status: 'error' as const,
    message: notInTime('The earlier tokens and code twins', deps.deadline?.budgetMs ?? 0),
  }));

  const history = await gatherContractHistory(deps, t, {
    implementation: capabilities.proxy?.implementation ?? null,
    creationTx: creation?.txHash ?? null,
    deployer,
    rugHistoryOf: holders.rugHistoryOf,
  });

  const facts = tokenReportFacts(deps, t, { now, first, poolFacts, holders, simulated, hook, history });
  facts.tradingPatterns = tradingPatterns;
  facts.lineage = lineage;
  facts.rugFeatures = mainPool
    ? await computeRugFeatures(deps.db, {
        facts,
        pool: mainPool,
        lpHolders: await readLpHolders(deps.db, mainPool.pair),
      })
    : {};
  return facts;
}

/** A failed patterns read in words (the index's error, without the query it ran). */
function patternError(e: unknown): string {
  return `The index could not be read for the trading patterns (${e instanceof Error ? e.name : 'error'}).`;
}

/** Each pool's ledger facts; a failed gather is said on every pool (never an empty ledger). */
function attachLedgers(pools: PoolFacts[], got: Map<string, PoolLiquidityFacts> | unknown): void {
  for (const p of pools.slice(0, 3)) {
    const l = got instanceof Map ? (got.get(p.pair) as PoolLiquidityFacts | undefined) : failedLedger(got);
    if (l) p.liquidity = l;
  }
}

type FirstRounds = Awaited<ReturnType<typeof gatherFirstRounds>>;

/**
 * The first two rounds: the token's basics and pools, then everything that needs only those and
 * the index — the ETH price, the token's capabilities, its creation transaction, which holders are
 * contracts, the pools' state, the deployers of rugged tokens — in one JSON-RPC batch once the
 * database reads behind them are done, instead of each in a round trip of its own as its own reads
 * finish.
 */
async function gatherFirstRounds(deps: Deps, t: Address) {
  const { network, venues } = deps;
  // The capability checks first: they scan the bytecode before their first request (round.ts).
  const round2 = createRound(['capabilities', 'eth-usd', 'creation', 'holder-code', 'pool-state', 'rugged']);
  // The WETH/USD pool is looked up first, alongside everything else (it does not depend on the token).
  const ethUsdPools = inRpcStage('eth-usd', () =>
    readEthUsd(deps.db, deps.chain.public, venues, network, () => round2.arrive('eth-usd')),
  );
  // A failed read must not hold the round: the others leave without it.
  ethUsdPools.catch(() => round2.arrive('eth-usd'));
  ethUsdPools.catch(() => {});
  const ethUsdP = ethUsdPools.then((x) => x.price);
  ethUsdP.catch(() => {});
  const pools = await inRpcStage('basics', () => gatherBasicsAndPools(deps, t));
  const { basics, pairRows } = pools;
  // On Base the index covers only what it has followed; until a token's history is read to the
  // head its holder list is partial, which must read as "unknown", not as a short list or zero.
  const holdersKnown = network.mode === 'local' || (deps.holdersComplete?.(t) ?? false);

  const topWithCode = startTopHolderReads(deps, t, pairRows, holdersKnown, round2);
  const { creationP, statesP, hopsP } = startPoolStateReads(
    deps,
    t,
    pairRows,
    pools.hops,
    pools.prepared,
    round2,
  );
  const rugged = startRuggedDeployerReads(deps, round2);
  const [ethUsd, capabilities, verification, holderCount, { rows: topRows, buyers, codeSizes }, creation] =
    await Promise.all([
      ethUsdP,
      inRpcStage('capabilities', () =>
        round2
          .arrive('capabilities')
          .then(() =>
            detectCapabilities(deps.chain.public, { address: t, code: basics.code, owner: basics.owner }),
          ),
      ),
      inRpcStage('verification', () => lookupVerification(deps, t)),
      readHolderCount(deps.db, t),
      topWithCode,
      creationP,
    ]);
  const states = await statesP;
  // A failed read of the quotes' pools leaves those quotes unpriced (the reason said), not the report.
  const hopRead = await hopsP.catch(() => ({
    states: [],
    tokens: new Map(),
    unread: new Set(pools.hops.map((h) => h.base)),
  }));
  const quotes = [...new Set(states.map((s) => s.quote))].filter(
    (q) => q !== network.contracts.weth.toLowerCase() && q !== network.contracts.usd.toLowerCase(),
  );
  const quotePrices = priceQuotes(t, quotes, hopRead, {
    weth: network.contracts.weth.toLowerCase(),
    usd: network.contracts.usd.toLowerCase(),
    ethUsd,
  });
  return {
    ...pools,
    holdersKnown,
    ethUsd,
    ethUsdPools,
    capabilities,
    verification,
    holderCount,
    topRows,
    buyers,
    codeSizes,
    creation,
    states,
    hopRead,
    quotePrices,
    rugged,
  };
}

/** The report's facts from what the parts gathered (rugFeatures are computed from it afterwards). */
function tokenReportFacts(
  deps: Deps,
  t: Address,
  x: {
    now: number;
    first: FirstRounds;
    poolFacts: PoolFacts[];
    holders: GatheredHolders;
    simulated: Awaited<ReturnType<typeof runSimulations>>;
    hook: Awaited<ReturnType<typeof readPoolHook>>;
    history: Awaited<ReturnType<typeof gatherContractHistory>>;
  },
): TokenReportFacts {
  const { basics, capabilities, creation, unreadPools, unpricedPools } = x.first;
  const { history, simulated, hook } = x;
  const { incomplete, wrapping } = simulated;
  const deployer = creation?.deployer ?? null;
  return {
    now: x.now,
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
      verification: x.first.verification,
      capabilities: capabilities.capabilities,
      proxy: capabilities.proxy
        ? {
            ...capabilities.proxy,
            upgradeCount: history.events.upgrades,
            lastUpgradeAt: history.events.lastUpgradeAt,
          }
        : null,
    },
    pools: x.poolFacts,
    mainPool: x.poolFacts[0] ?? null,
    unreadPools,
    ...(unpricedPools.length > 0 ? { unpricedPools } : {}),
    holders: {
      holderCount: x.first.holdersKnown ? x.first.holderCount : Number.NaN,
      top: x.holders.top,
      totalSupply: basics.totalSupply ?? 0n,
    },
    trade: simulated.trade,
    holderSells: simulated.holderSells,
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
    ownerPowers: simulated.ownerPowers,
    rugFeatures: {},
    ...(hook ? { hook } : {}),
    ...(wrapping ? { wrapping } : {}),
    isUsdReference: t === deps.network.contracts.usd.toLowerCase(),
    impersonates: findImpersonation({ address: t, name: basics.name, symbol: basics.symbol }, deps.network),
    ...(incomplete.length > 0 ? { incomplete } : {}),
  };
}
