/**
 * One token's liquidity report: verdict, warnings, the figure cards, the three analysis panels,
 * the pools, and the recommendations beside the risk factors.
 */
import type { ApiResponse } from '@shared/api/contract';
import { VerdictBanner } from '../verdict/verdict-banner';
import {
  LiquidityAnalysisPanel,
  LiquidityCards,
  ListPanel,
  LiveMonitoringPanel,
  RugAnalysisPanel,
  WarningsAlert,
} from './liquidity-results';
import { PoolsPanel } from './pools-table';

export function LiquidityReport({
  data,
  updatedAt,
}: {
  data: ApiResponse<'getLiquidity'>;
  updatedAt: number;
}) {
  return (
    <div className="grid gap-6" data-testid="liquidity-results">
      <VerdictBanner verdict={data.verdict} />
      <WarningsAlert warnings={data.warnings} />
      <LiquidityCards data={data} updatedAt={updatedAt} />
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
  );
}
