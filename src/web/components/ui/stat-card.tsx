/**
 * A figure card for the research pages (whale, liquidity, health): title, big value, caption and,
 * when the figure comes from checks, a 'Why this score?' disclosure over its evidence. Used where
 * the value is not a 0–100 "higher is better" score (counts, percentages, a rug score).
 */
import type { Evidence } from '@shared/analysis';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { EvidencePanel } from '../analysis/evidence-panel';
import { Card } from './card';

type StatCardProps = {
  title: string;
  value: ReactNode;
  caption?: ReactNode;
  icon?: LucideIcon;
  /** Tailwind text colour of the value. */
  valueClass?: string;
  evidence?: readonly Evidence[];
  testId?: string;
  className?: string;
  children?: ReactNode;
};

export function StatCard({
  title,
  value,
  caption,
  icon: Icon,
  valueClass,
  evidence,
  testId,
  className,
  children,
}: StatCardProps) {
  return (
    <Card data-testid={testId} className={cn('flex flex-col gap-2 p-5', className)}>
      <h3 className="flex items-center gap-2 text-sm font-medium text-slate-300">
        {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-300" /> : null}
        {title}
      </h3>
      <p
        data-testid="stat-value"
        className={cn('text-3xl font-bold tabular-nums', valueClass ?? 'text-white')}
      >
        {value}
      </p>
      {caption ? <div className="text-xs text-slate-400">{caption}</div> : null}
      {children}
      {/* 'Why this score?' in the same small style as the score cards, over the evidence list. */}
      {evidence ? <EvidencePanel evidence={evidence} size="sm" /> : null}
    </Card>
  );
}

/** A label/value row for the detail panels. */
export function DetailRow({
  label,
  children,
  valueClass,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  valueClass?: string;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-b border-white/5 py-2 last:border-b-0">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd
        data-testid={testId}
        className={cn('text-right text-sm font-medium tabular-nums', valueClass ?? 'text-white')}
      >
        {children}
      </dd>
    </div>
  );
}

/** Panels look the same on every research page. */
export { Panel } from './panel';

/** A centred message card (empty state, hint). */
export function MessageCard({ icon: Icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      {Icon ? (
        <span className="flex size-12 items-center justify-center rounded-full border border-white/10 bg-white/5 text-slate-300">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <p className="max-w-lg text-sm text-slate-400">{children}</p>
    </Card>
  );
}

/** Spinner with a status text for in-flight analyses. */
export function LoadingCard({ children }: { children: ReactNode }) {
  return (
    <Card
      role="status"
      aria-live="polite"
      className="flex flex-col items-center gap-4 px-6 py-14 text-center"
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-brand-500/30 border-t-brand-400"
      />
      <p className="text-sm text-slate-300">{children}</p>
    </Card>
  );
}
