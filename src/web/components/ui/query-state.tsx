/**
 * One shape for a query's pending / error / empty states (issue 21), so pages stop hand-building
 * the same if-chain: pending shows `pending` (a LoadingCard by default), an error shows ErrorState
 * with a retry (or `error(e)` when the page has a special case), empty data shows `empty`, and
 * otherwise `children(data)` renders.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState } from '../analysis/error-state';
import { LoadingCard } from './stat-card';

type Props<T> = {
  query: UseQueryResult<T>;
  /** What is loading, in words ("Analyzing whale activity..."). */
  loading: ReactNode;
  /** The error card's title. */
  errorTitle: string;
  /** A page-specific rendering of an error; return null to fall back to the standard card. */
  error?: (e: Error) => ReactNode | null;
  /** Whether the data is empty, and what to show then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
};

export function QueryState<T>({ query: q, loading, errorTitle, error, isEmpty, empty, children }: Props<T>) {
  if (q.isPending) return <LoadingCard>{loading}</LoadingCard>;
  if (q.isError) {
    const special = error?.(q.error);
    if (special) return special;
    return (
      <ErrorState
        title={errorTitle}
        error={q.error}
        onRetry={() => void q.refetch()}
        retrying={q.isFetching}
      />
    );
  }
  if (isEmpty?.(q.data)) return <>{empty ?? null}</>;
  return <>{children(q.data)}</>;
}
