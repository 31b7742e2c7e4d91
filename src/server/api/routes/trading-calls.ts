/**
 * Trading calls (spec §2, §3, §7): the board, new calls, stats from the stored calls, and
 * follows/likes stored per client so counts are real. Status, currentPrice and pnlPercentage are
 * kept current by the call tracker job (src/server/jobs/call-tracker.ts).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type CallStats,
  createCallRequestSchema,
  type ReactionResult,
  type TradingCall,
} from '../../../shared/trader-tools';
import { num } from '../../db/rows';
import { callReactions, tradingCalls } from '../../db/schema';
import { priceOf } from '../../engine/prices';
import { NotFoundError } from '../../errors';
import { type CallStatus, callStatsFromGroups, evaluateCall } from '../../trader-tools/calls-math';
import type { AppContext } from '../context';
import { clientIdOf, ensureClientId, idParam, parseWith, WRITE_RATE_LIMIT } from '../http';

type CallRow = typeof tradingCalls.$inferSelect;
type Reactions = { followers: number; likes: number; following: boolean; liked: boolean };

/** The board shows the most recent calls. */
export const CALL_LIST_LIMIT = 200;

function toCall(row: CallRow, r: Reactions): TradingCall {
  const currentPrice = num(row.currentPrice);
  return {
    id: row.id,
    symbol: row.symbol,
    tokenName: row.tokenName,
    tokenAddress: row.tokenAddress,
    callType: row.callType,
    entryPrice: Number(row.entryPrice),
    targetPrice: Number(row.targetPrice),
    stopLoss: Number(row.stopLoss),
    confidence: row.confidence,
    timeframe: row.timeframe,
    reasoning: row.reasoning,
    currentPrice,
    priceSource: currentPrice === null ? 'entry' : 'pool',
    status: row.status,
    pnlPercentage: Number(row.pnlPercentage),
    ...r,
    createdAt: row.createdAt.toISOString(),
    priceUpdatedAt: row.priceUpdatedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

type Queryable = AppContext['database']['db'];

async function reactionsFor(db: Queryable, ids: number[], clientId: string | undefined) {
  const out = new Map<number, Reactions>();
  for (const id of ids) out.set(id, { followers: 0, likes: 0, following: false, liked: false });
  if (!ids.length) return out;
  const mine = clientId
    ? sql<boolean>`bool_or(${callReactions.clientId} = ${clientId})`
    : sql<boolean>`false`;
  const rows = await db
    .select({
      callId: callReactions.callId,
      kind: callReactions.kind,
      n: sql<number>`count(*)::int`,
      mine,
    })
    .from(callReactions)
    .where(inArray(callReactions.callId, ids))
    .groupBy(callReactions.callId, callReactions.kind);
  for (const r of rows) {
    const o = out.get(r.callId);
    if (!o) continue;
    if (r.kind === 'follow') {
      o.followers = Number(r.n);
      o.following = r.mine === true;
    } else {
      o.likes = Number(r.n);
      o.liked = r.mine === true;
    }
  }
  return out;
}

export function registerTradingCallsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { now?: () => Date } = {},
) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());
  const log = ctx.log.child({ component: 'trading-calls' });

  app.get('/api/trading-calls', async (req): Promise<TradingCall[]> => {
    const rows = await db
      .select()
      .from(tradingCalls)
      .orderBy(desc(tradingCalls.createdAt), desc(tradingCalls.id))
      .limit(CALL_LIST_LIMIT);
    const reactions = await reactionsFor(
      db,
      rows.map((r) => r.id),
      clientIdOf(req),
    );
    return rows.map((r) => toCall(r, reactions.get(r.id) as Reactions));
  });

  app.get('/api/trading-calls/stats', async (): Promise<CallStats> => {
    const groups = await db
      .select({
        status: tradingCalls.status,
        count: sql<number>`count(*)::int`,
        pnlSum: sql<string>`coalesce(sum(${tradingCalls.pnlPercentage}), 0)`,
      })
      .from(tradingCalls)
      .groupBy(tradingCalls.status);
    return callStatsFromGroups(
      groups.map((g) => ({
        status: g.status as CallStatus,
        count: Number(g.count),
        pnlSum: Number(g.pnlSum),
      })),
    );
  });

  app.post('/api/trading-calls', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const input = parseWith(createCallRequestSchema, req.body);
    // The price is read before the transaction: no transaction waits on the chain.
    const price = input.tokenAddress ? await priceOf(ctx.engine, input.tokenAddress, { log }) : null;
    const levels = {
      callType: input.callType,
      entryPrice: Number(input.entryPrice),
      targetPrice: Number(input.targetPrice),
      stopLoss: Number(input.stopLoss),
    };
    const e = evaluateCall({ ...levels, status: 'active', pnlPercentage: 0, currentPrice: null }, price);
    const t = now();
    const row = await db.transaction(async (tx) => {
      const [r] = await tx
        .insert(tradingCalls)
        .values({
          symbol: input.symbol,
          tokenName: input.tokenName ?? input.symbol,
          tokenAddress: input.tokenAddress ?? null,
          callType: input.callType,
          entryPrice: input.entryPrice,
          targetPrice: input.targetPrice,
          stopLoss: input.stopLoss,
          confidence: input.confidence,
          timeframe: input.timeframe,
          reasoning: input.reasoning ?? '',
          currentPrice: e.currentPrice === null ? null : String(e.currentPrice),
          pnlPercentage: String(e.pnlPercentage),
          status: e.status,
          priceUpdatedAt: e.currentPrice === null ? null : t,
          closedAt: e.status === 'active' ? null : t,
          createdAt: t,
          updatedAt: t,
        })
        .returning();
      if (!r) throw new Error('insert returned no row');
      return r;
    });
    return reply.status(201).send(toCall(row, { followers: 0, likes: 0, following: false, liked: false }));
  });

  const toggle = (kind: 'follow' | 'like') => async (req: { params: { id: string } }, clientId: string) => {
    const id = idParam(req.params.id);
    return db.transaction(async (tx): Promise<ReactionResult> => {
      const [call] = await tx
        .select({ id: tradingCalls.id })
        .from(tradingCalls)
        .where(eq(tradingCalls.id, id))
        .for('share');
      if (!call) throw new NotFoundError(`Trading call ${id} does not exist.`);
      const mine = and(
        eq(callReactions.callId, id),
        eq(callReactions.kind, kind),
        eq(callReactions.clientId, clientId),
      );
      const removed = await tx.delete(callReactions).where(mine).returning({ callId: callReactions.callId });
      if (!removed.length)
        await tx.insert(callReactions).values({ callId: id, kind, clientId }).onConflictDoNothing();
      const r = (await reactionsFor(tx as unknown as Queryable, [id], clientId)).get(id) as Reactions;
      return { callId: id, ...r };
    });
  };
  const follow = toggle('follow');
  const like = toggle('like');

  app.post<{ Params: { id: string } }>(
    '/api/trading-calls/:id/follow',
    { config: WRITE_RATE_LIMIT },
    async (req, reply) => follow(req, ensureClientId(req, reply)),
  );
  app.post<{ Params: { id: string } }>(
    '/api/trading-calls/:id/like',
    { config: WRITE_RATE_LIMIT },
    async (req, reply) => like(req, ensureClientId(req, reply)),
  );
}
