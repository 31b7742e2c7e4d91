/** The four counts over the watchlist and its alerts: monitored, active, critical, resolved. */
import { SECURITY_MESSAGES } from '@shared/market-tools';
import { Activity, AlertOctagon, Eye, ShieldCheck } from 'lucide-react';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { StatCard } from './security-parts';
import type { WatchlistQueries } from './use-watchlist';

const statsPending = () => [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />);

export function WatchStats({ watchlist, alerts }: WatchlistQueries) {
  const all = alerts.data ?? [];
  const active = all.filter((a) => !a.autoResolved);
  return (
    <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
      <QueryState
        query={watchlist}
        pending={statsPending()}
        errorTitle="Failed to fetch the watchlist"
        compact
        errorClassName="col-span-full"
      >
        {() => (
          <QueryState
            query={alerts}
            pending={statsPending()}
            errorTitle={SECURITY_MESSAGES.fetchFailed}
            compact
            errorClassName="col-span-full"
          >
            {() => (
              <>
                <StatCard
                  label="Tokens Monitored"
                  value={String(watchlist.data?.items.length ?? 0)}
                  icon={Eye}
                />
                <StatCard label="Active Alerts" value={String(active.length)} icon={Activity} />
                <StatCard
                  label="Critical Alerts"
                  value={String(active.filter((a) => a.severity === 'critical').length)}
                  icon={AlertOctagon}
                />
                <StatCard
                  label="Threats Resolved"
                  value={String(all.filter((a) => a.autoResolved).length)}
                  icon={ShieldCheck}
                />
              </>
            )}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}
