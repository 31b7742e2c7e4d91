/**
 * Typed TanStack Query hooks for the token analysis endpoints (spec §7), keyed by resource name and
 * address (`['scanner', address]`, `['liquidity', address, amount]`, …) so every page that shows the
 * same token shares one cache entry and one request. Defaults come from the query client (spec §9:
 * no retries, no refetch on focus, never stale unless a refetch interval is given).
 *
 * A hook runs only for a valid address (0x + 40 hex): otherwise it stays idle (`isPending` with
 * `fetchStatus: 'idle'`), so pages can call it unconditionally.
 *
 * Answer types come from the API contract's zod schemas (`ApiResponse<operationId>`, src/shared/api),
 * the same schemas the OpenAPI document and the contract test are made from.
 */
import { isAddress } from '@shared/address';
import type { ApiResponse } from '@shared/api/contract';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { apiGet } from './api';
import { useWait, waitStore, withWaits } from './wait-store';

export { useNetwork } from './use-network';

/** Spec §9 default liquidity amount in USD. */
export const DEFAULT_LIQUIDITY_AMOUNT = 1000;

export type TokenQueryOptions = {
  /** Milliseconds between refetches (spec §9: 30 s on the analysis page, 15 s elsewhere); off by default. */
  refetchInterval?: number | false;
  /** Extra switch on top of the address check (e.g. the liquidity scanner's "after first submit"). */
  enabled?: boolean;
};

/** Query keys by resource, exported so pages can invalidate or refetch them (Refresh buttons). */
export const tokenKeys = {
  scanner: (address: string) => ['scanner', address.toLowerCase()] as const,
  rug: (address: string) => ['rug-detector', address.toLowerCase()] as const,
  whales: (address: string) => ['whale-tracker', address.toLowerCase()] as const,
  liquidity: (address: string, amount: number) => ['liquidity', address.toLowerCase(), amount] as const,
  flabScore: (address: string) => ['flab-score', address.toLowerCase()] as const,
  tokenHealth: (address: string) => ['token-health', address.toLowerCase()] as const,
  report: (address: string) => ['report', address.toLowerCase()] as const,
  /** Every token query for one address (for "Refresh All"): matches keys whose second part is it. */
  all: (address: string) => (key: QueryKey) => key[1] === address.toLowerCase(),
};

/** URL-encodes a path segment; the address is checked first, so this only guards odd inputs. */
const seg = (s: string) => encodeURIComponent(s.toLowerCase());

function useTokenQuery<T>(
  key: QueryKey,
  address: string | null | undefined,
  path: string,
  options: TokenQueryOptions = {},
) {
  const valid = isAddress(address ?? '');
  return useQuery<T>({
    queryKey: key,
    // A cold token's read may wait in the server's line or for this client's allowance: each wait is
    // reported under the query's key (wait-store.ts), so the page can say so while it stays pending.
    queryFn: ({ signal, queryKey }) =>
      withWaits(waitStore, queryKey, (onWait) => apiGet<T>(path, signal, onWait)),
    enabled: valid && (options.enabled ?? true),
    refetchInterval: options.refetchInterval ?? false,
  });
}

export function useScanner(address: string | null | undefined, options?: TokenQueryOptions) {
  const a = address ?? '';
  return useTokenQuery<ApiResponse<'getScanner'>>(tokenKeys.scanner(a), a, `/api/scanner/${seg(a)}`, options);
}

export function useRug(address: string | null | undefined, options?: TokenQueryOptions) {
  const a = address ?? '';
  return useTokenQuery<ApiResponse<'getRugDetector'>>(
    tokenKeys.rug(a),
    a,
    `/api/rug-detector/${seg(a)}`,
    options,
  );
}

export function useWhales(address: string | null | undefined, options?: TokenQueryOptions) {
  const a = address ?? '';
  return useTokenQuery<ApiResponse<'getWhaleTracker'>>(
    tokenKeys.whales(a),
    a,
    `/api/whale-tracker/${seg(a)}`,
    options,
  );
}

export function useLiquidity(
  address: string | null | undefined,
  amount: number = DEFAULT_LIQUIDITY_AMOUNT,
  options?: TokenQueryOptions,
) {
  const a = address ?? '';
  const usd = Number.isFinite(amount) && amount > 0 ? amount : DEFAULT_LIQUIDITY_AMOUNT;
  return useTokenQuery<ApiResponse<'getLiquidity'>>(
    tokenKeys.liquidity(a, usd),
    a,
    `/api/liquidity/${seg(a)}?amount=${encodeURIComponent(String(usd))}`,
    options,
  );
}

export function useFlabScore(address: string | null | undefined, options?: TokenQueryOptions) {
  const a = address ?? '';
  return useTokenQuery<ApiResponse<'getFlabScore'>>(
    tokenKeys.flabScore(a),
    a,
    `/api/flab-score/${seg(a)}`,
    options,
  );
}

export function useTokenHealth(address: string | null | undefined, options?: TokenQueryOptions) {
  const a = address ?? '';
  return useTokenQuery<ApiResponse<'getTokenHealth'>>(
    tokenKeys.tokenHealth(a),
    a,
    `/api/token-health/${seg(a)}`,
    options,
  );
}

/** Everything about one token in one call (`/api/tokens/{address}/report`), including its facts. */
export function useReport(address: string | null | undefined, options?: TokenQueryOptions) {
  const a = address ?? '';
  return useTokenQuery<ApiResponse<'getTokenReport'>>(
    tokenKeys.report(a),
    a,
    `/api/tokens/${seg(a)}/report`,
    options,
  );
}

/** The latest wait of any query of one token (its line place or its allowance), live; null when none waits. */
export function useTokenWait(address: string) {
  return useWait(tokenKeys.all(address));
}

/** The error text to show for a failed query (spec §8: '{status}: {text}'). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'The request failed.';
}
