/**
 * Airdrop Finder (spec §2, §4, §7; DESIGN §7): search, Analyze Address (per-requirement checks on
 * chain), category chips, four summary cards computed from the catalogue, the list with one guide
 * open at a time, 'No Airdrops Found' when empty.
 */
import { Gift } from 'lucide-react';
import { useState } from 'react';
import {
  AirdropList,
  CategoryChips,
  EligibilityCard,
  SearchCard,
  SummaryCards,
} from '../components/airdrops/airdrop-panels';
import { type Category, useAirdrops, useEligibility } from '../components/airdrops/use-airdrops';
import { ToolPage } from '../components/page/tool-page';

export default function AirdropsPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<Category>('all');
  const [open, setOpen] = useState<string | null>(null);
  const { list, summary } = useAirdrops(category, search);
  const check = useEligibility(list);

  return (
    <ToolPage
      path="/airdrops"
      icon={Gift}
      subtitle="Find active and upcoming airdrops and the steps to qualify for them."
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <SearchCard search={search} onSearch={setSearch} />
        <EligibilityCard check={check} listed={!!list.data?.length} />
      </div>
      <CategoryChips category={category} onCategory={setCategory} />
      <SummaryCards summary={summary.data} pending={summary.isPending} />
      <AirdropList
        list={list}
        open={open}
        onToggle={(id) => setOpen((o) => (o === id ? null : id))}
        results={check.results}
      />
    </ToolPage>
  );
}
