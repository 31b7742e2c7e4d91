/**
 * The liquidity ledger's facts (issue 35): every position of the token's pools with its holder, and
 * what each holder contract's own calls can do to it (holder-sim.ts), with the creator's side — the
 * deployer, the token's owner and the wallets they funded. Runs beside the simulations, so its two
 * rounds share their batches. Judged in analysis/liquidity-ledger.ts.
 */
import { type Address, encodeFunctionData, type Hex, parseAbi } from 'viem';
import { isBurnAddress } from '../../../shared/vocabulary';
import type { PoolState } from '../../venues/venue';
import type { Deps } from '../gather-deps';
import { readCodeSizes } from '../holders/code-sizes';
import type { QuotePricing } from '../pools/market';
import type { HolderSimulation, LedgerPositionFact, PoolLiquidityFacts } from '../types';
import { type HolderTarget, type Measure, revealHolders, simulateHolders } from './holder-sim';
import { readDepositors, readFeeCollectors, readFundedBy } from './index-reads';
import { type ListedPositions, listPositions } from './positions';

export type { PoolLiquidityFacts } from '../types';

/** Pools whose positions are listed (the most valuable first), and holder contracts simulated. */
const MAX_POOLS = 3;
const MAX_HOLDER_CONTRACTS = 6;
/** Holders whose code is checked, by share. */
const MAX_CODE_CHECKS = 60;
/** The largest holders whose code and getters are read beside: the contracts among them are simulated. */
const MAX_REVEALED = 12;

const measureAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
  'function positions(uint256) view returns (uint96,address,address,address,uint24,int24,int24,uint128,uint256,uint256,uint128,uint128)',
  'function getPositionLiquidity(uint256) view returns (uint128)',
  'function getLiquidity(bytes32) view returns (uint128)',
]);
const enc = (functionName: string, args: unknown[]) =>
  encodeFunctionData({ abi: measureAbi, functionName, args } as never) as Hex;

type Listed = { pool: PoolState; listed: ListedPositions };

/** The measures that tell position `i` left `holder`. */
function measuresOf(deps: Deps, { pool, listed }: Listed, i: number): Measure[] {
  const p = listed.raw[i];
  if (!p) return [];
  if (p.manager && p.id !== null)
    return [
      { target: p.manager, data: enc('ownerOf', [p.id]), word: 0n, kind: 'owner', position: i },
      pool.v4
        ? {
            target: p.manager,
            data: enc('getPositionLiquidity', [p.id]),
            word: 0n,
            kind: 'amount',
            position: i,
          }
        : { target: p.manager, data: enc('positions', [p.id]), word: 7n, kind: 'amount', position: i },
    ];
  if (pool.v4) {
    const sv = deps.network.contracts.uniswapV4?.stateView as Address | undefined;
    return sv
      ? [{ target: sv, data: enc('getLiquidity', [pool.v4.poolId]), word: 0n, kind: 'amount', position: i }]
      : [];
  }
  return [{ target: pool.pair, data: enc('balanceOf', [p.holder]), word: 0n, kind: 'amount', position: i }];
}

export async function gatherLiquidity(
  deps: Deps,
  t: Address,
  x: {
    states: PoolState[];
    pairs: Address[];
    deployer: Address | null;
    owner: Address | null;
    now: number;
    decimals: number | null;
    /** The report's one reading of each quote's decimals and worth (pools/market.ts). */
    pricing: QuotePricing;
  },
): Promise<Map<string, PoolLiquidityFacts>> {
  const out = new Map<string, PoolLiquidityFacts>();
  const states = x.pairs
    .map((pair) => x.states.find((s) => s.pair === pair))
    .filter((s): s is PoolState => !!s)
    .slice(0, MAX_POOLS);
  const pools: Listed[] = await Promise.all(
    states.map(async (pool) => ({
      pool,
      listed: await listPositions(
        deps.db,
        t,
        pool,
        deps.network.contracts.uniswapV4?.positionManager ?? null,
      ),
    })),
  );

  // Which holders are contracts: the largest by share across the pools, one call.
  const byShare = pools
    .flatMap(({ listed }) => listed.raw.map((p, i) => ({ holder: p.holder, s: listed.activeShare[i] ?? 0 })))
    .sort((a, b) => b.s - a.s);
  const toCheck = [...new Set(byShare.map((h) => h.holder).filter((h) => !isBurnAddress(h)))].slice(
    0,
    MAX_CODE_CHECKS,
  );
  // The largest holders' code, proxy slots and getters are read together with every listed
  // holder's code size (one round, then the getters'), not one after the other.
  // Where the NFTs' fees were last collected to, from the index beside them.
  const nftIds = pools.flatMap(({ listed }) =>
    listed.raw.flatMap((p) =>
      p.manager && p.id !== null ? [{ manager: p.manager, id: p.id.toString() }] : [],
    ),
  );
  const [codeSizes, revealed, feeCollectors] = await Promise.all([
    readCodeSizes(deps.chain.public, toCheck),
    revealHolders(deps.chain.public, toCheck.slice(0, MAX_REVEALED), x.now),
    readFeeCollectors(deps.db, nftIds),
  ]);

  const creators = [
    ...(x.deployer ? [{ address: x.deployer, role: 'the token deployer' }] : []),
    ...(x.owner && !isBurnAddress(x.owner) ? [{ address: x.owner, role: "the token's owner()" }] : []),
  ].map((c) => ({ ...c, address: c.address.toLowerCase() as Address }));

  // One simulation per (holder contract, pool), the largest first.
  const targets: (HolderTarget & { pool: string })[] = [];
  for (const l of pools) {
    const holders = new Map<string, number[]>();
    l.listed.raw.forEach((p, i) => {
      if ((codeSizes.get(p.holder) ?? 0) === 0) return;
      holders.set(p.holder, [...(holders.get(p.holder) ?? []), i]);
    });
    const nfts = l.listed.raw.filter((p) => p.manager && p.id !== null);
    const depositors = await readDepositors(
      deps.db,
      l.pool.pair,
      [...holders.keys()],
      nfts.map((p) => ({ manager: String(p.manager), id: String(p.id) })),
    );
    for (const [holder, idx] of holders) {
      const first = l.listed.raw[idx[0] as number];
      targets.push({
        pool: l.pool.pair,
        holder: holder as Address,
        measures: idx.flatMap((i) => measuresOf(deps, l, i)),
        victim: (first?.manager ??
          (l.pool.v4 ? deps.network.contracts.uniswapV4?.poolManager : l.pool.pair) ??
          l.pool.pair) as Address,
        victimAmount: first?.id ?? first?.liquidity ?? 0n,
        supply: l.pool.lpTotalSupply,
        depositors: depositors.get(holder) ?? [],
        statedUnlock: l.pool.lockUnlockTime,
      });
    }
  }
  targets.sort((a, b) => weight(pools, b) - weight(pools, a));
  const simulated = await simulateHolders(
    deps.chain.public,
    targets.slice(0, MAX_HOLDER_CONTRACTS),
    revealed,
    {
      now: x.now,
      creators,
    },
  );
  for (const t of targets.slice(MAX_HOLDER_CONTRACTS))
    simulated.set(t.holder, {
      status: 'skipped',
      holder: t.holder,
      reason: `only the ${MAX_HOLDER_CONTRACTS} largest holder contracts are simulated in one report`,
    });

  // The creator's side: the deployer and owner, and every withdrawer candidate they funded.
  const candidates = new Set<string>();
  for (const l of pools) for (const p of l.listed.raw) candidates.add(p.holder);
  for (const s of simulated.values())
    if (s.status === 'simulated') for (const c of s.callers) candidates.add(c.address);
  const funded = await readFundedBy(
    deps.db,
    t,
    creators.map((c) => c.address),
    [...candidates],
  );
  const creatorLinks: Record<string, string> = {};
  for (const c of creators) creatorLinks[c.address] = c.role;
  for (const [w, from] of funded)
    creatorLinks[w] ??= `funded by ${creators.find((c) => c.address === from)?.role ?? from}`;

  const lockers = knownLockers(deps);
  for (const l of pools) {
    const f = poolFacts(l, { codeSizes, feeCollectors }, simulated, creatorLinks, lockers);
    const quoteDecimals = x.pricing.decimalsOfQuote(l.pool);
    const quoteUsd = x.pricing.quoteUsdOf(l.pool);
    f.quoteDecimals = quoteDecimals ?? 0;
    f.quoteUsdPerRaw = quoteUsd !== null && quoteDecimals !== null ? quoteUsd / 10 ** quoteDecimals : null;
    f.tokenDecimals = x.decimals;
    out.set(l.pool.pair, f);
  }
  return out;
}

/** What a pool's ledger says when gathering it failed: nothing listed, and why. */
export function failedLedger(e: unknown): PoolLiquidityFacts {
  const why = e instanceof Error ? e.message.split('\n')[0]?.slice(0, 160) : String(e);
  return {
    positions: [],
    holders: {},
    creatorSide: [],
    creatorLinks: {},
    unlistedShare: 1,
    unlistedActiveShare: 1,
    complete: false,
    note: `Who holds the liquidity could not be read (${why}).`,
    labels: {},
    quoteUsdPerRaw: null,
    tokenUsdPerRaw: null,
    tokenDecimals: null,
    quoteDecimals: 18,
  };
}

const weight = (pools: Listed[], t: { pool: string; measures: Measure[] }) => {
  const l = pools.find((p) => p.pool.pair === t.pool);
  return t.measures.reduce((s, m) => s + (l?.listed.activeShare[m.position] ?? 0), 0);
};

function poolFacts(
  { listed }: Listed,
  read: { codeSizes: Map<string, number>; feeCollectors: Map<string, Address> },
  simulated: Map<string, HolderSimulation>,
  creatorLinks: Record<string, string>,
  lockers: Set<string>,
): PoolLiquidityFacts {
  const positions: LedgerPositionFact[] = listed.raw.map((p, i) => ({
    holder: p.holder,
    holderIsContract: (read.codeSizes.get(p.holder) ?? 0) > 0,
    manager: p.manager,
    positionId: p.id === null ? null : p.id.toString(),
    share: listed.share[i] ?? 0,
    activeShare: listed.activeShare[i] ?? 0,
    tokenRaw: listed.tokenRaw[i] ?? null,
    quoteRaw: listed.quoteRaw[i] ?? null,
    feeCollector:
      p.manager && p.id !== null
        ? (read.feeCollectors.get(`${p.manager.toLowerCase()}:${p.id}`) ?? null)
        : null,
  }));
  const holders: Record<string, HolderSimulation> = {};
  for (const p of positions) {
    const s = simulated.get(p.holder);
    if (s) holders[p.holder] = s;
  }
  const labels: Record<string, string> = {};
  for (const p of positions) {
    if (isBurnAddress(p.holder)) labels[p.holder] = 'burn address';
    else if (lockers.has(p.holder)) labels[p.holder] = 'FLAB Hub-listed locker';
  }
  return {
    positions,
    holders,
    creatorSide: Object.keys(creatorLinks) as Address[],
    creatorLinks,
    unlistedShare: listed.unlistedShare,
    unlistedActiveShare: listed.unlistedActiveShare,
    complete: listed.unlistedActiveShare <= 0.001 && positions.length > 0,
    note: listed.note,
    labels,
    // Priced by the analysis from the pool's facts (quote price, token sell value).
    quoteUsdPerRaw: null,
    tokenUsdPerRaw: null,
    tokenDecimals: null,
    quoteDecimals: 18,
  };
}

/** The lockers this network lists (LP, V3 positions, Aerodrome), lowercase. */
function knownLockers(deps: Deps): Set<string> {
  const c = deps.network.contracts;
  return new Set(
    [
      ...c.lpLockers,
      ...(c.uniswapV3?.positionLockers ?? []),
      ...(c.aerodrome?.lpLockers ?? []),
      ...(c.aerodrome?.positionLockers ?? []),
    ].map((a) => a.toLowerCase()),
  );
}
