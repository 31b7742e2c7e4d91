/**
 * Enhanced Liquidity Scanner (spec §2, §4, §5, §8, §9): token address and USD amount (default
 * 1000); the query starts only after the first valid submit and then refetches every 15 s. An
 * address that is not 42 characters gets the 'Invalid Address' toast; Refresh refetches and says
 * so. A failure shows the error and Retry, never a sample result (DESIGN §7).
 */
import { routeTitle } from '@shared/routes';
import { Droplets, RefreshCw } from 'lucide-react';
import { Link } from 'wouter';
import { LiquidityForm } from '../components/liquidity/liquidity-form';
import { LiquidityReport } from '../components/liquidity/liquidity-report';
import { useLiquidityScan } from '../components/liquidity/use-liquidity-scan';
import { PageHeader } from '../components/page/page-header';
import { PageContainer } from '../components/page/tool-page';
import { Button } from '../components/ui/button';
import { QueryState } from '../components/ui/query-state';
import { MessageCard } from '../components/ui/stat-card';
import { TokenWaitStatus } from '../components/ui/wait-status';
import { isWalletError, WalletNotToken } from '../components/verdict/wallet-not-token';
import { cn } from '../lib/cn';

export { LIQUIDITY_POLL_MS } from '../components/liquidity/use-liquidity-scan';

export default function LiquidityScannerPage() {
  const scan = useLiquidityScan();
  const { submitted, q } = scan;

  return (
    <PageContainer>
      <Link
        href="/"
        className="inline-flex items-center gap-1.5 rounded-md text-sm text-slate-400 transition-colors hover:text-white"
      >
        ← Back to Home
      </Link>
      <div className="mt-6">
        <PageHeader
          title={routeTitle('/liquidity-scanner')}
          subtitle="Comprehensive liquidity analysis with real-time rug detection"
          icon={Droplets}
          actions={
            <Button
              variant="secondary"
              size="sm"
              onClick={scan.refresh}
              disabled={!submitted || q.isFetching}
            >
              <RefreshCw aria-hidden="true" className={cn('size-4', q.isFetching && 'animate-spin')} />
              Refresh
            </Button>
          }
        />
      </div>
      <div className="mt-10 grid gap-6">
        <LiquidityForm
          address={scan.address}
          onAddress={scan.setAddress}
          amount={scan.amount}
          onAmount={scan.setAmount}
          analyzing={scan.analyzing}
          onSubmit={scan.submit}
        />
        {!submitted ? (
          <MessageCard icon={Droplets}>
            Enter a token address and an amount in US dollars to analyze its liquidity, price impact and rug
            risk.
          </MessageCard>
        ) : (
          <>
            <TokenWaitStatus address={submitted.address} />
            <QueryState
              query={q}
              loading="Analyzing liquidity..."
              errorTitle="Failed to analyze liquidity with live Base blockchain data"
              error={(e) => (isWalletError(e) ? <WalletNotToken address={submitted.address} /> : null)}
            >
              {(data) => <LiquidityReport data={data} updatedAt={q.dataUpdatedAt} />}
            </QueryState>
          </>
        )}
      </div>
    </PageContainer>
  );
}
