/**
 * Enhanced Liquidity Scanner (spec §2, §4, §5, §8, §9): token address and USD amount (default
 * 1000); the query starts only after the first valid submit and then refetches every 15 s. An
 * address that is not 42 characters gets the 'Invalid Address' toast; Refresh refetches and says
 * so. A failure shows the error and Retry, never a sample result (DESIGN §7).
 */
import { isAddress } from '@shared/address';
import { routeTitle } from '@shared/routes';
import { Droplets, RefreshCw, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import {
  LiquidityAnalysisPanel,
  LiquidityCards,
  ListPanel,
  LiveMonitoringPanel,
  RugAnalysisPanel,
  WarningsAlert,
} from '../components/liquidity/liquidity-results';
import { PoolsPanel } from '../components/liquidity/pools-table';
import { PageHeader } from '../components/page/page-header';
import { PageContainer } from '../components/page/tool-page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { MessageCard } from '../components/ui/stat-card';
import { toast } from '../components/ui/toast';
import { VerdictBanner } from '../components/verdict/verdict-banner';
import { isWalletError, WalletNotToken } from '../components/verdict/wallet-not-token';
import { cn } from '../lib/cn';
import { DEFAULT_LIQUIDITY_AMOUNT, useLiquidity } from '../lib/queries';
import { useAddressParam } from '../lib/use-address-param';

/** Spec §9: the liquidity scanner refetches every 15 s. */
export const LIQUIDITY_POLL_MS = 15_000;
const ADDRESS_LENGTH = 42;

type Submitted = { address: string; amount: number };

export default function LiquidityScannerPage() {
  const initial = useAddressParam();
  const [address, setAddress] = useState(initial ?? '');
  const [amount, setAmount] = useState(String(DEFAULT_LIQUIDITY_AMOUNT));
  // Opened with ?address= (a link from another view of the token): that counts as the first submit.
  const [submitted, setSubmitted] = useState<Submitted | null>(
    initial && isAddress(initial) ? { address: initial, amount: DEFAULT_LIQUIDITY_AMOUNT } : null,
  );
  const [manual, setManual] = useState(false);

  const q = useLiquidity(submitted?.address, submitted?.amount ?? DEFAULT_LIQUIDITY_AMOUNT, {
    enabled: submitted !== null,
    refetchInterval: LIQUIDITY_POLL_MS,
  });
  const analyzing = submitted !== null && (q.isLoading || manual);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = address.trim();
    if (a.length !== ADDRESS_LENGTH || !isAddress(a)) {
      toast({
        variant: 'destructive',
        title: 'Invalid Address',
        description: 'Please enter a valid token contract address',
      });
      return;
    }
    const n = Number(amount);
    const usd = Number.isFinite(n) && n > 0 ? n : DEFAULT_LIQUIDITY_AMOUNT;
    if (submitted && submitted.address.toLowerCase() === a.toLowerCase() && submitted.amount === usd) {
      setManual(true);
      void q.refetch().finally(() => setManual(false));
      return;
    }
    setSubmitted({ address: a, amount: usd });
  };

  const refresh = async () => {
    if (!submitted) return;
    setManual(true);
    const r = await q.refetch();
    setManual(false);
    if (!r.isError) {
      toast({ title: 'Refreshed', description: 'Liquidity analysis updated with latest data' });
    }
  };

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
            <Button variant="secondary" size="sm" onClick={refresh} disabled={!submitted || q.isFetching}>
              <RefreshCw aria-hidden="true" className={cn('size-4', q.isFetching && 'animate-spin')} />
              Refresh
            </Button>
          }
        />
      </div>
      <div className="mt-10 grid gap-6">
        <Card className="p-4 sm:p-5">
          <form
            onSubmit={submit}
            noValidate
            aria-label="Analyze liquidity"
            className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end"
          >
            <div className="grid gap-1.5">
              <label htmlFor="liquidity-address" className="text-xs font-medium text-slate-400">
                Token Address
              </label>
              <Input
                id="liquidity-address"
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder="Enter token contract address (0x...)"
                autoComplete="off"
                spellCheck={false}
                maxLength={100}
                className="font-mono"
              />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="liquidity-amount" className="text-xs font-medium text-slate-400">
                Amount (USD)
              </label>
              <Input
                id="liquidity-amount"
                type="number"
                inputMode="decimal"
                min={1}
                step="any"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
            <Button type="submit" disabled={analyzing} className="sm:w-44">
              {analyzing ? (
                <span
                  aria-hidden="true"
                  className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                />
              ) : (
                <Search aria-hidden="true" className="size-4" />
              )}
              {analyzing ? 'Analyzing...' : 'Analyze Liquidity'}
            </Button>
          </form>
        </Card>

        {!submitted ? (
          <MessageCard icon={Droplets}>
            Enter a token address and an amount in US dollars to analyze its liquidity, price impact and rug
            risk.
          </MessageCard>
        ) : (
          <QueryState
            query={q}
            loading="Analyzing liquidity..."
            errorTitle="Failed to analyze liquidity with live Base blockchain data"
            error={(e) => (isWalletError(e) ? <WalletNotToken address={submitted.address} /> : null)}
          >
            {(data) => (
              <div className="grid gap-6" data-testid="liquidity-results">
                <VerdictBanner verdict={data.verdict} />
                <WarningsAlert warnings={data.warnings} />
                <LiquidityCards data={data} updatedAt={q.dataUpdatedAt} />
                <div className="grid items-start gap-6 lg:grid-cols-3">
                  <LiquidityAnalysisPanel data={data} />
                  <RugAnalysisPanel data={data} />
                  <LiveMonitoringPanel data={data} />
                </div>
                <PoolsPanel data={data} />
                <div className="grid items-start gap-6 lg:grid-cols-2">
                  <ListPanel
                    testId="recommendations"
                    title="Recommendations"
                    tone="advice"
                    items={data.recommendations}
                    empty="No recommendations for this token."
                  />
                  <ListPanel
                    testId="risk-factors"
                    title="Risk Factors"
                    tone="risk"
                    // Risk factors are what failed or warned; a passed check (✅) is not a risk factor.
                    items={data.risks.filter((r) => !r.startsWith('✅'))}
                    empty="No risk factors were found."
                  />
                </div>
              </div>
            )}
          </QueryState>
        )}
      </div>
    </PageContainer>
  );
}
