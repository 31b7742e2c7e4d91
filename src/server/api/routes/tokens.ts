/**
 * Token analysis endpoints (spec §7). All share one engine: facts are gathered once per token per
 * cache period, analysed once per facts version, and each endpoint's part is serialised once. A
 * cached answer is a lookup and a write; with a matching If-None-Match it is a 304 without a body.
 * A cold one (facts not at hand) goes through the cold-analysis limits (cold-gate.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_AMOUNT_USD } from '../../../shared/vocabulary';
import type { ReportPart, TokenEngine } from '../../engine/token-engine';
import type { ColdGuard } from '../cold-gate';
import { addressParam, usdAmountParam } from '../params';
import { sendSerialised } from '../send-serialised';

type Params = { address: string };
type Query = { amount?: string };
type Req = FastifyRequest<{ Params: Params; Querystring: Query }>;

export function registerTokenRoutes(app: FastifyInstance, engine: TokenEngine, cold: ColdGuard) {
  const route = (url: string, part: ReportPart, withAmount: boolean) =>
    app.get<{ Params: Params; Querystring: Query }>(url, async (req: Req, reply) => {
      const address = addressParam(req.params.address);
      const amountUsd = withAmount
        ? usdAmountParam(req.query.amount, DEFAULT_AMOUNT_USD)
        : DEFAULT_AMOUNT_USD;
      // Hot path: the part is at hand (fresh facts, already serialised) — no promise, no analysis.
      const hit = engine.peekSerialised(address, part, { amountUsd });
      if (hit) return sendSerialised(req, reply, hit);
      // Another replica's fresh answer (Postgres) is not cold work either: no limit applies.
      const published = await engine.sharedSerialised?.(address, part, { amountUsd });
      if (published) return sendSerialised(req, reply, published);
      // Not at hand: a token nobody asked about lately costs simulations, so it is limited (429/503).
      const s = await cold(req.ip, address, () => engine.serialised(address, part, { amountUsd }));
      return sendSerialised(req, reply, s);
    });

  route('/api/scanner/:address', 'scanner', false);
  route('/api/rug-detector/:address', 'rug', false);
  route('/api/whale-tracker/:address', 'whales', false);
  route('/api/liquidity/:address', 'liquidity', true);
  route('/api/flab-score/:address', 'flabScore', false);
  route('/api/token-health/:address', 'health', false);
  route('/api/tokens/:address/report', 'report', true);
}
