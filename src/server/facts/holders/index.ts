/**
 * The token's holders: the top holders from the index with their kinds (pool, locker, burn,
 * deployer, contract, wallet), ages, insiders and rug history, the pool buyers, and from both the
 * holders the simulations sell as.
 */
import type { Address } from 'viem';
import { inRpcStage } from '../../chain/rpc-stage';
import { BURN_ADDRESSES, type PoolRef } from '../../venues/venue';
import type { Deps } from '../gather-deps';
import type { Round } from '../round';
import type { Holder, HolderKind } from '../types';
import { readCodeSizes } from './code-sizes';
import { ensureDeployers } from './deployers';
import {
  type HolderRow,
  type RuggedPool,
  readFirstSenders,
  readLpProviders,
  readRuggedPools,
  readTopHolders,
} from './index-reads';
import { type PoolBuyer, readPoolBuyers } from './pool-buyers';

const TOP_HOLDERS = 50;
const HOLDER_SELL_SAMPLE = 10;

export type TopHolderReads = { rows: HolderRow[]; buyers: PoolBuyer[]; codeSizes: Map<string, number> };

/**
 * The top holders and the pool buyers, and which of them are contracts, started now: asked with the
 * other independent reads (same round trips). Pool buyers of different ages are the holders the
 * trade simulation sells as. Nothing when the index does not hold the token's whole history.
 */
export function startTopHolderReads(
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
export function startRuggedDeployerReads(
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

export type GatheredHolders = {
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

export async function gatherHolders(
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

export type Seller = { address: Address; role: string; boughtBlock: bigint | null; balance: bigint };

/**
 * The holders the simulations sell as: pool buyers of different ages (the oldest, median and
 * latest), then the largest holders, at most HOLDER_SELL_SAMPLE.
 */
export function chooseHolderSellers(buyers: PoolBuyer[], holders: GatheredHolders): Seller[] {
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
