/**
 * Trading calls in the database: the board (most recent first) with each call's follows and likes
 * and the asking client's own, the stats from the stored calls, a new call, and a client's follow or
 * like toggled. Status, current price and P&L are kept current by the call tracker job
 * (src/server/jobs/call-tracker.ts).
 */

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { VerdictHeadline } from '../../shared/analysis';
import type { CallStats, CreateCallInput, ReactionResult, TradingCall } from '../../shared/trader-tools';
import type { Db } from '../db/client';
import { num } from '../db/rows';
import { callReactions, tradingCalls } from '../db/schema';
import { NotFoundError } from '../errors';
import { type CallEvaluation, type CallStatus, callStatsFromGroups } from './calls-math';

type CallRow = typeof tradingCalls.$inferSelect;
type Reactions = { followers: number; likes: number; following: boolean; liked: boolean };

/** The board shows the most recent calls. */
export const CALL_LIST_LIMIT = 200;

export function toCall(row: CallRow, r: Reactions, verdict: VerdictHeadline | null = null): TradingCall {
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
    verdict,
  };
}

type Queryable = Db;

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

/**
 * The board: the most recent calls, with the reactions of everyone and of `clientId`, and each
 * token's verdict now from `verdicts` (lowercase address → headline; absent: null).
 */
export async function listCalls(
  db: Db,
  clientId: string | undefined,
  verdictsFor: (tokens: string[]) => Promise<Map<string, VerdictHeadline | null>> = async () => new Map(),
): Promise<TradingCall[]> {
  const rows = await db
    .select()
    .from(tradingCalls)
    .orderBy(desc(tradingCalls.createdAt), desc(tradingCalls.id))
    .limit(CALL_LIST_LIMIT);
  const [reactions, verdicts] = await Promise.all([
    reactionsFor(
      db,
      rows.map((r) => r.id),
      clientId,
    ),
    verdictsFor(rows.flatMap((r) => (r.tokenAddress ? [r.tokenAddress] : []))),
  ]);
  return rows.map((r) =>
    toCall(
      r,
      reactions.get(r.id) as Reactions,
      r.tokenAddress ? (verdicts.get(r.tokenAddress.toLowerCase()) ?? null) : null,
    ),
  );
}

export async function readCallStats(db: Db): Promise<CallStats> {
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
}

/** Stores a new call as evaluated at price `e` (its status may already be final); its row. */
export async function insertCall(
  db: Db,
  input: CreateCallInput,
  e: CallEvaluation,
  t: Date,
): Promise<CallRow> {
  return db.transaction(async (tx) => {
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
}

/** Toggles `clientId`'s follow or like of call `id`; the call's reactions after it. */
export async function toggleReaction(
  db: Db,
  kind: 'follow' | 'like',
  id: number,
  clientId: string,
): Promise<ReactionResult> {
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
}
