/**
 * The 'Target Hunter' panel: start, click targets, game over when the clock reaches 0, Play Again.
 * A holder's game is started on the server (its id and clock) and, finished with a score above 0,
 * submitted for the signed-in wallet (spec §4, §7; ADR 0003). A non-holder plays without
 * submitting.
 */
import { GAME } from '@shared/trader-tools';
import { Clock, Crosshair, Star, Target as TargetIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Figure, GameOverOverlay, StartOverlay, TargetButtons } from './target-hunter-parts';
import { previewAchievements } from './target-hunter-state';
import { useTargetHunter } from './use-target-hunter';
import type { VerifiedPlayer } from './verify-card';

export function TargetHunter({ player }: { player: VerifiedPlayer }) {
  const game = useTargetHunter(player);
  const { state } = game;
  const over = state.gameStarted && !state.gameActive;
  const earned = previewAchievements(state.score, state.level, player.flabBalance);

  return (
    <Card data-testid="game-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Crosshair aria-hidden="true" className="size-5 text-red-400" />
          Target Hunter
        </CardTitle>
        <CardDescription>
          Hit every target before the clock runs out. Each target scores 10 × level; clearing a round adds{' '}
          {GAME.secondsPerClearedRound} s and brings more targets.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="mb-3 grid grid-cols-3 gap-2">
          <Figure label="Score" value={state.score.toLocaleString('en-US')} icon={Star} />
          <Figure label="Level" value={String(state.level)} icon={TargetIcon} />
          <Figure label="Time" value={`${state.timeLeft}s`} icon={Clock} />
        </div>
        <p className="sr-only" aria-live="polite">
          {over ? `Game over. Final score ${state.score}, level ${state.level}.` : ''}
        </p>
        <div
          className="relative h-80 overflow-hidden rounded-xl border border-white/10 bg-[radial-gradient(circle_at_center,rgba(47,107,255,0.15),transparent_70%)] bg-ink-950 sm:h-96"
          data-testid="game-arena"
        >
          {state.gameActive ? <TargetButtons targets={state.targets} onHit={game.hit} /> : null}
          {!state.gameStarted ? <StartOverlay game={game} player={player} /> : null}
          {over ? <GameOverOverlay game={game} player={player} earned={earned} /> : null}
        </div>
      </CardContent>
    </Card>
  );
}
