/**
 * The verdict over a price chart (issue 37): on a honeypot or a rugged token the plot carries, in
 * words over it, that its price is not one a holder can get — the same icon as the verdict banner,
 * so the chart never reads as a rising market beside a "cannot be sold". Outside the plot's
 * role="img" so screen readers read it as text; it never takes pointer or keyboard focus from the plot.
 */
import { OctagonX } from 'lucide-react';
import type { ChartMark } from './chart-verdict';

export function ChartVerdictMark({ mark }: { mark: ChartMark }) {
  return (
    <div
      data-testid="chart-verdict-mark"
      data-verdict={mark.verdict}
      className="pointer-events-none absolute inset-x-2 top-3 z-10 flex justify-center"
    >
      <div className="max-w-full rounded-lg border border-red-500/50 bg-red-950/90 px-3 py-2 text-center shadow-lg">
        <p className="flex items-center justify-center gap-1.5 text-sm font-semibold text-red-100">
          <OctagonX aria-hidden="true" className="size-4 shrink-0 text-red-300" />
          <span>{mark.label}</span>
        </p>
        <p className="mt-0.5 text-xs text-red-200/90">{mark.detail}</p>
      </div>
    </div>
  );
}
