/**
 * The trading patterns' facts (issue 39): the main pool's swaps in its first blocks and over the last
 * 24 h with their real traders, the buyers' balances now and their sells, what was sent to them
 * before they traded (tokens from the index; ETH from the chain's blocks just before the first
 * blocks' buys — the index holds no native transfers), and the pool's liquidity providers. Judged in
 * analysis/trading-patterns.ts. An index that has not reached the head reads "indexing", never an
 * empty history.
 */
import type { Address } from 'viem';
import { PATTERNS } from '../../../shared/vocabulary';
import type { Deps } from '../gather-deps';
import {
  readLiquidityEvents,
  readLpHolders,
  readSwaps,
  readSwapsInBlocks,
  type SwapRow,
} from '../holders/index-reads';
import type { PatternFunding, PatternSwap, PoolFacts, TradingPatternFacts } from '../types';
import {
  readHoldingsAndSells,
  readLaunchBlock,
  readPoolSide,
  readTokenFundings,
  readTokenPools,
} from './index-reads';

export type PatternInput = {
  pool: PoolFacts | null;
  deployer: Address | null;
  totalSupply: bigint | null;
  decimals: number | null;
};

const ZERO = '0x0000000000000000000000000000000000000000';
/** The day's traders whose funding is read (the busiest pools: the first this many, by volume). */
const MAX_DAY_WALLETS = 200;

const lower = (a: string) => a.toLowerCase() as Address;

/** Every address string in the network's contract list (routers, factories, managers, lockers). */
function networkAddresses(v: unknown, out: Set<string>): Set<string> {
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v)) out.add(v.toLowerCase());
  else if (Array.isArray(v)) for (const x of v) networkAddresses(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) networkAddresses(x, out);
  return out;
}

const swapOf = (s: SwapRow): PatternSwap => ({
  txHash: s.txHash as `0x${string}`,
  blockNumber: s.blockNumber,
  ts: s.ts,
  trader: lower(s.trader),
  side: s.side,
  tokenAmount: s.tokenAmount,
  quoteAmount: s.quoteAmount,
});

export async function gatherTradingPatterns(
  deps: Deps,
  token: Address,
  x: PatternInput,
): Promise<TradingPatternFacts> {
  const { db } = deps;
  const t = lower(token);
  if (!x.pool) return { status: 'no_pool' };
  if (deps.indexComplete && !deps.indexComplete(t))
    return { status: 'indexing', reason: "The index has not read the token's history to the head yet." };
  const pool = lower(x.pool.pair);
  const side = await readPoolSide(db, pool, t);
  if (!side) return { status: 'indexing', reason: 'The index holds no record of the main pool yet.' };
  const launchBlock = await readLaunchBlock(db, pool);
  const now = deps.now();
  const [early, day, tokenPools] = await Promise.all([
    launchBlock === null
      ? Promise.resolve([])
      : readSwapsInBlocks(db, pool, t, side.tokenIs0, {
          fromBlock: launchBlock,
          toBlock: launchBlock + BigInt(PATTERNS.bundleWindowBlocks - 1),
        }),
    readSwaps(db, pool, t, side.tokenIs0, now - PATTERNS.windowSec),
    readTokenPools(db, t),
  ]);
  const earlySwaps = early.map(swapOf);
  const daySwaps = day.map(swapOf).reverse();
  const infrastructure = networkAddresses(deps.network.contracts, new Set([ZERO, t, pool, ...tokenPools]));
  const earlyBuyers = firstTraders(earlySwaps, infrastructure, PATTERNS.scanWallets, 'buy');
  const dayTraders = firstTraders(daySwaps, infrastructure, MAX_DAY_WALLETS);
  const wallets = [...new Set([...earlyBuyers, ...dayTraders])];
  // The early buyers' funding (near the launch) and the day's traders' apart: on a busy token the
  // day's recent transfers would otherwise crowd the launch's out of one read's limit.
  const lastOf = (swaps: PatternSwap[]) =>
    swaps.reduce((m, s) => (s.blockNumber > m ? s.blockNumber : m), 0n);
  const excluded = [...infrastructure];
  const deployer = x.deployer ? lower(x.deployer) : null;
  const [holdings, tokenFundings, lpProviders, eth] = await Promise.all([
    readHoldingsAndSells(db, t, wallets, tokenPools),
    Promise.all([
      readTokenFundings(db, earlyBuyers, excluded, {
        fromBlock: launchBlock === null ? 0n : launchBlock - BigInt(PATTERNS.fundingLookbackBlocks),
        toBlock: lastOf(earlySwaps),
        token: t,
        deployer,
      }),
      readTokenFundings(db, dayTraders, excluded, { toBlock: lastOf(daySwaps), token: t, deployer }),
    ]).then(([e, d]) => [...e, ...d]),
    readLpProviders(deps, pool, side.tokenIs0, x.pool),
    readEthFundings(deps, launchBlock, firstBlockBuyers(earlySwaps, launchBlock, infrastructure)),
  ]);
  const swapTxs = new Set([...earlySwaps, ...daySwaps].map((s) => s.txHash));
  return {
    status: 'read',
    token: t,
    pool,
    quoteSymbol: x.pool.quoteSymbol,
    quoteDecimals: quoteDecimalsOf(deps, x.pool),
    launchBlock,
    earlySwaps,
    daySwaps,
    dayTruncated: day.length >= 5000,
    balances: holdings.balances,
    sells: holdings.sells,
    fundings: [...tokenFundings.filter((f) => !swapTxs.has(f.txHash)), ...eth.fundings],
    ethScan: eth.scan,
    lpProviders,
    infrastructure: [...infrastructure] as Address[],
    deployer,
    totalSupply: x.totalSupply,
    decimals: x.decimals,
  };
}

/** WETH and the USD coin are the quotes the report prices; another quote's decimals are unknown. */
function quoteDecimalsOf(deps: Deps, pool: PoolFacts): number | null {
  const q = pool.quoteToken.toLowerCase();
  if (q === deps.network.contracts.weth.toLowerCase() || q === ZERO) return 18;
  if (q === deps.network.contracts.usd.toLowerCase()) return 6;
  return null;
}

/** The first `max` distinct traders (of `side`, or either) that are not infrastructure, in order. */
function firstTraders(swaps: PatternSwap[], infra: Set<string>, max: number, side?: 'buy'): string[] {
  const out = new Set<string>();
  for (const s of swaps) {
    if (out.size >= max) break;
    if ((side && s.side !== side) || infra.has(s.trader)) continue;
    out.add(s.trader);
  }
  return [...out];
}

function firstBlockBuyers(swaps: PatternSwap[], launch: bigint | null, infra: Set<string>): Set<string> {
  if (launch === null) return new Set();
  const end = launch + BigInt(PATTERNS.sniperBlocks);
  return new Set(
    swaps.filter((s) => s.side === 'buy' && s.blockNumber < end && !infra.has(s.trader)).map((s) => s.trader),
  );
}

/**
 * Who added liquidity to the pool (the index's liquidity events), and who holds at least
 * PATTERNS.lpShareMin of its LP token (V2).
 */
async function readLpProviders(
  deps: Deps,
  pool: string,
  tokenIs0: boolean,
  facts: PoolFacts,
): Promise<Address[]> {
  const [events, holders] = await Promise.all([
    readLiquidityEvents(deps.db, pool, tokenIs0),
    facts.lpTotalSupply > 0n ? readLpHolders(deps.db, pool) : Promise.resolve([]),
  ]);
  const out = new Set<string>();
  for (const e of events) if (e.kind === 'add' && e.provider) out.add(e.provider.toLowerCase());
  const min = (facts.lpTotalSupply * BigInt(Math.round(PATTERNS.lpShareMin * 10_000))) / 10_000n;
  for (const h of holders) if (h.balance >= min && h.holder !== pool) out.add(h.holder.toLowerCase());
  return [...out] as Address[];
}

/**
 * ETH sent straight (a transaction's value, not an internal transfer) to the first blocks' buyers
 * in the PATTERNS.fundingLookbackBlocks blocks before the launch and in the first blocks themselves,
 * at most PATTERNS.scanBlocks blocks, read in one batch. A failed read is said, never read as none.
 */
async function readEthFundings(
  deps: Deps,
  launch: bigint | null,
  buyers: Set<string>,
): Promise<{
  fundings: PatternFunding[];
  scan: { fromBlock: bigint; toBlock: bigint; failed: string | null } | null;
}> {
  if (launch === null || buyers.size === 0) return { fundings: [], scan: null };
  const back = BigInt(PATTERNS.fundingLookbackBlocks);
  const fromBlock = launch > back ? launch - back : 0n;
  const last = launch + BigInt(PATTERNS.sniperBlocks - 1);
  const toBlock =
    last - fromBlock >= BigInt(PATTERNS.scanBlocks) ? fromBlock + BigInt(PATTERNS.scanBlocks - 1) : last;
  const numbers: bigint[] = [];
  for (let b = fromBlock; b <= toBlock; b++) numbers.push(b);
  try {
    const blocks = await Promise.all(
      numbers.map((blockNumber) => deps.chain.public.getBlock({ blockNumber, includeTransactions: true })),
    );
    const fundings: PatternFunding[] = [];
    for (const b of blocks)
      for (const tx of b.transactions) {
        const to = tx.to?.toLowerCase();
        if (!to || !buyers.has(to) || tx.value <= 0n || tx.from.toLowerCase() === to) continue;
        fundings.push({
          from: lower(tx.from),
          to: to as Address,
          asset: 'eth',
          amount: tx.value,
          blockNumber: b.number ?? 0n,
          txHash: tx.hash,
        });
      }
    return { fundings, scan: { fromBlock, toBlock, failed: null } };
  } catch {
    // The provider's message may carry its URL: a fixed sentence instead.
    return { fundings: [], scan: { fromBlock, toBlock, failed: 'the chain did not return those blocks' } };
  }
}
