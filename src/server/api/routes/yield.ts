/**
 * DeFi Yield Optimizer (spec §2, §3, §7, §9): GET /api/yield-opportunities and
 * GET /api/yield-strategies. Local mode reads our chain's pools, staking and lending contracts;
 * Base mode uses DefiLlama's Base pools. Results are cached briefly (the page refetches every 60 s).
 */
import type { FastifyInstance } from 'fastify';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { YieldOpportunitiesResponse, YieldStrategiesResponse } from '../../../shared/yield';
import { byApy, checkAmountInput, countUnknownApy } from '../../../shared/yield';
import { createSerialiseMemo } from '../../engine/serialised';
import { BadRequestError } from '../../errors';
import { createRefreshedResults } from '../../jobs/refreshed-results';
import { type FetchLike, fetchLlamaBaseOpportunities } from '../../yield/defillama';
import { createGasMeter } from '../../yield/entry-costs';
import { chainOpportunities, withBreakEven } from '../../yield/opportunities';
import { buildStrategies } from '../../yield/yield-math';
import type { AppContext } from '../context';
import { sendSerialised } from '../send-serialised';

const CACHE_TTL_MS = 30_000;
/** Past the TTL, the last result is served while a new one is computed (stale-while-revalidate). */
const STALE_MS = 10 * 60_000;

export type YieldRouteOptions = {
  /** The local scenario (staking and lending contracts); undefined in Base mode. */
  manifest?: Pick<ScenarioManifest, 'contracts'> | undefined;
  /** For tests of Base mode. */
  fetch?: FetchLike;
  /** Recompute in the background every CACHE_TTL_MS, so no request waits (the running app). */
  background?: boolean;
};

export function registerYieldRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  opts: YieldRouteOptions = {},
): void {
  // One for the app's life: each pass then reads only the blocks added since the last one.
  const gasMeter = createGasMeter(ctx.chain);
  const results = createRefreshedResults<YieldOpportunitiesResponse>({
    name: 'yield opportunities',
    freshMs: CACHE_TTL_MS,
    staleMs: STALE_MS,
    log: ctx.log,
    background: opts.background ? { keys: () => ['all'], intervalMs: CACHE_TTL_MS } : undefined,
    shared: ctx.sharedResults,
    compute: async () => {
      if (ctx.network.mode === 'base') {
        const opportunities = await fetchLlamaBaseOpportunities(opts.fetch);
        // DefiLlama's pools carry no verdict of ours: nothing is judged, so nothing is listed to avoid.
        return { source: 'defillama', generatedAt: Date.now(), opportunities, avoid: [] };
      }
      const { now, opportunities, avoid } = await chainOpportunities({ ...ctx, gasMeter }, opts.manifest);
      // Best APY first; unknown APYs (unpriced pools) after the ranked ones, never read as 0%.
      opportunities.sort(byApy);
      return { source: 'chain', generatedAt: now * 1000, opportunities, avoid };
    },
  });
  // Background work starts once the server listens: start-up itself is not slowed by it.
  app.addHook('onListen', async () => results.start());
  app.addHook('onClose', () => results.stop());
  const load = () => results.get('all');
  const memo = createSerialiseMemo();

  /** The optional `amount` query (USD); a bad one is a 400 naming the field. */
  const amountOf = (raw: unknown): number | undefined => {
    if (raw === undefined) return undefined;
    const a = checkAmountInput('amount', typeof raw === 'string' ? raw : String(raw));
    if (!a.ok) throw new BadRequestError(a.message, { field: 'amount' });
    return a.value;
  };

  /** Optional `amount` (USD): each opportunity then carries its costs and break-even for it. */
  app.get<{ Querystring: { amount?: string } }>('/api/yield-opportunities', async (req, reply) => {
    const amount = amountOf(req.query?.amount);
    const o = await load();
    if (amount === undefined) return sendSerialised(req, reply, memo.of(o));
    return { ...o, opportunities: o.opportunities.map((x) => withBreakEven(x, amount)) };
  });

  /**
   * Optional `amount` (USD): the strategies are allocated for it and their APYs are projected after
   * it is deposited (a deposit dilutes the pools it joins); without it, the APYs before any deposit.
   */
  app.get<{ Querystring: { amount?: string } }>('/api/yield-strategies', async (req, reply) => {
    const amount = amountOf(req.query?.amount);
    const o = await load();
    const build = (amountUsd: number): YieldStrategiesResponse => ({
      source: o.source,
      generatedAt: o.generatedAt,
      amountUsd,
      strategies: buildStrategies(o.opportunities, amountUsd),
      skippedUnknown: countUnknownApy(o.opportunities),
    });
    if (amount !== undefined && amount > 0) return build(amount);
    return sendSerialised(
      req,
      reply,
      memo.derive(o, 'strategies', () => build(0)),
    );
  });
}
