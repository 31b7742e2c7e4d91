/**
 * Whale tracker. A whale is a holder with ≥ WHALE_THRESHOLD_PCT of the supply that is not a pool,
 * an LP locker or a burn address. whaleScore (higher = healthier distribution) =
 * clamp(round(100 − Σ impact)) over:
 *   top-5 whale concentration   30  (> 30% warn, > 50% fail)
 *   largest single holder       20  (> 10% warn, > 20% fail)
 *   whales with rug history     20  (1–2 warn, ≥ 3 fail)
 *   insider whales              15  (funded by the creator: > 3% warn, > 10% fail)
 *   fresh whales                10  (wallets < 7 days: > 10% warn, > 25% fail)
 *   whales selling (24 h)       10  (whale sells > whale buys in tokens: warn; > 3×: fail)
 */
import {
  type Evidence,
  riskStrings,
  round,
  type Severity,
  scoreFromEvidence,
  type WhaleEntry,
  type WhaleHolder,
  type WhaleResult,
  type WhaleTransaction,
} from '../../shared/analysis';
import { levelOf } from '../../shared/vocabulary';
import type { Holder, PoolFacts, SwapFact, TokenReportFacts } from '../facts/types';
import {
  allSwaps,
  circulatingHolders,
  decimalsOf,
  sharePct,
  tokenAmount,
  walletAgeDays,
} from './derived-facts';
import { DAY_S, gradeAbove, judged, pct } from './evidence-lines';
import {
  FRESH_FAIL_PCT,
  FRESH_WALLET_DAYS,
  FRESH_WARN_PCT,
  INSIDERS_FAIL_PCT,
  INSIDERS_WARN_PCT,
} from './holder-checks';

/** Holders with at least this share of the supply (percent) are whales. */
export const WHALE_THRESHOLD_PCT = 1;
/** Holders with at least this share (percent) are "large holders". */
export const LARGE_HOLDER_PCT = 0.1;
export const TOP_HOLDERS_MAX = 20;
export const NEW_ENTRIES_WINDOW_S = 12 * 3600;
export const RECENT_TX_MAX = 20;

const lc = (a: string) => a.toLowerCase();

/** Pools the report does not price: against another token, or on a venue we do not read. */
type UnpricedPools = Pick<TokenReportFacts, 'unpricedPools' | 'unreadPools'>;

function walletType(h: Holder, f: UnpricedPools): string {
  const among = (xs: readonly string[] | undefined) => xs?.some((a) => lc(a) === lc(h.address)) ?? false;
  switch (h.kind) {
    case 'pair':
      return among(f.unpricedPools)
        ? 'Liquidity pool (not priced)'
        : among(f.unreadPools)
          ? 'Liquidity pool (venue not read)'
          : 'Liquidity pool';
    case 'locker':
      return 'Locker';
    case 'burn':
      return 'Burn';
    case 'deployer':
      return 'Deployer';
    case 'contract':
      return 'Contract';
    case 'eoa':
      return h.percentage >= WHALE_THRESHOLD_PCT
        ? 'Whale'
        : h.percentage >= LARGE_HOLDER_PCT
          ? 'Large holder'
          : 'Holder';
  }
}

function holderRisk(h: Holder, now: number): Severity {
  if (h.kind === 'pair' || h.kind === 'locker' || h.kind === 'burn') return 'low';
  if (h.rugHistory >= 3) return 'critical';
  if (h.rugHistory > 0) return 'high';
  if (h.kind === 'deployer' && h.percentage > 5) return 'high';
  const age = walletAgeDays(h, now);
  if (h.fundedByDeployer) return 'medium';
  if (h.percentage >= WHALE_THRESHOLD_PCT && age !== null && age < FRESH_WALLET_DAYS) return 'medium';
  return 'low';
}

/** A swap's value in ETH: the WETH amount, else token amount × ETH price, else null. */
function swapEth(facts: TokenReportFacts, s: SwapFact, pool: PoolFacts): number | null {
  if (s.ethAmount > 0n) return Number(s.ethAmount) / 1e18;
  const d = decimalsOf(facts);
  if (d === null || pool.priceEth === null || !Number.isFinite(pool.priceEth)) return null;
  return round((Number(s.tokenAmount) / 10 ** d) * pool.priceEth, 6);
}

type PoolSwap = { swap: SwapFact; pool: PoolFacts };

/** What every step below reads: the holders that are not pools, lockers or burns, and the whales. */
type WhaleInputs = {
  facts: TokenReportFacts;
  now: number;
  /** Top holders that are not a pool, locker or burn address, largest first. */
  circ: Holder[];
  whales: Holder[];
  /** Whether the holder list is known at all. */
  known: boolean;
  /** Swaps by whales, or any single swap moving ≥ WHALE_THRESHOLD_PCT of the supply. */
  whaleSwaps: PoolSwap[];
};

function whaleInputs(facts: TokenReportFacts): WhaleInputs {
  const circ = circulatingHolders(facts);
  const whales = circ.filter((h) => h.percentage >= WHALE_THRESHOLD_PCT);
  const whaleSet = new Map(whales.map((h) => [lc(h.address), h]));
  const supply = facts.holders.totalSupply > 0n ? facts.holders.totalSupply : (facts.token.totalSupply ?? 0n);
  const bigSwap = (s: SwapFact) =>
    supply > 0n && s.tokenAmount * 100n >= supply * BigInt(WHALE_THRESHOLD_PCT);
  const whaleSwaps = allSwaps(facts).filter(({ swap }) => whaleSet.has(lc(swap.trader)) || bigSwap(swap));
  return { facts, now: facts.now, circ, whales, known: facts.holders.top.length > 0, whaleSwaps };
}

function recentTransactions({ facts, whaleSwaps }: WhaleInputs): WhaleTransaction[] {
  return whaleSwaps.slice(0, RECENT_TX_MAX).map(({ swap, pool }) => ({
    value: swapEth(facts, swap, pool),
    timestamp: swap.timestamp,
    hash: swap.txHash,
    from: swap.side === 'buy' ? pool.pair : swap.trader,
    to: swap.side === 'buy' ? swap.trader : pool.pair,
    side: swap.side,
  }));
}

/** Whale swaps of the last NEW_ENTRIES_WINDOW_S (a minute of clock skew allowed). */
function newWhaleEntries({ facts, now, whaleSwaps }: WhaleInputs): WhaleEntry[] {
  const holderOf = (a: string) => facts.holders.top.find((h) => lc(h.address) === lc(a));
  return whaleSwaps
    .filter(({ swap }) => swap.timestamp >= now - NEW_ENTRIES_WINDOW_S && swap.timestamp <= now + 60)
    .map(({ swap, pool }) => {
      const h = holderOf(swap.trader);
      return {
        wallet: swap.trader,
        transactionType: swap.side === 'buy' ? ('Buy' as const) : ('Sell' as const),
        time: swap.timestamp * 1000,
        amount: tokenAmount(facts, swap.tokenAmount),
        valueEth: swapEth(facts, swap, pool),
        walletAge: h ? walletAgeDays(h, now) : null,
        rugHistory: h?.rugHistory ?? 0,
        hash: swap.txHash,
      };
    });
}

function topHolders({ facts, now }: WhaleInputs): WhaleHolder[] {
  return facts.holders.top.slice(0, TOP_HOLDERS_MAX).map((h, i) => ({
    rank: i + 1,
    address: h.address,
    walletType: walletType(h, facts),
    riskLevel: holderRisk(h, now),
    balance: tokenAmount(facts, h.balance),
    percentage: round(h.percentage, 4),
    walletAge: walletAgeDays(h, now),
    rugHistory: h.rugHistory,
    lastActive: h.lastActiveAt === null || !Number.isFinite(h.lastActiveAt) ? null : h.lastActiveAt * 1000,
  }));
}

const UNKNOWN_HOLDERS = 'The holder list is not available.';

const topFiveShare = ({ known, circ }: WhaleInputs) => (known ? round(sharePct(circ.slice(0, 5)), 2) : null);
const ruggedWalletCount = ({ circ }: WhaleInputs) => circ.filter((h) => h.rugHistory > 0).length;

function topFiveLine(x: WhaleInputs): Evidence {
  const spec = { check: 'whale_top5', label: 'Top 5 holders', weight: 30 };
  const top5 = topFiveShare(x);
  if (top5 === null) return judged(spec, 'unknown', null, UNKNOWN_HOLDERS);
  return judged(
    spec,
    gradeAbove(top5, 30, 50),
    top5,
    `The 5 largest holders (not pools or lockers) own ${pct(top5)} of the supply.`,
  );
}

function largestHolderLine({ facts, known, circ }: WhaleInputs): Evidence {
  const spec = { check: 'whale_largest', label: 'Largest holder', weight: 20 };
  const first = circ[0];
  if (!known) return judged(spec, 'unknown', null, UNKNOWN_HOLDERS);
  if (!first) return judged(spec, 'pass', 0, 'Every top holder is a pool, locker or burn address.');
  const p = round(first.percentage, 2);
  return judged(
    spec,
    gradeAbove(p, 10, 20),
    p,
    `The largest holder (${walletType(first, facts).toLowerCase()}) owns ${pct(p)} of the supply.`,
  );
}

function rugHistoryLine(x: WhaleInputs): Evidence {
  const spec = { check: 'whale_rug_history', label: 'Whales with rug history', weight: 20 };
  if (!x.known) return judged(spec, 'unknown', null, UNKNOWN_HOLDERS);
  const ruggedWallets = ruggedWalletCount(x);
  return judged(
    spec,
    ruggedWallets >= 3 ? 'fail' : ruggedWallets > 0 ? 'warn' : 'pass',
    ruggedWallets,
    ruggedWallets === 0
      ? 'No top holder took part in earlier rugs.'
      : `${ruggedWallets} top holder(s) took part in earlier rugs.`,
  );
}

function insidersLine({ facts, known, whales }: WhaleInputs): Evidence {
  const spec = { check: 'whale_insiders', label: 'Insider whales', weight: 15 };
  const hasCreator = !!(facts.deployer.address || facts.token.deployer);
  if (!known || !hasCreator)
    return judged(spec, 'unknown', null, "Insiders can't be traced without the holder list and the creator.");
  const ins = whales.filter((h) => h.fundedByDeployer && h.kind !== 'deployer');
  const s = round(sharePct(ins), 2);
  return judged(
    spec,
    gradeAbove(s, INSIDERS_WARN_PCT, INSIDERS_FAIL_PCT),
    s,
    ins.length === 0
      ? 'No whale was funded by the creator.'
      : `${ins.length} whale(s) funded by the creator hold ${pct(s)} of the supply.`,
  );
}

function freshWhalesLine({ now, known, whales }: WhaleInputs): Evidence {
  const spec = { check: 'whale_fresh', label: 'Fresh whale wallets', weight: 10 };
  const aged = whales.filter((h) => walletAgeDays(h, now) !== null);
  // Whales of unknown age are left out of the share, and said to be (never counted as old or new).
  const unaged = whales.length - aged.length;
  const unagedNote = unaged > 0 ? ` ${unaged} whale wallet(s) of unknown age left out.` : '';
  if (aged.length === 0) {
    const none = known && whales.length === 0;
    return judged(
      spec,
      none ? 'pass' : 'unknown',
      none ? 0 : null,
      none ? 'There are no whales.' : 'Wallet ages of the whales are not known.',
    );
  }
  const fresh = aged.filter((h) => (walletAgeDays(h, now) ?? Infinity) < FRESH_WALLET_DAYS);
  const s = round(sharePct(fresh), 2);
  return judged(
    spec,
    gradeAbove(s, FRESH_WARN_PCT, FRESH_FAIL_PCT),
    s,
    fresh.length === 0
      ? `No whale wallet is younger than ${FRESH_WALLET_DAYS} days.${unagedNote}`
      : `${fresh.length} whale wallet(s) younger than ${FRESH_WALLET_DAYS} days hold ${pct(s)} of the supply.${unagedNote}`,
  );
}

function whaleSellingLine({ facts, now, whaleSwaps }: WhaleInputs): Evidence {
  const spec = { check: 'whale_selling', label: 'Whale selling (24 h)', weight: 10 };
  if (facts.pools.length === 0 && !facts.mainPool)
    return judged(spec, 'unknown', null, 'No pool, so whale trading cannot be watched.', 0);
  const day = whaleSwaps.filter(({ swap }) => swap.timestamp >= now - DAY_S);
  const traded = (side: SwapFact['side']) =>
    day.filter(({ swap }) => swap.side === side).reduce((s, { swap }) => s + swap.tokenAmount, 0n);
  const sold = traded('sell');
  const bought = traded('buy');
  const o = sold > bought * 3n && sold > 0n ? 'fail' : sold > bought ? 'warn' : 'pass';
  return judged(
    spec,
    o,
    `${day.length} swaps`,
    day.length === 0
      ? 'No large whale trades in the last 24 hours.'
      : o === 'pass'
        ? `Whales bought at least as much as they sold in the last 24 hours (${day.length} trades).`
        : `Whales sold ${tokenAmount(facts, sold)} and bought ${tokenAmount(facts, bought)} tokens in the last 24 hours.`,
  );
}

export function analyseWhales(facts: TokenReportFacts): WhaleResult {
  const x = whaleInputs(facts);
  const evidence: Evidence[] = [
    topFiveLine(x),
    largestHolderLine(x),
    rugHistoryLine(x),
    insidersLine(x),
    freshWhalesLine(x),
    whaleSellingLine(x),
  ];
  const whaleScore = scoreFromEvidence(evidence);
  return {
    whaleScore,
    score: whaleScore,
    whaleCount: x.whales.length,
    spread: levelOf('whaleSpread', whaleScore),
    skippedUnknown: x.whales.filter((h) => walletAgeDays(h, x.now) === null).length,
    recentTransactions: recentTransactions(x),
    concentration: { topFivePercentage: topFiveShare(x), ruggedWallets: ruggedWalletCount(x) },
    topHolders: topHolders(x),
    newWhaleEntries: newWhaleEntries(x),
    risks: riskStrings(evidence, 6),
    evidence,
  };
}
