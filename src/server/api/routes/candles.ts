/**
 * `GET /api/tokens/:address/candles` (DESIGN §2, §4): parameters, and each series kept as bytes for
 * a moment. The candles themselves (index reads, the ETH price, buckets) are candles/candles.ts's.
 */
import type { FastifyInstance } from 'fastify';
import {
  CANDLE_INTERVALS,
  type CandleInterval,
  createCandleReader,
  DEFAULT_CANDLE_INTERVAL,
  DEFAULT_CANDLE_LIMIT,
  MAX_CANDLE_LIMIT,
} from '../../candles/candles';
import { createSharedCache } from '../../engine/cache';
import { pathPricedPool } from '../../engine/prices';
import { type Serialised, serialise } from '../../engine/serialised';
import { BadRequestError } from '../../errors';
import type { AppContext } from '../context';
import { addressParam } from '../params';
import { sendSerialised } from '../send-serialised';

/** How long one computed candle series is served before it is computed again. */
const CANDLES_FRESH_MS = 2_000;
/** How long past CANDLES_FRESH_MS the last candles may be served while they are recomputed. */
const CANDLES_STALE_MS = 60_000;

function intervalParam(value: unknown): CandleInterval {
  if (value === undefined || value === '') return DEFAULT_CANDLE_INTERVAL;
  if (typeof value === 'string' && Object.hasOwn(CANDLE_INTERVALS, value)) return value as CandleInterval;
  throw new BadRequestError('interval must be one of 15m, 1h, 1d.', {
    field: 'interval',
    reason: 'must be one of 15m, 1h, 1d',
  });
}

function limitParam(value: unknown): number {
  if (value === undefined || value === '') return DEFAULT_CANDLE_LIMIT;
  const n = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_CANDLE_LIMIT) {
    throw new BadRequestError(`limit must be a whole number from 1 to ${MAX_CANDLE_LIMIT}.`, {
      field: 'limit',
      reason: `must be a whole number from 1 to ${MAX_CANDLE_LIMIT}`,
    });
  }
  return n;
}

export function registerCandleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const reader = createCandleReader({
    db: ctx.database.db,
    client: ctx.chain.public,
    network: ctx.network,
    pathPriced: (token) => pathPricedPool(ctx.engine, token),
  });
  // Every open chart polls the same few series: each is computed at most once per CANDLES_FRESH_MS
  // and kept as bytes with an ETag, so a poll is a lookup and a write (or a 304). Past that, a poll
  // gets the last bytes while they are recomputed behind it: under load the recompute's queries
  // queue behind the indexer's writes (up to 0.6 s seen), and no poll should wait for that.
  const serialised = createSharedCache<Serialised>({
    ttlMs: CANDLES_FRESH_MS,
    staleMs: CANDLES_STALE_MS,
    maxEntries: 500,
    onRefreshError: (key, err) =>
      ctx.log.warn({ msg: 'recomputing candles failed', key, err: (err as Error).message }),
  });
  app.get<{ Params: { address: string }; Querystring: { interval?: string; limit?: string } }>(
    '/api/tokens/:address/candles',
    async (req, reply) => {
      const address = addressParam(req.params.address);
      const interval = intervalParam(req.query.interval);
      const limit = limitParam(req.query.limit);
      const body = await serialised.get(`${address}:${interval}:${limit}`, async () =>
        serialise(await reader.candles(address, interval, limit)),
      );
      return sendSerialised(req, reply, body);
    },
  );
}
