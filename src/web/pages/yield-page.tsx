/**
 * DeFi Yield Optimizer (spec §2, §7, §9): shared filters (amount, risk, type), three tabs —
 * Opportunities (refetched every 60 s), Strategies and the Calculator.
 */
import {
  checkAmountInput,
  type YieldOpportunitiesResponse,
  type YieldStrategiesResponse,
} from '@shared/yield';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Sprout } from 'lucide-react';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { ToolPage } from '../components/page/tool-page';
import { Card, CardContent } from '../components/ui/card';
import { QueryState } from '../components/ui/query-state';
import { SkeletonGrid } from '../components/ui/skeleton';
import { SkippedUnknown } from '../components/ui/skipped-unknown';
import { AvoidList } from '../components/yield/avoid-list';
import { YieldCalculator } from '../components/yield/yield-calculator';
import {
  OpportunityCard,
  type RiskFilter,
  STRATEGY_FOR_RISK,
  StrategyCard,
  type TypeFilter,
  YieldFilters,
} from '../components/yield/yield-parts';
import { apiGet } from '../lib/api';
import { cn } from '../lib/cn';

const TABS = [
  { id: 'opportunities', label: 'Opportunities' },
  { id: 'strategies', label: 'Strategies' },
  { id: 'calculator', label: 'Calculator' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** Spec §9: yield opportunities refresh every 60 s. */
const OPPORTUNITIES_REFRESH_MS = 60_000;

function Message({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="py-10 text-center text-sm text-slate-400">{children}</CardContent>
    </Card>
  );
}

export default function YieldPage() {
  const [amount, setAmount] = useState('1000');
  const [risk, setRisk] = useState<RiskFilter>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [tab, setTab] = useState<Tab>('opportunities');
  const amountCheck = checkAmountInput('Investment amount', amount);
  const amountN = amountCheck.ok ? amountCheck.value : 0;

  const opps = useQuery<YieldOpportunitiesResponse>({
    queryKey: ['yield-opportunities'],
    queryFn: ({ signal }) => apiGet('/api/yield-opportunities', signal),
    refetchInterval: OPPORTUNITIES_REFRESH_MS,
  });
  // Strategies are allocated for the amount: a deposit dilutes the pools it joins (server-side).
  const strategyAmount = useDeferredValue(amountN);
  const strategies = useQuery<YieldStrategiesResponse>({
    queryKey: ['yield-strategies', strategyAmount],
    queryFn: ({ signal }) => apiGet(`/api/yield-strategies?amount=${strategyAmount}`, signal),
    enabled: tab === 'strategies',
    placeholderData: keepPreviousData,
  });

  const visible = (opps.data?.opportunities ?? []).filter(
    (o) => (risk === 'all' || o.risk === risk) && (type === 'all' || o.type === type),
  );
  const visibleStrategies = (strategies.data?.strategies ?? []).filter(
    (s) =>
      (risk === 'all' || s.riskLevel === STRATEGY_FOR_RISK[risk]) &&
      (type === 'all' || s.opportunities.some((o) => o.type === type)),
  );

  return (
    <ToolPage
      path="/yield"
      icon={Sprout}
      subtitle="Compare yield opportunities and strategies by risk and estimate what an amount could earn."
    >
      <YieldFilters
        amount={amount}
        onAmount={setAmount}
        risk={risk}
        onRisk={setRisk}
        type={type}
        onType={setType}
      />
      {amountCheck.ok ? null : (
        <p role="alert" className="mt-2 text-sm text-red-300">
          {amountCheck.message}
        </p>
      )}

      <div role="tablist" aria-label="Yield views" className="mt-6 flex gap-2 border-b border-white/10">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors',
              tab === t.id
                ? 'border-brand-400 text-white'
                : 'border-transparent text-slate-400 hover:text-white',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div className="mt-6" role="tabpanel">
        {tab === 'opportunities' ? (
          <QueryState
            query={opps}
            pending={<SkeletonGrid count={4} className="grid gap-4 md:grid-cols-2" itemClassName="h-56" />}
            errorTitle="Failed to fetch yield opportunities"
            isEmpty={() => visible.length === 0 && (opps.data?.avoid ?? []).length === 0}
            empty={<Message>No opportunities match these filters.</Message>}
          >
            {(data) => (
              <>
                <SkippedUnknown
                  className="mb-3 text-sm text-slate-400"
                  count={visible.filter((o) => o.apy === null).length}
                  noun={['opportunity', 'opportunities']}
                  why="APY unknown (unpriced), listed last and not ranked"
                />
                <div className="grid gap-4 md:grid-cols-2">
                  {visible.map((o) => (
                    <OpportunityCard key={o.id} o={o} amount={amountN} />
                  ))}
                </div>
                {visible.length === 0 ? <Message>No opportunities match these filters.</Message> : null}
                <AvoidList avoid={data.avoid ?? []} />
              </>
            )}
          </QueryState>
        ) : tab === 'strategies' ? (
          <QueryState
            query={strategies}
            pending={<SkeletonGrid count={3} className="grid gap-4 md:grid-cols-3" itemClassName="h-64" />}
            errorTitle="Failed to fetch yield strategies"
            isEmpty={() => visibleStrategies.length === 0}
            empty={
              <Message>
                No strategies match these filters.
                <SkippedUnknown
                  className="mt-1 text-sm text-slate-400"
                  count={strategies.data?.skippedUnknown ?? 0}
                  noun={['opportunity', 'opportunities']}
                  why="APY unknown (unpriced), so no strategy uses it"
                />
              </Message>
            }
          >
            {(data) => (
              <>
                <SkippedUnknown
                  className="mb-3 text-sm text-slate-400"
                  count={data.skippedUnknown}
                  noun={['opportunity', 'opportunities']}
                  why="APY unknown (unpriced), so no strategy uses it"
                />
                <div className="grid gap-4 lg:grid-cols-3">
                  {visibleStrategies.map((s) => (
                    <StrategyCard key={s.id} s={s} amount={data.amountUsd} />
                  ))}
                </div>
              </>
            )}
          </QueryState>
        ) : (
          <YieldCalculator opportunities={opps.data?.opportunities ?? []} />
        )}
      </div>
    </ToolPage>
  );
}
