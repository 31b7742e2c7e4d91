import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiGet } from './api';

/**
 * Default read for queries keyed by their URL (`useQuery({ queryKey: ['/api/network'] })`).
 * Spec §7: reads may be configured to yield null on 401; the default is failure.
 */
export function getQueryFn<T>(options: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const path = queryKey.join('/');
    try {
      return await apiGet<T>(path, signal);
    } catch (e) {
      if (options.on401 === 'returnNull' && e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  };
}

/**
 * Spec §9: no automatic retries, no refetch on window focus, data never stale unless a page sets a
 * refetch interval. A factory rather than a module singleton so tests get a fresh cache.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
