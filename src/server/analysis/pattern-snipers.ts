/**
 * Snipers and bundled buys (issue 39), from the main pool's first blocks as the index holds them:
 * - a sniper bought in the first PATTERNS.sniperBlocks blocks from the launch (the block liquidity
 *   was first added in);
 * - a same-block group is PATTERNS.bundleMinWallets or more wallets buying in one block within the
 *   first PATTERNS.bundleWindowBlocks blocks;
 * - a same-funder group is PATTERNS.fundedMinWallets or more early buyers that one address sent ETH or
 *   a token to within PATTERNS.fundingLookbackBlocks blocks before each one's first buy (the
 *   deployer at any time before it).
 * Funding is ETH or a token other than the analysed one (the token itself links only from the
 * deployer). A sniper cluster is a group with at least PATTERNS.clusterMinSnipers snipers; it is
 * selling when any of its wallets has sold. Each with the share of supply its wallets hold now and
 * how many have sold. Pure.
 */
import type { BuyerGroup, PatternWallet, SniperFinding } from '../../shared/trading-patterns';
import { PATTERNS } from '../../shared/vocabulary';
import type { PatternFunding, TradingPatternFacts } from '../facts/types';
import { amountOf, type ReadPatterns, readOrWhyNot, shareOfSupply, short, sumShares } from './pattern-units';

type EarlyBuyer = { address: string; block: bigint; tx: string; bought: bigint };

/** Each early buyer's first buy and what it bought in the window, in order of first buy. */
function earlyBuyers(f: ReadPatterns, infra: Set<string>): EarlyBuyer[] {
  const by = new Map<string, EarlyBuyer>();
  for (const s of f.earlySwaps) {
    if (s.side !== 'buy' || infra.has(s.trader)) continue;
    const b = by.get(s.trader);
    if (b) b.bought += s.tokenAmount;
    else if (by.size < PATTERNS.scanWallets)
      by.set(s.trader, { address: s.trader, block: s.blockNumber, tx: s.txHash, bought: s.tokenAmount });
  }
  return [...by.values()];
}

/** The funding that links each buyer to an address before its first buy ("shortly before", or the deployer). */
function fundersOf(f: ReadPatterns, buyers: EarlyBuyer[], infra: Set<string>): Map<string, PatternFunding> {
  const out = new Map<string, PatternFunding>();
  const first = new Map(buyers.map((b) => [b.address, b.block]));
  const back = BigInt(PATTERNS.fundingLookbackBlocks);
  for (const x of f.fundings) {
    const at = first.get(x.to);
    if (at === undefined || infra.has(x.from) || x.blockNumber > at) continue;
    // The token itself pays for no buy: it links only from the deployer (an insider's allocation).
    if (x.asset === f.token && x.from !== f.deployer) continue;
    const recent = x.blockNumber + back >= at;
    if (!recent && x.from !== f.deployer) continue;
    const had = out.get(x.to);
    // The latest funding before the buy is the one that paid for it; the deployer's wins over others.
    const deployerHad = had?.from === f.deployer;
    if (!had || (x.from === f.deployer && !deployerHad) || (!deployerHad && x.blockNumber > had.blockNumber))
      out.set(x.to, x);
  }
  return out;
}

function sameBlockGroups(f: ReadPatterns, buyers: EarlyBuyer[]): BuyerGroup[] {
  const byBlock = new Map<bigint, Set<string>>();
  const known = new Set(buyers.map((b) => b.address));
  for (const s of f.earlySwaps) {
    if (s.side !== 'buy' || !known.has(s.trader)) continue;
    const set = byBlock.get(s.blockNumber) ?? new Set<string>();
    set.add(s.trader);
    byBlock.set(s.blockNumber, set);
  }
  return [...byBlock.entries()]
    .filter(([, w]) => w.size >= PATTERNS.bundleMinWallets)
    .map(([block, w]) => group(f, 'same_block', [...w], { block: Number(block) }));
}

function sameFunderGroups(f: ReadPatterns, funders: Map<string, PatternFunding>): BuyerGroup[] {
  const byFunder = new Map<string, string[]>();
  for (const [w, x] of funders) byFunder.set(x.from, [...(byFunder.get(x.from) ?? []), w]);
  return [...byFunder.entries()]
    .filter(([from, w]) => w.length >= PATTERNS.fundedMinWallets || from === f.deployer)
    .map(([from, w]) => group(f, 'same_funder', w, { funder: from }));
}

function group(
  f: ReadPatterns,
  kind: BuyerGroup['kind'],
  wallets: string[],
  at: { block?: number; funder?: string },
): BuyerGroup {
  const sold = wallets.filter((w) => (f.sells[w] ?? 0) > 0).length;
  const shareNow = sumShares(f, wallets);
  const held = shareNow === null ? 'an unknown share of supply' : `${pctText(shareNow)} of supply`;
  const who =
    kind === 'same_block'
      ? `${wallets.length} wallets bought in block ${at.block}`
      : `${wallets.length} ${wallets.length === 1 ? 'wallet' : 'wallets'} funded by ${at.funder === f.deployer ? 'the deployer ' : ''}${short(at.funder ?? '')} shortly before buying`;
  return {
    kind,
    block: at.block ?? null,
    funder: at.funder ?? null,
    wallets,
    shareNow,
    sold,
    evidence: `${who}; they hold ${held} now; ${sold} ${sold === 1 ? 'has' : 'have'} sold.`,
  };
}

export const pctText = (share: number) => `${Math.round(share * 1000) / 10}%`;

function walletsOf(
  f: ReadPatterns,
  buyers: EarlyBuyer[],
  funders: Map<string, PatternFunding>,
  linked: Set<string>,
) {
  const end = (f.launchBlock ?? 0n) + BigInt(PATTERNS.sniperBlocks);
  return buyers
    .filter((b) => b.block < end || linked.has(b.address))
    .map(
      (b): PatternWallet => ({
        address: b.address,
        firstBuyBlock: Number(b.block),
        firstBuyTx: b.tx,
        bought: amountOf(b.bought, f.decimals),
        shareNow: shareOfSupply(f, b.address),
        sells: f.sells[b.address] ?? 0,
        sold: (f.sells[b.address] ?? 0) > 0,
        fundedBy: funders.get(b.address)?.from ?? null,
        fundingTx: funders.get(b.address)?.txHash ?? null,
        sniper: b.block < end,
      }),
    );
}

const unknownSnipers = (note: string): SniperFinding => ({
  status: 'unknown',
  headline: `Snipers and bundles: ${note}`,
  launchBlock: null,
  windowBlocks: PATTERNS.sniperBlocks,
  snipers: 0,
  sniperShareNow: null,
  snipersSold: 0,
  bundledShareNow: null,
  clusterSelling: false,
  clusterSellers: 0,
  wallets: [],
  groups: [],
  note,
});

export function judgeSnipers(facts: TradingPatternFacts | undefined, indexing: string): SniperFinding {
  const r = readOrWhyNot(facts, indexing);
  if ('unknown' in r) return unknownSnipers(r.unknown);
  const f = r.read;
  const infra = new Set<string>(f.infrastructure);
  const buyers = earlyBuyers(f, infra);
  const funders = fundersOf(f, buyers, infra);
  const groups = [...sameBlockGroups(f, buyers), ...sameFunderGroups(f, funders)];
  const linked = new Set(groups.flatMap((g) => g.wallets));
  const wallets = walletsOf(f, buyers, funders, linked).sort((a, b) => (b.shareNow ?? 0) - (a.shareNow ?? 0));
  const snipers = wallets.filter((w) => w.sniper);
  const sniperShareNow = sumShares(
    f,
    snipers.map((w) => w.address),
  );
  const snipersSold = snipers.filter((w) => w.sold).length;
  const bundledShareNow = linked.size > 0 ? sumShares(f, [...linked]) : 0;
  const found = snipers.length > 0 || groups.length > 0;
  const clusterSellers = sellingClusters(f, groups, new Set(snipers.map((w) => w.address))).length;
  return {
    status: found ? 'found' : 'none',
    headline: headlineOf(snipers.length, sniperShareNow, snipersSold, groups),
    launchBlock: Number(f.launchBlock),
    windowBlocks: PATTERNS.sniperBlocks,
    snipers: snipers.length,
    sniperShareNow,
    snipersSold,
    bundledShareNow,
    clusterSelling: clusterSellers > 0,
    clusterSellers,
    wallets: wallets.slice(0, 40),
    groups,
    note: noteOf(f, buyers.length),
  };
}

function headlineOf(n: number, share: number | null, sold: number, groups: BuyerGroup[]): string {
  const snipers =
    n === 0
      ? `No buys in the pool's first ${PATTERNS.sniperBlocks} blocks.`
      : `Snipers hold ${share === null ? 'an unknown share' : pctText(share)} of supply in ${n} ${n === 1 ? 'wallet' : 'wallets'}; ${sold} ${sold === 1 ? 'has' : 'have'} sold.`;
  if (groups.length === 0) return `${snipers} No bundled buys found.`;
  return `${snipers} ${groups.length} bundled ${groups.length === 1 ? 'group' : 'groups'}: ${groups.map((g) => g.evidence).join(' ')}`;
}

function noteOf(f: ReadPatterns, buyers: number): string | null {
  const notes: string[] = [];
  if (buyers >= PATTERNS.scanWallets) notes.push(`The first ${PATTERNS.scanWallets} buyers were read.`);
  if (f.ethScan?.failed) notes.push(`ETH funding could not be read (${f.ethScan.failed}).`);
  else if (f.ethScan)
    notes.push(
      `ETH sent straight to the first blocks' buyers was read from blocks ${f.ethScan.fromBlock}–${f.ethScan.toBlock}; ETH sent by a contract (an internal transfer) is not seen; token funding is from the index.`,
    );
  return notes.length ? notes.join(' ') : null;
}

/** The wallets that sold in groups holding at least PATTERNS.clusterMinSnipers snipers (distinct). */
export function sellingClusters(f: ReadPatterns, groups: BuyerGroup[], snipers: Set<string>): string[] {
  const sold = new Set<string>();
  for (const g of groups)
    if (g.wallets.filter((w) => snipers.has(w)).length >= PATTERNS.clusterMinSnipers)
      for (const w of g.wallets) if ((f.sells[w] ?? 0) > 0) sold.add(w);
  return [...sold];
}
