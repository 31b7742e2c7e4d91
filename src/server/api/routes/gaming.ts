/**
 * Gaming Arena (spec §2, §4, §7, §9; DESIGN §7): FLAB wallet verification read from chain, the
 * top-10 leaderboard (best score per wallet), server-started games and score submission. Nothing
 * the client claims is trusted: the wallet is the one that signed in (wallet-auth.ts, ADR 0003),
 * the balance is re-read from chain, the score is checked against the game's rules and the time
 * the server observed since it started the game (single use), and the achievements are computed
 * here. The games and scores are trader-tools/games-store.ts's.
 */
import type { FastifyInstance } from 'fastify';
import {
  type LeaderboardEntry,
  MESSAGES,
  type SubmitScoreResponse,
  submitScoreRequestSchema,
  type WalletVerification,
} from '../../../shared/trader-tools';
import type { StartGameResponse } from '../../../shared/wallet-auth';
import { BadRequestError, ForbiddenError } from '../../errors';
import { readFlabBalance, verifyFlabHolder } from '../../trader-tools/flab-balance';
import { achievementsFor, checkScorePlausible } from '../../trader-tools/game-rules';
import { readLeaderboard, startGame, submitScore, toEntry } from '../../trader-tools/games-store';
import type { AppContext } from '../context';
import { parseWith, WRITE_RATE_LIMIT } from '../http';
import { walletParam } from '../params';
import { requireSession } from '../sessions';

export function registerGamingRoutes(app: FastifyInstance, ctx: AppContext, opts: { now?: () => Date } = {}) {
  const db = ctx.database.db;
  const now = opts.now ?? (() => new Date());

  app.get<{ Params: { address: string } }>(
    '/api/verify-wallet/:address',
    async (req): Promise<WalletVerification> => {
      const wallet = walletParam(req.params.address, 'address');
      return verifyFlabHolder(ctx.chain.public, ctx.network.flabToken, wallet);
    },
  );

  app.get('/api/gaming/leaderboard', async (): Promise<LeaderboardEntry[]> => {
    return readLeaderboard(db);
  });

  // A game the server starts for the signed-in wallet: its id and start time are what a score is
  // later checked against. Starting a game abandons the wallet's unfinished ones, so a wallet has
  // one live game at a time (no stock of pre-aged games).
  app.post('/api/gaming/games', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const t = now();
    const session = await requireSession(db, req, t);
    const id = await startGame(db, session.walletAddress, t);
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

    const { row, rank } = await submitScore(db, {
      wallet,
      input,
      flabBalance: balance.whole,
      achievements,
      t,
    });
    const body: SubmitScoreResponse = { entry: toEntry(row), rank, message: MESSAGES.scoreSubmitted };
    return reply.status(201).send(body);
  });
}
