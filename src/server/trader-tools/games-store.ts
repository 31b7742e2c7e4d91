/**
 * The Gaming Arena in the database: the top-10 leaderboard (best score per wallet), games the
 * server starts for a signed-in wallet (one live game at a time), and a score stored against its
 * game (single use, checked against the time the server observed since it started the game).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GAME, type LeaderboardEntry, type submitScoreRequestSchema } from '../../shared/trader-tools';
import type { Db } from '../db/client';
import { gameScores, games } from '../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../errors';
import { checkObservedDuration } from './game-rules';

export function toEntry(r: typeof gameScores.$inferSelect): LeaderboardEntry {
  return {
    id: r.id,
    playerName: r.playerName,
    walletAddress: r.walletAddress,
    flabBalance: r.flabBalance,
    score: r.score,
    level: r.level,
    achievements: r.achievements,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Best score per wallet (earliest on a tie), then the top GAME.leaderboardSize. */
export async function readLeaderboard(db: Db): Promise<LeaderboardEntry[]> {
  const best = db
    .selectDistinctOn([gameScores.walletAddress])
    .from(gameScores)
    .orderBy(gameScores.walletAddress, desc(gameScores.score), asc(gameScores.createdAt), asc(gameScores.id))
    .as('best');
  const rows = await db
    .select()
    .from(best)
    .orderBy(desc(best.score), asc(best.createdAt), asc(best.id))
    .limit(GAME.leaderboardSize);
  return rows.map(toEntry);
}

/** Starts a game for `wallet` at `t`, abandoning its unfinished ones; the new game's id. */
export async function startGame(db: Db, wallet: `0x${string}`, t: Date): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`game:${wallet}`}))`);
    await tx.delete(games).where(and(eq(games.walletAddress, wallet), isNull(games.submittedAt)));
    await tx.insert(games).values({ id, walletAddress: wallet, startedAt: t });
  });
  return id;
}

/**
 * Stores `wallet`'s score for its game `input.gameId` (started for it, not yet scored, played for
 * long enough); the stored entry and the wallet's rank by best score.
 */
export async function submitScore(
  db: Db,
  x: {
    wallet: `0x${string}`;
    input: z.output<typeof submitScoreRequestSchema>;
    flabBalance: string;
    achievements: string[];
    t: Date;
  },
): Promise<{ row: typeof gameScores.$inferSelect; rank: number }> {
  const { wallet, input, achievements, t } = x;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`game:${wallet}`}))`);
    const [game] = await tx.select().from(games).where(eq(games.id, input.gameId)).for('update');
    if (!game || game.walletAddress !== wallet)
      throw new NotFoundError(
        `Game ${input.gameId} was not started for ${wallet} (or was replaced by a newer game).`,
      );
    if (game.submittedAt)
      throw new ConflictError('A score was already submitted for this game; start a new one.', {
        field: 'gameId',
        reason: 'already submitted',
      });
    const observed = checkObservedDuration(input.level, game.startedAt, t);
    if (!observed.ok)
      throw new BadRequestError(`${observed.reason}.`, { field: observed.field, reason: observed.reason });
    const [inserted] = await tx
      .insert(gameScores)
      .values({
        playerName: input.playerName,
        walletAddress: wallet,
        flabBalance: x.flabBalance,
        score: input.score,
        level: input.level,
        achievements,
        createdAt: t,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    await tx.update(games).set({ submittedAt: t, scoreId: inserted.id }).where(eq(games.id, game.id));
    const [mine] = await tx
      .select({ best: sql<number>`max(${gameScores.score})::int` })
      .from(gameScores)
      .where(eq(gameScores.walletAddress, wallet));
    const perWallet = tx
      .select({ wallet: gameScores.walletAddress, best: sql<number>`max(${gameScores.score})`.as('best') })
      .from(gameScores)
      .groupBy(gameScores.walletAddress)
      .as('per_wallet');
    const [ahead] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(perWallet)
      .where(gt(perWallet.best, Number(mine?.best ?? input.score)));
    return { row: inserted, rank: Number(ahead?.n ?? 0) + 1 };
  });
}
