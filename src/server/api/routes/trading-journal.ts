/**
 * Trading journal (spec §2, §3, §7): a wallet's trades with P&L marked to the token's pool price,
 * stats, the two row actions (update, delete) and a CSV export. The trades themselves are
 * trader-tools/journal-store.ts's.
 */
import type { FastifyInstance } from 'fastify';
import {
  createTradeRequestSchema,
  deleteTradeQuerySchema,
  type JournalStats,
  updateTradeRequestSchema,
} from '../../../shared/trader-tools';
import { BadRequestError } from '../../errors';
import { toCsv } from '../../trader-tools/csv';
import { journalStats } from '../../trader-tools/journal-math';
import {
  checkDates,
  deleteTrade,
  insertTrade,
  type TradeRow,
  updateTrade,
  walletTrades,
  withPrices,
} from '../../trader-tools/journal-store';
import type { AppContext } from '../context';
import { idParam, parseWith, WRITE_RATE_LIMIT } from '../http';
import { walletParam } from '../params';

export function registerTradingJournalRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { now?: () => Date } = {},
) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());
  const log = ctx.log.child({ component: 'trading-journal' });

  /** Rows → trades, open ones marked to the pool price of their token. */
  const priced = (rows: TradeRow[]) => withPrices(ctx.engine, log, rows);

  app.get<{ Params: { wallet: string } }>('/api/trading-journal/:wallet', async (req) => {
    const wallet = walletParam(req.params.wallet);
    return priced(await walletTrades(db, wallet));
  });

  app.get<{ Params: { wallet: string } }>(
    '/api/trading-journal/stats/:wallet',
    async (req): Promise<JournalStats> => {
      const wallet = walletParam(req.params.wallet);
      const list = await priced(await walletTrades(db, wallet));
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
    const rows = await walletTrades(db, wallet, 'oldest');
    const list = await priced(rows);
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
    const row = await insertTrade(db, input, { entryDate, closedAt, t });
    const [trade] = await priced([row]);
    return reply.status(201).send(trade);
  });

  app.patch<{ Params: { id: string } }>(
    '/api/trading-journal/:id',
    { config: WRITE_RATE_LIMIT },
    async (req) => {
      const id = idParam(req.params.id);
      const input = parseWith(updateTradeRequestSchema, req.body);
      const t = now();
      const row = await updateTrade(db, id, input, t);
      const [trade] = await priced([row]);
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
      await deleteTrade(db, id, walletAddress);
      return { id, deleted: true };
    },
  );
}
