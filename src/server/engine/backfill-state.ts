/**
 * A token's backfill as the database sees it (ADR 0029), for processes that do not run the indexer
 * (ROLE=api) and for a worker that just took over leadership:
 * - where each backfill started (token_backfills), recorded when the leader starts tracking it;
 * - a token's stream checkpoint `token:<address>` while it backfills; once caught up its address
 *   is in the follower's checkpoint (`base:follow`) and its own row stays behind at the merge block.
 */
import { and, eq, inArray, isNotNull, like, or } from 'drizzle-orm';
import type { HolderIndexState } from '../../shared/analysis';
import type { Db } from '../db/client';
import { indexCheckpoints, pairs, tokenBackfills } from '../db/schema';

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
  // Idle, then asked again: its history since the pause is being read (progress from the pause).
  const paused = !followed ? start[0]?.pausedAt : null;
  if (paused !== null && paused !== undefined && at !== undefined && head > paused) {
    const done = at < paused ? 0n : at - paused;
    return {
      complete: false,
      state: {
        status: 'indexing',
        catchingUp: true,
        progressPct: Math.floor(Number((done * 100n) / (head - paused))),
      },
    };
  }
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
  // Tokens left idle wait to be asked again (pausedBackfill), they are not resumed by a new leader.
  const paused = new Set(starts.filter((s) => s.pausedAt !== null).map((s) => s.token));
  const out: { id: string; addresses: string[]; fromBlock: bigint; resumeAt: bigint }[] = [];
  for (const r of rows) {
    const token = r.stream.slice('token:'.length);
    if (followed.has(token) || paused.has(token) || !r.addresses?.length) continue;
    out.push({
      id: r.stream,
      addresses: r.addresses,
      fromBlock: fromOf.get(token) ?? r.blockNumber + 1n,
      resumeAt: r.blockNumber + 1n,
    });
  }
  return out;
}

/**
 * Someone asked for these tokens (a report, an answer, a watch): they stay followed. Only tokens
 * with a backfill have a row; others get one when their backfill starts.
 */
export async function touchRequested(db: Db, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db
    .update(tokenBackfills)
    .set({ lastRequestedAt: new Date() })
    .where(
      inArray(
        tokenBackfills.token,
        tokens.map((t) => t.toLowerCase()),
      ),
    );
}

/**
 * Followed tokens nobody asked for since `idleMs`, each with the addresses that leave the follower
 * with it: the token, the pools its backfill found and the pools created for it since — except a
 * pool another token still followed and not idle trades against.
 */
export async function idleFollowedTokens(
  db: Db,
  idleMs: number,
): Promise<{ token: string; addresses: string[] }[]> {
  const [follower] = await db
    .select()
    .from(indexCheckpoints)
    .where(eq(indexCheckpoints.stream, FOLLOWER_STREAM))
    .limit(1);
  const followed = new Set(follower?.addresses ?? []);
  if (followed.size === 0) return [];
  const cutoff = Date.now() - idleMs;
  const rows = (
    await db.select({ token: tokenBackfills.token, at: tokenBackfills.lastRequestedAt }).from(tokenBackfills)
  ).map((r) => ({ token: r.token, idle: r.at.getTime() < cutoff }));
  const idle = rows.filter((r) => r.idle && followed.has(r.token)).map((r) => r.token);
  if (idle.length === 0) return [];
  const kept = new Set(rows.filter((r) => !r.idle && followed.has(r.token)).map((r) => r.token));
  const [own, keptOwn, pools] = await Promise.all([
    db
      .select()
      .from(indexCheckpoints)
      .where(inArray(indexCheckpoints.stream, idle.map(tokenStreamId))),
    kept.size
      ? db
          .select({ addresses: indexCheckpoints.addresses })
          .from(indexCheckpoints)
          .where(inArray(indexCheckpoints.stream, [...kept].map(tokenStreamId)))
      : Promise.resolve([]),
    db
      .select()
      .from(pairs)
      .where(or(inArray(pairs.token0, idle), inArray(pairs.token1, idle))),
  ]);
  const needed = new Set(keptOwn.flatMap((r) => r.addresses ?? []));
  for (const p of pools) if (kept.has(p.token0) || kept.has(p.token1)) needed.add(p.pair);
  return idle.map((token) => {
    const mine = new Set<string>([token]);
    for (const a of own.find((r) => r.stream === tokenStreamId(token))?.addresses ?? []) mine.add(a);
    for (const p of pools) if (p.token0 === token || p.token1 === token) mine.add(p.pair);
    return {
      token,
      addresses: [...mine].filter((a) => a === token || (followed.has(a) && !needed.has(a))),
    };
  });
}

/** The follower stopped following `token` after `block` (it catches up from there when asked). */
export async function markPaused(db: Db, token: string, block: bigint): Promise<void> {
  await db
    .update(tokenBackfills)
    .set({ pausedAt: block })
    .where(eq(tokenBackfills.token, token.toLowerCase()));
}

/** A paused token's stream, to add again: it reads from its checkpoint (`at`) to the head. */
export async function pausedBackfill(
  db: Db,
  token: string,
): Promise<{ addresses: string[]; fromBlock: bigint; at: bigint } | undefined> {
  const key = token.toLowerCase();
  const [row] = await db
    .select()
    .from(tokenBackfills)
    .where(and(eq(tokenBackfills.token, key), isNotNull(tokenBackfills.pausedAt)))
    .limit(1);
  if (!row) return undefined;
  const [cp] = await db
    .select()
    .from(indexCheckpoints)
    .where(eq(indexCheckpoints.stream, tokenStreamId(key)))
    .limit(1);
  if (!cp?.addresses?.length) return undefined;
  return { addresses: cp.addresses, fromBlock: row.fromBlock, at: cp.blockNumber };
}
