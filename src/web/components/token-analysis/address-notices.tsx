/**
 * What the analysis page shows instead of an analysis: no `?address=` at all, or one that is not a
 * contract address.
 */
import { checkAddress } from '@shared/address';
import { TriangleExclamationPoint } from 'lucide-react';
import { Link } from 'wouter';
import { TokenSearch } from '../search/token-search';
import { buttonClasses } from '../ui/button';
import { Card } from '../ui/card';

/** Spec §2: the page reads `?address=` on load; without it there is nothing to analyse. */
export function NoAddress() {
  return (
    <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <TriangleExclamationPoint aria-hidden="true" className="size-10 text-orange-400" />
      <p className="max-w-md text-slate-300">
        No token address provided. Please go back and enter a valid contract address.
      </p>
      {/* Or look one up here: by address, symbol or name (issue 37: not only "Go Back"). */}
      <TokenSearch className="w-full max-w-md text-left" />
      <Link href="/" className={buttonClasses('outline', 'md')}>
        Go Back
      </Link>
    </Card>
  );
}

/** Why the address is refused, in the shared parser's words (a wrong checksum is named as such). */
function reasonOf(address: string): string {
  const r = checkAddress(address);
  return r.ok ? 'is not a contract' : r.reason;
}

export function InvalidAddress({ address }: { address: string }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <TriangleExclamationPoint aria-hidden="true" className="size-8 text-orange-400" />
      <p className="max-w-md text-sm text-slate-300">
        <span className="font-mono break-all">{address}</span> is not a Base contract address: it{' '}
        {reasonOf(address)}, so there is nothing to analyse.
      </p>
      <Link href="/" className={buttonClasses('primary', 'md')}>
        Go Back
      </Link>
    </Card>
  );
}
