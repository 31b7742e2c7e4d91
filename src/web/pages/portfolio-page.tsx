/**
 * Portfolio Tracker (spec §2, §4, §5): a wallet input whose Track button needs 42 characters
 * starting 0x; queries run only once an address is tracked. Summary cards, holdings with Refresh
 * (2 s spinner) and Analyze, an allocation chart and wallet analytics; 'Try Demo Wallet' when idle.
 */
import type { DemoWallet, Portfolio, WalletStats } from '@shared/portfolio';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ToolPage } from '../components/page/tool-page';
import {
  AllocationCard,
  HoldingsCard,
  SummaryCards,
  WalletAnalyticsCard,
} from '../components/portfolio/portfolio-parts';
import { Button, buttonClasses } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { SkeletonGrid } from '../components/ui/skeleton';
import { toast } from '../components/ui/toast-store';
import { ApiError, apiGet } from '../lib/api';

/** Spec §5: Track is enabled only for 42 characters starting with 0x. */
export const canTrack = (s: string) => s.length === 42 && s.startsWith('0x');
const REFRESH_SPINNER_MS = 2000;

export default function PortfolioPage() {
  const [input, setInput] = useState('');
  const [tracked, setTracked] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [demoLoading, setDemoLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const qc = useQueryClient();
  useEffect(() => () => clearTimeout(timer.current), []);

  const key = tracked?.toLowerCase() ?? '';
  const portfolio = useQuery<Portfolio>({
    queryKey: ['portfolio', key],
    queryFn: ({ signal }) => apiGet<Portfolio>(`/api/portfolio/${encodeURIComponent(key)}`, signal),
    enabled: tracked !== null,
  });
  const stats = useQuery<WalletStats>({
    queryKey: ['wallet-stats', key],
    queryFn: ({ signal }) => apiGet<WalletStats>(`/api/wallet-stats/${encodeURIComponent(key)}`, signal),
    enabled: tracked !== null,
  });

  const track = (e?: FormEvent) => {
    e?.preventDefault();
    if (canTrack(input)) setTracked(input.trim());
  };

  const refresh = () => {
    setRefreshing(true);
    void qc.refetchQueries({ queryKey: ['portfolio', key] });
    void qc.refetchQueries({ queryKey: ['wallet-stats', key] });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setRefreshing(false), REFRESH_SPINNER_MS);
  };

  const tryDemo = async () => {
    setDemoLoading(true);
    try {
      const demo = await apiGet<DemoWallet>('/api/demo-wallet');
      setInput(demo.address);
      setTracked(demo.address);
    } catch (err) {
      toast({ title: 'No demo wallet', description: (err as Error).message, variant: 'destructive' });
    } finally {
      setDemoLoading(false);
    }
  };

  return (
    <ToolPage
      path="/portfolio"
      icon={Wallet}
      subtitle="Track a Base wallet's token holdings, their value, risk and diversification."
    >
      <form onSubmit={track} className="flex flex-col gap-3 sm:flex-row" aria-label="Track a wallet">
        <Input
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="Wallet address (0x...)"
          aria-label="Wallet address"
          spellCheck={false}
          autoComplete="off"
        />
        <Button type="submit" disabled={!canTrack(input)}>
          Track
        </Button>
      </form>

      <div className="mt-8 grid gap-6">
        {tracked === null ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
              <Wallet aria-hidden="true" className="size-10 text-slate-400" />
              <div>
                <p className="font-semibold text-white">No wallet tracked yet</p>
                <p className="text-sm text-slate-400">
                  Enter a Base wallet address to see its holdings, or try the demo wallet.
                </p>
              </div>
              <Button variant="outline" onClick={tryDemo} disabled={demoLoading}>
                Try Demo Wallet
              </Button>
            </CardContent>
          </Card>
        ) : (
          <QueryState
            query={portfolio}
            pending={
              <SkeletonGrid
                count={4}
                className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
                itemClassName="h-28"
              />
            }
            errorTitle="Failed to fetch portfolio"
            error={(e) => (isTokenNotWallet(e) && tracked ? <TokenNotWallet address={tracked} /> : undefined)}
          >
            {(data) => (
              <>
                <SummaryCards p={data} />
                <div className="grid gap-6 lg:grid-cols-3">
                  <div className="lg:col-span-2">
                    <HoldingsCard p={data} refreshing={refreshing} onRefresh={refresh} />
                  </div>
                  <div className="grid content-start gap-6">
                    <AllocationCard p={data} />
                    <WalletAnalyticsCard s={stats.data} loading={stats.isPending} error={stats.error} />
                  </div>
                </div>
              </>
            )}
          </QueryState>
        )}
      </div>
    </ToolPage>
  );
}

/** The server's 422 not_a_wallet: the address typed is a token contract. */
function isTokenNotWallet(e: Error): boolean {
  return e instanceof ApiError && e.code === 'not_a_wallet';
}

/** A token typed as a wallet: say so and offer its analysis, instead of "$0.00 · No tokens found". */
function TokenNotWallet({ address }: { address: string }) {
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="font-semibold text-white">This is a token contract, not a wallet</p>
        <p className="max-w-md text-sm text-slate-400">
          <span className="font-mono break-all">{address}</span> is a token: a portfolio is what a wallet
          holds.
        </p>
        <Link href={`/token-analysis?address=${address}`} className={buttonClasses('primary', 'md')}>
          Analyze this token
        </Link>
      </CardContent>
    </Card>
  );
}
