/**
 * Gaming Arena (spec §2, §4, §7, §9; DESIGN §7): FLAB wallet verification read from chain, the
 * top-10 leaderboard (best score per wallet), server-started games and score submission. Nothing
 * the client claims is trusted: the wallet is the one that signed in (wallet-auth.ts, ADR 0003),
 * the balance is re-read from chain, the score is checked against the game's rules and the time
 * the server observed since it started the game (single use), and the achievements are computed
 * here.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  GAME,
  type LeaderboardEntry,
  MESSAGES,
  type SubmitScoreResponse,
  submitScoreRequestSchema,
  type WalletVerification,
} from '../../../shared/trader-tools';
import type { StartGameResponse } from '../../../shared/wallet-auth';
import { gameScores, games } from '../../db/schema';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import { readFlabBalance } from '../../trader-tools/flab-balance';
import { achievementsFor, checkObservedDuration, checkScorePlausible } from '../../trader-tools/game-rules';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { walletParam } from '../params';
import { requireSession } from '../sessions';

function toEntry(r: typeof gameScores.$inferSelect): LeaderboardEntry {
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

export function registerGamingRoutes(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date } = {}) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());

  app.get<{ Params: { address: string } }>(
    '/api/verify-wallet/:address',
    async (req): Promise<WalletVerification> => {
      const wallet = walletParam(req.params.address, 'address');
      const b = await readFlabBalance(ctx.chain.public, ctx.network.flabToken, wallet);
      const verified = b.raw > 0n;
      return {
        walletAddress: wallet,
        token: b.token,
        flabBalance: b.whole,
        flabBalanceRaw: b.raw.toString(),
        decimals: b.decimals,
        verified,
        message: verified ? MESSAGES.verified(b.whole) : MESSAGES.noFlab,
      };
    },
  );

  app.get('/api/gaming/leaderboard', async (): Promise<LeaderboardEntry[]> => {
    // Best score per wallet (earliest on a tie), then the top 10.
    const best = db
      .selectDistinctOn([gameScores.walletAddress])
      .from(gameScores)
      .orderBy(
        gameScores.walletAddress,
        desc(gameScores.score),
        asc(gameScores.createdAt),
        asc(gameScores.id),
      )
      .as('best');
    const rows = await db
      .select()
      .from(best)
      .orderBy(desc(best.score), asc(best.createdAt), asc(best.id))
      .limit(GAME.leaderboardSize);
    return rows.map(toEntry);
  });

  // A game the server starts for the signed-in wallet: its id and start time are what a score is
  // later checked against. Starting a game abandons the wallet's unfinished ones, so a wallet has
  // one live game at a time (no stock of pre-aged games).
  app.post('/api/gaming/games', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const t = now();
    const session = await requireSession(db, req, t);
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`game:${session.walletAddress}`}))`);
      await tx
        .delete(games)
        .where(and(eq(games.walletAddress, session.walletAddress), isNull(games.submittedAt)));
      await tx.insert(games).values({ id, walletAddress: session.walletAddress, startedAt: t });
    });
    const body: StartGameResponse = { gameId: id, startedAt: t.toISOString() };
    return reply.status(201).send(body);
  });

  app.post('/api/gaming/submit-score', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const input = parseWith(submitScoreRequestSchema, req.body);
    const t = now();
    const session = await requireSession(db, req, t);
    const wallet = session.walletAddress;
    if (input.walletAddress && input.walletAddress !== wallet)
      throw new ForbiddenError(
        `You are signed in as ${wallet}; a score can only be posted for the wallet that signed in.`,
        { field: 'walletAddress', reason: 'is not the signed-in wallet' },
      );
    const plausible = checkScorePlausible(input.score, input.level);
    if (!plausible.ok)
      throw new BadRequestError(`${plausible.reason}.`, { field: plausible.field, reason: plausible.reason });

    // The client's flabBalance is ignored: the balance is read from chain.
    const balance = await readFlabBalance(ctx.chain.public, ctx.network.flabToken, wallet);
    if (balance.raw <= 0n)
      throw new ForbiddenError(MESSAGES.noFlab, { field: 'walletAddress', flabBalance: '0' });
    const achievements = achievementsFor({
      score: input.score,
      level: input.level,
      flabBalanceRaw: balance.raw,
      decimals: balance.decimals,
    });

    const { row, rank } = await db.transaction(async (tx) => {
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
          flabBalance: balance.whole,
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
    const body: SubmitScoreResponse = { entry: toEntry(row), rank, message: MESSAGES.scoreSubmitted };
    return reply.status(201).send(body);
  });
}
