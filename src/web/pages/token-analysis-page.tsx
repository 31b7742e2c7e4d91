/**
 * Complete Token Analysis (spec §2): reads `?address=`, shows the five scores (each opens its
 * evidence), the three panels and the AI recommendation, polls every 30 s (spec §7, §9) and shows
 * when it last updated. A failed analysis shows the error and Retry (DESIGN §7): the five queries'
 * pending / error states are QueryStateAll's, so a part that failed never blanks the others.
 */
import { isAddress } from '@shared/address';
import type { Evidence } from '@shared/analysis';
import { formatClock } from '@shared/format';
import { routeTitle } from '@shared/routes';
import type { ShownBand } from '@shared/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ChartColumn,
  Copy,
  Droplets,
  Fish,
  Gauge,
  type LucideIcon,
  Radar,
  RefreshCw,
  ScanSearch,
  ShieldCheck,
  TriangleExclamationPoint,
} from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import {
  LiquidityPanel,
  RecommendationCard,
  SecurityPanel,
  WhalePanel,
} from '../components/analysis/analysis-panels';
import { EmbedBox } from '../components/analysis/embed-box';
import { EvidenceList } from '../components/analysis/evidence-panel';
import { HookPanel } from '../components/analysis/hook-panel';
import { OwnerPowersPanel } from '../components/analysis/owner-powers-panel';
import { ScoreCard } from '../components/analysis/score-card';
import { ScoreCardSkeleton } from '../components/analysis/skeleton-card';
import { PoolsPanel } from '../components/liquidity/pools-table';
import { PageHeader } from '../components/page/page-header';
import { PageContainer } from '../components/page/tool-page';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { QueryStateAll } from '../components/ui/query-state';
import { toast } from '../components/ui/toast';
import { TraderSummary } from '../components/verdict/trader-summary';
import { VerdictBanner } from '../components/verdict/verdict-banner';
import { isWalletError, WalletNotToken } from '../components/verdict/wallet-not-token';
import { copyAddress } from '../lib/clipboard';
import { tokenKeys, useFlabScore, useLiquidity, useRug, useScanner, useWhales } from '../lib/queries';
import { useNetwork } from '../lib/use-network';

const PriceChart = lazy(() => import('../components/charts/price-chart'));

const TITLE = routeTitle('/token-analysis');
const SUBTITLE = 'Live analysis from all FLAB utilities';
/** Spec §9: the analysis page refreshes every 30 s. */
export const ANALYSIS_POLL_MS = 30_000;

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

function TokenHeader({
  address,
  name,
  symbol,
  loading,
  updatedAt,
  failed = false,
  wallet = false,
}: {
  address: string;
  name: string | null | undefined;
  symbol: string | null | undefined;
  loading: boolean;
  updatedAt: number;
  /** Every analysis failed: nothing is updating. */
  failed?: boolean;
  /** The address has no code: a wallet has no name or symbol to show (not "N/A N/A"). */
  wallet?: boolean;
}) {
  // Names and symbols come from the token contract: rendered as text only, never as markup.
  const shownName = wallet ? 'Wallet' : loading ? 'Loading...' : name || 'N/A';
  const shownSymbol = wallet ? null : loading ? 'Loading...' : symbol || 'N/A';
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <span data-testid="token-name" className="text-xl font-semibold break-all text-white">
            {shownName}
          </span>
          {shownSymbol === null ? null : (
            <span
              data-testid="token-symbol"
              className="rounded-md bg-white/5 px-2 py-0.5 font-mono text-sm break-all text-brand-300"
            >
              {shownSymbol}
            </span>
          )}
        </p>
        {/* Clicking the address copies it too (spec §2). */}
        <button
          type="button"
          onClick={() => copyAddress(address)}
          title={wallet ? 'Copy address' : 'Copy contract address'}
          aria-label={`${wallet ? 'Copy address' : 'Copy contract address'} ${address}`}
          className="mt-1 max-w-full rounded text-left font-mono text-xs break-all text-slate-400 hover:text-white sm:text-sm"
        >
          {address}
        </button>
      </div>
      <p className="flex shrink-0 items-center gap-2 text-xs text-slate-400" aria-live="off">
        <span
          aria-hidden="true"
          className={
            failed ? 'size-2 rounded-full bg-slate-500' : 'size-2 animate-pulse rounded-full bg-brand-400'
          }
        />
        <span data-testid="updated-at">
          {updatedAt > 0 ? `Updated ${formatClock(updatedAt)}` : failed ? 'Not analysed' : 'Updating...'}
        </span>
        <span className="hidden sm:inline">· refreshes every 30 s</span>
      </p>
    </Card>
  );
}

function InvalidAddress({ address }: { address: string }) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <TriangleExclamationPoint aria-hidden="true" className="size-8 text-orange-400" />
      <p className="max-w-md text-sm text-slate-300">
        <span className="font-mono break-all">{address}</span> is not a Base contract address (0x followed by
        40 hexadecimal characters), so there is nothing to analyse.
      </p>
      <Link href="/" className={buttonClasses('primary', 'md')}>
        Go Back
      </Link>
    </Card>
  );
}

function Analysis({ address }: { address: string }) {
  const queryClient = useQueryClient();
  const network = useNetwork();
  const [openCard, setOpenCard] = useState<string | null>(null);
  const evidenceId = useId();
  const poll = { refetchInterval: ANALYSIS_POLL_MS };
  const scanner = useScanner(address, poll);
  const rug = useRug(address, poll);
  const whales = useWhales(address, poll);
  const liquidity = useLiquidity(address, 1000, poll);
  // The spec names the four analysers; the score is polled with them so it never lags behind them.
  const flab = useFlabScore(address, poll);
  const all = [scanner, rug, whales, liquidity, flab];

  const loading = all.some((q) => q.isPending);
  const updatedAt = Math.max(...all.map((q) => q.dataUpdatedAt));
  const failed = all.filter((q) => q.isError);
  const refreshing = all.some((q) => q.isFetching);

  const refreshAll = () => {
    toast({ title: 'Refreshing Data', description: 'All analysis data is being updated...' });
    void queryClient.invalidateQueries({ predicate: (q) => tokenKeys.all(address)(q.queryKey) });
  };

  const header = (
    <PageHeader
      title={TITLE}
      subtitle={SUBTITLE}
      icon={ScanSearch}
      actions={
        <>
          <Link href="/" className={buttonClasses('outline', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back
          </Link>
          <Button variant="secondary" size="sm" onClick={refreshAll}>
            <RefreshCw aria-hidden="true" className={refreshing ? 'size-4 animate-spin' : 'size-4'} />
            Refresh All
          </Button>
          {/* On Base, the spec's external chart site. On the local chain that site knows none of our
              tokens: the button goes to our own chart from indexed swaps, further down this page. */}
          {network.data?.mode === 'base' ? (
            <a
              href={`https://dexscreener.com/base/${address}`}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses('secondary', 'sm')}
            >
              <ChartColumn aria-hidden="true" className="size-4" />
              View Chart
            </a>
          ) : (
            <a href="#price-chart" className={buttonClasses('secondary', 'sm')}>
              <ChartColumn aria-hidden="true" className="size-4" />
              View Chart
            </a>
          )}
          <Button variant="secondary" size="sm" onClick={() => copyAddress(address)}>
            <Copy aria-hidden="true" className="size-4" />
            Copy CA
          </Button>
        </>
      }
    />
  );

  type CardSpec = {
    key: string;
    title: string;
    icon: LucideIcon;
    score: number;
    /** The score's band under the verdict, as the server sent it (`bands.score`). */
    shown: ShownBand;
    /** The score is the verdict's own measure (the scanner's safety, the rug detector's). */
    decidesVerdict?: boolean;
    badge: string;
    caption?: string;
    evidence: Evidence[];
  };
  // Spec §2: each card shows only when its score exists.
  const cards: CardSpec[] = [];
  if (scanner.data)
    cards.push({
      key: 'scanner',
      title: 'FLAB Scanner',
      icon: ShieldCheck,
      score: scanner.data.score,
      shown: scanner.data.bands.score,
      decidesVerdict: true,
      badge: scanner.data.status,
      evidence: scanner.data.evidence,
    });
  if (rug.data)
    cards.push({
      key: 'rug',
      title: 'Rug Detector AI',
      icon: Radar,
      score: rug.data.score,
      shown: rug.data.bands.score,
      decidesVerdict: true,
      badge: `${rug.data.riskLevel} Risk`,
      caption: 'Safety: 100 minus the rug score',
      evidence: rug.data.evidence,
    });
  if (whales.data)
    cards.push({
      key: 'whales',
      title: 'Whale Tracker',
      icon: Fish,
      score: whales.data.whaleScore,
      shown: whales.data.bands.score,
      badge: `${whales.data.whaleCount} Whales`,
      evidence: whales.data.evidence,
    });
  if (liquidity.data)
    cards.push({
      key: 'liquidity',
      title: 'Liquidity Analyzer',
      icon: Droplets,
      score: liquidity.data.liquidityScore,
      shown: liquidity.data.bands.score,
      badge: 'Liquidity Health',
      caption: liquidity.data.liquidityData.liquidityHealth,
      evidence: liquidity.data.evidence,
    });
  if (flab.data)
    cards.push({
      key: 'flab',
      title: 'FLAB Score',
      icon: Gauge,
      score: flab.data.flabScore,
      shown: flab.data.bands.score,
      badge: 'Overall Rating',
      caption: `Grade ${flab.data.grade}`,
      evidence: flab.data.evidence,
    });
  const selected = cards.find((c) => c.key === openCard);

  const allFailed = failed.length === all.length;
  // One verdict per token: every part carries the same one (the engine's), the first to arrive shows.
  const verdict = (scanner.data ?? rug.data ?? liquidity.data ?? whales.data ?? flab.data)?.verdict;
  const wallet = failed.some((q) => isWalletError(q.error));
  const generatedAt = liquidity.data?.timestamp ?? updatedAt;

  return (
    <PageContainer>
      {/* On a phone the verdict is the first thing on the screen (issue 24). */}
      {wallet ? (
        <WalletNotToken address={address} />
      ) : verdict ? (
        <VerdictBanner verdict={verdict} />
      ) : loading ? (
        <div
          data-testid="verdict-pending"
          aria-busy="true"
          className="rounded-2xl border-2 border-white/10 px-5 py-4 text-sm text-slate-400"
        >
          Verdict: analysing the token…
        </div>
      ) : null}
      <div className="mt-4">{header}</div>
      <div className="mt-6 grid gap-6">
        <TokenHeader
          address={address}
          name={scanner.data?.details.name}
          symbol={scanner.data?.details.symbol}
          loading={scanner.isPending && !allFailed}
          updatedAt={updatedAt}
          failed={allFailed}
          wallet={wallet}
        />
        {/* The trader's summary and the price chart side by side on desktop: above the fold. */}
        {verdict ? (
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
            <TraderSummary
              summary={verdict.summary}
              verdict={verdict.kind}
              nowSeconds={Math.floor(generatedAt / 1000)}
            />
            {verdict.summary.mainPool ? (
              <div id="price-chart" className="min-w-0 scroll-mt-20">
                <Suspense fallback={null}>
                  <PriceChart address={address} verdict={verdict.kind} />
                </Suspense>
              </div>
            ) : (
              <p className="text-sm text-slate-400">No pool: no price chart.</p>
            )}
          </div>
        ) : null}

        {wallet ? null : (
          <QueryStateAll
            queries={all}
            errorTitle="The analysis failed"
            partialErrorTitle={(n, total) => `${n} of ${total} analyses failed`}
            pending={
              <section aria-label="Loading scores" aria-busy="true">
                <p className="sr-only" role="status">
                  Loading analysis…
                </p>
                <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
                  {[0, 1, 2, 3, 4].map((i) => (
                    <ScoreCardSkeleton key={i} />
                  ))}
                </div>
              </section>
            }
          >
            {() => (
              <>
                <section aria-label="Scores" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
                  {cards.map((c) => (
                    <ScoreCard
                      key={c.key}
                      testId={`score-${c.key}`}
                      title={c.title}
                      icon={c.icon}
                      score={c.score}
                      shown={c.shown}
                      badge={c.badge}
                      caption={c.caption}
                      evidence={c.evidence}
                      open={openCard === c.key}
                      onOpenChange={(o) => setOpenCard(o ? c.key : null)}
                      evidenceId={evidenceId}
                      verdict={verdict?.kind}
                      decidesVerdict={c.decidesVerdict}
                    />
                  ))}
                </section>
                <div id={evidenceId} hidden={!selected}>
                  {selected ? (
                    <Card data-testid="score-evidence" className="p-5">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <h2 className="text-base font-semibold text-white">
                          Why {selected.title} scored {Math.round(selected.score)}
                        </h2>
                        <Button variant="ghost" size="sm" onClick={() => setOpenCard(null)}>
                          Close
                        </Button>
                      </div>
                      <p className="mt-1 text-xs text-slate-400">
                        Each check, what it saw and the points it took off (score = 100 minus the deductions).
                      </p>
                      <EvidenceList evidence={selected.evidence} className="mt-4 md:grid-cols-2" />
                    </Card>
                  ) : null}
                </div>
                <div className="grid items-start gap-4 lg:grid-cols-3">
                  <SecurityPanel scanner={scanner.data} rug={rug.data} />
                  <OwnerPowersPanel powers={scanner.data?.ownerPowers} verdict={verdict?.kind} />
                  <WhalePanel whales={whales.data} />
                  <LiquidityPanel liquidity={liquidity.data} scanner={scanner.data} />
                  <HookPanel address={address} />
                </div>
                {liquidity.data ? <PoolsPanel data={liquidity.data} /> : null}
                {rug.data?.recommendation ? (
                  <RecommendationCard recommendation={rug.data.recommendation} />
                ) : null}
                <EmbedBox address={address} />
              </>
            )}
          </QueryStateAll>
        )}
      </div>
    </PageContainer>
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

  if (!isAddress(address)) {
    return (
      <PageContainer>
        <PageHeader
          title={TITLE}
          subtitle={SUBTITLE}
          icon={ScanSearch}
          actions={
            <Link href="/" className={buttonClasses('outline', 'sm')}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Link>
          }
        />
        <div className="mt-8">
          <InvalidAddress address={address} />
        </div>
      </PageContainer>
    );
  }

  // Keyed by address so a new address starts from a clean state.
  return <Analysis key={address.toLowerCase()} address={address} />;
}
