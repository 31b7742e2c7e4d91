/**
 * Gaming Arena (spec §2, §4, §7, §9; DESIGN §7): FLAB wallet verification read from chain, the
 * top-10 leaderboard (best score per wallet) and score submission. Nothing the client claims is
 * trusted: the balance is re-read from chain, the score is checked against the game's rules, and
 * the achievements are computed here.
 */
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  formatUnits,
} from 'viem';
import {
  GAME,
  type LeaderboardEntry,
  MESSAGES,
  type SubmitScoreResponse,
  submitScoreRequestSchema,
  type WalletVerification,
} from '../../../shared/trader-tools';
import { gameScores } from '../../db/schema';
import { AppError, BadRequestError, ChainUnavailableError } from '../../errors';
import { achievementsFor, checkScorePlausible, checkSubmissionTiming } from '../../trader-tools/game-rules';
import { ForbiddenError, parseWith, WRITE_RATE_LIMIT } from '../../trader-tools/http';
import type { AppContext } from '../context';
import { walletParam } from './trading-journal';

type FlabBalance = { token: `0x${string}`; raw: bigint; decimals: number; whole: string };

/** FLAB balance of `wallet`, read from chain (balanceOf and decimals on the network's FLAB token). */
export async function readFlabBalance(ctx: AppContext, wallet: `0x${string}`): Promise<FlabBalance> {
  const token = ctx.network.flabToken;
  if (!token)
    throw new AppError(
      'config_error',
      'FLAB verification is unavailable: the FLAB token address is not configured for this network (set FLAB_TOKEN_ADDRESS).',
      { status: 503 },
    );
  try {
    const [raw, decimals] = await Promise.all([
      ctx.chain.public.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [wallet],
      }),
      ctx.chain.public.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
    ]);
    if (typeof raw !== 'bigint' || typeof decimals !== 'number' || decimals < 0 || decimals > 36)
      throw new AppError(
        'not_erc20',
        `The configured FLAB address ${token} did not answer as an ERC-20 token.`,
        {
          status: 422,
        },
      );
    return { token, raw, decimals, whole: formatUnits(raw, decimals) };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const notToken =
      e instanceof BaseError &&
      e.walk(
        (x) => x instanceof ContractFunctionZeroDataError || x instanceof ContractFunctionRevertedError,
      ) !== null;
    if (notToken)
      throw new AppError(
        'not_erc20',
        `The configured FLAB address ${token} is not an ERC-20 token on this chain (balanceOf failed).`,
        { status: 422, cause: e },
      );
    throw new ChainUnavailableError('Could not read the FLAB balance from the chain. Please try again.', e);
  }
}

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
      const b = await readFlabBalance(ctx, wallet);
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

  app.post('/api/gaming/submit-score', { config: WRITE_RATE_LIMIT }, async (req, reply) => {
    const input = parseWith(submitScoreRequestSchema, req.body);
    const plausible = checkScorePlausible(input.score, input.level);
    if (!plausible.ok)
      throw new BadRequestError(`${plausible.reason}.`, { field: plausible.field, reason: plausible.reason });

    // The client's flabBalance is ignored: the balance is read from chain.
    const balance = await readFlabBalance(ctx, input.walletAddress);
    if (balance.raw <= 0n)
      throw new ForbiddenError(MESSAGES.noFlab, { field: 'walletAddress', flabBalance: '0' });
    const achievements = achievementsFor({
      score: input.score,
      level: input.level,
      flabBalanceRaw: balance.raw,
      decimals: balance.decimals,
    });

    const t = now();
    const { row, rank } = await db.transaction(async (tx) => {
      // One submission at a time per wallet, so the timing rule cannot be raced.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`game:${input.walletAddress}`}))`);
      const [last] = await tx
        .select({ at: sql<Date | string | null>`max(${gameScores.createdAt})` })
        .from(gameScores)
        .where(eq(gameScores.walletAddress, input.walletAddress));
      const lastAt = last?.at ? new Date(last.at) : null;
      const timing = checkSubmissionTiming(input.level, lastAt, t);
      if (!timing.ok)
        throw new BadRequestError(`${timing.reason}.`, { field: timing.field, reason: timing.reason });
      const [inserted] = await tx
        .insert(gameScores)
        .values({
          playerName: input.playerName,
          walletAddress: input.walletAddress,
          flabBalance: balance.whole,
          score: input.score,
          level: input.level,
          achievements,
          createdAt: t,
        })
        .returning();
      if (!inserted) throw new Error('insert returned no row');
      const [mine] = await tx
        .select({ best: sql<number>`max(${gameScores.score})::int` })
        .from(gameScores)
        .where(eq(gameScores.walletAddress, input.walletAddress));
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
