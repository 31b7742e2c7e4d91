import { Skeleton } from '../ui/skeleton';

/** Shown while a page's chunk loads: the page's rough shape, so the layout does not jump. */
export function PageFallback() {
  return (
    <div role="status" aria-busy="true" className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6">
      <span className="sr-only">Loading page…</span>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="mt-4 h-5 w-full max-w-xl" />
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-32 rounded-2xl" />
        <Skeleton className="h-32 rounded-2xl" />
        <Skeleton className="h-32 rounded-2xl" />
      </div>
    </div>
  );
}
