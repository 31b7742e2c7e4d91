/**
 * Airdrop Finder endpoints (spec §2, §3, §7): the list, its summary, an eligibility check, and
 * catalogue writes, which need the admin token (AIRDROP_ADMIN_TOKEN) as `Authorization: Bearer
 * <token>`. The catalogue itself is airdrops/finder.ts's.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AirdropSummary,
  airdropEntrySchema,
  airdropQuerySchema,
  type EligibilityResult,
  eligibilityRequestSchema,
} from '../../../shared/market-tools';
import { filterAirdrops, summarise } from '../../airdrops/catalogue';
import { createAirdropFinder } from '../../airdrops/finder';
import { createSerialiseMemo } from '../../engine/serialised';
import { AppError, ForbiddenError } from '../../errors';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { sendSerialised } from '../send-serialised';

export type AirdropRouteOptions = {
  /** config.airdropAdminToken; without it catalogue writes are disabled. */
  adminToken?: string | undefined;
  /** The local scenario's protocol contracts (manifest.contracts), for stake/supply checks. */
  contracts?: { staking?: string; lending?: string } | undefined;
  now?: () => number;
};

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return typeof h === 'string' && h.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function registerAirdropRoutes(app: FastifyInstance, ctx: AppContext, opts: AirdropRouteOptions = {}) {
  const now = opts.now ?? (() => Date.now());
  const finder = createAirdropFinder({
    db: ctx.database.db,
    client: ctx.chain.public,
    network: ctx.network,
    engine: ctx.engine,
    log: ctx.log,
    contracts: opts.contracts,
    now,
  });

  const memo = createSerialiseMemo();
  app.get('/api/airdrops', async (req, reply) => {
    const q = parseWith(airdropQuerySchema, req.query ?? {}, 'query');
    const all = await finder.list();
    return sendSerialised(
      req,
      reply,
      memo.derive(all, JSON.stringify([q.category, q.search]), () =>
        filterAirdrops(all, q.category, q.search),
      ),
    );
  });

  app.get(
    '/api/airdrops/summary',
    async (): Promise<AirdropSummary> => summarise(await finder.list(), now()),
  );

  app.post('/api/airdrops/:id/eligibility', async (req): Promise<EligibilityResult> => {
    const id = String((req.params as { id: string }).id);
    const body = parseWith(eligibilityRequestSchema, req.body);
    return finder.eligibility(id, body.address);
  });

  app.post('/api/airdrops', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const token = bearer(req);
    if (!opts.adminToken)
      throw new AppError(
        'forbidden' as never,
        'Catalogue writes are disabled: AIRDROP_ADMIN_TOKEN is not set.',
        {
          status: 403,
        },
      );
    if (!token || !sameSecret(token, opts.adminToken))
      throw new ForbiddenError('A valid admin token is required.');
    const entry = parseWith(airdropEntrySchema, req.body);
    const airdrop = await finder.upsert(entry);
    reply.status(201);
    return airdrop;
  });
}
