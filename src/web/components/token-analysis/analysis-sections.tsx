/**
 * The analysis page's sections around the scores: the verdict slot at the top, the trader's summary
 * beside the price chart, and the panels, pools, recommendation and embed box under the scores.
 */
import type { VerdictKind } from '@shared/analysis';
import { lazy, Suspense } from 'react';
import { LiquidityPanel, RecommendationCard, SecurityPanel, WhalePanel } from '../analysis/analysis-panels';
import { EmbedBox } from '../analysis/embed-box';
import { HookPanel } from '../analysis/hook-panel';
import { LiquidityLedgerPanel } from '../analysis/liquidity-ledger-panel';
import { OwnerPowersPanel } from '../analysis/owner-powers-panel';
import { TradingPatternsPanel } from '../analysis/trading-patterns-panel';
import { PoolsPanel } from '../liquidity/pools-table';
import { TokenWaitStatus } from '../ui/wait-status';
import { TraderSummary } from '../verdict/trader-summary';
import { VerdictBanner } from '../verdict/verdict-banner';
import { WalletNotToken } from '../verdict/wallet-not-token';
import type { TokenAnalysis } from './use-token-analysis';

const PriceChart = lazy(() => import('../charts/price-chart'));

type Verdict = NonNullable<TokenAnalysis['verdict']>;

/**
 * On a phone the verdict is the first thing on the screen (issue 24); while a new token's analysis
 * waits (in the server's line, or for this client's allowance) the wait is said right under it.
 */
export function VerdictSlot({ address, analysis }: { address: string; analysis: TokenAnalysis }) {
  if (analysis.wallet) return <WalletNotToken address={address} />;
  if (analysis.verdict) return <VerdictBanner verdict={analysis.verdict} />;
  if (!analysis.loading) return null;
  return (
    <div className="grid gap-3">
      <div
        data-testid="verdict-pending"
        aria-busy="true"
        className="rounded-2xl border-2 border-white/10 px-5 py-4 text-sm text-slate-400"
      >
        Verdict: analysing the token…
      </div>
      <TokenWaitStatus address={address} />
    </div>
  );
}

/** The trader's summary and the price chart side by side on desktop: above the fold. */
export function SummaryAndChart({
  address,
  verdict,
  generatedAt,
}: {
  address: string;
  verdict: Verdict;
  generatedAt: number;
}) {
  return (
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
  );
}

/** Everything under the scores: the five panels, the liquidity ledger, the trading patterns, the pools, the AI recommendation, the embed box. */
export function DetailSections({
  address,
  analysis,
  verdict,
}: {
  address: string;
  analysis: TokenAnalysis;
  verdict: VerdictKind | undefined;
}) {
  const { scanner, rug, whales, liquidity } = analysis;
  return (
    <>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <SecurityPanel scanner={scanner.data} rug={rug.data} />
        <OwnerPowersPanel powers={scanner.data?.ownerPowers} verdict={verdict} />
        <WhalePanel whales={whales.data} />
        <LiquidityPanel liquidity={liquidity.data} scanner={scanner.data} />
        <HookPanel address={address} />
      </div>
      <LiquidityLedgerPanel address={address} />
      <TradingPatternsPanel address={address} />
      {liquidity.data ? <PoolsPanel data={liquidity.data} /> : null}
      {rug.data?.recommendation ? <RecommendationCard recommendation={rug.data.recommendation} /> : null}
      <EmbedBox address={address} />
    </>
  );
}
