/**
 * Trading journal (spec §2, §3, §7): a wallet's trades with P&L marked to the token's pool price,
 * stats, the two row actions (update, delete) and a CSV export.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  createTradeRequestSchema,
  deleteTradeQuerySchema,
  type JournalStats,
  type Trade,
  updateTradeRequestSchema,
} from '../../../shared/trader-tools';
import { num } from '../../db/rows';
import { trades } from '../../db/schema';
import { pricesOf } from '../../engine/prices';
import { BadRequestError, NotFoundError } from '../../errors';
import { toCsv } from '../../trader-tools/csv';
import { journalStats, tradePnL } from '../../trader-tools/journal-math';
import type { AppContext } from '../context';
import { ForbiddenError, idParam, parseWith, WRITE_RATE_LIMIT } from '../http';
import { walletParam } from '../params';

type TradeRow = typeof trades.$inferSelect;

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

function checkDates(entryDate: Date, closedAt: Date | null, now: Date) {
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

export function registerTradingJournalRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { now?: () => Date } = {},
) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());
  const log = ctx.log.child({ component: 'trading-journal' });

  /** Rows → trades, open ones marked to the pool price of their token. */
  const withPrices = async (rows: TradeRow[]): Promise<Trade[]> => {
    const open = rows.filter((r) => r.exitPrice === null).map((r) => r.tokenAddress);
    const prices = await pricesOf(ctx.engine, open, { log });
    return rows.map((r) => toTrade(r, prices.get(r.tokenAddress.toLowerCase()) ?? null));
  };

  const walletTrades = (wallet: string) =>
    db
      .select()
      .from(trades)
      .where(eq(trades.walletAddress, wallet))
      .orderBy(desc(trades.entryDate), desc(trades.id));

  app.get<{ Params: { wallet: string } }>('/api/trading-journal/:wallet', async (req) => {
    const wallet = walletParam(req.params.wallet);
    return withPrices(await walletTrades(wallet));
  });

  app.get<{ Params: { wallet: string } }>(
    '/api/trading-journal/stats/:wallet',
    async (req): Promise<JournalStats> => {
      const wallet = walletParam(req.params.wallet);
      const list = await withPrices(await walletTrades(wallet));
      return journalStats(
        list.map((t) => ({
          ...t,
          entryDate: new Date(t.entryDate),
          closedAt: t.closedAt ? new Date(t.closedAt) : null,
        })),
      );
    },
  );

  app.get<{ Params: { wallet: string } }>('/api/trading-journal/:wallet/export.csv', async (req, reply) => {
    const wallet = walletParam(req.params.wallet);
    const rows = await db
      .select()
      .from(trades)
      .where(eq(trades.walletAddress, wallet))
      .orderBy(asc(trades.entryDate), asc(trades.id));
    const list = await withPrices(rows);
    const csv = toCsv(
      [
        [
          'id',
          'entry_date',
          'token_symbol',
          'token_name',
          'token_address',
          'type',
          'quantity',
          'entry_price',
          'exit_price',
          'current_price',
          'price_source',
          'fees',
          'net_pnl',
          'pnl_percentage',
          'status',
          'closed_at',
          'strategy',
          'timeframe',
          'stop_loss',
          'take_profit',
          'notes',
        ],
        ...list.map((t) => [
          t.id,
          t.entryDate,
          t.tokenSymbol,
          t.tokenName,
          t.tokenAddress,
          t.tradeType,
          t.quantity,
          t.entryPrice,
          t.exitPrice,
          t.currentPrice,
          t.priceSource,
          t.fees,
          t.netPnL,
          t.pnlPercentage,
          t.status,
          t.closedAt,
          t.strategy,
          t.timeframe,
          t.stopLoss,
          t.takeProfit,
          t.notes,
        ]),
      ],
      { bom: true },
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="trading-journal-${wallet}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.post('/api/trading-journal', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const input = parseWith(createTradeRequestSchema, req.body);
    const t = now();
    const entryDate = input.entryDate ?? t;
    if (input.exitDate && !input.exitPrice)
      throw new BadRequestError('exitDate needs an exitPrice.', {
        field: 'exitDate',
        reason: 'needs an exitPrice',
      });
    const closedAt = input.exitPrice ? (input.exitDate ?? t) : null;
    checkDates(entryDate, closedAt, t);
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
    const [trade] = await withPrices([row]);
    return reply.status(201).send(trade);
  });

  app.patch<{ Params: { id: string } }>(
    '/api/trading-journal/:id',
    { config: WRITE_RATE_LIMIT },
    async (req) => {
      const id = idParam(req.params.id);
      const input = parseWith(updateTradeRequestSchema, req.body);
      const t = now();
      const row = await db.transaction(async (tx) => {
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
      const [trade] = await withPrices([row]);
      return trade;
    },
  );

  app.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/trading-journal/:id',
    { config: WRITE_RATE_LIMIT },
    async (req) => {
      const id = idParam(req.params.id);
      // The wallet comes in the query (`?walletAddress=`) or, for clients that send one, the body.
      const source =
        req.query && typeof req.query === 'object' && 'walletAddress' in req.query
          ? req.query
          : ((req.body as Record<string, unknown> | undefined) ?? {});
      const { walletAddress } = parseWith(deleteTradeQuerySchema, source, 'query');
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
      return { id, deleted: true };
    },
  );
}
