/**
 * Watchlists and webhooks (issue 26): thin HTTP over src/server/alerts/visitor-watchlists.ts and
 * src/server/webhooks. Every write is rate-limited per client IP.
 */
import type { FastifyInstance } from 'fastify';
import { WATCH_KINDS, watchItemRequestSchema, webhookRequestSchema } from '../../../shared/watch';
import {
  deleteWebhook,
  readWatchlist,
  removeWatchItem,
  requireWebhookId,
  setWebhook,
  upsertWatchItem,
  watchlistAlerts,
} from '../../alerts/visitor-watchlists';
import { deliveryLog, enqueueTestDelivery } from '../../alerts/webhooks/queue';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { addressParam } from '../params';
import { visitorOf } from '../visitor';
import { readWatchableToken } from '../watchable-token';

export function registerWatchlistRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { onDeliveriesQueued?: () => void } = {},
) {
  const db = ctx.database.db;
  const mode = ctx.network.mode;

  app.get('/api/watchlist', async (req, reply) => readWatchlist(db, await visitorOf(db, req, reply)));

  app.post('/api/watchlist/items', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const body = parseWith(watchItemRequestSchema, req.body);
    const owner = await visitorOf(db, req, reply);
    const token = await readWatchableToken(ctx, body.tokenAddress);
    await upsertWatchItem(db, owner, token, body.kinds ?? WATCH_KINDS);
    reply.status(201);
    return readWatchlist(db, owner);
  });

  app.delete<{ Params: { address: string } }>(
    '/api/watchlist/items/:address',
    { config: WRITE_RATE_LIMIT },
    async (req, reply) => {
      const address = addressParam(req.params.address);
      const owner = await visitorOf(db, req, reply);
      await removeWatchItem(db, owner, address);
      return readWatchlist(db, owner);
    },
  );

  app.get('/api/watchlist/alerts', async (req, reply) =>
    watchlistAlerts(db, await visitorOf(db, req, reply)),
  );

  app.put('/api/watchlist/webhook', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const body = parseWith(webhookRequestSchema, req.body);
    const created = await setWebhook(db, await visitorOf(db, req, reply), body.url, mode);
    reply.status(201);
    return created;
  });

  app.delete('/api/watchlist/webhook', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    await deleteWebhook(db, await visitorOf(db, req, reply));
    return { deleted: true };
  });

  app.post('/api/watchlist/webhook/test', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const endpointId = await requireWebhookId(db, await visitorOf(db, req, reply));
    const eventId = await enqueueTestDelivery(db, endpointId);
    opts.onDeliveriesQueued?.();
    reply.status(202);
    return { queued: true, eventId };
  });

  app.get('/api/watchlist/webhook/deliveries', async (req, reply) => {
    const endpointId = await requireWebhookId(db, await visitorOf(db, req, reply));
    return deliveryLog(db, endpointId);
  });
}
