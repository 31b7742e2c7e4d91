/**
 * Trading call arithmetic (pure).
 *
 * - pnlPercentage, in the call's direction: long (price − entry) / entry × 100;
 *   short (entry − price) / entry × 100.
 * - status of an active call at `price`: long — price ≥ target → 'completed', price ≤ stop →
 *   'stopped'; short — price ≤ target → 'completed', price ≥ stop → 'stopped'; else 'active'.
 *   Completed and stopped are final (the tracker only moves active calls).
 */
import type { TokenVerdict } from '../../shared/analysis';
import { formatPct, formatUsd } from '../../shared/format';
import type { CallStats } from '../../shared/trader-tools';
import { TRADING_CALL } from '../../shared/vocabulary';
import { roundTo } from './journal-math';

export type CallType = 'long' | 'short';
export type CallStatus = 'active' | 'completed' | 'stopped';

export type CallLevels = {
  callType: CallType;
  entryPrice: number;
  targetPrice: number;
  stopLoss: number;
};

export function callPnlPercentage(c: Pick<CallLevels, 'callType' | 'entryPrice'>, price: number): number {
  if (!(c.entryPrice > 0)) return 0;
  const move = c.callType === 'long' ? price - c.entryPrice : c.entryPrice - price;
  return (move / c.entryPrice) * 100;
}

export function callStatusAt(c: CallLevels, price: number): CallStatus {
  if (c.callType === 'long') {
    if (price >= c.targetPrice) return 'completed';
    if (price <= c.stopLoss) return 'stopped';
  } else {
    if (price <= c.targetPrice) return 'completed';
    if (price >= c.stopLoss) return 'stopped';
  }
  return 'active';
}

export type CallEvaluation = { status: CallStatus; pnlPercentage: number; currentPrice: number | null };

/**
 * Where an active call stands at `price` (null = unknown: stays active at 0%). A call that is
 * already final keeps its status and P&L.
 */
export function evaluateCall(
  c: CallLevels & { status: CallStatus; pnlPercentage: number; currentPrice: number | null },
  price: number | null,
): CallEvaluation {
  if (c.status !== 'active')
    return { status: c.status, pnlPercentage: c.pnlPercentage, currentPrice: c.currentPrice };
  if (price === null || !Number.isFinite(price) || price <= 0)
    return { status: 'active', pnlPercentage: c.pnlPercentage, currentPrice: c.currentPrice };
  return { status: callStatusAt(c, price), pnlPercentage: callPnlPercentage(c, price), currentPrice: price };
}

/**
 * Stats over stored calls: totalCalls; activeCalls; successfulCalls (completed); winRate =
 * completed / (completed + stopped) × 100, 1 decimal (0 with none resolved); totalPnL = Σ
 * pnlPercentage (percentage points, 2 decimals); averagePnL = totalPnL / totalCalls (2 decimals).
 */
export function callStats(calls: readonly { status: CallStatus; pnlPercentage: number }[]): CallStats {
  const groups = new Map<CallStatus, { count: number; pnlSum: number }>();
  for (const c of calls) {
    const g = groups.get(c.status) ?? { count: 0, pnlSum: 0 };
    g.count++;
    g.pnlSum += c.pnlPercentage;
    groups.set(c.status, g);
  }
  return callStatsFromGroups([...groups].map(([status, g]) => ({ status, ...g })));
}

/** The same stats from per-status aggregates (what the database returns). */
export function callStatsFromGroups(
  groups: readonly { status: CallStatus; count: number; pnlSum: number }[],
): CallStats {
  let active = 0;
  let completed = 0;
  let stopped = 0;
  let total = 0;
  for (const g of groups) {
    if (g.status === 'active') active += g.count;
    else if (g.status === 'completed') completed += g.count;
    else stopped += g.count;
    total += g.pnlSum;
  }
  const count = active + completed + stopped;
  const resolved = completed + stopped;
  return {
    totalCalls: count,
    winRate: resolved ? roundTo((completed / resolved) * 100, 1) : 0,
    activeCalls: active,
    totalPnL: roundTo(total, 2),
    averagePnL: count ? roundTo(total / count, 2) : 0,
    successfulCalls: completed,
    stoppedCalls: stopped,
  };
}

/** What is known of the market when a call is posted (null = unknown). */
export type CallMarket = {
  priceUsd: number | null;
  verdict: Pick<TokenVerdict, 'kind' | 'label' | 'reason'> | null;
};

/** Why a new call is refused: the field it concerns and the reason in words; null when accepted. */
export type CallRefusal = { field: 'tokenAddress' | 'entryPrice'; reason: string; message: string };

const usdText = (n: number) => formatUsd(n);

/**
 * Checks a new call against the market (pure; issue 24):
 * - a token whose verdict is in TRADING_CALL.refusedVerdicts (honeypot, rugged) is refused, with the
 *   verdict and its reason;
 * - an entry price more than TRADING_CALL.maxEntryDeviationPct from the pool's current price is
 *   refused, naming that price. Unknown price or verdict: accepted (nothing to check against; the
 *   board then marks the call at its entry and says so).
 */
export function checkNewCall(
  c: Pick<CallLevels, 'entryPrice'> & { symbol: string },
  market: CallMarket,
): CallRefusal | null {
  const v = market.verdict;
  if (v && TRADING_CALL.refusedVerdicts.includes(v.kind)) {
    const reason = `is ${v.kind === 'honeypot' ? 'a honeypot' : 'rugged'} (${v.label}): ${v.reason}`;
    return {
      field: 'tokenAddress',
      reason,
      message: `A call on ${c.symbol} is refused: the token ${reason}`,
    };
  }
  const p = market.priceUsd;
  if (p !== null && Number.isFinite(p) && p > 0 && c.entryPrice > 0) {
    // Rounded to 1e-9 of a percent: 2.1 against 2 is 5%, not 5.000000000000004%.
    const deviation = Math.round(Math.abs(c.entryPrice / p - 1) * 100 * 1e9) / 1e9;
    if (deviation > TRADING_CALL.maxEntryDeviationPct) {
      const reason = `must be within ${TRADING_CALL.maxEntryDeviationPct}% of the current pool price ${usdText(p)} (it is ${formatPct(deviation, 1)} ${c.entryPrice > p ? 'above' : 'below'} it)`;
      return {
        field: 'entryPrice',
        reason,
        message: `Entry price ${usdText(c.entryPrice)} ${reason}.`,
      };
    }
  }
  return null;
}
