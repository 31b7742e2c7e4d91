import { Droplets, Fish, Gauge, type LucideIcon, Radar, ShieldCheck } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';

type UtilityPreview = { title: string; description: string; icon: LucideIcon };

// The five utilities of spec §2; each becomes a card with an input and a result area later.
const UTILITIES: readonly UtilityPreview[] = [
  {
    title: 'Security Scanner',
    description: 'Contract verification, honeypot detection by simulated sells, taxes and holders.',
    icon: ShieldCheck,
  },
  {
    title: 'Rug Detector AI',
    description: 'A model fitted on labelled rug pulls, combined with the contract checks.',
    icon: Radar,
  },
  {
    title: 'Whale Tracker',
    description: 'Top 20 holders, wallet age and each wallet’s rug history.',
    icon: Fish,
  },
  {
    title: 'Liquidity Scanner',
    description: 'Pool value, price impact for your amount, LP locks and drain monitoring.',
    icon: Droplets,
  },
  {
    title: 'FLAB Score',
    description: 'One 0–100 score for the token, with the evidence behind it.',
    icon: Gauge,
  },
];

function UtilityTile({ title, description, icon: Icon }: UtilityPreview) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center justify-between gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg border border-brand-400/20 bg-brand-500/10 text-brand-300">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <Badge>Coming soon</Badge>
      </div>
      <div>
        <h3 className="font-semibold text-white">{title}</h3>
        <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{description}</p>
      </div>
    </Card>
  );
}

export function UtilitiesSection() {
  return (
    <section id="utilities" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="max-w-2xl">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Utilities</h2>
        <p className="mt-3 text-slate-400">
          Each utility reads the token straight from the chain. The analysis cards are not available in this
          build yet; they will take a token address and show their result here.
        </p>
      </div>
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {UTILITIES.map((u) => (
          <UtilityTile key={u.title} {...u} />
        ))}
      </div>
    </section>
  );
}
