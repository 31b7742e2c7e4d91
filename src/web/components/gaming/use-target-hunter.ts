/**
 * The Target Hunter's game: the pure reducer's state, the clock, the start (on the server first for
 * a holder, so the server's clock covers the whole game) and the one submission of a finished game.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { serverMessage, useSubmitScore } from '../../lib/trader-queries';
import { startServerGame } from '../../lib/wallet-auth';
import { toast } from '../ui/toast';
import { gameReducer, initialGameState, previewAchievements, randomPositions } from './target-hunter-state';
import type { VerifiedPlayer } from './verify-card';

export function useTargetHunter(player: VerifiedPlayer) {
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
  const hit = (id: number) => dispatch({ type: 'hit', id, positions: randomPositions() });

  return { state, submit, start, hit, starting, startError };
}

export type TargetHunterGame = ReturnType<typeof useTargetHunter>;
