/**
 * Pure security-alert detectors. Each takes facts read from the index (and the engine) for one
 * monitored token and returns the conditions that are true *now*. The monitor job stores a new
 * alert for a condition it has not seen (its `dedupeKey` makes it fire once), keeps one active
 * alert per (type, token, subject), and auto-resolves an active alert whose subject is no longer
 * among the current conditions.
 *
 * - liquidity_drain: the pool's quote (WETH) reserve fell by at least `drainThreshold` from its
 *   peak within the window (LP burns and big sells both show up in the Sync reserves); the
 *   description says whether LP was burned.
 * - whale_dump: a holder that held at least `whaleShare` of supply before the window sold at
 *   least `dumpShareOfHolding` of its holding (and at least `dumpShareOfSupply` of supply) into a
 *   pool within the window.
 * - contract_change: an ownership transfer, proxy upgrade or pause in the window (a pause clears
 *   when the token is unpaused), or a buy/sell fee change seen between two monitor runs.
 * - rug_risk: the engine's rug score is at or above `rugLevel`; it clears below `rugClearLevel`
 *   (hysteresis, so a score hovering at the level does not flap).
 */

import type { VerdictHeadline } from '../../shared/analysis';
import type { AlertDetails, MonitoredAlertType, Severity } from '../../shared/market-tools';
import { FEE_CHANGE_MIN_PP, LIQUIDITY_DRAIN, levelOf, TAX } from '../../shared/vocabulary';

export const ALERT_RULES = {
  windowSeconds: 24 * 3600,
  drainThreshold: LIQUIDITY_DRAIN.minShare,
  whaleShare: 0.01,
  dumpShareOfHolding: 0.25,
  dumpShareOfSupply: 0.0025,
  rugLevel: 60,
  rugClearLevel: 50,
  /** Fee changes smaller than this (percentage points) are measurement noise. */
  feeChangePp: FEE_CHANGE_MIN_PP,
} as const;

export type AlertCondition = {
  type: MonitoredAlertType;
  /** What the condition is about (pair, whale, event); one active alert per subject. */
  subject: string;
  /** Unique per occurrence: the same occurrence never makes a second alert. */
  dedupeKey: string;
  severity: Severity;
  title: string;
  description: string;
  actionRequired: boolean;
  details: AlertDetails;
  /** ms epoch of the evidence (event time), for the alert's timestamp. */
  at: number;
};

const details = (d: Partial<AlertDetails>): AlertDetails => ({
  rugScore: d.rugScore ?? null,
  whaleAddress: d.whaleAddress ?? null,
  volumeChange: d.volumeChange ?? null,
  liquidityChange: d.liquidityChange ?? null,
});

const round1 = (x: number) => Math.round(x * 10) / 10;
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const ratio = (a: bigint, b: bigint) => (b === 0n ? 0 : Number((a * 1_000_000n) / b) / 1_000_000);

// ---------------------------------------------------------------------------------------------

export type ReserveSample = { blockNumber: bigint; logIndex: number; ts: number; quote: bigint };
export type LiquidityRemove = { txHash: string; ts: number; provider: string | null; quoteAmount: bigint };

export type DrainInput = {
  token: string;
  symbol: string | null;
  pair: string;
  /**
   * Quote reserves in order: the last sample before the window (if any) first, then every Sync in
   * the window.
   */
  reserves: ReserveSample[];
  /** LP burns in the window. */
  removes: LiquidityRemove[];
  rugScore: number | null;
};

export function drainSeverity(drop: number): Severity {
  if (drop >= 0.8) return 'critical';
  if (drop >= LIQUIDITY_DRAIN.severeShare) return 'high';
  if (drop >= ALERT_RULES.drainThreshold) return 'medium';
  return 'low';
}

export function detectLiquidityDrain(i: DrainInput, threshold: number = ALERT_RULES.drainThreshold) {
  const out: AlertCondition[] = [];
  let peak: ReserveSample | undefined;
  let crossing: ReserveSample | undefined;
  for (const s of i.reserves) {
    if (!peak || s.quote > peak.quote) {
      peak = s;
      continue;
    }
    if (!crossing && peak.quote > 0n && 1 - ratio(s.quote, peak.quote) >= threshold) crossing = s;
  }
  const last = i.reserves.at(-1);
  if (!peak || !last || !crossing || peak.quote === 0n) return out;
  const drop = 1 - ratio(last.quote, peak.quote);
  // The condition clears once the pool has recovered above the threshold again.
  if (drop < threshold) return out;
  const burned = i.removes.filter((r) => r.ts >= peak.ts);
  const burnedQuote = burned.reduce((s, r) => s + r.quoteAmount, 0n);
  const lpBurn = burned.length > 0 && ratio(burnedQuote, peak.quote) >= threshold / 2;
  const pct = round1(drop * 100);
  out.push({
    type: 'liquidity_drain',
    subject: i.pair,
    dedupeKey: `liquidity_drain:${i.token}:${i.pair}:${crossing.blockNumber}:${crossing.logIndex}`,
    severity: lpBurn && drop >= LIQUIDITY_DRAIN.severeShare ? 'critical' : drainSeverity(drop),
    title: `${i.symbol ?? 'Token'} liquidity down ${pct}%`,
    description: lpBurn
      ? `${burned.length} LP burn${burned.length > 1 ? 's' : ''} removed liquidity; the pool's quote reserve is ${pct}% below its peak in the last 24 h.`
      : `The pool's quote reserve is ${pct}% below its peak in the last 24 h (sells drained the pool).`,
    actionRequired: drop >= LIQUIDITY_DRAIN.severeShare,
    details: details({ rugScore: i.rugScore, liquidityChange: -pct }),
    at: crossing.ts * 1000,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------

export type WhaleSell = { seller: string; txHash: string; ts: number; amount: bigint };

export type WhaleInput = {
  token: string;
  symbol: string | null;
  totalSupply: bigint;
  /** Sells into the token's pools in the window (token transfers from a holder to a pair). */
  sells: WhaleSell[];
  /** Current balances of the sellers. */
  balances: Map<string, bigint>;
  /** Addresses that are not whales (pairs, lockers, burn, routers). */
  excluded: Set<string>;
  rugScore: number | null;
  liquidityChange: number | null;
};

export function whaleSeverity(shareOfSupply: number): Severity {
  if (shareOfSupply >= 0.05) return 'critical';
  if (shareOfSupply >= 0.02) return 'high';
  if (shareOfSupply >= 0.01) return 'medium';
  return 'low';
}

export function detectWhaleDumps(i: WhaleInput, rules = ALERT_RULES): AlertCondition[] {
  if (i.totalSupply <= 0n) return [];
  const bySeller = new Map<string, WhaleSell[]>();
  for (const s of i.sells) {
    if (i.excluded.has(s.seller)) continue;
    const list = bySeller.get(s.seller) ?? [];
    list.push(s);
    bySeller.set(s.seller, list);
  }
  const out: AlertCondition[] = [];
  for (const [seller, sells] of bySeller) {
    sells.sort((a, b) => a.ts - b.ts);
    const sold = sells.reduce((s, x) => s + x.amount, 0n);
    const before = (i.balances.get(seller) ?? 0n) + sold;
    if (ratio(before, i.totalSupply) < rules.whaleShare) continue;
    const ofHolding = ratio(sold, before);
    const ofSupply = ratio(sold, i.totalSupply);
    if (ofHolding < rules.dumpShareOfHolding || ofSupply < rules.dumpShareOfSupply) continue;
    const first = sells[0] as WhaleSell;
    out.push({
      type: 'whale_dump',
      subject: seller,
      dedupeKey: `whale_dump:${i.token}:${seller}:${first.txHash}`,
      severity: whaleSeverity(ofSupply),
      title: `Whale ${short(seller)} sold ${round1(ofHolding * 100)}% of its ${i.symbol ?? 'tokens'}`,
      description: `A holder of ${round1(ratio(before, i.totalSupply) * 100)}% of supply sold ${round1(ofSupply * 100)}% of supply in ${sells.length} trade${sells.length > 1 ? 's' : ''} in the last 24 h.`,
      actionRequired: ofSupply >= 0.02,
      details: details({
        rugScore: i.rugScore,
        whaleAddress: seller,
        volumeChange: round1(-ofHolding * 100),
        liquidityChange: i.liquidityChange,
      }),
      at: first.ts * 1000,
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export type ContractEventFact = {
  blockNumber: bigint;
  logIndex: number;
  ts: number;
  kind: 'ownership_transferred' | 'upgraded' | 'paused' | 'unpaused';
  data: Record<string, string>;
};
export type Fees = { buyPct: number; sellPct: number };

export type ContractChangeInput = {
  token: string;
  symbol: string | null;
  /** The token's contract events in the window, in chain order. */
  events: ContractEventFact[];
  /** Fees seen at the previous run and now (from the engine's trade simulation). */
  previousFees: Fees | null;
  currentFees: Fees | null;
  /** When the current fees were observed (ms) and a stable id of that observation. */
  observedAt: number;
  rugScore: number | null;
};

const ZERO = '0x0000000000000000000000000000000000000000';

export function detectContractChanges(i: ContractChangeInput, rules = ALERT_RULES): AlertCondition[] {
  const out: AlertCondition[] = [];
  const sym = i.symbol ?? 'Token';
  const lastPause = [...i.events].reverse().find((e) => e.kind === 'paused' || e.kind === 'unpaused');
  for (const e of i.events) {
    const key = `${e.blockNumber}:${e.logIndex}`;
    const base = {
      type: 'contract_change' as const,
      subject: `${e.kind}:${key}`,
      dedupeKey: `contract_change:${i.token}:${key}`,
      details: details({ rugScore: i.rugScore }),
      at: e.ts * 1000,
    };
    if (e.kind === 'ownership_transferred') {
      const to = (e.data.newOwner ?? e.data.to ?? '').toLowerCase();
      const from = (e.data.previousOwner ?? e.data.from ?? '').toLowerCase();
      if (from === ZERO) continue; // the constructor's initial assignment
      const renounced = to === ZERO;
      out.push({
        ...base,
        severity: renounced ? 'low' : 'high',
        title: renounced ? `${sym} ownership renounced` : `${sym} ownership transferred`,
        description: renounced
          ? 'The owner renounced ownership: owner-only functions can no longer be called.'
          : `Ownership moved from ${short(from || ZERO)} to ${short(to || ZERO)}; the new owner controls every owner-only function.`,
        actionRequired: !renounced,
      });
    } else if (e.kind === 'upgraded') {
      out.push({
        ...base,
        severity: 'critical',
        title: `${sym} proxy upgraded`,
        description: `The proxy now runs implementation ${short(e.data.implementation ?? ZERO)}: the token's code changed.`,
        actionRequired: true,
      });
    } else if (e.kind === 'paused' && lastPause === e) {
      out.push({
        ...base,
        severity: 'high',
        title: `${sym} transfers paused`,
        description: 'The owner paused the token: holders cannot transfer or sell until it is unpaused.',
        actionRequired: true,
      });
    }
  }
  const p = i.previousFees;
  const c = i.currentFees;
  if (p && c) {
    const dBuy = c.buyPct - p.buyPct;
    const dSell = c.sellPct - p.sellPct;
    if (Math.abs(dBuy) >= rules.feeChangePp || Math.abs(dSell) >= rules.feeChangePp) {
      const up = Math.max(dBuy, dSell);
      const subject = `fee:${i.observedAt}`;
      out.push({
        type: 'contract_change',
        subject,
        dedupeKey: `contract_change:${i.token}:${subject}`,
        severity: up >= 10 ? 'critical' : up > 0 ? 'high' : 'low',
        title: `${sym} fees changed`,
        description: `Buy tax ${round1(p.buyPct)}% → ${round1(c.buyPct)}%, sell tax ${round1(p.sellPct)}% → ${round1(c.sellPct)}% (measured by simulated trades).`,
        actionRequired: up > 0,
        details: details({ rugScore: i.rugScore }),
        at: i.observedAt,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export type RugRiskInput = {
  token: string;
  symbol: string | null;
  rugScore: number | null;
  /** Whether a rug_risk alert is active for this token (hysteresis). */
  active: boolean;
  observedAt: number;
  topFactors: string[];
  /** The token's verdict when the score was read: a honeypot's alert says "Honeypot", not a score. */
  verdict?: Pick<VerdictHeadline, 'kind' | 'label'> | null;
  /** Measured taxes (percent, null = not measured): the figure that fired, when it is the tax. */
  taxes?: { buyPct: number | null; sellPct: number | null } | null;
};

/** Verdicts an alert title names instead of the bare score: the ones that say "do not buy". */
const NAMED_VERDICTS: ReadonlySet<string> = new Set(['honeypot', 'rugged', 'dangerous']);

/**
 * The rug alert's title names what a trader must know first: the verdict ("Honeypot — cannot be
 * sold"), then the figure that fired — a tax at or above the warning level — and the score.
 */
export function rugRiskTitle(i: RugRiskInput & { rugScore: number }): string {
  const sym = i.symbol ?? 'Token';
  const score = `rug score ${i.rugScore}/100`;
  if (!i.verdict || !NAMED_VERDICTS.has(i.verdict.kind)) return `${sym} ${score}`;
  const taxes = [
    ['sell', i.taxes?.sellPct],
    ['buy', i.taxes?.buyPct],
  ] as const;
  const tax = taxes.find(([, pct]) => pct !== null && pct !== undefined && pct >= TAX.warnPct);
  const figure = tax ? `, ${tax[0]} tax ${round1(tax[1] as number)}%` : '';
  return `${sym}: ${i.verdict.label}${figure} (${score})`;
}

export function rugSeverity(rugScore: number): Severity {
  // The rug level of the one vocabulary table (SCORE_BANDS.rugRisk), in the alerts' lower case.
  return levelOf('rugRisk', rugScore).toLowerCase() as Severity;
}

export function detectRugRisk(i: RugRiskInput, rules = ALERT_RULES): AlertCondition[] {
  if (i.rugScore === null) return [];
  const level = i.active ? rules.rugClearLevel : rules.rugLevel;
  if (i.rugScore < level) return [];
  return [
    {
      type: 'rug_risk',
      subject: i.token,
      dedupeKey: `rug_risk:${i.token}:${i.observedAt}`,
      severity: rugSeverity(i.rugScore),
      title: rugRiskTitle({ ...i, rugScore: i.rugScore }),
      description: i.topFactors.length
        ? `Rug score crossed ${rules.rugLevel}: ${i.topFactors.slice(0, 3).join('; ')}.`
        : `Rug score crossed ${rules.rugLevel}.`,
      actionRequired: levelOf('rugRisk', i.rugScore) === 'CRITICAL',
      details: details({ rugScore: i.rugScore }),
      at: i.observedAt,
    },
  ];
}

// ---------------------------------------------------------------------------------------------

export type MintFact = { blockNumber: bigint; logIndex: number; ts: number; to: string; amount: bigint };

export type MintInput = {
  token: string;
  symbol: string | null;
  /** Transfers from the zero address in the window, the launch block's excluded. */
  mints: MintFact[];
  totalSupply: bigint | null;
  rugScore: number | null;
};

export function mintSeverity(shareOfSupply: number | null): Severity {
  if (shareOfSupply === null) return 'high';
  if (shareOfSupply >= 0.05) return 'critical';
  if (shareOfSupply >= 0.01) return 'high';
  return 'medium';
}

/** contract_change `mint:<block>:<log>`: new tokens minted after launch (diluting holders). */
export function detectNewMints(i: MintInput): AlertCondition[] {
  return i.mints
    .filter((m) => m.amount > 0n)
    .map((m) => {
      const key = `${m.blockNumber}:${m.logIndex}`;
      const share = i.totalSupply && i.totalSupply > 0n ? ratio(m.amount, i.totalSupply) : null;
      return {
        type: 'contract_change' as const,
        subject: `mint:${key}`,
        dedupeKey: `mint:${i.token}:${key}`,
        severity: mintSeverity(share),
        title: `${i.symbol ?? 'Token'}: new tokens minted`,
        description:
          share === null
            ? `New tokens were minted to ${short(m.to)} after launch.`
            : `${round1(share * 100)}% of the supply was minted to ${short(m.to)} after launch.`,
        actionRequired: share === null || share >= 0.01,
        details: details({ rugScore: i.rugScore }),
        at: m.ts * 1000,
      };
    });
}

export type HoneypotInput = {
  token: string;
  symbol: string | null;
  /** The trade simulation's status at the previous run (null: never seen) and now. */
  previousStatus: string | null;
  currentStatus: string;
  /** Whether a "honeypot turned on" alert is active for this token. */
  active: boolean;
  observedAt: number;
  revertReason: string | null;
  rugScore: number | null;
};

/**
 * contract_change `honeypot`: selling worked at the previous run and fails now. It stays active
 * while sells fail and resolves when they pass again. A token that never sold is not "turned on".
 */
export function detectHoneypotOn(i: HoneypotInput): AlertCondition[] {
  if (i.currentStatus !== 'sell_failed') return [];
  if (!i.active && i.previousStatus !== 'ok') return [];
  return [
    {
      type: 'contract_change',
      subject: 'honeypot',
      dedupeKey: `honeypot:${i.token}:${i.observedAt}`,
      severity: 'critical',
      title: `${i.symbol ?? 'Token'}: selling now fails`,
      description: `A simulated sell that passed at the last check now fails${i.revertReason ? ` (${i.revertReason.slice(0, 120)})` : ''}: holders cannot sell.`,
      actionRequired: true,
      details: details({ rugScore: i.rugScore }),
      at: i.observedAt,
    },
  ];
}
