import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

type StatCardProps = {
  label: string;
  value: ReactNode;
  icon: LucideIcon;
  hint?: ReactNode;
  valueClassName?: string;
  loading?: boolean;
  testId?: string;
};

/** One figure with its label; a skeleton while the figure loads. */
export function StatCard({ label, value, icon: Icon, hint, valueClassName, loading, testId }: StatCardProps) {
  return (
    <Card className="p-4 sm:p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-400">{label}</p>
        <Icon aria-hidden="true" className="size-4 text-brand-300" />
      </div>
      {loading ? (
        <Skeleton className="mt-3 h-7 w-24" />
      ) : (
        <p
          className={cn('mt-2 truncate text-xl font-bold text-white sm:text-2xl', valueClassName)}
          data-stat-value=""
        >
          {value}
        </p>
      )}
      {hint ? <p className="mt-1 text-xs text-slate-400">{hint}</p> : null}
    </Card>
  );
}
