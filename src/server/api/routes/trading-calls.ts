/**
 * Trading calls (spec §2, §3, §7): the board, new calls, stats from the stored calls, and
 * follows/likes stored per client so counts are real. The calls are trader-tools/calls-store.ts's;
 * status, currentPrice and pnlPercentage are kept current by the call tracker job
 * (src/server/jobs/call-tracker.ts).
 */
import type { FastifyInstance } from 'fastify';
import { type CallStats, createCallRequestSchema, type TradingCall } from '../../../shared/trader-tools';
import { priceOf } from '../../engine/prices';
import { evaluateCall } from '../../trader-tools/calls-math';
import { insertCall, listCalls, readCallStats, toCall, toggleReaction } from '../../trader-tools/calls-store';
import type { AppContext } from '../context';
import { clientIdOf, ensureClientId, idParam, parseWith, WRITE_RATE_LIMIT } from '../http';

export function registerTradingCallsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { now?: () => Date } = {},
) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());
  const log = ctx.log.child({ component: 'trading-calls' });

  app.get('/api/trading-calls', async (req): Promise<TradingCall[]> => {
    return listCalls(db, clientIdOf(req));
  });

  app.get('/api/trading-calls/stats', async (): Promise<CallStats> => {
    return readCallStats(db);
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
    const row = await insertCall(db, input, e, t);
    return reply.status(201).send(toCall(row, { followers: 0, likes: 0, following: false, liked: false }));
  });

  // The client id first (minting it sets the cookie), then the call's id from the path.
  const toggle = (kind: 'follow' | 'like') => async (req: { params: { id: string } }, clientId: string) =>
    toggleReaction(db, kind, idParam(req.params.id), clientId);
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
