/**
 * Price candles from our own index (`GET /api/tokens/{address}/candles`): the shape the server
 * answers with (its type is the API contract's, src/shared/api) and a query hook.
 */
import { isAddress } from '@shared/address';
import type { CandleInterval, CandlesResponse } from '@shared/candles';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api';

export type { Candle, CandleInterval, CandlesResponse } from '@shared/candles';
export const CANDLE_INTERVALS: readonly CandleInterval[] = ['15m', '1h', '1d'];

/** Buckets asked for per interval: two days of 15 min, four days of hours, two months of days. */
export const CANDLE_LIMITS: Record<CandleInterval, number> = { '15m': 192, '1h': 96, '1d': 60 };

export const candleKeys = {
  candles: (address: string, interval: CandleInterval) =>
    ['candles', address.toLowerCase(), interval] as const,
};

export function useCandles(
  address: string | null | undefined,
  interval: CandleInterval,
  options: { refetchInterval?: number | false } = {},
) {
  const a = (address ?? '').toLowerCase();
  return useQuery<CandlesResponse>({
    queryKey: candleKeys.candles(a, interval),
    queryFn: ({ signal }) =>
      apiGet<CandlesResponse>(
        `/api/tokens/${encodeURIComponent(a)}/candles?interval=${interval}&limit=${CANDLE_LIMITS[interval]}`,
        signal,
      ),
    enabled: isAddress(a),
    refetchInterval: options.refetchInterval ?? false,
  });
}
