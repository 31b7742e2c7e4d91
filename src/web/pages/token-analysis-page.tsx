/**
 * Complete Token Analysis (spec §2): reads `?address=`, shows the five scores (each opens its
 * evidence), the three panels and the AI recommendation, polls every 30 s (spec §7, §9) and shows
 * when it last updated. A failed analysis shows the error and Retry (DESIGN §7): the five queries'
 * pending / error states are QueryStateAll's, so a part that failed never blanks the others.
 */
import { isAddress } from '@shared/address';
import { routeTitle } from '@shared/routes';
import { ScanSearch } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearch } from 'wouter';
import { PageHeader } from '../components/page/page-header';
import { PageContainer } from '../components/page/tool-page';
import { InvalidAddress, NoAddress } from '../components/token-analysis/address-notices';
import { AnalysisHeader, BackLink } from '../components/token-analysis/analysis-header';
import { DetailSections, SummaryAndChart, VerdictSlot } from '../components/token-analysis/analysis-sections';
import { scoreCards } from '../components/token-analysis/score-cards';
import { ScoreSection, ScoresPending } from '../components/token-analysis/score-section';
import { TokenHeader } from '../components/token-analysis/token-header';
import { useTokenAnalysis } from '../components/token-analysis/use-token-analysis';
import { QueryStateAll } from '../components/ui/query-state';

export { ANALYSIS_POLL_MS } from '../components/token-analysis/use-token-analysis';

const TITLE = routeTitle('/token-analysis');
const SUBTITLE = 'Live analysis from all FLAB utilities';

function Analysis({ address }: { address: string }) {
  const analysis = useTokenAnalysis(address);
  const [openCard, setOpenCard] = useState<string | null>(null);
  const evidenceId = useId();
  const { scanner, verdict, wallet, allFailed } = analysis;

  return (
    <PageContainer>
      <VerdictSlot address={address} analysis={analysis} />
      <div className="mt-4">
        <AnalysisHeader
          title={TITLE}
          subtitle={SUBTITLE}
          address={address}
          refreshing={analysis.refreshing}
          onRefresh={analysis.refreshAll}
        />
      </div>
      <div className="mt-6 grid gap-6">
        <TokenHeader
          address={address}
          name={scanner.data?.details.name}
          symbol={scanner.data?.details.symbol}
          loading={scanner.isPending && !allFailed}
          updatedAt={analysis.updatedAt}
          failed={allFailed}
          wallet={wallet}
        />
        {verdict ? (
          <SummaryAndChart address={address} verdict={verdict} generatedAt={analysis.generatedAt} />
        ) : null}

        {wallet ? null : (
          <QueryStateAll
            queries={analysis.all}
            errorTitle="The analysis failed"
            partialErrorTitle={(n, total) => `${n} of ${total} analyses failed`}
            pending={<ScoresPending />}
          >
            {() => (
              <>
                <ScoreSection
                  cards={scoreCards(analysis)}
                  verdict={verdict?.kind}
                  openCard={openCard}
                  setOpenCard={setOpenCard}
                  evidenceId={evidenceId}
                />
                <DetailSections address={address} analysis={analysis} verdict={verdict?.kind} />
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
        <PageHeader title={TITLE} subtitle={SUBTITLE} icon={ScanSearch} actions={<BackLink />} />
        <div className="mt-8">
          <InvalidAddress address={address} />
        </div>
      </PageContainer>
    );
  }

  // Keyed by address so a new address starts from a clean state.
  return <Analysis key={address.toLowerCase()} address={address} />;
}
