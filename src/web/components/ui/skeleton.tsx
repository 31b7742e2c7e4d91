import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A pulsing placeholder with the shape of content that is still loading. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-white/10', className)} {...props} />
  );
}

/** A grid of `count` skeleton cards, the pending shape of a grid of result cards. */
export function SkeletonGrid({
  count,
  className,
  itemClassName,
}: {
  count: number;
  /** The grid's classes (columns and gap), as the result's grid has them. */
  className: string;
  /** Each card's classes (its height). */
  itemClassName: string;
}) {
  return (
    <div className={className} aria-busy="true">
      {/* The placeholders never reorder: their numbers are keys enough. */}
      {Array.from({ length: count }, (_, i) => i).map((i) => (
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}
