/**
 * The Airdrop Finder's panels: search, Check eligibility, the category chips, the four summary
 * cards and the list with one guide open at a time.
 */
import { abbreviate } from '@shared/format';
import { AIRDROP_CATEGORIES, AIRDROP_MESSAGES, type AirdropSummary } from '@shared/market-tools';
import { Gift, Search } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Input } from '../ui/input';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { AirdropCard } from './airdrop-card';
import type { AirdropList as AirdropListQuery, Category, Eligibility } from './use-airdrops';

export function SearchCard({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  return (
    <Card className="p-5">
      <label className="text-sm text-slate-400" htmlFor="airdrop-search">
        Search airdrops
      </label>
      <div className="mt-2 flex items-center gap-2">
        <Search aria-hidden="true" className="size-4 text-slate-400" />
        <Input
          id="airdrop-search"
          placeholder="Name, requirement or category"
          value={search}
          maxLength={100}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
    </Card>
  );
}

/** Analyze Address: enabled for a valid wallet once there are airdrops to check it against. */
export function EligibilityCard({ check, listed }: { check: Eligibility; listed: boolean }) {
  const { analyze, results } = check;
  return (
    <Card className="p-5">
      <form onSubmit={check.submit}>
        <label className="text-sm text-slate-400" htmlFor="airdrop-address">
          Check eligibility
        </label>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row">
          <Input
            id="airdrop-address"
            placeholder="Wallet address (0x…)"
            value={check.address}
            maxLength={100}
            onChange={(e) => check.setAddress(e.target.value)}
          />
          <Button type="submit" disabled={!check.valid || analyze.isPending || !listed}>
            {analyze.isPending ? 'Analyzing...' : 'Analyze Address'}
          </Button>
        </div>
        {analyze.isError ? <p className="mt-2 text-sm text-red-300">{analyze.error.message}</p> : null}
        {results.size ? (
          <p className="mt-2 text-sm text-slate-400">
            Eligible for {[...results.values()].filter((r) => r.eligible).length} of {results.size} listed
            airdrops (requirements checked against indexed on-chain activity; off-chain tasks cannot be
            checked).
          </p>
        ) : null}
      </form>
    </Card>
  );
}

export function CategoryChips({
  category,
  onCategory,
}: {
  category: Category;
  onCategory: (c: Category) => void;
}) {
  return (
    <fieldset className="m-0 min-w-0 border-0 p-0 mt-6 flex flex-wrap gap-2" aria-label="Category">
      {(['all', ...AIRDROP_CATEGORIES] as const).map((c) => (
        <button
          key={c}
          type="button"
          aria-pressed={category === c}
          onClick={() => onCategory(c)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm transition-colors',
            category === c
              ? 'border-brand-400 bg-brand-600 text-white'
              : 'border-white/10 text-slate-300 hover:border-white/30',
          )}
        >
          {c}
        </button>
      ))}
    </fieldset>
  );
}

/** The four summary cards, computed by the server from the whole catalogue. */
export function SummaryCards({
  summary,
  pending,
}: {
  summary: AirdropSummary | undefined;
  pending: boolean;
}) {
  const s = summary;
  const cards: [string, string][] = s
    ? [
        ['Active Airdrops', String(s.active)],
        ['Upcoming', String(s.upcoming)],
        ['Total Est. Value', s.valuedEntries ? `$${abbreviate(s.totalEstimatedValue, 1)}` : 'N/A'],
        ['Ending Within 7 Days', String(s.endingSoon)],
      ]
    : [];
  return (
    <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
      {pending
        ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)
        : cards.map(([label, value]) => (
            <Card key={label} className="p-5">
              <p className="text-sm text-slate-400">{label}</p>
              <p className="mt-1 text-2xl font-semibold text-white">{value}</p>
            </Card>
          ))}
    </div>
  );
}

/** The listed airdrops, each with its eligibility once checked; `open` is the one guide shown. */
export function AirdropList({
  list,
  open,
  onToggle,
  results,
}: {
  list: AirdropListQuery;
  open: string | null;
  onToggle: (id: string) => void;
  results: Eligibility['results'];
}) {
  return (
    <div className="mt-6 flex flex-col gap-4">
      <QueryState
        query={list}
        pending={[0, 1, 2].map((i) => <Skeleton key={i} className="h-48 rounded-2xl" />)}
        errorTitle={AIRDROP_MESSAGES.fetchFailed}
        isEmpty={(data) => data.length === 0}
        empty={
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <Gift aria-hidden="true" className="size-10 text-slate-400" />
            <h2 className="text-lg font-semibold text-white">{AIRDROP_MESSAGES.empty}</h2>
            <p className="text-sm text-slate-400">Try another category or search.</p>
          </Card>
        }
      >
        {(data) =>
          data.map((a) => (
            <AirdropCard
              key={a.id}
              airdrop={a}
              open={open === a.id}
              onToggle={() => onToggle(a.id)}
              eligibility={results.get(a.id)}
            />
          ))
        }
      </QueryState>
    </div>
  );
}
