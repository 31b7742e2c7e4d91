/**
 * Contract creators. Without trace APIs, the creator of a token is taken as the sender of the
 * transaction that minted its first tokens (for ERC-20s that mint in the constructor, the deploy
 * transaction itself). Resolved once per token and cached in contract_creations.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Hex, PublicClient } from 'viem';
import type { Db } from '../../db/client';
import { contractCreations } from '../../db/schema';
import { readFirstMint } from './index-reads';

export async function ensureDeployers(
  db: Db,
  client: PublicClient,
  tokens: string[],
  /**
   * Awaited once, after the database reads and before any request (always, even with nothing to
   * send): lets the caller send the transaction reads with others in one round (facts/round.ts).
   */
  beforeSend?: () => Promise<void>,
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (tokens.length === 0) {
    await beforeSend?.();
    return out;
  }
  const known = await db.select().from(contractCreations).where(inArray(contractCreations.address, tokens));
  for (const k of known) out.set(k.address, k.deployer);
  const missing = tokens.filter((t) => !out.has(t));
  const mints = await Promise.all(
    missing.map(async (token) => ({ token, mint: await readFirstMint(db, token) })),
  );
  await beforeSend?.();
  await Promise.all(
    mints.map(async ({ token, mint }) => {
      if (!mint) {
        out.set(token, null);
        return; // not indexed yet: try again next time rather than caching "unknown"
      }
      let deployer: string | null = null;
      try {
        const tx = await client.getTransaction({ hash: mint.txHash as Hex });
        deployer = tx.from.toLowerCase();
      } catch {
        out.set(token, null);
        return;
      }
      await db
        .insert(contractCreations)
        .values({
          address: token,
          deployer,
          createdBlock: mint.blockNumber,
          createdTs: mint.ts,
          txHash: mint.txHash,
        })
        .onConflictDoNothing();
      out.set(token, deployer);
    }),
  );
  return out;
}

export async function readCreation(db: Db, token: string) {
  const rows = await db
    .select()
    .from(contractCreations)
    .where(sql`${contractCreations.address} = ${token}`)
    .limit(1);
  return rows[0] ?? null;
}

export async function countTokensDeployedBy(db: Db, deployer: string): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(contractCreations)
    .where(
      sql`${contractCreations.deployer} = ${deployer} and ${contractCreations.address} not in (select pair from pairs)`,
    );
  return Number(rows[0]?.n ?? 0);
}

/** Tokens seen in the index whose creator is not resolved yet (background job input). */
export async function tokensWithoutCreator(db: Db, limit = 50): Promise<string[]> {
  const r = await db.execute(sql`
    select distinct t.token from transfers t
    where t.from_addr = '0x0000000000000000000000000000000000000000'
      and not exists (select 1 from contract_creations c where c.address = t.token)
      and not exists (select 1 from pairs p where p.pair = t.token)
    limit ${limit}`);
  const rows = ((r as { rows?: Record<string, unknown>[] }).rows ??
    (r as unknown as Record<string, unknown>[])) as Record<string, unknown>[];
  return rows.map((x) => String(x.token));
}
