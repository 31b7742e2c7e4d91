/**
 * A long string that must never widen the page (issue 24): an address or a transaction hash shown
 * shortened (first 10 + last 8, spec §2) with the whole value in its title, a copy button, and in
 * Base mode a link to the block explorer. Locally there is no explorer: the copy button is the way
 * to take the value elsewhere.
 */
import { shortHash } from '@shared/format';
import { Copy, ExternalLink } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useNetwork } from '../../lib/use-network';
import { toast } from './toast';

const BASESCAN = 'https://basescan.org';

async function copy(value: string, what: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast({ title: 'Copied', description: `${what} copied to clipboard` });
  } catch {
    toast({
      title: 'Copy failed',
      description: 'The browser blocked clipboard access. Select the text and copy it by hand.',
      variant: 'destructive',
    });
  }
}

export function HashText({
  value,
  kind,
  className,
  full = false,
}: {
  value: string;
  kind: 'address' | 'tx';
  className?: string;
  /** Show the whole value (it wraps) instead of the shortened one. */
  full?: boolean;
}) {
  const network = useNetwork();
  const what = kind === 'tx' ? 'Transaction hash' : 'Address';
  const href =
    network.data?.mode === 'base' ? `${BASESCAN}/${kind === 'tx' ? 'tx' : 'address'}/${value}` : null;
  return (
    <span className={cn('inline-flex max-w-full min-w-0 items-center gap-1 font-mono', className)}>
      <span title={value} className={cn('min-w-0', full ? 'break-all' : 'truncate')}>
        {full ? value : shortHash(value)}
      </span>
      <button
        type="button"
        onClick={() => void copy(value, what)}
        aria-label={`Copy ${what.toLowerCase()} ${value}`}
        title={`Copy ${what.toLowerCase()}`}
        className="shrink-0 rounded p-0.5 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
      >
        <Copy aria-hidden="true" className="size-3.5" />
      </button>
      {href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Open ${what.toLowerCase()} on BaseScan`}
          className="shrink-0 rounded p-0.5 text-slate-400 hover:text-white"
        >
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
    </span>
  );
}
