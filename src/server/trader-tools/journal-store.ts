/**
 * The trading journal in the database: a wallet's trades (newest or oldest first), marked to the
 * token's pool price when open; adding, correcting and deleting a trade, only by its own wallet.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CreateTradeInput, Trade, UpdateTradeInput } from '../../shared/trader-tools';
import type { Db } from '../db/client';
import { num } from '../db/rows';
import { trades } from '../db/schema';
import { pricesOf } from '../engine/prices';
import type { TokenEngine } from '../engine/token-engine';
import { BadRequestError, ForbiddenError, NotFoundError } from '../errors';
import type { Logger } from '../logger';
import { tradePnL } from './journal-math';

export type TradeRow = typeof trades.$inferSelect;

/** Allowed clock skew for "not in the future" checks. */
const FUTURE_SLACK_MS = 5 * 60_000;

function toTrade(row: TradeRow, livePrice: number | null): Trade {
  const n = {
    tradeType: row.tradeType,
    quantity: Number(row.quantity),
    entryPrice: Number(row.entryPrice),
    exitPrice: num(row.exitPrice),
    fees: Number(row.fees),
  };
  const p = tradePnL(n, livePrice);
  return {
    id: row.id,
    walletAddress: row.walletAddress,
    tokenSymbol: row.tokenSymbol,
    tokenName: row.tokenName,
    tokenAddress: row.tokenAddress,
    ...n,
    notes: row.notes,
    strategy: row.strategy,
    timeframe: row.timeframe,
    stopLoss: num(row.stopLoss),
    takeProfit: num(row.takeProfit),
    currentPrice: p.status === 'open' && p.priceSource === 'pool' ? p.markPrice : null,
    priceSource: p.priceSource,
    netPnL: p.netPnL,
    pnlPercentage: p.pnlPercentage,
    status: p.status,
    entryDate: row.entryDate.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function checkDates(entryDate: Date, closedAt: Date | null, now: Date) {
  if (entryDate.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw new BadRequestError('entryDate must not be in the future.', {
      field: 'entryDate',
      reason: 'must not be in the future',
    });
  if (closedAt && closedAt.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw new BadRequestError('exitDate must not be in the future.', {
      field: 'exitDate',
      reason: 'must not be in the future',
    });
  if (closedAt && closedAt.getTime() < entryDate.getTime())
    throw new BadRequestError('exitDate must not be before entryDate.', {
      field: 'exitDate',
      reason: 'must not be before entryDate',
    });
}

/** Rows → trades, open ones marked to the pool price of their token. */
export async function withPrices(
  engine: Pick<TokenEngine, 'facts'>,
  log: Logger,
  rows: TradeRow[],
): Promise<Trade[]> {
  const open = rows.filter((r) => r.exitPrice === null).map((r) => r.tokenAddress);
  const prices = await pricesOf(engine, open, { log });
  return rows.map((r) => toTrade(r, prices.get(r.tokenAddress.toLowerCase()) ?? null));
}

/** A wallet's trades, newest first (the list) or oldest first (the CSV export). */
export function walletTrades(db: Db, wallet: string, order: 'newest' | 'oldest' = 'newest') {
  return db
    .select()
    .from(trades)
    .where(eq(trades.walletAddress, wallet))
    .orderBy(
      ...(order === 'newest'
        ? [desc(trades.entryDate), desc(trades.id)]
        : [asc(trades.entryDate), asc(trades.id)]),
    );
}

export async function insertTrade(
  db: Db,
  input: CreateTradeInput,
  x: { entryDate: Date; closedAt: Date | null; t: Date },
): Promise<TradeRow> {
  const { entryDate, closedAt, t } = x;
  const [row] = await db.transaction(async (tx) =>
    tx
      .insert(trades)
      .values({
        walletAddress: input.walletAddress,
        tokenSymbol: input.tokenSymbol,
        tokenName: input.tokenName,
        tokenAddress: input.tokenAddress,
        tradeType: input.tradeType,
        quantity: input.quantity,
        entryPrice: input.entryPrice,
        exitPrice: input.exitPrice ?? null,
        fees: input.fees,
        notes: input.notes ?? null,
        strategy: input.strategy ?? null,
        timeframe: input.timeframe ?? null,
        stopLoss: input.stopLoss ?? null,
        takeProfit: input.takeProfit ?? null,
        entryDate,
        closedAt,
        createdAt: t,
        updatedAt: t,
      })
      .returning(),
  );
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Applies `input` to trade `id` if `input.walletAddress` owns it; the updated row. */
export async function updateTrade(db: Db, id: number, input: UpdateTradeInput, t: Date): Promise<TradeRow> {
  return db.transaction(async (tx) => {
    const [cur] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
    if (!cur) throw new NotFoundError(`Trade ${id} does not exist.`);
    if (cur.walletAddress !== input.walletAddress)
      throw new ForbiddenError(`Trade ${id} belongs to another wallet.`, {
        field: 'walletAddress',
        reason: "does not match the trade's wallet",
      });

    const exitPrice = input.exitPrice === undefined ? cur.exitPrice : input.exitPrice;
    let closedAt: Date | null;
    if (exitPrice === null) {
      if (input.exitDate)
        throw new BadRequestError('exitDate needs an exitPrice.', {
          field: 'exitDate',
          reason: 'needs an exitPrice',
        });
      closedAt = null;
    } else {
      // Closed now unless it already was (a corrected exit price keeps its date) or a date is given.
      closedAt = input.exitDate ?? cur.closedAt ?? t;
    }
    const entryDate = input.entryDate ?? cur.entryDate;
    checkDates(entryDate, closedAt, t);

    const pick = <K extends keyof TradeRow>(k: K, v: TradeRow[K] | undefined): TradeRow[K] =>
      v === undefined ? cur[k] : v;
    const [updated] = await tx
      .update(trades)
      .set({
        tokenSymbol: pick('tokenSymbol', input.tokenSymbol),
        tokenName: pick('tokenName', input.tokenName),
        tokenAddress: pick('tokenAddress', input.tokenAddress),
        tradeType: pick('tradeType', input.tradeType),
        quantity: pick('quantity', input.quantity),
        entryPrice: pick('entryPrice', input.entryPrice),
        exitPrice,
        fees: pick('fees', input.fees),
        notes: pick('notes', input.notes),
        strategy: pick('strategy', input.strategy),
        timeframe: pick('timeframe', input.timeframe),
        stopLoss: pick('stopLoss', input.stopLoss),
        takeProfit: pick('takeProfit', input.takeProfit),
        entryDate,
        closedAt,
        updatedAt: t,
      })
      .where(and(eq(trades.id, id), eq(trades.walletAddress, input.walletAddress)))
      .returning();
    if (!updated) throw new NotFoundError(`Trade ${id} does not exist.`);
    return updated;
  });
}

/** Deletes trade `id` if `walletAddress` owns it. */
export async function deleteTrade(db: Db, id: number, walletAddress: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(trades).where(eq(trades.id, id)).for('update');
    if (!cur) throw new NotFoundError(`Trade ${id} does not exist.`);
    if (cur.walletAddress !== walletAddress)
      throw new ForbiddenError(`Trade ${id} belongs to another wallet.`, {
        field: 'walletAddress',
        reason: "does not match the trade's wallet",
      });
    await tx.delete(trades).where(eq(trades.id, id));
  });
}
