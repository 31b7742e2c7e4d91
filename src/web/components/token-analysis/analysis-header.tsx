/** The analysis page's title and its actions: Back, Refresh All, View Chart, Copy CA. */
import { ArrowLeft, ChartColumn, Copy, RefreshCw, ScanSearch } from 'lucide-react';
import { Link } from 'wouter';
import { copyAddress } from '../../lib/clipboard';
import { useNetwork } from '../../lib/use-network';
import { PageHeader } from '../page/page-header';
import { Button, buttonClasses } from '../ui/button';

export function BackLink() {
  return (
    <Link href="/" className={buttonClasses('outline', 'sm')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back
    </Link>
  );
}

export function AnalysisHeader({
  title,
  subtitle,
  address,
  refreshing,
  onRefresh,
}: {
  title: string;
  subtitle: string;
  address: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <PageHeader
      title={title}
      subtitle={subtitle}
      icon={ScanSearch}
      actions={
        <>
          <BackLink />
          <Button variant="secondary" size="sm" onClick={onRefresh}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            Refresh All
          </Button>
          <ViewChartLink address={address} />
          <Button variant="secondary" size="sm" onClick={() => copyAddress(address)}>
            <Copy aria-hidden="true" className="size-4" />
            Copy CA
          </Button>
        </>
      }
    />
  );
}

/**
 * On Base, the spec's external chart site. On the local chain that site knows none of our tokens:
 * the button goes to our own chart from indexed swaps, further down this page.
 */
function ViewChartLink({ address }: { address: string }) {
  const network = useNetwork();
  const external = network.data?.mode === 'base';
  return (
    <a
      href={external ? `https://dexscreener.com/base/${address}` : '#price-chart'}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      className={buttonClasses('secondary', 'sm')}
    >
      <ChartColumn aria-hidden="true" className="size-4" />
      View Chart
    </a>
  );
}
