/** GET /api/health and GET /api/network. */
import type { FastifyInstance } from 'fastify';
import type { NetworkInfo } from '../../../shared/network';
import { lastHeadRead, readHead } from '../../chain/client';
import { type Serialised, serialise } from '../../engine/serialised';
import { ChainUnavailableError } from '../../errors';
import type { EventLoopMonitor } from '../../event-loop';
import { createFreshReading } from '../../fresh-reading';
import type { AppContext } from '../context';
import { sendSerialised } from './tokens';

/**
 * Health answers from the last head the chain gave (anyone's read) while it is under HEAD_TRUST_MS
 * old, reading a new one in the background once it is past HEAD_REFRESH_MS (fresh-reading.ts);
 * any failed head read forgets it at once (chain/client.ts readHead), and a dead embedded chain
 * process is 503 at once. /api/network shows the same head (at most a second old, blocks are 2 s).
 */
const HEAD_REFRESH_MS = 250;
const HEAD_TRUST_MS = 1_000;

export function registerSystemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: {
    eventLoop?: EventLoopMonitor;
    /** The embedded chain's process is running (local mode): false the moment it dies. */
    chainProcessUp?: () => boolean;
  } = {},
) {
  const headReading = createFreshReading({
    read: () => readHead(ctx.chain),
    refreshAfterMs: HEAD_REFRESH_MS,
    trustMs: HEAD_TRUST_MS,
    known: () => lastHeadRead(ctx.chain),
  });
  const readHeadForHealth = () => {
    if (opts.chainProcessUp && !opts.chainProcessUp()) return undefined;
    return headReading.get();
  };
  app.get('/api/health', async (_req, reply) => {
    const [db, head] = await Promise.all([ctx.database.ping().catch(() => false), readHeadForHealth()]);
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

  // Serialised once per head: pages and the header ask for it often, and it changes per block.
  let last: { head: bigint; bytes: Serialised } | undefined;
  app.get('/api/network', async (req, reply) => {
    // The reading has just failed to read the chain when it gives nothing: no second try here.
    const head = await headReading.get();
    if (head === undefined) throw new ChainUnavailableError('The chain RPC is not answering.');
    if (last?.head !== head) {
      const info: NetworkInfo = { ...ctx.network, headBlock: head.toString() };
      last = { head, bytes: serialise(info) };
    }
    return sendSerialised(req, reply, last.bytes);
  });
}
