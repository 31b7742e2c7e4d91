/**
 * Price candles as they cross the wire (`GET /api/tokens/{address}/candles`): one type for the
 * server that builds them and the page that draws them, inferred from the API contract's schema.
 */
import type { z } from 'zod';
import type { CANDLE_INTERVAL_NAMES, candleSchema, candlesResponseSchema } from './api/market-schemas';

export type Candle = z.infer<typeof candleSchema>;
export type CandlesResponse = z.infer<typeof candlesResponseSchema>;
export type CandleInterval = (typeof CANDLE_INTERVAL_NAMES)[number];
