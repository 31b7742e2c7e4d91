import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME, targetsForLevel } from '../../shared/trader-tools';
import {
  achievementsFor,
  checkObservedDuration,
  checkScorePlausible,
  GAME_ID_LIFETIME_SECONDS,
  levelBaseScore,
  maxScoreForLevel,
  minimumGameSeconds,
  OBSERVED_SLACK_SECONDS,
} from './game-rules';

/**
 * The game played literally by spec §4/§9: every state (score, level, seconds on the clock) a
 * player can be in, clicking as fast as they like, up to `maxLevel`.
 */
function simulate(maxLevel: number) {
  const states: { score: number; level: number; clock: number }[] = [];
  let level = 1;
  let remaining: number = GAME.startTargets;
  let score = 0;
  let clock = GAME.startSeconds;
  states.push({ score, level, clock });
  while (level <= maxLevel) {
    // Click one target.
    score += 10 * level;
    remaining--;
    if (remaining === 0) {
      // All cleared: min(level + 3, 8) new targets, the level rises, +5 s.
      remaining = Math.min(level + 3, 8);
      level += 1;
      clock += 5;
    }
    if (level <= maxLevel) states.push({ score, level, clock });
  }
  return states;
}

describe('Target Hunter rules', () => {
  it('targets per level: 3, 4, 5, 6, 7, 8, 8, …', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(targetsForLevel)).toEqual([3, 4, 5, 6, 7, 8, 8, 8]);
  });

  it('max score formula matches a brute-force simulation', () => {
    const states = simulate(60);
    for (let level = 1; level <= 60; level++) {
      const atLevel = states.filter((s) => s.level === level);
      expect(maxScoreForLevel(level)).toBe(Math.max(...atLevel.map((s) => s.score)));
      expect(levelBaseScore(level)).toBe(Math.min(...atLevel.map((s) => s.score)));
      // The clock a game ending at this level started with in total.
      expect(minimumGameSeconds(level)).toBe(atLevel[0]?.clock);
    }
    expect(maxScoreForLevel(1)).toBe(20);
    expect(maxScoreForLevel(2)).toBe(30 + 60);
  });

  it('property: a (score, level) is plausible exactly when the simulation can reach it', () => {
    const states = simulate(40);
    const reachable = new Set(states.map((s) => `${s.score}@${s.level}`));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: maxScoreForLevel(40) + 100 }),
        (level, score) => {
          expect(checkScorePlausible(score, level).ok).toBe(reachable.has(`${score}@${level}`));
        },
      ),
      { numRuns: 2000 },
    );
    // Every reachable state is accepted.
    for (const s of states) expect(checkScorePlausible(s.score, s.level).ok).toBe(true);
  });

  it('gives the reason for an impossible score', () => {
    const r = checkScorePlausible(1000, 1);
    expect(r).toMatchObject({ ok: false, field: 'score' });
    if (!r.ok) expect(r.reason).toContain('the most a game ending at level 1 can score is 20');
    expect(checkScorePlausible(15, 1).ok).toBe(false);
    expect(checkScorePlausible(20, 2).ok).toBe(false);
    expect(checkScorePlausible(10, GAME.maxLevel + 1)).toMatchObject({ ok: false, field: 'level' });
  });

  it('maximum score at the level bound fits a 32-bit integer', () => {
    expect(maxScoreForLevel(GAME.maxLevel)).toBeLessThan(2 ** 31);
  });

  it('a game cannot end sooner after the server started it than it lasts, and its id expires', () => {
    const t = new Date('2025-01-01T00:01:00Z');
    const ago = (s: number) => new Date(t.getTime() - s * 1000);
    expect(checkObservedDuration(1, ago(30), t).ok).toBe(true);
    expect(checkObservedDuration(1, ago(29.5), t).ok).toBe(true);
    expect(checkObservedDuration(1, ago(10), t)).toMatchObject({ ok: false, field: 'level' });
    expect(checkObservedDuration(3, ago(35), t)).toMatchObject({ ok: false, field: 'level' });
    expect(checkObservedDuration(3, ago(40), t).ok).toBe(true);
    expect(checkObservedDuration(1, ago(GAME_ID_LIFETIME_SECONDS + 1), t)).toMatchObject({
      ok: false,
      field: 'gameId',
    });
  });

  it('property: accepted exactly when the observed time covers the level (within the slack)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: GAME.maxLevel }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (level, ms) => {
          const t = new Date('2025-01-01T00:00:00Z');
          const r = checkObservedDuration(level, new Date(t.getTime() - ms), t);
          const seconds = ms / 1000;
          const expected =
            seconds <= GAME_ID_LIFETIME_SECONDS &&
            seconds + OBSERVED_SLACK_SECONDS >= minimumGameSeconds(level);
          expect(r.ok).toBe(expected);
        },
      ),
    );
  });
});

describe('achievements', () => {
  const e18 = 10n ** 18n;
  it('are computed from score, level and the chain balance', () => {
    expect(achievementsFor({ score: 90, level: 2, flabBalanceRaw: 1n, decimals: 18 })).toEqual([]);
    expect(achievementsFor({ score: 100, level: 2, flabBalanceRaw: 1n, decimals: 18 })).toEqual([
      'First Century',
    ]);
    expect(achievementsFor({ score: 500, level: 5, flabBalanceRaw: 1_000_000n * e18, decimals: 18 })).toEqual(
      ['First Century', 'High Scorer', 'Level Master', 'FLAB Whale'],
    );
    expect(
      achievementsFor({ score: 10, level: 1, flabBalanceRaw: 1_000_000n * e18 - 1n, decimals: 18 }),
    ).toEqual([]);
  });
});
