/**
 * GET /api/tokens/search?q= — indexed tokens whose symbol or name matches, each with its address and
 * verdict (issue 24). Several matches are all listed; the page never picks one.
 */
import type { FastifyInstance } from 'fastify';
import type { TokenSearchResponse } from '../../../shared/search';
import { BadRequestError } from '../../errors';
import { createTokenSearch } from '../../search/token-search';
import type { AppContext } from '../context';

export const SEARCH_QUERY_MAX = 64;

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  const search = createTokenSearch({
    db: ctx.database.db,
    chain: ctx.chain,
    network: ctx.network,
    engine: ctx.engine,
    log: ctx.log.child({ component: 'token-search' }),
  });
  app.get<{ Querystring: { q?: string } }>(
    '/api/tokens/search',
    async (req): Promise<TokenSearchResponse> => {
      const q = typeof req.query.q === 'string' ? req.query.q.trim() : '';
      if (!q)
        throw new BadRequestError('q is required: a symbol or a name.', {
          field: 'q',
          reason: 'is required',
        });
      if (q.length > SEARCH_QUERY_MAX)
        throw new BadRequestError(`q must be at most ${SEARCH_QUERY_MAX} characters.`, {
          field: 'q',
          reason: `must be at most ${SEARCH_QUERY_MAX} characters`,
        });
      return { query: q, matches: await search.search(q) };
    },
  );
}
