import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A pulsing placeholder with the shape of content that is still loading. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-white/10', className)} {...props} />
  );
}
