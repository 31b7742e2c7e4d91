import { describe, expect, it } from 'vitest';
import { GAME } from '../../../shared/trader-tools';
import { MIN_TARGET_SEPARATION_PCT, randomPositions } from './target-hunter-state';

describe('target placement', () => {
  it('keeps every round inside the spec ranges with no target covering another', () => {
    for (let round = 0; round < 2000; round++) {
      const ps = randomPositions();
      expect(ps).toHaveLength(GAME.maxTargets);
      for (const [i, a] of ps.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(GAME.xRange[0]);
        expect(a.x).toBeLessThanOrEqual(GAME.xRange[1]);
        expect(a.y).toBeGreaterThanOrEqual(GAME.yRange[0]);
        expect(a.y).toBeLessThanOrEqual(GAME.yRange[1]);
        for (const b of ps.slice(i + 1)) {
          const apart =
            Math.abs(a.x - b.x) >= MIN_TARGET_SEPARATION_PCT ||
            Math.abs(a.y - b.y) >= MIN_TARGET_SEPARATION_PCT;
          expect(apart).toBe(true);
        }
      }
    }
  });

  it('still finds a layout when the draws keep landing on the same spot', () => {
    const ps = randomPositions(GAME.maxTargets, () => ({ x: 50, y: 50 }));
    expect(ps).toHaveLength(GAME.maxTargets);
    for (const [i, a] of ps.entries())
      for (const b of ps.slice(i + 1))
        expect(
          Math.abs(a.x - b.x) >= MIN_TARGET_SEPARATION_PCT ||
            Math.abs(a.y - b.y) >= MIN_TARGET_SEPARATION_PCT,
        ).toBe(true);
  });
});
