/**
 * The Airdrop Finder's data: the catalogue for a category and search, its summary, and the
 * eligibility of one wallet for every listed airdrop (checked on chain, one request per airdrop).
 */
import { parseAddress } from '@shared/address';
import type { AIRDROP_CATEGORIES, Airdrop, AirdropSummary, EligibilityResult } from '@shared/market-tools';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiGet, apiPost } from '../../lib/api';

export type Category = 'all' | (typeof AIRDROP_CATEGORIES)[number];

export function useAirdrops(category: Category, search: string) {
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
  return { list, summary };
}

export type AirdropList = ReturnType<typeof useAirdrops>['list'];

/** The wallet typed for Analyze Address, and its results by airdrop id once checked. */
export function useEligibility(list: AirdropList) {
  const [address, setAddress] = useState('');
  const [results, setResults] = useState<Map<string, EligibilityResult>>(new Map());
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
  return { address, setAddress, valid, analyze, results, submit };
}

export type Eligibility = ReturnType<typeof useEligibility>;
