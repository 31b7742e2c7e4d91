/**
 * A token's backfill as the database sees it (ADR 0029), for processes that do not run the indexer
 * (ROLE=api) and for a worker that just took over leadership:
 * - where each backfill started (token_backfills), recorded when the leader starts tracking it;
 * - a token's stream checkpoint `token:<address>` while it backfills; once caught up its address
 *   is in the follower's checkpoint (`base:follow`) and its own row stays behind at the merge block.
 */
import { and, eq, like } from 'drizzle-orm';
import type { HolderIndexState } from '../../shared/analysis';
import type { Db } from '../db/client';
import { indexCheckpoints, tokenBackfills } from '../db/schema';

export const FOLLOWER_STREAM = 'base:follow';
export const tokenStreamId = (token: string) => `token:${token.toLowerCase()}`;

export async function recordBackfillStart(db: Db, token: string, fromBlock: bigint): Promise<void> {
  await db
    .insert(tokenBackfills)
    .values({ token: token.toLowerCase(), fromBlock })
    .onConflictDoNothing({ target: tokenBackfills.token });
}

export type BackfillProgress = {
  /** The follower follows it and has reached `head - 1`: holder figures are complete. */
  complete: boolean;
  state: HolderIndexState;
};

/** Where the token's index stands at `head`, read from the checkpoints. */
export async function readBackfillProgress(db: Db, token: string, head: bigint): Promise<BackfillProgress> {
  const key = token.toLowerCase();
  const [follower, own, start] = await Promise.all([
    db.select().from(indexCheckpoints).where(eq(indexCheckpoints.stream, FOLLOWER_STREAM)).limit(1),
    db
      .select()
      .from(indexCheckpoints)
      .where(eq(indexCheckpoints.stream, tokenStreamId(key)))
      .limit(1),
    db.select().from(tokenBackfills).where(eq(tokenBackfills.token, key)).limit(1),
  ]);
  const f = follower[0];
  const followed = !!f?.addresses?.includes(key);
  const at = followed && f ? f.blockNumber : own[0]?.blockNumber;
  if (at !== undefined && at >= head - 1n) return { complete: true, state: { status: 'complete' } };
  const from = start[0]?.fromBlock;
  if (at === undefined || from === undefined || head <= from) {
    return { complete: false, state: { status: 'indexing', progressPct: null } };
  }
  const done = at < from ? 0n : at - from + 1n;
  return {
    complete: false,
    state: { status: 'indexing', progressPct: Math.floor(Number((done * 100n) / (head - from + 1n))) },
  };
}

/**
 * Token streams that had started but not joined the follower when the last leader stopped: the new
 * leader resumes each from its checkpoint (the index's writes are idempotent, so a range read twice
 * changes nothing).
 */
export async function unfinishedBackfills(
  db: Db,
): Promise<{ id: string; addresses: string[]; fromBlock: bigint; resumeAt: bigint }[]> {
  const [follower, rows, starts] = await Promise.all([
    db.select().from(indexCheckpoints).where(eq(indexCheckpoints.stream, FOLLOWER_STREAM)).limit(1),
    db
      .select()
      .from(indexCheckpoints)
      .where(and(like(indexCheckpoints.stream, 'token:%'))),
    db.select().from(tokenBackfills),
  ]);
  const followed = new Set(follower[0]?.addresses ?? []);
  const fromOf = new Map(starts.map((s) => [s.token, s.fromBlock]));
  const out: { id: string; addresses: string[]; fromBlock: bigint; resumeAt: bigint }[] = [];
  for (const r of rows) {
    const token = r.stream.slice('token:'.length);
    if (followed.has(token) || !r.addresses?.length) continue;
    out.push({
      id: r.stream,
      addresses: r.addresses,
      fromBlock: fromOf.get(token) ?? r.blockNumber + 1n,
      resumeAt: r.blockNumber + 1n,
    });
  }
  return out;
}
