/** Pump Finder (spec §2, §3, §7): GET /api/pump-opportunities?timeframe=&risk=. */
import type { FastifyInstance } from 'fastify';
import { type PumpResponse, pumpQuerySchema } from '../../../shared/market-tools';
import { findPumpOpportunities } from '../../pump/finder';
import { parseWith } from '../../trader-tools/http';
import type { AppContext } from '../context';

export function registerPumpRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/pump-opportunities', async (req): Promise<PumpResponse> => {
    const q = parseWith(pumpQuerySchema, req.query ?? {}, 'query');
    return findPumpOpportunities(
      {
        db: ctx.database.db,
        engine: ctx.engine,
        weth: ctx.network.contracts.weth,
        skip: [ctx.network.contracts.weth, ctx.network.contracts.usd].filter((a): a is `0x${string}` => !!a),
        log: ctx.log,
      },
      q.timeframe,
      q.risk,
    );
  });
}
