/** The Target Hunter's pieces: a figure above the arena, the targets, the start and game-over overlays. */
import { GAME } from '@shared/trader-tools';
import { type Clock, Crosshair, Play, RotateCcw, Trophy } from 'lucide-react';
import { serverMessage } from '../../lib/trader-queries';
import { Button } from '../ui/button';
import { AchievementBadges } from './achievements';
import type { Target } from './target-hunter-state';
import type { TargetHunterGame } from './use-target-hunter';
import type { VerifiedPlayer } from './verify-card';

export function Figure({ label, value, icon: Icon }: { label: string; value: string; icon: typeof Clock }) {
  return (
    <div className="rounded-xl border border-white/10 bg-white/5 px-3 py-2">
      <p className="flex items-center gap-1 text-xs text-slate-400">
        <Icon aria-hidden="true" className="size-3.5" />
        {label}
      </p>
      <p className="text-xl font-bold tabular-nums text-white">{value}</p>
    </div>
  );
}

/** The active targets, numbered for screen readers in the order they stand. */
export function TargetButtons({ targets, onHit }: { targets: Target[]; onHit: (id: number) => void }) {
  return targets
    .filter((t) => t.active)
    .map((t, i) => (
      <button
        key={t.id}
        type="button"
        data-testid="target"
        aria-label={`Target ${i + 1}`}
        onClick={() => onHit(t.id)}
        style={{ left: `${t.x}%`, top: `${t.y}%` }}
        className="absolute flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-4 border-white bg-red-500 shadow-lg shadow-red-500/40 transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300"
      >
        <span aria-hidden="true" className="size-4 rounded-full border-2 border-white bg-red-600" />
      </button>
    ));
}

function StartError({ error }: { error: string | null }) {
  return error ? (
    <p role="alert" className="text-sm text-red-300">
      {error}
    </p>
  ) : null;
}

export function StartOverlay({ game, player }: { game: TargetHunterGame; player: VerifiedPlayer }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
      <Crosshair aria-hidden="true" className="size-10 text-red-400" />
      <p className="max-w-xs text-sm text-slate-300">
        {GAME.startSeconds} seconds, {GAME.startTargets} targets to start. Ready?
      </p>
      <Button size="lg" onClick={game.start} disabled={game.starting}>
        <Play aria-hidden="true" className="size-5" />
        {game.starting ? 'Starting...' : 'Start Game'}
      </Button>
      <StartError error={game.startError} />
      {!player.holder ? (
        <p className="text-xs text-slate-400" data-testid="practice-note">
          Practice mode: without FLAB this wallet has no leaderboard access.
        </p>
      ) : null}
    </div>
  );
}

/** What became of the finished game's score: practice, nothing to submit, or the submission's state. */
function SubmitStatus({ game, player }: { game: TargetHunterGame; player: VerifiedPlayer }) {
  const { submit } = game;
  return (
    <p className="min-h-5 text-sm" data-testid="submit-status">
      {!player.holder ? (
        <span className="text-slate-400">Practice game — no leaderboard access without FLAB.</span>
      ) : game.state.score <= 0 ? (
        <span className="text-slate-400">No points this time — nothing to submit.</span>
      ) : submit.isPending ? (
        <span className="text-slate-400">Submitting score...</span>
      ) : submit.isSuccess ? (
        <span className="text-emerald-300">{submit.data.message}</span>
      ) : submit.isError ? (
        <span className="text-red-300">{serverMessage(submit.error)}</span>
      ) : null}
    </p>
  );
}

export function GameOverOverlay({
  game,
  player,
  earned,
}: {
  game: TargetHunterGame;
  player: VerifiedPlayer;
  earned: string[];
}) {
  const { state } = game;
  return (
    <div
      className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-ink-950/85 p-6 text-center"
      data-testid="game-over"
    >
      <Trophy aria-hidden="true" className="size-10 text-yellow-300" />
      <h3 className="text-2xl font-bold text-white">Game Over!</h3>
      <p className="text-slate-300">
        Final score{' '}
        <span className="font-bold text-white" data-testid="final-score">
          {state.score}
        </span>{' '}
        · Level {state.level}
      </p>
      <AchievementBadges names={earned} />
      <SubmitStatus game={game} player={player} />
      <StartError error={game.startError} />
      <Button onClick={game.start} disabled={game.submit.isPending || game.starting}>
        <RotateCcw aria-hidden="true" className="size-4" />
        Play Again
      </Button>
    </div>
  );
}
