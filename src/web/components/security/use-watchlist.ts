/**
 * The visitor's watchlist and its alerts (issue 26), both refreshed every 15 s, and the one way an
 * answer that changed the watchlist is taken in (it is the new list; the alerts follow it).
 */
import type { ApiResponse } from '@shared/api/contract';
import { SECURITY_REFRESH_MS } from '@shared/market-tools';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export type Watchlist = ApiResponse<'getWatchlist'>;
type WatchAlerts = ApiResponse<'getWatchAlerts'>;

export const watchKeys = {
  list: ['watchlist'] as const,
  alerts: ['watchlist-alerts'] as const,
  deliveries: ['webhook-deliveries'] as const,
};

export function useWatchlistQueries() {
  const watchlist = useQuery({
    queryKey: watchKeys.list,
    queryFn: ({ signal }) => apiGet<Watchlist>('/api/watchlist', signal),
    refetchInterval: SECURITY_REFRESH_MS,
  });
  const alerts = useQuery({
    queryKey: watchKeys.alerts,
    queryFn: ({ signal }) => apiGet<WatchAlerts>('/api/watchlist/alerts', signal),
    refetchInterval: SECURITY_REFRESH_MS,
  });
  return { watchlist, alerts };
}

export type WatchlistQueries = ReturnType<typeof useWatchlistQueries>;

/** Takes in the watchlist a write answered with, and refetches both queries. */
export function useWatchlistChanged() {
  const qc = useQueryClient();
  return (list: Watchlist) => {
    qc.setQueryData(watchKeys.list, list);
    void qc.invalidateQueries({ queryKey: watchKeys.list });
    void qc.invalidateQueries({ queryKey: watchKeys.alerts });
  };
}
