/**
 * The 'Target Hunter' panel: start, click targets, game over when the clock reaches 0, Play Again.
 * A holder's game is started on the server (its id and clock) and, finished with a score above 0,
 * submitted for the signed-in wallet (spec §4, §7; ADR 0003). A non-holder plays without
 * submitting.
 */
import { GAME } from '@shared/trader-tools';
import { Clock, Crosshair, Play, RotateCcw, Star, Target as TargetIcon, Trophy } from 'lucide-react';
import { useEffect, useReducer, useRef, useState } from 'react';
import { serverMessage, useSubmitScore } from '../../lib/trader-queries';
import { startServerGame } from '../../lib/wallet-auth';
import { Button } from '../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { toast } from '../ui/toast';
import { AchievementBadges } from './achievements';
import { gameReducer, initialGameState, previewAchievements, randomPositions } from './target-hunter-state';
import type { VerifiedPlayer } from './verify-card';

function Figure({ label, value, icon: Icon }: { label: string; value: string; icon: typeof Clock }) {
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

export function TargetHunter({ player }: { player: VerifiedPlayer }) {
  const [state, dispatch] = useReducer(gameReducer, initialGameState);
  const submit = useSubmitScore();
  const handledGame = useRef(0);
  /** The server's id for the running game (holders only); its score is checked against its time. */
  const serverGame = useRef<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);

  // The clock: one tick a second while a game runs.
  useEffect(() => {
    if (!state.gameActive) return;
    const timer = setInterval(() => dispatch({ type: 'tick' }), 1000);
    return () => clearInterval(timer);
  }, [state.gameActive]);

  // Game over: submit once per game, when the score is above 0.
  useEffect(() => {
    if (!state.gameStarted || state.gameActive || handledGame.current === state.gameId) return;
    handledGame.current = state.gameId;
    const gameId = serverGame.current;
    serverGame.current = null;
    if (state.score <= 0 || !player.holder || !gameId) return;
    submit.mutate(
      {
        gameId,
        playerName: player.playerName,
        walletAddress: player.walletAddress,
        flabBalance: player.flabBalance,
        score: state.score,
        level: state.level,
        achievements: previewAchievements(state.score, state.level, player.flabBalance),
      },
      {
        onSuccess: (r) =>
          toast({ title: r.message, description: `Rank #${r.rank} with ${r.entry.score} points.` }),
        onError: (err) =>
          toast({ title: 'Score not submitted', description: serverMessage(err), variant: 'destructive' }),
      },
    );
  }, [state.gameStarted, state.gameActive, state.gameId, state.score, state.level, player, submit]);

  // A holder's game starts on the server first, so the server's clock covers the whole game.
  const start = async () => {
    submit.reset();
    setStartError(null);
    serverGame.current = null;
    if (player.holder) {
      setStarting(true);
      try {
        serverGame.current = (await startServerGame()).gameId;
      } catch (err) {
        setStartError(serverMessage(err));
        return;
      } finally {
        setStarting(false);
      }
    }
    dispatch({ type: 'start', positions: randomPositions() });
  };
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
          {state.gameActive
            ? state.targets
                .filter((t) => t.active)
                .map((t, i) => (
                  <button
                    key={t.id}
                    type="button"
                    data-testid="target"
                    aria-label={`Target ${i + 1}`}
                    onClick={() => dispatch({ type: 'hit', id: t.id, positions: randomPositions() })}
                    style={{ left: `${t.x}%`, top: `${t.y}%` }}
                    className="absolute flex size-12 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-4 border-white bg-red-500 shadow-lg shadow-red-500/40 transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-yellow-300"
                  >
                    <span
                      aria-hidden="true"
                      className="size-4 rounded-full border-2 border-white bg-red-600"
                    />
                  </button>
                ))
            : null}

          {!state.gameStarted ? (
            <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center">
              <Crosshair aria-hidden="true" className="size-10 text-red-400" />
              <p className="max-w-xs text-sm text-slate-300">
                {GAME.startSeconds} seconds, {GAME.startTargets} targets to start. Ready?
              </p>
              <Button size="lg" onClick={start} disabled={starting}>
                <Play aria-hidden="true" className="size-5" />
                {starting ? 'Starting...' : 'Start Game'}
              </Button>
              {startError ? (
                <p role="alert" className="text-sm text-red-300">
                  {startError}
                </p>
              ) : null}
              {!player.holder ? (
                <p className="text-xs text-slate-400" data-testid="practice-note">
                  Practice mode: without FLAB this wallet has no leaderboard access.
                </p>
              ) : null}
            </div>
          ) : null}

          {over ? (
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
              <p className="min-h-5 text-sm" data-testid="submit-status">
                {!player.holder ? (
                  <span className="text-slate-400">Practice game — no leaderboard access without FLAB.</span>
                ) : state.score <= 0 ? (
                  <span className="text-slate-400">No points this time — nothing to submit.</span>
                ) : submit.isPending ? (
                  <span className="text-slate-400">Submitting score...</span>
                ) : submit.isSuccess ? (
                  <span className="text-emerald-300">{submit.data.message}</span>
                ) : submit.isError ? (
                  <span className="text-red-300">{serverMessage(submit.error)}</span>
                ) : null}
              </p>
              {startError ? (
                <p role="alert" className="text-sm text-red-300">
                  {startError}
                </p>
              ) : null}
              <Button onClick={start} disabled={submit.isPending || starting}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Play Again
              </Button>
            </div>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
