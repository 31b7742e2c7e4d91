import { Copy, type LucideIcon, MessageCircle } from 'lucide-react';
import { copyAddress } from '../../lib/clipboard';
import { useCommunityLinks } from '../../lib/community-links';
import { useNetwork } from '../../lib/use-network';
import { XLogo } from '../brand/social-icons';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { Skeleton } from '../ui/skeleton';
import { LIVE_UTILITY_COUNT } from './utilities';

function ChannelCard(props: { href: string; title: string; text: string; icon: LucideIcon | typeof XLogo }) {
  const Icon = props.icon;
  return (
    <a
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-start gap-4 rounded-2xl border border-white/10 bg-ink-900/70 p-5 transition-colors hover:border-brand-400/40 hover:bg-ink-850"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/5 text-slate-200 group-hover:text-white">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span>
        <span className="block font-semibold text-white">{props.title}</span>
        <span className="mt-1 block text-sm text-slate-400">{props.text}</span>
      </span>
    </a>
  );
}

/** FLAB's contract address as the server knows it on the current network, with a copy button. */
function ContractAddress() {
  const network = useNetwork();
  return (
    <QueryState
      query={network}
      pending={<Skeleton className="h-10 w-full" />}
      errorTitle="Network unavailable"
      // A quiet line, not an error card: the rest of the home page still works without the chain.
      error={() => (
        <p className="text-sm text-slate-400">
          The network could not be reached, so the address is not shown.
        </p>
      )}
      isEmpty={(data) => !data.flabToken}
      empty={<p className="text-sm text-slate-400">FLAB’s address is not configured on this network.</p>}
    >
      {(data) => {
        const address = data.flabToken ?? '';
        return (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <code className="min-w-0 flex-1 rounded-lg border border-white/10 bg-ink-950/80 px-3 py-2.5 font-mono text-sm break-all text-slate-200">
              {address}
            </code>
            <Button variant="secondary" onClick={() => copyAddress(address)}>
              <Copy aria-hidden="true" className="size-4" />
              Copy
            </Button>
          </div>
        );
      }}
    </QueryState>
  );
}

/**
 * The spec's stats blurb (5+ live utilities, 24/7, Base), stated only as far as it is true: the
 * utilities are counted from the live cards, and the chain is the one the server actually reads.
 */
function CommunityStats() {
  const { data } = useNetwork();
  const stats = [
    { value: `${LIVE_UTILITY_COUNT}`, label: 'Live utilities on this page' },
    { value: '24/7', label: 'On demand: every analysis is computed when you ask' },
    { value: 'Base', label: data ? `Reading ${data.label}` : 'ERC-20 tokens on Base' },
  ];
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      {stats.map((s) => (
        <div key={s.value} className="rounded-2xl border border-white/10 bg-white/[0.03] p-5 text-center">
          <dt className="text-sm text-slate-400">{s.label}</dt>
          <dd className="order-first text-2xl font-bold text-white">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CommunitySection() {
  const links = useCommunityLinks();
  return (
    <section id="community" className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
      <div className="max-w-2xl">
        <h2 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Community</h2>
        <p className="mt-3 text-slate-400">
          Talk to other researchers and FLAB holders, share findings and follow what gets built next.
        </p>
      </div>
      <div className="mt-10 grid gap-4 md:grid-cols-2">
        {links.telegram ? (
          <ChannelCard
            href={links.telegram}
            title="Official chat"
            text="Join the conversation on Telegram."
            icon={MessageCircle}
          />
        ) : null}
        {links.x ? (
          <ChannelCard href={links.x} title="Follow on X" text="Updates and announcements." icon={XLogo} />
        ) : null}
        <Card className="p-5 md:col-span-2">
          <h3 className="font-semibold text-white">FLAB token contract</h3>
          <p className="mt-1 mb-4 text-sm text-slate-400">The FLAB token on Base.</p>
          <ContractAddress />
        </Card>
      </div>
      <CommunityStats />
    </section>
  );
}
