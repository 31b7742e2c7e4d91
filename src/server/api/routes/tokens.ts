/**
 * Token analysis endpoints (spec §7). All share one engine: facts are gathered once per token per
 * cache period, and each endpoint returns its analyser's result (spec §3 shape + evidence).
 */
import type { FastifyInstance } from 'fastify';
import { DEFAULT_AMOUNT_USD, type TokenEngine } from '../../engine/token-engine';
import { addressParam, usdAmountParam } from '../params';

type Params = { address: string };
type Query = { amount?: string };

export function registerTokenRoutes(app: FastifyInstance, engine: TokenEngine) {
  const report = async (address: string, amount?: string) =>
    engine.report(addressParam(address), { amountUsd: usdAmountParam(amount, DEFAULT_AMOUNT_USD) });

  app.get<{ Params: Params }>(
    '/api/scanner/:address',
    async (req) => (await report(req.params.address)).scanner,
  );
  app.get<{ Params: Params }>(
    '/api/rug-detector/:address',
    async (req) => (await report(req.params.address)).rug,
  );
  app.get<{ Params: Params }>(
    '/api/whale-tracker/:address',
    async (req) => (await report(req.params.address)).whales,
  );
  app.get<{ Params: Params; Querystring: Query }>(
    '/api/liquidity/:address',
    async (req) => (await report(req.params.address, req.query.amount)).liquidity,
  );
  app.get<{ Params: Params }>(
    '/api/flab-score/:address',
    async (req) => (await report(req.params.address)).flabScore,
  );
  app.get<{ Params: Params }>(
    '/api/token-health/:address',
    async (req) => (await report(req.params.address)).health,
  );
  app.get<{ Params: Params; Querystring: Query }>('/api/tokens/:address/report', async (req) =>
    report(req.params.address, req.query.amount),
  );
}
