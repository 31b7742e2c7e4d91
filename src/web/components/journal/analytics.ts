/** Analytics computed from the wallet's trades: the equity curve and per-strategy performance. */
import { TRADE_STRATEGY_LABELS, type Trade } from '@shared/trader-tools';

export type EquityPoint = { t: number; label: string; pnl: number; cumulative: number };

/**
 * Cumulative P&L over time: each closed trade adds its net P&L at its close date (realised); the
 * open positions' unrealised P&L is added as a last point at `now`, so the curve ends at the
 * journal's Total P&L.
 */
export function equityCurve(trades: Trade[], now = Date.now()): EquityPoint[] {
  const closed = trades
    .filter((t) => t.status === 'closed' && t.closedAt)
    .map((t) => ({ t: new Date(t.closedAt as string).getTime(), pnl: t.netPnL, label: t.tokenSymbol }))
    .sort((a, b) => a.t - b.t);
  const out: EquityPoint[] = [];
  let sum = 0;
  for (const c of closed) {
    sum += c.pnl;
    out.push({ t: c.t, label: `${c.label} closed`, pnl: c.pnl, cumulative: sum });
  }
  const open = trades.filter((t) => t.status === 'open');
  if (open.length) {
    const unrealised = open.reduce((s, t) => s + t.netPnL, 0);
    sum += unrealised;
    out.push({
      t: Math.max(now, out.at(-1)?.t ?? now),
      label: `${open.length} open position${open.length === 1 ? '' : 's'} (unrealised)`,
      pnl: unrealised,
      cumulative: sum,
    });
  }
  // A zero start so a single point still draws a line.
  const first = out[0];
  if (first) out.unshift({ t: first.t - 1, label: 'Start', pnl: 0, cumulative: 0 });
  return out;
}

export type StrategyRow = {
  key: string;
  label: string;
  trades: number;
  closed: number;
  wins: number;
  /** Percent of closed trades with P&L > 0, 1 decimal; null with none closed. */
  winRate: number | null;
  totalPnL: number;
  volume: number;
  /** totalPnL / volume, percent. */
  returnPct: number | null;
};

export function strategyPerformance(trades: Trade[]): StrategyRow[] {
  const by = new Map<string, Trade[]>();
  for (const t of trades) {
    const k = t.strategy ?? '';
    by.set(k, [...(by.get(k) ?? []), t]);
  }
  const rows: StrategyRow[] = [];
  for (const [key, list] of by) {
    const closed = list.filter((t) => t.status === 'closed');
    const wins = closed.filter((t) => t.netPnL > 0).length;
    const totalPnL = list.reduce((s, t) => s + t.netPnL, 0);
    const volume = list.reduce((s, t) => s + t.entryPrice * t.quantity, 0);
    rows.push({
      key: key || 'none',
      label: key ? (TRADE_STRATEGY_LABELS[key as keyof typeof TRADE_STRATEGY_LABELS] ?? key) : 'No strategy',
      trades: list.length,
      closed: closed.length,
      wins,
      winRate: closed.length ? Math.round((wins / closed.length) * 1000) / 10 : null,
      totalPnL,
      volume,
      returnPct: volume > 0 ? (totalPnL / volume) * 100 : null,
    });
  }
  return rows.sort((a, b) => b.totalPnL - a.totalPnL);
}
