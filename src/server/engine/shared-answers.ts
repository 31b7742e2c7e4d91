/**
 * The shared analysis cache for several API replicas on one Postgres (ADR 0030). A report part
 * analysed by one replica is published as its bytes and ETag, keyed by token, part and amount and
 * carrying the facts version it came from; every replica then serves those bytes (so the same
 * ETag) until they are older than the facts TTL or someone says they are stale:
 * - the worker NOTIFYs `flab_token_indexed` after indexing new events of a token (and deletes its
 *   rows), so replicas drop their copies and the next request analyses the new state once;
 * - a replica that publishes NOTIFYs `flab_answer_published`, so the others drop their in-process
 *   copy of that token and read the new row (one query) on their next request.
 * In-process copies keep cached reads at memory speed: Postgres is asked once per token, part and
 * amount per TTL, not per request.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CHANNELS, type Listener, listen, notify } from '../db/notifications';
import { answerCache } from '../db/schema';
import type { Logger } from '../logger';
import type { Serialised } from './serialised';

export type SharedAnswers = {
  /** This process's copy if it is within the TTL; never queries. */
  peek(token: string, part: string, amountUsd: number): Serialised | undefined;
  /** The newest answer within the TTL: from this process's copy, else from Postgres. */
  get(token: string, part: string, amountUsd: number): Promise<Serialised | undefined>;
  /** Stores an answer (a newer facts version replaces an older one) and tells the other replicas. */
  publish(token: string, part: string, amountUsd: number, factsVersion: number, s: Serialised): Promise<void>;
  close(): Promise<void>;
};

export function createSharedAnswers(opts: {
  db: Db;
  url: string;
  ttlMs: number;
  log: Logger;
  /** The worker indexed new events of `token`: in-process facts of it are stale too. */
  onTokenIndexed?: (token: string) => void;
  now?: () => number;
}): SharedAnswers {
  const now = opts.now ?? Date.now;
  const me = randomUUID();
  /** token → `${part}:${amount}` → answer and when it was computed (ms). */
  const local = new Map<string, Map<string, { s: Serialised; at: number; version: number }>>();
  const keyOf = (part: string, amountUsd: number) => `${part}:${amountUsd}`;
  const drop = (token: string) => local.delete(token);
  const listener: Listener = listen({
    url: opts.url,
    channels: [CHANNELS.tokenIndexed, CHANNELS.answerPublished],
    onMessage: (channel, payload) => {
      const [token, from] = payload.split(' ');
      if (!token) return;
      if (channel === CHANNELS.tokenIndexed) {
        drop(token);
        opts.onTokenIndexed?.(token);
      } else if (from !== me) drop(token);
    },
    // Messages were missed while disconnected: start again from Postgres.
    onReconnect: () => local.clear(),
  });
  const remember = (token: string, key: string, v: { s: Serialised; at: number; version: number }) => {
    let m = local.get(token);
    if (!m) {
      m = new Map();
      local.set(token, m);
      if (local.size > 5_000) local.delete(local.keys().next().value as string);
    }
    m.set(key, v);
  };

  const peek = (token: string, part: string, amountUsd: number) => {
    const hit = local.get(token)?.get(keyOf(part, amountUsd));
    return hit && now() - hit.at < opts.ttlMs ? hit.s : undefined;
  };

  return {
    peek,
    async get(token, part, amountUsd) {
      const key = keyOf(part, amountUsd);
      const hit = peek(token, part, amountUsd);
      if (hit) return hit;
      const rows = await opts.db
        .select()
        .from(answerCache)
        .where(
          and(
            eq(answerCache.token, token),
            eq(answerCache.part, part),
            eq(answerCache.amountUsd, amountUsd),
            gt(answerCache.computedAt, new Date(now() - opts.ttlMs)),
          ),
        )
        .limit(1);
      const r = rows[0];
      if (!r) return undefined;
      const s = { body: Buffer.from(r.body), etag: r.etag };
      remember(token, key, { s, at: r.computedAt.getTime(), version: r.factsVersion });
      return s;
    },
    async publish(token, part, amountUsd, factsVersion, s) {
      const at = now();
      remember(token, keyOf(part, amountUsd), { s, at, version: factsVersion });
      // A row from an older facts version is replaced; the same version only has its time renewed.
      await opts.db
        .insert(answerCache)
        .values({
          token,
          part,
          amountUsd,
          factsVersion,
          etag: s.etag,
          body: s.body,
          computedAt: new Date(at),
        })
        .onConflictDoUpdate({
          target: [answerCache.token, answerCache.part, answerCache.amountUsd],
          set: {
            factsVersion: sql`excluded.facts_version`,
            etag: sql`excluded.etag`,
            body: sql`excluded.body`,
            computedAt: sql`excluded.computed_at`,
          },
          setWhere: sql`excluded.facts_version >= ${answerCache.factsVersion}`,
        });
      await notify(opts.db, CHANNELS.answerPublished, `${token} ${me}`);
    },
    close: () => listener.close(),
  };
}

/** The worker: `tokens` have new indexed events — forget their shared answers and tell the replicas. */
export async function announceIndexed(db: Db, tokens: string[]): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(answerCache).where(inArray(answerCache.token, tokens));
  for (const t of tokens) await notify(db, CHANNELS.tokenIndexed, t);
}
