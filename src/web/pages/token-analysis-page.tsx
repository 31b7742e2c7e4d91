import { isAddress } from '@shared/address';
import { routeTitle } from '@shared/routes';
import { ArrowLeft, Copy, ScanSearch, TriangleExclamationPoint } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { PageHeader } from '../components/page/page-header';
import { PageContainer } from '../components/page/tool-page';
import { UnavailableNotice } from '../components/page/unavailable-notice';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { copyAddress } from '../lib/clipboard';

const TITLE = routeTitle('/token-analysis');

/** Spec §2: the page reads `?address=` on load; without it there is nothing to analyse. */
function NoAddress() {
  return (
    <Card role="alert" className="flex flex-col items-center gap-4 px-6 py-14 text-center">
      <TriangleExclamationPoint aria-hidden="true" className="size-10 text-orange-400" />
      <p className="max-w-md text-slate-300">
        No token address provided. Please go back and enter a valid contract address.
      </p>
      <Link href="/" className={buttonClasses('primary', 'md')}>
        Go Back
      </Link>
    </Card>
  );
}

function AddressBar({ address }: { address: string }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Contract address</p>
        {/* Clicking the address copies it too (spec §2). Rendered as text: it came from the URL. */}
        <button
          type="button"
          onClick={() => copyAddress(address)}
          title="Copy contract address"
          className="mt-1 max-w-full rounded text-left font-mono text-sm break-all text-slate-200 hover:text-white"
        >
          {address}
        </button>
      </div>
      {isAddress(address) ? null : (
        <p className="text-sm text-orange-300">
          This is not a Base contract address (0x followed by 40 hexadecimal characters).
        </p>
      )}
    </Card>
  );
}

export default function TokenAnalysisPage() {
  const address = new URLSearchParams(useSearch()).get('address')?.trim() ?? '';

  if (!address) {
    return (
      <PageContainer>
        <PageHeader title={TITLE} icon={ScanSearch} />
        <div className="mt-10">
          <NoAddress />
        </div>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeader
        title={TITLE}
        subtitle="Live analysis from all FLAB utilities"
        icon={ScanSearch}
        actions={
          <>
            <Link href="/" className={buttonClasses('outline', 'sm')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Link>
            <Button variant="secondary" size="sm" onClick={() => copyAddress(address)}>
              <Copy aria-hidden="true" className="size-4" />
              Copy CA
            </Button>
          </>
        }
      />
      <div className="mt-8 grid gap-6">
        <AddressBar address={address} />
        <UnavailableNotice tool="token analysis" />
      </div>
    </PageContainer>
  );
}
