/**
 * 'Target Hunter' rules (spec §4, §9) as the server checks them. The game: 30 s on the clock,
 * 3 targets at level 1; a target is worth 10 × level; clearing a level adds 5 s and brings
 * min(level + 3, 8) targets for the next one (`targetsForLevel`); the game ends when the clock
 * reaches 0.
 *
 * So a game that ends at level L has cleared levels 1..L−1 completely and 0..t(L)−1 targets of
 * level L (clearing the last one moves to L + 1 at once):
 *   levelBaseScore(L)  = Σ_{j<L} 10·j·t(j)
 *   maxScoreForLevel(L) = levelBaseScore(L) + 10·L·(t(L) − 1)
 *   possible scores at L = levelBaseScore(L) + 10·L·k for k = 0..t(L)−1
 * and it lasted exactly 30 + 5·(L − 1) seconds (`minimumGameSeconds`), since time only runs out.
 */
import { type AchievementName, GAME, pointsPerTarget, targetsForLevel } from '../../shared/trader-tools';

export function levelBaseScore(level: number): number {
  let s = 0;
  for (let j = 1; j < level; j++) s += pointsPerTarget(j) * targetsForLevel(j);
  return s;
}

export function maxScoreForLevel(level: number): number {
  return levelBaseScore(level) + pointsPerTarget(level) * (targetsForLevel(level) - 1);
}

/** How long a game that ended at `level` lasted: the start clock plus 5 s per cleared level. */
export function minimumGameSeconds(level: number): number {
  return GAME.startSeconds + GAME.secondsPerClearedRound * (level - 1);
}

export type Plausibility = { ok: true } | { ok: false; field: 'score' | 'level' | 'gameId'; reason: string };

export function checkScorePlausible(score: number, level: number): Plausibility {
  if (!Number.isInteger(level) || level < 1 || level > GAME.maxLevel)
    return { ok: false, field: 'level', reason: `level must be a whole number from 1 to ${GAME.maxLevel}` };
  if (!Number.isInteger(score) || score < 0)
    return { ok: false, field: 'score', reason: 'score must be a whole number of 0 or more' };
  const base = levelBaseScore(level);
  const max = maxScoreForLevel(level);
  const step = pointsPerTarget(level);
  if (score > max)
    return {
      ok: false,
      field: 'score',
      reason: `score ${score} is impossible at level ${level}: the most a game ending at level ${level} can score is ${max}`,
    };
  if (score < base)
    return {
      ok: false,
      field: 'score',
      reason: `score ${score} is impossible at level ${level}: reaching level ${level} already scores ${base}`,
    };
  if ((score - base) % step !== 0)
    return {
      ok: false,
      field: 'score',
      reason: `score ${score} is impossible at level ${level}: scores there are ${base} plus a multiple of ${step}`,
    };
  return { ok: true };
}

/** Network and clock slack when comparing a game's length with the time the server observed. */
export const OBSERVED_SLACK_SECONDS = 1;
/** A started game older than this cannot be submitted (the longest possible game plus an hour). */
export const GAME_ID_LIFETIME_SECONDS =
  GAME.startSeconds + GAME.secondsPerClearedRound * (GAME.maxLevel - 1) + 3600;

/**
 * The server started this game at `startedAt` and sees the score now. A game ending at `level`
 * lasted minimumGameSeconds(level) (time only runs out), so it cannot have ended sooner than that
 * after the server started it: claiming a higher level or score than the observed time allows is
 * refused. A game id also expires (GAME_ID_LIFETIME_SECONDS).
 */
export function checkObservedDuration(level: number, startedAt: Date, now: Date): Plausibility {
  const observed = (now.getTime() - startedAt.getTime()) / 1000;
  const need = minimumGameSeconds(level);
  if (observed > GAME_ID_LIFETIME_SECONDS)
    return { ok: false, field: 'gameId', reason: 'this game has expired; start a new one' };
  if (observed + OBSERVED_SLACK_SECONDS >= need) return { ok: true };
  return {
    ok: false,
    field: 'level',
    reason: `a game ending at level ${level} lasts ${need} s, but this game was started only ${Math.max(0, Math.floor(observed))} s ago`,
  };
}

export const FLAB_WHALE_TOKENS = 1_000_000n;

/** Achievements the server grants (spec §9); the client's list is ignored. */
export function achievementsFor(x: {
  score: number;
  level: number;
  flabBalanceRaw: bigint;
  decimals: number;
}): AchievementName[] {
  const out: AchievementName[] = [];
  if (x.score >= 100) out.push('First Century');
  if (x.score >= 500) out.push('High Scorer');
  if (x.level >= 5) out.push('Level Master');
  if (x.flabBalanceRaw >= FLAB_WHALE_TOKENS * 10n ** BigInt(x.decimals)) out.push('FLAB Whale');
  return out;
}
