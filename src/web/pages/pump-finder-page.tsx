/**
 * Pump Finder (spec §2, §4, §7, §9): timeframe and risk chips, Live/Paused auto-refresh (30 s while
 * Live), summary cards, the opportunity list, 'No Pump Opportunities Found' when empty.
 */
import { PUMP_REFRESH_MS, PUMP_RISKS, PUMP_TIMEFRAMES, type PumpResponse } from '@shared/market-tools';
import { useQuery } from '@tanstack/react-query';
import { Pause, Play, Rocket } from 'lucide-react';
import { useState } from 'react';
import { ToolPage } from '../components/page/tool-page';
import { AvoidCard, OpportunityCard } from '../components/pump/opportunity-card';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { QueryState } from '../components/ui/query-state';
import { Skeleton } from '../components/ui/skeleton';
import { SkippedUnknown } from '../components/ui/skipped-unknown';
import { apiGet } from '../lib/api';
import { cn } from '../lib/cn';

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1 text-sm transition-colors',
        active
          ? 'border-brand-400 bg-brand-600 text-white'
          : 'border-white/10 text-slate-300 hover:border-white/30',
      )}
    >
      {children}
    </button>
  );
}

function Summary({ label, value }: { label: string; value: string }) {
  return (
    <Card className="p-5">
      <p className="text-sm text-slate-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-white">{value}</p>
    </Card>
  );
}

export default function PumpFinderPage() {
  const [timeframe, setTimeframe] = useState<(typeof PUMP_TIMEFRAMES)[number]>('24h');
  const [risk, setRisk] = useState<(typeof PUMP_RISKS)[number]>('all');
  const [live, setLive] = useState(true);
  const q = useQuery({
    queryKey: ['pump-opportunities', timeframe, risk],
    queryFn: ({ signal }) =>
      apiGet<PumpResponse>(`/api/pump-opportunities?timeframe=${timeframe}&risk=${risk}`, signal),
    refetchInterval: live ? PUMP_REFRESH_MS : false,
  });
  const s = q.data?.summary;

  return (
    <ToolPage
      path="/pump-finder"
      icon={Rocket}
      subtitle="Spot tokens with unusual momentum, with the on-chain signals behind each one."
    >
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-col gap-3">
          <fieldset className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-2" aria-label="Timeframe">
            {PUMP_TIMEFRAMES.map((t) => (
              <Chip key={t} active={timeframe === t} onClick={() => setTimeframe(t)}>
                {t}
              </Chip>
            ))}
          </fieldset>
          <fieldset className="m-0 min-w-0 border-0 p-0 flex flex-wrap gap-2" aria-label="Risk">
            {PUMP_RISKS.map((r) => (
              <Chip key={r} active={risk === r} onClick={() => setRisk(r)}>
                {r}
              </Chip>
            ))}
          </fieldset>
        </div>
        <Button variant={live ? 'primary' : 'outline'} size="sm" onClick={() => setLive((v) => !v)}>
          {live ? (
            <Pause aria-hidden="true" className="size-4" />
          ) : (
            <Play aria-hidden="true" className="size-4" />
          )}
          {live ? 'Live' : 'Paused'}
        </Button>
      </div>

      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {q.isPending ? (
          [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)
        ) : (
          <>
            <Summary label="Opportunities" value={s ? String(s.total) : 'N/A'} />
            <Summary label="Strong Momentum (80+)" value={s ? String(s.strongMomentum) : 'N/A'} />
            <Summary label="New Launches" value={s ? String(s.newLaunches) : 'N/A'} />
            <Summary
              label="Avg. Momentum Score"
              value={s?.avgScore === null || s?.avgScore === undefined ? 'N/A' : `${s.avgScore}/100`}
            />
          </>
        )}
      </div>
      <SkippedUnknown
        className="mt-2 text-sm text-slate-400"
        count={s?.skippedUnknown ?? 0}
        noun={['traded token', 'traded tokens']}
        why="not ranked or averaged, their pool value is unpriced or the analysis did not finish"
      />

      <div className="mt-6 flex flex-col gap-4">
        <QueryState
          query={q}
          pending={[0, 1, 2].map((i) => <Skeleton key={i} className="h-56 rounded-2xl" />)}
          errorTitle="Failed to fetch pump opportunities"
          isEmpty={(data) => data.opportunities.length === 0}
          empty={
            <Card className="flex flex-col items-center gap-2 p-10 text-center">
              <Rocket aria-hidden="true" className="size-10 text-slate-400" />
              <h2 className="text-lg font-semibold text-white">No Pump Opportunities Found</h2>
              <p className="text-sm text-slate-400">No token traded in this window matches the filters.</p>
            </Card>
          }
        >
          {(data) => data.opportunities.map((o) => <OpportunityCard key={o.id} o={o} />)}
        </QueryState>
      </div>

      {q.data && q.data.avoid.length > 0 ? (
        <section className="mt-10" aria-labelledby="pump-avoid-heading">
          <h2 id="pump-avoid-heading" className="text-lg font-semibold text-white">
            Avoid ({q.data.avoid.length})
          </h2>
          <p className="mt-1 text-sm text-slate-400">
            Traded in this window but failed the safety verdict (honeypot, sell tax of 50% or more, drained
            pool, or an owner who can mint or move holders' tokens). Never an opportunity.
          </p>
          <div className="mt-4 flex flex-col gap-3">
            {q.data.avoid.map((a) => (
              <AvoidCard key={a.id} a={a} />
            ))}
          </div>
        </section>
      ) : null}
    </ToolPage>
  );
}
