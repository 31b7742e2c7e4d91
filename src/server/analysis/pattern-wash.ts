/**
 * Wash-traded volume (issue 39) over the main pool's last PATTERNS.windowSec, as the index holds it.
 * A wallet's whole 24 h volume is wash when:
 * - back and forth: it bought and sold within PATTERNS.roundTripSec of each other and its net
 *   position over the day is within PATTERNS.nearZeroNetShare of what it traded;
 * - liquidity provider: it added liquidity to the pool or holds ≥ PATTERNS.lpShareMin of its LP token;
 * - cluster: one address funded it and at least one other of the day's traders before they traded,
 *   and the cluster's net position over the day is near zero in the same way.
 * Organic volume is the rest (a swap whose trader the index cannot name counts as organic, said so);
 * organic traders are the distinct named traders not flagged. Pure.
 */
import type { WashFinding, WashWallet } from '../../shared/trading-patterns';
import { PATTERNS } from '../../shared/vocabulary';
import type { TradingPatternFacts } from '../facts/types';
import { pctText } from './pattern-snipers';
import { amountOf, type ReadPatterns, readOrWhyNot, short } from './pattern-units';

type DayTrader = {
  address: string;
  buys: number;
  sells: number;
  bought: bigint;
  sold: bigint;
  volume: bigint;
  buyTs: number[];
  sellTs: number[];
  txs: string[];
  firstBlock: bigint;
};

function dayTraders(
  f: ReadPatterns,
  infra: Set<string>,
): { traders: Map<string, DayTrader>; unnamed: bigint } {
  const traders = new Map<string, DayTrader>();
  let unnamed = 0n;
  for (const s of f.daySwaps) {
    if (infra.has(s.trader)) {
      unnamed += s.quoteAmount;
      continue;
    }
    const t = traders.get(s.trader) ?? {
      address: s.trader,
      buys: 0,
      sells: 0,
      bought: 0n,
      sold: 0n,
      volume: 0n,
      buyTs: [],
      sellTs: [],
      txs: [],
      firstBlock: s.blockNumber,
    };
    if (s.side === 'buy') {
      t.buys++;
      t.bought += s.tokenAmount;
      t.buyTs.push(s.ts);
    } else {
      t.sells++;
      t.sold += s.tokenAmount;
      t.sellTs.push(s.ts);
    }
    t.volume += s.quoteAmount;
    if (t.txs.length < 4) t.txs.push(s.txHash);
    traders.set(s.trader, t);
  }
  return { traders, unnamed };
}

/** Net position within PATTERNS.nearZeroNetShare of the larger side, both sides traded. */
function nearZero(bought: bigint, sold: bigint): boolean {
  if (bought <= 0n || sold <= 0n) return false;
  const net = bought > sold ? bought - sold : sold - bought;
  const big = bought > sold ? bought : sold;
  return net * 1000n <= big * BigInt(Math.round(PATTERNS.nearZeroNetShare * 1000));
}

const netShareOf = (bought: bigint, sold: bigint): number | null => {
  const big = bought > sold ? bought : sold;
  if (big <= 0n) return null;
  const net = bought > sold ? bought - sold : sold - bought;
  return Number((net * 10_000n) / big) / 10_000;
};

const roundTrip = (t: DayTrader) =>
  t.buyTs.some((b) => t.sellTs.some((s) => Math.abs(s - b) <= PATTERNS.roundTripSec));

/** Clusters of the day's traders one address funded before they traded, whose net position is near zero. */
function washClusters(
  f: ReadPatterns,
  traders: Map<string, DayTrader>,
  infra: Set<string>,
): Map<string, string> {
  const funderOf = new Map<string, string>();
  for (const x of f.fundings) {
    const t = traders.get(x.to);
    if (!t || infra.has(x.from) || traders.get(x.from) === t || x.blockNumber > t.firstBlock) continue;
    if (!funderOf.has(x.to)) funderOf.set(x.to, x.from);
  }
  const byFunder = new Map<string, DayTrader[]>();
  for (const [w, from] of funderOf)
    byFunder.set(from, [...(byFunder.get(from) ?? []), traders.get(w) as DayTrader]);
  const out = new Map<string, string>();
  for (const [from, members] of byFunder) {
    if (members.length < PATTERNS.fundedMinWallets) continue;
    const bought = members.reduce((s, m) => s + m.bought, 0n);
    const sold = members.reduce((s, m) => s + m.sold, 0n);
    if (nearZero(bought, sold)) for (const m of members) out.set(m.address, from);
  }
  return out;
}

function flag(
  f: ReadPatterns,
  t: DayTrader,
  lps: Set<string>,
  cluster: Map<string, string>,
): WashWallet | null {
  const q = (v: bigint) => amountOf(v, f.quoteDecimals);
  const base = {
    address: t.address,
    buys: t.buys,
    sells: t.sells,
    volume: q(t.volume),
    netShare: netShareOf(t.bought, t.sold),
    txs: t.txs,
  };
  const volume = `${round4(q(t.volume))} ${f.quoteSymbol}`;
  if (roundTrip(t) && nearZero(t.bought, t.sold))
    return {
      ...base,
      reason: 'back_and_forth',
      evidence: `${short(t.address)} bought ${t.buys} and sold ${t.sells} times in 24 h, within ${PATTERNS.roundTripSec / 60} min of each other, keeping ${pctText(base.netShare ?? 0)} net: ${volume}.`,
    };
  if (lps.has(t.address))
    return {
      ...base,
      reason: 'liquidity_provider',
      evidence: `${short(t.address)} provides the pool's liquidity and traded it: ${volume}.`,
    };
  const funder = cluster.get(t.address);
  if (funder)
    return {
      ...base,
      reason: 'cluster',
      evidence: `${short(t.address)} is one of the wallets ${short(funder)} funded, which together ended the day near zero: ${volume}.`,
    };
  return null;
}

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

const unknownWash = (note: string): WashFinding => ({
  status: 'unknown',
  headline: `Wash volume: ${note}`,
  quoteSymbol: null,
  volume: null,
  washVolume: null,
  organicShare: null,
  organicTraders: null,
  traders: null,
  swaps: null,
  wallets: [],
  note,
});

export function judgeWash(facts: TradingPatternFacts | undefined, indexing: string): WashFinding {
  const r = readOrWhyNot(facts, indexing);
  if ('unknown' in r) return unknownWash(r.unknown);
  const f = r.read;
  const infra = new Set<string>(f.infrastructure);
  const { traders, unnamed } = dayTraders(f, infra);
  const lps = new Set<string>(f.lpProviders);
  const cluster = washClusters(f, traders, infra);
  const wallets = [...traders.values()]
    .map((t) => flag(f, t, lps, cluster))
    .filter((w): w is WashWallet => w !== null)
    .sort((a, b) => b.volume - a.volume);
  const total = [...traders.values()].reduce((s, t) => s + t.volume, unnamed);
  const wash = [...traders.values()]
    .filter((t) => wallets.some((w) => w.address === t.address))
    .reduce((s, t) => s + t.volume, 0n);
  const organicShare = total > 0n ? 1 - Number((wash * 10_000n) / total) / 10_000 : null;
  const organicTraders = traders.size - wallets.length;
  const q = (v: bigint) => amountOf(v, f.quoteDecimals);
  return {
    status: wash > 0n ? 'found' : 'none',
    headline: washHeadline(f, { total: q(total), wash: q(wash), organicShare, organicTraders, wallets }),
    quoteSymbol: f.quoteSymbol,
    volume: q(total),
    washVolume: q(wash),
    organicShare,
    organicTraders,
    traders: traders.size,
    swaps: f.daySwaps.length,
    wallets: wallets.slice(0, 30),
    note: washNote(f, unnamed),
  };
}

function washHeadline(
  f: ReadPatterns,
  x: {
    total: number;
    wash: number;
    organicShare: number | null;
    organicTraders: number;
    wallets: WashWallet[];
  },
): string {
  if (x.organicShare === null) return 'No swaps in the main pool in the last 24 h.';
  const traders = `${x.organicTraders} distinct organic ${x.organicTraders === 1 ? 'trader' : 'traders'}`;
  if (x.wallets.length === 0) return `No wash trading found: all 24 h volume is organic, from ${traders}.`;
  const n = x.wallets.length;
  return `${pctText(1 - x.organicShare)} of 24 h volume (${round4(x.wash)} of ${round4(x.total)} ${f.quoteSymbol}) is wash, from ${n} ${n === 1 ? 'wallet' : 'wallets'}; organic share ${pctText(x.organicShare)}, ${traders}.`;
}

function washNote(f: ReadPatterns, unnamed: bigint): string | null {
  const notes: string[] = [];
  if (f.dayTruncated) notes.push("Only the day's latest 5000 swaps were read.");
  if (unnamed > 0n)
    notes.push('Swaps whose trader the index could not name (a router kept the tokens) count as organic.');
  return notes.length ? notes.join(' ') : null;
}
