/**
 * Trading calls (spec §2, §3, §7): the board, new calls, stats from the stored calls, and
 * follows/likes stored per client so counts are real. The calls are trader-tools/calls-store.ts's;
 * status, currentPrice and pnlPercentage are kept current by the call tracker job
 * (src/server/jobs/call-tracker.ts).
 */
import type { FastifyInstance } from 'fastify';
import { type CallStats, createCallRequestSchema, type TradingCall } from '../../../shared/trader-tools';
import { priceOf, verdictOf, verdictsOf } from '../../engine/prices';
import { BadRequestError } from '../../errors';
import { checkNewCall, evaluateCall } from '../../trader-tools/calls-math';
import { insertCall, listCalls, readCallStats, toCall, toggleReaction } from '../../trader-tools/calls-store';
import type { AppContext } from '../context';
import { clientIdOf, ensureClientId, idParam, parseWith, WRITE_RATE_LIMIT } from '../http';

/** How long the board waits for a token's verdict (usually cached: the tracker reads the same tokens). */
const BOARD_VERDICT_TIMEOUT_MS = 2_000;

export function registerTradingCallsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { now?: () => Date } = {},
) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());
  const log = ctx.log.child({ component: 'trading-calls' });

  app.get('/api/trading-calls', async (req): Promise<TradingCall[]> => {
    return listCalls(db, clientIdOf(req), (tokens) =>
      verdictsOf(ctx.engine, tokens, { log, timeoutMs: BOARD_VERDICT_TIMEOUT_MS }),
    );
  });

  app.get('/api/trading-calls/stats', async (): Promise<CallStats> => {
    return readCallStats(db);
  });

  app.post('/api/trading-calls', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const input = parseWith(createCallRequestSchema, req.body);
    // The price is read before the transaction: no transaction waits on the chain.
    const [price, verdict] = input.tokenAddress
      ? await Promise.all([
          priceOf(ctx.engine, input.tokenAddress, { log }),
          verdictOf(ctx.engine, input.tokenAddress, { log }),
        ])
      : [null, null];
    // A call nobody can act on (honeypot, rugged) or entered far from the market is refused.
    const refusal = checkNewCall(
      { symbol: input.symbol, entryPrice: Number(input.entryPrice) },
      { priceUsd: price, verdict },
    );
    if (refusal) throw new BadRequestError(refusal.message, { field: refusal.field, reason: refusal.reason });
    const levels = {
      callType: input.callType,
      entryPrice: Number(input.entryPrice),
      targetPrice: Number(input.targetPrice),
      stopLoss: Number(input.stopLoss),
    };
    const e = evaluateCall({ ...levels, status: 'active', pnlPercentage: 0, currentPrice: null }, price);
    const t = now();
    const row = await insertCall(db, input, e, t);
    return reply
      .status(201)
      .send(toCall(row, { followers: 0, likes: 0, following: false, liked: false }, verdict));
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
