/**
 * The analysis page's data: the five analyses of one token polled together (spec §9: every 30 s),
 * what they add up to (loading, failed, last update, the one verdict) and Refresh All.
 */
import { useQueryClient } from '@tanstack/react-query';
import { tokenKeys, useFlabScore, useLiquidity, useRug, useScanner, useWhales } from '../../lib/queries';
import { toast } from '../ui/toast';
import { isWalletError } from '../verdict/wallet-not-token';

/** Spec §9: the analysis page refreshes every 30 s. */
export const ANALYSIS_POLL_MS = 30_000;

export function useTokenAnalysis(address: string) {
  const queryClient = useQueryClient();
  const poll = { refetchInterval: ANALYSIS_POLL_MS };
  const scanner = useScanner(address, poll);
  const rug = useRug(address, poll);
  const whales = useWhales(address, poll);
  const liquidity = useLiquidity(address, 1000, poll);
  // The spec names the four analysers; the score is polled with them so it never lags behind them.
  const flab = useFlabScore(address, poll);
  const all = [scanner, rug, whales, liquidity, flab];

  const updatedAt = Math.max(...all.map((q) => q.dataUpdatedAt));
  const failed = all.filter((q) => q.isError);

  const refreshAll = () => {
    toast({ title: 'Refreshing Data', description: 'All analysis data is being updated...' });
    void queryClient.invalidateQueries({ predicate: (q) => tokenKeys.all(address)(q.queryKey) });
  };

  return {
    scanner,
    rug,
    whales,
    liquidity,
    flab,
    all,
    loading: all.some((q) => q.isPending),
    refreshing: all.some((q) => q.isFetching),
    updatedAt,
    allFailed: failed.length === all.length,
    // One verdict per token: every part carries the same one (the engine's), the first to arrive shows.
    verdict: (scanner.data ?? rug.data ?? liquidity.data ?? whales.data ?? flab.data)?.verdict,
    wallet: failed.some((q) => isWalletError(q.error)),
    generatedAt: liquidity.data?.timestamp ?? updatedAt,
    refreshAll,
  };
}

export type TokenAnalysis = ReturnType<typeof useTokenAnalysis>;
