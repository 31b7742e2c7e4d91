/** GET /api/health and GET /api/network. */
import type { FastifyInstance } from 'fastify';
import type { NetworkInfo, SiteInfo } from '../../../shared/network';
import type { ChainLiveness } from '../../chain/liveness';
import type { ProviderCheck } from '../../chain/provider-check';
import { type Serialised, serialise } from '../../engine/serialised';
import { ChainUnavailableError } from '../../errors';
import type { EventLoopMonitor } from '../../event-loop';
import type { AppContext } from '../context';
import { sendSerialised } from '../send-serialised';

/**
 * Health and /api/network answer from the app's liveness reading (chain/liveness.ts): the last
 * head anyone read, refreshed in the background, never a wait behind a chain that is busy; a
 * failed or overdue read, or a dead embedded chain process, is 503 at once.
 */

export function registerSystemRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: {
    eventLoop?: EventLoopMonitor;
    liveness: ChainLiveness;
    /** The provider's head age, chain id and eth_simulateV1 (chain/provider-check.ts). */
    provider?: ProviderCheck;
    /** Configured community links (config.community); none when omitted. */
    community?: SiteInfo['community'];
  },
) {
  const { liveness } = opts;
  app.get('/api/health', async (_req, reply) => {
    const [db, head, provider] = await Promise.all([
      ctx.database.ping().catch(() => false),
      liveness.head(),
      opts.provider?.status().catch(() => undefined),
    ]);
    const ok = db && head !== undefined;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      db: { ok: db, kind: ctx.database.kind },
      chain: { ok: head !== undefined, mode: ctx.network.mode, headBlock: head?.toString() ?? null },
      uptimeSeconds: Math.round(process.uptime()),
      // How long ready work waited for the event loop recently (aim: p99 ≤ 50 ms).
      eventLoopDelay: opts.eventLoop?.read() ?? null,
      ...(provider ? { provider } : {}),
    });
  });

  // Serialised once per head: pages and the header ask for it often, and it changes per block.
  let last: { head: bigint; bytes: Serialised } | undefined;
  const site: SiteInfo = { community: opts.community ?? { telegram: null, x: null } };
  app.get('/api/site', async (): Promise<SiteInfo> => site);
  app.get('/api/network', async (req, reply) => {
    // The reading has just failed to read the chain when it gives nothing: no second try here.
    const head = await liveness.head();
    if (head === undefined) throw new ChainUnavailableError('The chain RPC is not answering.');
    if (last?.head !== head) {
      const info: NetworkInfo = { ...ctx.network, headBlock: head.toString() };
      last = { head, bytes: serialise(info) };
    }
    return sendSerialised(req, reply, last.bytes);
  });
}
