/**
 * Trading journal arithmetic (pure). Definitions:
 *
 * - mark price: the exit price when the trade is closed, else the token's pool price now, else the
 *   entry price (price unknown: the P&L is then just minus the fees, and `priceSource` says so).
 * - buy:         netPnL = (mark − entry) × quantity − fees
 * - sell (short): netPnL = (entry − mark) × quantity − fees
 * - pnlPercentage = netPnL / (entry × quantity) × 100
 * - status: 'closed' exactly when an exit price exists. `closedAt` is set when the exit price is
 *   recorded (at creation, or by the update that sets it; an explicit exit date may be given).
 *
 * Stats: see `journalStats`.
 */
import { round as roundTo } from '../../shared/analysis';
import type { JournalStats, PriceSource } from '../../shared/trader-tools';

export type TradeNumbers = {
  tradeType: 'buy' | 'sell';
  quantity: number;
  entryPrice: number;
  exitPrice: number | null;
  fees: number;
};

export type TradePnL = {
  status: 'open' | 'closed';
  markPrice: number;
  priceSource: PriceSource;
  netPnL: number;
  pnlPercentage: number;
};

export function tradePnL(t: TradeNumbers, currentPrice: number | null): TradePnL {
  const closed = t.exitPrice !== null;
  const [markPrice, priceSource]: [number, PriceSource] = closed
    ? [t.exitPrice as number, 'exit']
    : currentPrice !== null && Number.isFinite(currentPrice) && currentPrice > 0
      ? [currentPrice, 'pool']
      : [t.entryPrice, 'entry'];
  const move = t.tradeType === 'buy' ? markPrice - t.entryPrice : t.entryPrice - markPrice;
  const raw = move * t.quantity - t.fees;
  const netPnL = raw === 0 ? 0 : raw; // no -0 on the wire
  const cost = t.entryPrice * t.quantity;
  const pnlPercentage = cost > 0 ? (netPnL / cost) * 100 : 0;
  return { status: closed ? 'closed' : 'open', markPrice, priceSource, netPnL, pnlPercentage };
}

/** The one rounding helper (shared/analysis.ts `round`), under the name the trader tools use. */
export { roundTo };

export type StatsTrade = TradeNumbers & {
  netPnL: number;
  priceSource: PriceSource;
  entryDate: Date;
  closedAt: Date | null;
};

const DAY_MS = 86_400_000;

/**
 * Journal stats:
 * - totalPnL: Σ netPnL over all trades (realized + unrealized).
 * - winRate: closed trades with netPnL > 0 as a percent of closed trades, 1 decimal; 0 if none.
 * - totalTrades: all trades. totalVolume: Σ entry × quantity. avgTradeSize: totalVolume / totalTrades.
 * - bestTrade / worstTrade: max / min netPnL among closed trades; 0 if none closed.
 * - profitFactor: Σ netPnL of winners / |Σ netPnL of losers| over closed trades, 2 decimals;
 *   0 when there are no winners; null (unbounded) when there are winners and no losers.
 *   Break-even trades (netPnL = 0) count as neither.
 * - avgHoldTime: mean (closedAt − entryDate) over closed trades in days, 1 decimal; 0 if none.
 */
export function journalStats(trades: readonly StatsTrade[]): JournalStats {
  let totalPnL = 0;
  let realizedPnL = 0;
  let unrealizedPnL = 0;
  let totalVolume = 0;
  let wins = 0;
  let grossWin = 0;
  let grossLoss = 0;
  let best = Number.NEGATIVE_INFINITY;
  let worst = Number.POSITIVE_INFINITY;
  let holdMs = 0;
  let closed = 0;
  let openWithoutPrice = 0;
  for (const t of trades) {
    totalPnL += t.netPnL;
    totalVolume += t.entryPrice * t.quantity;
    if (t.exitPrice === null) {
      unrealizedPnL += t.netPnL;
      if (t.priceSource === 'entry') openWithoutPrice++;
      continue;
    }
    closed++;
    realizedPnL += t.netPnL;
    if (t.netPnL > 0) {
      wins++;
      grossWin += t.netPnL;
    } else if (t.netPnL < 0) {
      grossLoss += -t.netPnL;
    }
    best = Math.max(best, t.netPnL);
    worst = Math.min(worst, t.netPnL);
    const closedAt = t.closedAt ?? t.entryDate;
    holdMs += Math.max(0, closedAt.getTime() - t.entryDate.getTime());
  }
  const totalTrades = trades.length;
  return {
    totalPnL,
    winRate: closed ? roundTo((wins / closed) * 100, 1) : 0,
    totalTrades,
    totalVolume,
    bestTrade: closed ? best : 0,
    worstTrade: closed ? worst : 0,
    profitFactor: grossLoss > 0 ? roundTo(grossWin / grossLoss, 2) : grossWin > 0 ? null : 0,
    avgTradeSize: totalTrades ? totalVolume / totalTrades : 0,
    avgHoldTime: closed ? roundTo(holdMs / closed / DAY_MS, 1) : 0,
    openTrades: totalTrades - closed,
    closedTrades: closed,
    realizedPnL,
    unrealizedPnL,
    openTradesWithoutPrice: openWithoutPrice,
  };
}
