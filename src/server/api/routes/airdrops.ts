/**
 * Airdrop Finder (spec §2, §3, §7; DESIGN §7: summary computed from the catalogue). The catalogue
 * table is seeded from src/server/airdrops/catalogue.json on first use; local-only entries (the
 * scenario's own protocols) are left out on Base. Catalogue writes need the admin token
 * (AIRDROP_ADMIN_TOKEN) as `Authorization: Bearer <token>`.
 */
import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { erc20Abi, parseAbi, parseAbiItem } from 'viem';
import {
  type Airdrop,
  type AirdropEntry,
  type AirdropSummary,
  airdropEntrySchema,
  airdropQuerySchema,
  type EligibilityResult,
  eligibilityRequestSchema,
} from '../../../shared/market-tools';
import {
  type ChainProgramme,
  checkEligibility,
  filterAirdrops,
  loadCatalogue,
  resolveDates,
  summarise,
  toAirdrop,
  withChainProgramme,
} from '../../airdrops/catalogue';
import { airdrops } from '../../db/schema';
import { createSharedCache } from '../../engine/cache';
import { createSerialiseMemo } from '../../engine/serialised';
import { AppError, ChainUnavailableError, NotFoundError } from '../../errors';
import { ForbiddenError, parseWith, WRITE_RATE_LIMIT } from '../http';
import { pricesOf } from '../../engine/prices';
import type { AppContext } from '../context';
import { sendSerialised } from '../send-serialised';

export type AirdropRouteOptions = {
  /** config.airdropAdminToken; without it catalogue writes are disabled. */
  adminToken?: string | undefined;
  /** The local scenario's protocol contracts (manifest.contracts), for stake/supply checks. */
  contracts?: { staking?: string; lending?: string } | undefined;
  now?: () => number;
};

const stakingReads = parseAbi([
  'function periodFinish() view returns (uint256)',
  'function rewardsToken() view returns (address)',
]);
const rewardAdded = parseAbiItem('event RewardAdded(uint256 reward, uint256 duration)');

/**
 * The staking pool's current reward period: end = periodFinish(), start = end − duration and the
 * reward of its latest RewardAdded event, in whole reward tokens. Null when none was ever funded.
 */
async function readStakingProgramme(ctx: AppContext, staking: `0x${string}`): Promise<ChainProgramme | null> {
  try {
    const client = ctx.chain.public;
    const [finish, rewardToken] = await Promise.all([
      client.readContract({ address: staking, abi: stakingReads, functionName: 'periodFinish' }),
      client.readContract({ address: staking, abi: stakingReads, functionName: 'rewardsToken' }),
    ]);
    const logs = await client.getLogs({
      address: staking,
      event: rewardAdded,
      fromBlock: 0n,
      toBlock: 'latest',
    });
    const last = logs.at(-1);
    if (!last || finish === 0n) return null;
    const decimals = await client
      .readContract({ address: rewardToken, abi: erc20Abi, functionName: 'decimals' })
      .then(Number);
    const duration = Number(last.args.duration ?? 0n);
    const endMs = Number(finish) * 1000;
    return {
      contract: staking.toLowerCase(),
      startMs: endMs - duration * 1000,
      endMs,
      rewardAmount: Number(last.args.reward ?? 0n) / 10 ** decimals,
    };
  } catch (cause) {
    throw new ChainUnavailableError('Could not read the staking pool that backs this programme.', cause);
  }
}

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
  const db = ctx.database.db;
  const now = opts.now ?? (() => Date.now());
  let seeded: Promise<void> | undefined;
  const ensureSeeded = () => {
    seeded ??= (async () => {
      // Local programmes no contract backs any more (older catalogues) are dropped from old databases.
      const localIds = loadCatalogue()
        .filter((e) => e.local)
        .map((e) => e.id);
      await db.execute(
        localIds.length
          ? sql`delete from airdrops where (entry->>'local') = 'true' and id not in (${sql.join(
              localIds.map((i) => sql`${i}`),
              sql`, `,
            )})`
          : sql`delete from airdrops where (entry->>'local') = 'true'`,
      );
      const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(airdrops);
      if ((c?.n ?? 0) > 0) return;
      const anchor = now();
      const entries = loadCatalogue().filter((e) => ctx.network.mode === 'local' || !e.local);
      if (entries.length)
        await db
          .insert(airdrops)
          .values(
            entries.map((e) => ({ id: e.id, entry: resolveDates(e, anchor) as Record<string, unknown> })),
          )
          .onConflictDoNothing();
    })().catch((e) => {
      seeded = undefined;
      throw e;
    });
    return seeded;
  };

  const entries = async (): Promise<AirdropEntry[]> => {
    await ensureSeeded();
    const rows = await db.select().from(airdrops).orderBy(airdrops.createdAt, airdrops.id);
    return rows.map((r) => r.entry as AirdropEntry);
  };

  /** Reward tokens are valued at their pool price now (null when no price). */
  const listAll = async (): Promise<Airdrop[]> => {
    const list = await entries();
    const symbols = [...new Set(list.map((e) => e.rewardToken).filter((s): s is string => !!s))];
    const addrs = symbols.map((s) => ctx.network.tokens[s]).filter((a): a is `0x${string}` => !!a);
    const prices = addrs.length ? await pricesOf(ctx.engine, addrs, { log: ctx.log }) : new Map();
    const priceOf = (s: string) => {
      const a = ctx.network.tokens[s];
      return a ? (prices.get(a.toLowerCase()) ?? null) : null;
    };
    const staking = opts.contracts?.staking as `0x${string}` | undefined;
    const needsStaking = list.some((e) => e.backedBy === 'staking');
    const stakingProgramme = needsStaking && staking ? await readStakingProgramme(ctx, staking) : null;
    // Dates of the chain's own programmes are chain time; the local chain's clock is the one to compare.
    const t = now();
    const order = { active: 0, upcoming: 1, unknown: 2, ended: 3 } as const;
    return list
      .map((e) =>
        e.backedBy === 'staking'
          ? toAirdrop(withChainProgramme(e, stakingProgramme), t, priceOf, stakingProgramme?.contract ?? null)
          : toAirdrop(e, t, priceOf),
      )
      .sort((a, b) => order[a.status] - order[b.status]);
  };

  // The list values reward tokens through the engine and reads the staking programme on chain:
  // served stale-while-revalidate (pages poll it), and forgotten when the catalogue changes.
  const listCache = createSharedCache<Airdrop[]>({ ttlMs: 10_000, staleMs: 120_000, maxEntries: 1 });
  const listAllCached = () => listCache.get('all', listAll);

  const memo = createSerialiseMemo();
  app.get('/api/airdrops', async (req, reply) => {
    const q = parseWith(airdropQuerySchema, req.query ?? {}, 'query');
    const all = await listAllCached();
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
    async (): Promise<AirdropSummary> => summarise(await listAllCached(), now()),
  );

  const decimals = new Map<string, number | null>();
  app.post('/api/airdrops/:id/eligibility', async (req): Promise<EligibilityResult> => {
    const id = String((req.params as { id: string }).id);
    const body = parseWith(eligibilityRequestSchema, req.body);
    const entry = (await entries()).find((e) => e.id === id);
    if (!entry) throw new NotFoundError(`No airdrop with id "${id.slice(0, 60)}".`);
    return checkEligibility(
      {
        db,
        tokens: ctx.network.tokens as Record<string, string>,
        staking: opts.contracts?.staking ?? null,
        lending: opts.contracts?.lending ?? null,
        nowMs: now(),
        localProgramme: entry.local === true,
        decimalsOf: async (token) => {
          if (!decimals.has(token)) {
            const d = await ctx.chain.public
              .readContract({ address: token as `0x${string}`, abi: erc20Abi, functionName: 'decimals' })
              .then(Number)
              .catch(() => null);
            if (d !== null) decimals.set(token, d);
            return d;
          }
          return decimals.get(token) ?? null;
        },
      },
      id,
      body.address,
      entry.requirements,
    );
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
    await ensureSeeded();
    const resolved = resolveDates(entry, now());
    const [row] = await db
      .insert(airdrops)
      .values({ id: entry.id, entry: resolved as Record<string, unknown> })
      .onConflictDoUpdate({
        target: airdrops.id,
        set: { entry: resolved as Record<string, unknown>, updatedAt: new Date() },
      })
      .returning();
    listCache.delete('all');
    reply.status(201);
    return toAirdrop((row?.entry ?? resolved) as AirdropEntry, now(), () => null);
  });
}
