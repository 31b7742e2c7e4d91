/** GET /api/health and GET /api/network. */
import type { FastifyInstance } from 'fastify';
import type { NetworkInfo } from '../../../shared/network';
import { getHeadBlock, recentHead } from '../../chain/client';
import type { EventLoopMonitor } from '../../event-loop';
import type { AppContext } from '../context';

/** Health reuses a head the chain answered this recently (as the database ping does its queries). */
const HEAD_FRESH_MS = 500;

export function registerSystemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { eventLoop?: EventLoopMonitor } = {},
) {
  app.get('/api/health', async (_req, reply) => {
    const [db, head] = await Promise.all([
      ctx.database.ping().catch(() => false),
      recentHead(ctx.chain, HEAD_FRESH_MS) ?? getHeadBlock(ctx.chain).catch(() => undefined),
    ]);
    const ok = db && head !== undefined;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      db: { ok: db, kind: ctx.database.kind },
      chain: { ok: head !== undefined, mode: ctx.network.mode, headBlock: head?.toString() ?? null },
      uptimeSeconds: Math.round(process.uptime()),
      // How long ready work waited for the event loop recently (aim: p99 ≤ 50 ms).
      eventLoopDelay: opts.eventLoop?.read() ?? null,
    });
  });

  app.get('/api/network', async () => {
    const head = await getHeadBlock(ctx.chain);
    const info: NetworkInfo = { ...ctx.network, headBlock: head.toString() };
    return info;
  });
}
