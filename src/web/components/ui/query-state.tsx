/**
 * One shape for a query's pending / error / empty states (issue 21), so pages stop hand-building
 * the same if-chain. Pending shows `pending` (skeletons shaped like the result) or, by default, a
 * LoadingCard with the `loading` words; an error shows ErrorState with the page's title, the
 * server's message and a Retry button (or `error(e)` when the page has a special case, such as a
 * wallet given where a token was expected); empty data shows `empty`; otherwise `children(data)`.
 *
 * Pages must not branch on `isPending` / `isError` themselves (scripts/query-state-chains.test.ts
 * greps for that), so every failure gets the same card, the same Retry and the same wording.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../analysis/error-state';
import { LoadingCard } from './stat-card';

/** The slice of a TanStack query result QueryState reads (tests can build one by hand). */
export type QueryLike<T> = Pick<
  UseQueryResult<T>,
  'isPending' | 'isError' | 'error' | 'data' | 'isFetching' | 'refetch'
>;

type Props<T> = {
  query: QueryLike<T>;
  /** What is loading, in words ("Analyzing whale activity..."), shown in a LoadingCard. */
  loading?: ReactNode;
  /** A pending placeholder shaped like the result (skeleton cards); replaces the LoadingCard. */
  pending?: ReactNode;
  /** The error card's title, as the spec words it ("Failed to fetch airdrops"). */
  errorTitle: string;
  /** A page-specific rendering of an error; return null to fall back to the standard card. */
  error?: (e: Error) => ReactNode | null;
  /** A smaller error card, for errors inside a panel or a grid cell. */
  compact?: boolean;
  /** Extra classes for the standard error card (e.g. `col-span-full` inside a grid). */
  errorClassName?: string;
  /** Whether the data is empty, and what to show then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

export function QueryState<T>({
  query: q,
  loading,
  pending,
  errorTitle,
  error,
  compact,
  errorClassName,
  isEmpty,
  empty,
  children,
}: Props<T>) {
  if (q.isPending) return <>{pending ?? <LoadingCard>{loading ?? 'Loading...'}</LoadingCard>}</>;
  if (q.isError) {
    // With QueryLike (a Pick of the union) TypeScript loses the isError → Error narrowing.
    const e = q.error as Error;
    const special = error?.(e);
    if (special) return <>{special}</>;
    return (
      <ErrorState
        title={errorTitle}
        error={e}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
        compact={compact}
        className={errorClassName}
      />
    );
  }
  // isPending and isError are both false, so TanStack guarantees data; the cast covers QueryLike.
  const data = q.data as T;
  if (isEmpty?.(data)) return <>{empty ?? null}</>;
  return <>{children(data)}</>;
}

type AllProps = {
  /** The queries that together make one result (each part of the page reads its own data). */
  queries: readonly QueryLike<unknown>[];
  /** What is loading, in words, shown in a LoadingCard while any query is pending. */
  loading?: ReactNode;
  /** A pending placeholder shaped like the result; replaces the LoadingCard. */
  pending?: ReactNode;
  /** The error card's title when every query failed: there is nothing to show. */
  errorTitle: string;
  /** The title of the card above the result when only some failed ("2 of 5 analyses failed"). */
  partialErrorTitle: (failed: number, total: number) => string;
  children: () => ReactNode;
};

/**
 * QueryState for a result made of several queries (the token analysis page's five analyses). A
 * page that shows parts of what it has must not go blank because one part failed, so the states
 * are: every query failed → the standard error card (Retry refetches the failed ones); any still
 * pending → `pending`; otherwise the result, with one "n of m failed" card above it when some
 * failed (each part then says what it is missing on its own). Retry only refetches failures, so
 * the parts that did arrive stay on screen.
 */
export function QueryStateAll({
  queries,
  loading,
  pending,
  errorTitle,
  partialErrorTitle,
  children,
}: AllProps) {
  const failed = queries.filter((q) => q.isError);
  const retrying = queries.some((q) => q.isFetching);
  const retry = () => {
    for (const q of failed) void q.refetch();
  };
  const first = failed[0]?.error as Error | undefined;
  if (queries.length > 0 && failed.length === queries.length)
    return <ErrorState title={errorTitle} error={first} onRetry={retry} retrying={retrying} />;
  if (queries.some((q) => q.isPending))
    return <>{pending ?? <LoadingCard>{loading ?? 'Loading...'}</LoadingCard>}</>;
  return (
    <>
      {failed.length > 0 ? (
        <ErrorState
          title={partialErrorTitle(failed.length, queries.length)}
          error={first}
          onRetry={retry}
          retrying={retrying}
        />
      ) : null}
      {children()}
    </>
  );
}
