/**
 * The Airdrop Finder's catalogue (spec §2, §3, §7; DESIGN §7: summary computed from the catalogue):
 * the table seeded from catalogue.json on first use (local-only entries, the scenario's own
 * protocols, left out on Base), the list with reward tokens valued at their pool price and the
 * staking programme read from chain, an entry's eligibility check, and catalogue writes.
 */
import { sql } from 'drizzle-orm';
import { erc20Abi, type PublicClient } from 'viem';
import type { Airdrop, AirdropEntry, EligibilityResult } from '../../shared/market-tools';
import type { NetworkDescription } from '../chain/network';
import type { Db } from '../db/client';
import { airdrops } from '../db/schema';
import { createSharedCache } from '../engine/cache';
import { pricesOf } from '../engine/prices';
import type { TokenEngine } from '../engine/token-engine';
import { NotFoundError } from '../errors';
import type { Logger } from '../logger';
import { checkEligibility, loadCatalogue, resolveDates, toAirdrop, withChainProgramme } from './catalogue';
import { readStakingProgramme } from './staking-programme';

export type AirdropFinderDeps = {
  db: Db;
  client: PublicClient;
  network: NetworkDescription;
  engine: Pick<TokenEngine, 'facts'>;
  log: Logger;
  /** The local scenario's protocol contracts (manifest.contracts), for stake/supply checks. */
  contracts?: { staking?: string; lending?: string } | undefined;
  now: () => number;
};

export type AirdropFinder = {
  /** Every programme, active first (served stale-while-revalidate: pages poll it). */
  list(): Promise<Airdrop[]>;
  /** Checks `address` against the requirements of programme `id`; 404 when there is none. */
  eligibility(id: string, address: `0x${string}`): Promise<EligibilityResult>;
  /** Adds or replaces a catalogue entry (dates resolved now) and forgets the cached list. */
  upsert(entry: AirdropEntry): Promise<Airdrop>;
};

export function createAirdropFinder(deps: AirdropFinderDeps): AirdropFinder {
  const { db, network, now } = deps;
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
      const entries = loadCatalogue().filter((e) => network.mode === 'local' || !e.local);
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
    const addrs = symbols.map((s) => network.tokens[s]).filter((a): a is `0x${string}` => !!a);
    const prices = addrs.length ? await pricesOf(deps.engine, addrs, { log: deps.log }) : new Map();
    const priceOf = (s: string) => {
      const a = network.tokens[s];
      return a ? (prices.get(a.toLowerCase()) ?? null) : null;
    };
    const staking = deps.contracts?.staking as `0x${string}` | undefined;
    const needsStaking = list.some((e) => e.backedBy === 'staking');
    const stakingProgramme =
      needsStaking && staking ? await readStakingProgramme(deps.client, staking) : null;
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

  const decimals = new Map<string, number | null>();
  const eligibility = async (id: string, address: `0x${string}`): Promise<EligibilityResult> => {
    const entry = (await entries()).find((e) => e.id === id);
    if (!entry) throw new NotFoundError(`No airdrop with id "${id.slice(0, 60)}".`);
    return checkEligibility(
      {
        db,
        tokens: network.tokens as Record<string, string>,
        staking: deps.contracts?.staking ?? null,
        lending: deps.contracts?.lending ?? null,
        nowMs: now(),
        localProgramme: entry.local === true,
        decimalsOf: async (token) => {
          if (!decimals.has(token)) {
            const d = await deps.client
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
      address,
      entry.requirements,
    );
  };

  const upsert = async (entry: AirdropEntry): Promise<Airdrop> => {
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
    return toAirdrop((row?.entry ?? resolved) as AirdropEntry, now(), () => null);
  };

  return { list: listAllCached, eligibility, upsert };
}
