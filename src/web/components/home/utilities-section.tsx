import { useNetwork } from '../../lib/use-network';
import { UTILITIES } from './utilities';
import { UtilityCard } from './utility-card';

export function UtilitiesSection() {
  const { data: network } = useNetwork();
  const example = network?.flabToken ?? undefined;
  return (
    <section id="utilities" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-20 sm:px-6">
      <div className="max-w-2xl">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Utilities</h2>
        <p className="mt-3 text-slate-400">
          Each utility reads the token straight from the chain. Paste a full contract address to open the
          complete analysis of the token.
        </p>
      </div>
      <div className="mt-10 grid items-start gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {UTILITIES.map((u) => (
          <UtilityCard key={u.id} utility={u} exampleAddress={example} />
        ))}
      </div>
    </section>
  );
}
