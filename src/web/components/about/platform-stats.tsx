/**
 * Platform statistics (spec §2 About), each a true statement: counted from the app's own route and
 * utility lists, or read from the server's /api/network.
 */
import { ROUTES } from '@shared/routes';
import type { ReactNode } from 'react';
import { useNetwork } from '../../lib/queries';
import { LIVE_UTILITY_COUNT } from '../home/utilities';
import { Skeleton } from '../ui/skeleton';

/** Every page except Home and About is a tool. */
const TOOL_COUNT = ROUTES.filter((r) => r.path !== '/' && r.path !== '/about').length;

function Stat({ label, children, small = false }: { label: string; children: ReactNode; small?: boolean }) {
  return (
    <div className="rounded-2xl border border-white/10 bg-ink-900/70 p-5 text-center">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd
        className={`order-first mb-1 font-bold wrap-anywhere text-white ${small ? 'text-lg leading-8' : 'text-2xl'}`}
      >
        {children}
      </dd>
    </div>
  );
}

export function PlatformStats() {
  const network = useNetwork();
  const chain = network.isPending ? (
    <Skeleton className="mx-auto h-7 w-32" />
  ) : network.isError ? (
    'Unavailable'
  ) : (
    network.data.label
  );
  const block = network.isPending ? (
    <Skeleton className="mx-auto h-7 w-24" />
  ) : network.isError ? (
    'Unavailable'
  ) : (
    `#${Number(network.data.headBlock).toLocaleString('en-US')}`
  );
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Stat label="Live utilities">{LIVE_UTILITY_COUNT}</Stat>
      <Stat label="Research tools">{TOOL_COUNT}</Stat>
      <Stat label="Chain read" small>
        {chain}
      </Stat>
      <Stat label="Latest block seen">{block}</Stat>
    </dl>
  );
}
