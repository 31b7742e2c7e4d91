/**
 * Typed TanStack Query hooks for the trader tools (spec §7): Trading Journal, Trading Calls and the
 * Gaming Arena. Keys start with the resource name so a mutation can invalidate exactly what it
 * changed. Defaults come from the query client (spec §9: no retries, no refetch on focus, never
 * stale unless a refetch interval is set — the calls board refreshes every 15 s).
 */
import { isAddress } from '@shared/address';
import type {
  CallStats,
  CreateCallRequest,
  CreateTradeRequest,
  JournalStats,
  LeaderboardEntry,
  ReactionResult,
  SubmitScoreRequest,
  SubmitScoreResponse,
  Trade,
  TradingCall,
  UpdateTradeRequest,
} from '@shared/trader-tools';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from './api';

/** Spec §9: the trading calls board refreshes every 15 s. */
export const CALLS_REFRESH_MS = 15_000;

const seg = (s: string) => encodeURIComponent(s.toLowerCase());

export const traderKeys = {
  journal: (wallet: string) => ['trading-journal', wallet.toLowerCase()] as const,
  journalStats: (wallet: string) => ['trading-journal-stats', wallet.toLowerCase()] as const,
  calls: ['trading-calls'] as const,
  callStats: ['trading-calls-stats'] as const,
  leaderboard: ['gaming-leaderboard'] as const,
};

/** The server's message without the '{status}: ' prefix our API errors carry (spec §8). */
export function serverMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message.replace(/^\d{3}: /, '');
  return e instanceof Error ? e.message : String(e);
}

// ---------------------------------------------------------------------------------------------
// Trading journal

/** Where the wallet's trades download as CSV (the server sets the attachment filename). */
export const journalCsvUrl = (wallet: string) => `/api/trading-journal/${seg(wallet)}/export.csv`;

export function useJournal(wallet: string) {
  return useQuery<Trade[]>({
    queryKey: traderKeys.journal(wallet),
    queryFn: ({ signal }) => apiGet<Trade[]>(`/api/trading-journal/${seg(wallet)}`, signal),
    enabled: isAddress(wallet),
  });
}

export function useJournalStats(wallet: string) {
  return useQuery<JournalStats>({
    queryKey: traderKeys.journalStats(wallet),
    queryFn: ({ signal }) => apiGet<JournalStats>(`/api/trading-journal/stats/${seg(wallet)}`, signal),
    enabled: isAddress(wallet),
  });
}

function useInvalidateJournal() {
  const qc = useQueryClient();
  return (wallet: string) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: traderKeys.journal(wallet) }),
      qc.invalidateQueries({ queryKey: traderKeys.journalStats(wallet) }),
    ]);
}

export function useAddTrade() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: (body: CreateTradeRequest) => apiPost<Trade>('/api/trading-journal', body),
    onSuccess: (_t, body) => invalidate(body.walletAddress),
  });
}

export function useUpdateTrade() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateTradeRequest }) =>
      apiPatch<Trade>(`/api/trading-journal/${id}`, body),
    onSuccess: (_t, { body }) => invalidate(body.walletAddress),
  });
}

export function useDeleteTrade() {
  const invalidate = useInvalidateJournal();
  return useMutation({
    mutationFn: ({ id, walletAddress }: { id: number; walletAddress: string }) =>
      apiDelete<{ id: number; deleted: boolean }>(
        `/api/trading-journal/${id}?walletAddress=${seg(walletAddress)}`,
      ),
    onSuccess: (_r, { walletAddress }) => invalidate(walletAddress),
  });
}

// ---------------------------------------------------------------------------------------------
// Trading calls

export function useTradingCalls() {
  return useQuery<TradingCall[]>({
    queryKey: traderKeys.calls,
    queryFn: ({ signal }) => apiGet<TradingCall[]>('/api/trading-calls', signal),
    refetchInterval: CALLS_REFRESH_MS,
  });
}

export function useCallStats() {
  return useQuery<CallStats>({
    queryKey: traderKeys.callStats,
    queryFn: ({ signal }) => apiGet<CallStats>('/api/trading-calls/stats', signal),
    refetchInterval: CALLS_REFRESH_MS,
  });
}

export function useCreateCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCallRequest) => apiPost<TradingCall>('/api/trading-calls', body),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: traderKeys.calls }),
        qc.invalidateQueries({ queryKey: traderKeys.callStats }),
      ]),
  });
}

/** Follow or like toggles, stored by the server per client; the board shows the returned counts. */
export function useCallReaction(kind: 'follow' | 'like') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<ReactionResult>(`/api/trading-calls/${id}/${kind}`, {}),
    onSuccess: (r) => {
      qc.setQueryData<TradingCall[]>(traderKeys.calls, (list) =>
        list?.map((c) =>
          c.id === r.callId
            ? { ...c, followers: r.followers, likes: r.likes, following: r.following, liked: r.liked }
            : c,
        ),
      );
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Gaming arena

export function useLeaderboard() {
  return useQuery<LeaderboardEntry[]>({
    queryKey: traderKeys.leaderboard,
    queryFn: ({ signal }) => apiGet<LeaderboardEntry[]>('/api/gaming/leaderboard', signal),
  });
}

export function useSubmitScore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmitScoreRequest) => apiPost<SubmitScoreResponse>('/api/gaming/submit-score', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: traderKeys.leaderboard }),
  });
}
