/**
 * 'Target Hunter' (spec §3 game state, §4, §9), using the shared rules the server checks scores
 * against (`targetsForLevel`, `pointsPerTarget`, `GAME`): 30 s on the clock and 3 targets at level
 * 1; a target is worth 10 × level; clearing every target raises the level, brings
 * min(level + 3, 8) new targets and adds 5 s; the game is over when the clock reaches 0.
 *
 * The reducer is pure: target positions are drawn by the caller (crypto.getRandomValues) and passed
 * in with the action.
 */
import { GAME, pointsPerTarget, targetsForLevel } from '@shared/trader-tools';

export type Target = { id: number; x: number; y: number; active: boolean };
export type Position = { x: number; y: number };

export type GameState = {
  score: number;
  level: number;
  targets: Target[];
  timeLeft: number;
  gameActive: boolean;
  gameStarted: boolean;
  /** Increases with every start, so a finished game is handled once. */
  gameId: number;
  nextTargetId: number;
};

export type GameAction =
  | { type: 'start'; positions: Position[] }
  | { type: 'hit'; id: number; positions: Position[] }
  | { type: 'tick' };

export const initialGameState: GameState = {
  score: 0,
  level: 1,
  targets: [],
  timeLeft: GAME.startSeconds,
  gameActive: false,
  gameStarted: false,
  gameId: 0,
  nextTargetId: 1,
};

/** A position inside the spec's ranges: x 10–90 %, y 20–80 % of the arena. */
export function randomPosition(): Position {
  const r = new Uint32Array(2);
  crypto.getRandomValues(r);
  const unit = (n: number) => n / 0x1_0000_0000;
  const [x0, x1] = GAME.xRange;
  const [y0, y1] = GAME.yRange;
  return { x: x0 + unit(r[0] ?? 0) * (x1 - x0), y: y0 + unit(r[1] ?? 0) * (y1 - y0) };
}

/**
 * Targets at least this far apart (percent of the arena, on x or on y) never cover each other: a
 * 48 px target is under 15 % of any arena 320 px or larger, so every target stays clickable.
 */
export const MIN_TARGET_SEPARATION_PCT = 15;
const PLACEMENT_ATTEMPTS = 50;

const apart = (a: Position, b: Position) =>
  Math.abs(a.x - b.x) >= MIN_TARGET_SEPARATION_PCT || Math.abs(a.y - b.y) >= MIN_TARGET_SEPARATION_PCT;

/**
 * Grid points MIN_TARGET_SEPARATION_PCT+1 apart that span the spec's ranges (6 × 4 = 24 on the
 * default ranges): any distinct ones are apart, so a layout always exists.
 */
function gridPoints(): Position[] {
  const axis = ([lo, hi]: readonly [number, number]) => {
    const steps = Math.floor((hi - lo) / (MIN_TARGET_SEPARATION_PCT + 1));
    return Array.from({ length: steps + 1 }, (_, i) => lo + (i * (hi - lo)) / Math.max(steps, 1));
  };
  return axis(GAME.xRange).flatMap((x) => axis(GAME.yRange).map((y) => ({ x, y })));
}

/**
 * Enough positions for any round (at most GAME.maxTargets targets), none overlapping another.
 * Free-form draws first; when the draws crowd the arena (rejection sampling can run out of
 * attempts), distinct random grid points instead, which are apart by construction.
 */
export function randomPositions(
  n: number = GAME.maxTargets,
  draw: () => Position = randomPosition,
): Position[] {
  const out: Position[] = [];
  while (out.length < n) {
    let p = draw();
    for (let i = 0; i < PLACEMENT_ATTEMPTS && !out.every((q) => apart(p, q)); i++) p = draw();
    if (!out.every((q) => apart(p, q))) return gridPositions(n, draw);
    out.push(p);
  }
  return out;
}

/** n distinct grid points in an order taken from the draws (the draws only shuffle). */
function gridPositions(n: number, draw: () => Position): Position[] {
  const grid = gridPoints();
  for (let i = grid.length - 1; i > 0; i--) {
    const r = draw();
    const span = GAME.xRange[1] - GAME.xRange[0];
    const j = Math.min(i, Math.floor(((r.x - GAME.xRange[0]) / span) * (i + 1)));
    const gi = grid[i];
    const gj = grid[j];
    if (gi && gj) [grid[i], grid[j]] = [gj, gi];
  }
  return grid.slice(0, n);
}

function spawn(count: number, firstId: number, positions: Position[]): Target[] {
  return Array.from({ length: count }, (_, i) => {
    const p = positions[i] ?? { x: 50, y: 50 };
    return { id: firstId + i, x: p.x, y: p.y, active: true };
  });
}

export function gameReducer(s: GameState, a: GameAction): GameState {
  switch (a.type) {
    case 'start': {
      const count = targetsForLevel(1);
      return {
        score: 0,
        level: 1,
        targets: spawn(count, s.nextTargetId, a.positions),
        timeLeft: GAME.startSeconds,
        gameActive: true,
        gameStarted: true,
        gameId: s.gameId + 1,
        nextTargetId: s.nextTargetId + count,
      };
    }
    case 'hit': {
      if (!s.gameActive) return s;
      const target = s.targets.find((t) => t.id === a.id);
      if (!target?.active) return s;
      const score = s.score + pointsPerTarget(s.level);
      const targets = s.targets.map((t) => (t.id === a.id ? { ...t, active: false } : t));
      if (targets.some((t) => t.active)) return { ...s, score, targets };
      // Round cleared: next level, min(level + 3, 8) targets, +5 s.
      const level = s.level + 1;
      const count = targetsForLevel(level);
      return {
        ...s,
        score,
        level,
        targets: spawn(count, s.nextTargetId, a.positions),
        timeLeft: s.timeLeft + GAME.secondsPerClearedRound,
        nextTargetId: s.nextTargetId + count,
      };
    }
    case 'tick': {
      if (!s.gameActive) return s;
      const timeLeft = Math.max(0, s.timeLeft - 1);
      if (timeLeft > 0) return { ...s, timeLeft };
      return { ...s, timeLeft: 0, gameActive: false, targets: [] };
    }
  }
}

/** The achievements a finished game earns (spec §9); shown as a preview — the server grants them. */
export function previewAchievements(score: number, level: number, flabBalance: string): string[] {
  const out: string[] = [];
  if (score >= 100) out.push('First Century');
  if (score >= 500) out.push('High Scorer');
  if (level >= 5) out.push('Level Master');
  const whole = Number(flabBalance.split('.')[0] ?? '0');
  if (Number.isFinite(whole) && whole >= 1_000_000) out.push('FLAB Whale');
  return out;
}
