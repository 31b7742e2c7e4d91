/**
 * Airdrop Finder (spec §2, §4, §7; DESIGN §7): search, Analyze Address (per-requirement checks on
 * chain), category chips, four summary cards computed from the catalogue, the list with one guide
 * open at a time, 'No Airdrops Found' when empty.
 */
import { parseAddress } from '@shared/address';
import { abbreviate } from '@shared/format';
import {
  AIRDROP_CATEGORIES,
  AIRDROP_MESSAGES,
  type Airdrop,
  type AirdropSummary,
  type EligibilityResult,
} from '@shared/market-tools';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Gift, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AirdropCard } from '../components/airdrops/airdrop-card';
import { ToolPage } from '../components/page/tool-page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { Skeleton } from '../components/ui/skeleton';
import { apiGet, apiPost } from '../lib/api';
import { cn } from '../lib/cn';

type Category = 'all' | (typeof AIRDROP_CATEGORIES)[number];

export default function AirdropsPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<Category>('all');
  const [open, setOpen] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [results, setResults] = useState<Map<string, EligibilityResult>>(new Map());

  const list = useQuery({
    queryKey: ['airdrops', category, search],
    queryFn: ({ signal }) =>
      apiGet<Airdrop[]>(
        `/api/airdrops?category=${category}&search=${encodeURIComponent(search.slice(0, 100))}`,
        signal,
      ),
  });
  const summary = useQuery({
    queryKey: ['airdrops-summary'],
    queryFn: ({ signal }) => apiGet<AirdropSummary>('/api/airdrops/summary', signal),
  });

  const valid = parseAddress(address);
  const analyze = useMutation({
    mutationFn: async (addr: string) => {
      const drops = list.data ?? [];
      const out = await Promise.all(
        drops.map((d) =>
          apiPost<EligibilityResult>(`/api/airdrops/${encodeURIComponent(d.id)}/eligibility`, {
            address: addr,
          }),
        ),
      );
      return new Map(out.map((r) => [r.airdropId, r]));
    },
    onSuccess: (m) => setResults(m),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) analyze.mutate(valid);
  };

  const s = summary.data;
  const cards: [string, string][] = s
    ? [
        ['Active Airdrops', String(s.active)],
        ['Upcoming', String(s.upcoming)],
        ['Total Est. Value', s.valuedEntries ? `$${abbreviate(s.totalEstimatedValue, 1)}` : 'N/A'],
        ['Ending Within 7 Days', String(s.endingSoon)],
      ]
    : [];

  return (
    <ToolPage
      path="/airdrops"
      icon={Gift}
      subtitle="Find active and upcoming airdrops and the steps to qualify for them."
    >
      <div className="grid gap-4 lg:grid-cols-2">
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
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </Card>
        <Card className="p-5">
          <form onSubmit={submit}>
            <label className="text-sm text-slate-400" htmlFor="airdrop-address">
              Check eligibility
            </label>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row">
              <Input
                id="airdrop-address"
                placeholder="Wallet address (0x…)"
                value={address}
                maxLength={100}
                onChange={(e) => setAddress(e.target.value)}
              />
              <Button type="submit" disabled={!valid || analyze.isPending || !list.data?.length}>
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
      </div>

      <fieldset className="m-0 min-w-0 border-0 p-0 mt-6 flex flex-wrap gap-2" aria-label="Category">
        {(['all', ...AIRDROP_CATEGORIES] as const).map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={category === c}
            onClick={() => setCategory(c)}
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

      <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {summary.isPending
          ? [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-24 rounded-2xl" />)
          : cards.map(([label, value]) => (
              <Card key={label} className="p-5">
                <p className="text-sm text-slate-400">{label}</p>
                <p className="mt-1 text-2xl font-semibold text-white">{value}</p>
              </Card>
            ))}
      </div>

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
                onToggle={() => setOpen((o) => (o === a.id ? null : a.id))}
                eligibility={results.get(a.id)}
              />
            ))
          }
        </QueryState>
      </div>
    </ToolPage>
  );
}
