/**
 * Token Health Dashboard (spec §2, §4, §5, §7, §8, §9): an address (42 characters, else 'Please
 * enter a valid Base token address (0x...)') or a popular-token button starts the analysis; an
 * analysing overlay shows for 2 s after a request starts; results show the overall and four
 * sub-scores (each opens its evidence), metrics, indicators and a price chart from our own candles
 * (recharts, loaded on demand). Refetched every 15 s while an address is set. A failure shows the
 * error and Retry (DESIGN §7).
 */
import { isAddress } from '@shared/address';
import { HeartPulse, Search } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ScoreCardSkeleton } from '../components/analysis/skeleton-card';
import {
  HealthHeader,
  HealthIndicators,
  HealthMetrics,
  HealthScores,
} from '../components/health/health-results';
import { PopularTokens } from '../components/health/popular-tokens';
import { ToolPage } from '../components/page/tool-page';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { QueryState } from '../components/ui/query-state';
import { Skeleton } from '../components/ui/skeleton';
import { MessageCard } from '../components/ui/stat-card';
import { TokenWaitStatus } from '../components/ui/wait-status';
import { VerdictBanner } from '../components/verdict/verdict-banner';
import { isWalletError, WalletNotToken } from '../components/verdict/wallet-not-token';
import { useLiquidity, useScanner, useTokenHealth } from '../lib/queries';
import { useAddressParam } from '../lib/use-address-param';

const PriceChart = lazy(() => import('../components/charts/price-chart'));

/** Spec §9: token health refreshes every 15 s; spec §4: the analysing overlay lasts 2 s. */
export const HEALTH_POLL_MS = 15_000;
export const ANALYSING_OVERLAY_MS = 2_000;
const ADDRESS_LENGTH = 42;
const INVALID_MESSAGE = 'Please enter a valid Base token address (0x...)';

function AnalysingOverlay() {
  return (
    <Card
      role="status"
      aria-live="polite"
      data-testid="analysing-overlay"
      className="relative flex flex-col items-center gap-4 overflow-hidden px-6 py-16 text-center"
    >
      <span aria-hidden="true" className="absolute inset-0 animate-pulse bg-brand-500/5" />
      <HeartPulse aria-hidden="true" className="relative size-12 animate-pulse text-brand-300" />
      <p className="relative text-base font-semibold text-white">Analyzing token health...</p>
      <p className="relative text-sm text-slate-400">
        Reading the contract, its pools, holders and trades on chain.
      </p>
    </Card>
  );
}

function Results({ address }: { address: string }) {
  const q = useTokenHealth(address, { refetchInterval: HEALTH_POLL_MS });
  // The security and liquidity sub-scores are the scanner's and the liquidity analyser's scores;
  // their evidence comes from those (shared cache with the other pages).
  const scanner = useScanner(address);
  const liquidity = useLiquidity(address);

  return (
    <>
      <TokenWaitStatus address={address} className="mb-4" />
      <QueryState
        query={q}
        pending={
          <section
            aria-busy="true"
            aria-label="Loading token health"
            className="grid gap-4 md:grid-cols-2 lg:grid-cols-5"
          >
            {[0, 1, 2, 3, 4].map((i) => (
              <ScoreCardSkeleton key={i} />
            ))}
          </section>
        }
        errorTitle="Failed to fetch token health data"
        error={(e) => (isWalletError(e) ? <WalletNotToken address={address} /> : null)}
      >
        {(data) => {
          const securityEvidence =
            scanner.data && scanner.data.score === data.securityScore ? scanner.data.evidence : undefined;
          const liquidityEvidence =
            liquidity.data && liquidity.data.liquidityScore === data.liquidityScore
              ? liquidity.data.evidence
              : undefined;
          return (
            <div className="grid gap-6" data-testid="health-results">
              <VerdictBanner verdict={data.verdict} />
              <HealthHeader data={data} address={address} updatedAt={q.dataUpdatedAt} />
              <HealthScores
                data={data}
                securityEvidence={securityEvidence}
                liquidityEvidence={liquidityEvidence}
              />
              <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                <HealthMetrics data={data} />
                <HealthIndicators data={data} />
              </div>
              <Suspense fallback={<Skeleton className="h-80 w-full" />}>
                <PriceChart address={address} refetchInterval={HEALTH_POLL_MS} verdict={data.verdict.kind} />
              </Suspense>
            </div>
          );
        }}
      </QueryState>
    </>
  );
}

export default function TokenHealthPage() {
  const initial = useAddressParam();
  const [input, setInput] = useState(initial ?? '');
  const [address, setAddress] = useState<string | null>(initial && isAddress(initial) ? initial : null);
  const [invalid, setInvalid] = useState(false);
  const [analysing, setAnalysing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const start = (raw: string) => {
    const a = raw.trim();
    if (a.length !== ADDRESS_LENGTH || !isAddress(a)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setAddress(a);
    setAnalysing(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAnalysing(false), ANALYSING_OVERLAY_MS);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    start(input);
  };

  const pick = (a: string) => {
    setInput(a);
    start(a);
  };

  return (
    <ToolPage
      path="/token-health"
      icon={HeartPulse}
      subtitle="A token's health at a glance: security, liquidity, community and momentum scores."
    >
      <div className="grid gap-6">
        <Card className="grid gap-4 p-4 sm:p-5">
          <form
            onSubmit={submit}
            noValidate
            aria-label="Check token health"
            className="flex flex-col gap-3 sm:flex-row"
          >
            <label htmlFor="health-address" className="sr-only">
              Token contract address
            </label>
            <Input
              id="health-address"
              value={input}
              onChange={(e) => {
                setInput(e.target.value);
                if (invalid) setInvalid(false);
              }}
              placeholder="Enter token contract address (0x...)"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              aria-invalid={invalid}
              aria-describedby={invalid ? 'health-address-error' : undefined}
              className="font-mono"
            />
            <Button type="submit" disabled={input.trim() === '' || analysing} className="sm:w-44">
              <Search aria-hidden="true" className="size-4" />
              {analysing ? 'Analyzing...' : 'Analyze Health'}
            </Button>
          </form>
          {invalid ? (
            <p id="health-address-error" role="alert" className="text-sm text-red-400">
              {INVALID_MESSAGE}
            </p>
          ) : null}
          <PopularTokens onPick={pick} disabled={analysing} />
        </Card>

        {analysing ? <AnalysingOverlay /> : null}
        {address ? (
          // Mounted at once so the request starts with the overlay; hidden until the overlay ends.
          <div hidden={analysing}>
            <Results key={address.toLowerCase()} address={address} />
          </div>
        ) : analysing ? null : (
          <MessageCard icon={HeartPulse}>
            Enter a token address or pick a popular token to see its health.
          </MessageCard>
        )}
      </div>
    </ToolPage>
  );
}
