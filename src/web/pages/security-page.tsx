/**
 * Security Alerts (spec §2, §4, §5, §7, §8), as the visitor's own watchlist (issue 26): watch a
 * token for the alert kinds wanted, stats cards, tabs Security Alerts (the watched tokens' alerts
 * of those kinds) and Monitored Tokens (remove items), severity filter, Refresh, 'All Clear!' when
 * watched tokens have no alerts ('Nothing watched yet' while nothing is watched); and the watchlist's signed webhook with a test event and its delivery log. The
 * visitor is the signed-in wallet or else this browser. Alerts refresh every 15 s.
 */
import { ShieldExclamationPoint } from 'lucide-react';
import { useState } from 'react';
import { ToolPage } from '../components/page/tool-page';
import { useWatchlistQueries } from '../components/security/use-watchlist';
import { WatchForm } from '../components/security/watch-form';
import { WatchStats } from '../components/security/watch-stats';
import {
  AlertList,
  type SeverityFilter,
  type Tab,
  WatchedTokenList,
  WatchToolbar,
} from '../components/security/watch-tabs';
import { WebhookPanel } from '../components/security/webhook-panel';

export { watchKeys } from '../components/security/use-watchlist';

export default function SecurityPage() {
  const [tab, setTab] = useState<Tab>('alerts');
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const { watchlist, alerts } = useWatchlistQueries();
  const refresh = () => {
    void alerts.refetch();
    void watchlist.refetch();
  };

  return (
    <ToolPage
      path="/security"
      icon={ShieldExclamationPoint}
      subtitle="Your watchlist: liquidity drains, tax changes, owner or proxy changes, new mints, honeypots switched on and large holders leaving, on this page and at your webhook."
    >
      <WatchForm owner={watchlist.data?.owner} />
      <WatchStats watchlist={watchlist} alerts={alerts} />
      <WatchToolbar
        tab={tab}
        onTab={setTab}
        severity={severity}
        onSeverity={setSeverity}
        onRefresh={refresh}
      />
      <div className="mt-4 flex flex-col gap-3">
        {tab === 'alerts' ? (
          <AlertList alerts={alerts} severity={severity} watched={watchlist.data?.items.length} />
        ) : (
          <WatchedTokenList watchlist={watchlist} />
        )}
      </div>
      <WebhookPanel endpoint={watchlist.data?.webhook ?? null} />
    </ToolPage>
  );
}
