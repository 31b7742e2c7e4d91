import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';

/** The shape of a score card while its data loads (spec §8: loading shows skeleton cards). */
export function ScoreCardSkeleton() {
  return (
    <Card data-testid="skeleton-card" aria-hidden="true" className="flex flex-col gap-4 p-5">
      <div className="flex items-center justify-between">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="h-10 w-20" />
      <Skeleton className="h-1.5 w-full" />
      <Skeleton className="h-3 w-24" />
    </Card>
  );
}
