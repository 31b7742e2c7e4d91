/**
 * Limits on cold analyses shared by every API process through Postgres (ADR 0038).
 *
 * The global cap is a counting semaphore: a slot is a row of `cold_leases`, taken when fewer than `cap` unexpired rows exist.
 * The count and the insert run in one short transaction under a transaction-level advisory lock,
 * so two processes can never both take the last slot; nothing is held between requests (no
 * connection per slot, unlike session advisory locks). A process that dies leaves its rows until
 * they expire (`leaseMs`, a few report budgets): a crash costs slots for seconds, never for good.
 */
import { randomUUID } from 'node:crypto';
import { count, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from './client';
import { coldBuckets, coldLeases } from './schema';

/** pg_advisory_xact_lock keys of the take step ('FLAB', 'cold'). */
const LOCK_CLASS = 1179402562;
const LOCK_OBJECT = 1668246628;

export type LeasedSlots = {
  /** A slot's release, or undefined when all `cap` are taken (by any process). */
  tryTake(): Promise<(() => Promise<void>) | undefined>;
};

export function createLeasedSlots(opts: {
  db: Db;
  cap: number;
  leaseMs: number;
  holder: string;
}): LeasedSlots {
  const { db } = opts;
  return {
    async tryTake() {
      const id = randomUUID();
      const taken = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS}, ${LOCK_OBJECT})`);
        await tx.delete(coldLeases).where(lte(coldLeases.expiresAt, sql`now()`));
        const [row] = await tx
          .select({ n: count() })
          .from(coldLeases)
          .where(gt(coldLeases.expiresAt, sql`now()`));
        if ((row?.n ?? 0) >= opts.cap) return false;
        await tx.insert(coldLeases).values({
          id,
          holder: opts.holder,
          expiresAt: sql`now() + make_interval(secs => ${opts.leaseMs / 1000})`,
        });
        return true;
      });
      if (!taken) return undefined;
      return async () => {
        await db.delete(coldLeases).where(eq(coldLeases.id, id));
      };
    },
  };
}

export type SharedBuckets = {
  /**
   * Takes one cold analysis from `client`'s allowance (`capacity` a minute, refilled continuously):
   * undefined when taken, else the seconds until one is available.
   */
  take(client: string): Promise<number | undefined>;
};

/**
 * Per-client token buckets in one row each: the refill, the check and the take are one upsert
 * (row-locked by Postgres), so two processes serving one client share its allowance exactly.
 */
export function createSharedBuckets(opts: { db: Db; ratePerMinute: number }): SharedBuckets {
  const { db } = opts;
  const capacity = Math.max(1, opts.ratePerMinute);
  const perSecond = capacity / 60;
  let swept = 0;
  const refilled = sql`least(${capacity}::float8, ${coldBuckets.tokens} + extract(epoch from now() - ${coldBuckets.at}) * ${perSecond}::float8)`;
  return {
    async take(client) {
      // A bucket untouched for a minute is full: its row carries nothing (swept once a minute).
      if (Date.now() - swept > 60_000) {
        swept = Date.now();
        await db.delete(coldBuckets).where(lt(coldBuckets.at, sql`now() - interval '1 minute'`));
      }
      const took = await db
        .insert(coldBuckets)
        .values({ client, tokens: capacity - 1, at: sql`now()` })
        .onConflictDoUpdate({
          target: coldBuckets.client,
          set: { tokens: sql`${refilled} - 1`, at: sql`now()` },
          setWhere: sql`${refilled} >= 1`,
        })
        .returning({ tokens: coldBuckets.tokens });
      if (took.length > 0) return undefined;
      const [row] = await db
        .select({ tokens: sql<number>`${refilled}` })
        .from(coldBuckets)
        .where(eq(coldBuckets.client, client));
      const have = Number(row?.tokens ?? 0);
      return Math.max(1, Math.ceil((1 - have) / perSecond));
    },
  };
}
