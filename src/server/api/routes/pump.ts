/**
 * Pump Finder (spec §2, §3, §7): GET /api/pump-opportunities?timeframe=&risk=. Computed off the
 * request path: the last result per (timeframe, risk) is served while a newer one is computed, and
 * the page's default view is kept fresh by a background job in the running app.
 */
import type { FastifyInstance } from 'fastify';
import {
  PUMP_RISKS,
  PUMP_TIMEFRAMES,
  type PumpResponse,
  type PumpRiskFilter,
  type PumpTimeframe,
  pumpQuerySchema,
} from '../../../shared/market-tools';
import { createSerialiseMemo } from '../../engine/serialised';
import { createRefreshedResults } from '../../jobs/refreshed-results';
import { findPumpOpportunities } from '../../pump/finder';
import type { AppContext } from '../context';
import { parseWith } from '../http';
import { sendSerialised } from '../send-serialised';

const FRESH_MS = 30_000;
const STALE_MS = 10 * 60_000;

export function registerPumpRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: { background?: boolean } = {},
) {
  const deps = {
    db: ctx.database.db,
    engine: ctx.engine,
    weth: ctx.network.contracts.weth,
    usd: ctx.network.contracts.usd ?? null,
    skip: [ctx.network.contracts.weth, ctx.network.contracts.usd].filter((a): a is `0x${string}` => !!a),
    log: ctx.log,
  };
  const results = createRefreshedResults<PumpResponse>({
    name: 'pump opportunities',
    freshMs: FRESH_MS,
    staleMs: STALE_MS,
    maxEntries: PUMP_TIMEFRAMES.length * PUMP_RISKS.length,
    log: ctx.log,
    // The page opens on the default query (24h, all risks).
    background: opts.background ? { keys: () => ['24h:all'], intervalMs: FRESH_MS } : undefined,
    shared: ctx.sharedResults,
    compute: (key) => {
      const [timeframe, risk] = key.split(':') as [PumpTimeframe, PumpRiskFilter];
      return findPumpOpportunities(deps, timeframe, risk);
    },
  });
  // Background work starts once the server listens: start-up itself is not slowed by it.
  app.addHook('onListen', async () => results.start());
  app.addHook('onClose', () => results.stop());

  const memo = createSerialiseMemo();
  app.get('/api/pump-opportunities', async (req, reply) => {
    const q = parseWith(pumpQuerySchema, req.query ?? {}, 'query');
    return sendSerialised(req, reply, memo.of(await results.get(`${q.timeframe}:${q.risk}`)));
  });
}
