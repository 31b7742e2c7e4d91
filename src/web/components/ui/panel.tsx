import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Card } from './card';

/** A titled card of label/value rows, used by the analysis panels. */
export function Panel({
  title,
  icon: Icon,
  children,
  className,
  testId,
}: {
  title: string;
  icon?: LucideIcon;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <Card data-testid={testId} className={cn('flex min-w-0 flex-col gap-4 p-5', className)}>
      <h2 className="flex items-center gap-2 text-base font-semibold text-white">
        {Icon ? <Icon aria-hidden="true" className="size-4 text-brand-300" /> : null}
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * A panel's list: one <li> per item (`children` renders it, with its key), or the one sentence that
 * says there is nothing to list.
 */
export function PanelList<T>({
  items,
  empty,
  children,
}: {
  items: readonly T[];
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-sm text-slate-400">{empty}</p>;
  return <ul className="grid gap-2">{items.map((item) => children(item))}</ul>;
}

/** One label/value row inside a <dl>. */
export function StatRow({
  label,
  children,
  valueClassName,
}: {
  label: ReactNode;
  children: ReactNode;
  valueClassName?: string;
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-white/5 pb-2 text-sm last:border-0 last:pb-0">
      <dt className="text-slate-400">{label}</dt>
      <dd className={cn('text-right font-medium break-all text-slate-100', valueClassName)}>{children}</dd>
    </div>
  );
}
