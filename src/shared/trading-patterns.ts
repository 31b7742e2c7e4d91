/**
 * Trading-pattern findings (issue 39), shared by the server's analysis, the API schemas and the
 * browser: snipers and bundled buys, wash-traded volume. The types are the API schemas'
 * (api/trading-patterns-schema.ts), so the document and the answers cannot drift.
 */
import type { z } from 'zod';
import type * as S from './api/trading-patterns-schema';

export type PatternStatus = z.infer<typeof S.patternStatusSchema>;
export type PatternWallet = z.infer<typeof S.patternWalletSchema>;
export type BuyerGroup = z.infer<typeof S.buyerGroupSchema>;
export type SniperFinding = z.infer<typeof S.sniperFindingSchema>;
export type WashWallet = z.infer<typeof S.washWalletSchema>;
export type WashFinding = z.infer<typeof S.washFindingSchema>;
export type TradingPatterns = z.infer<typeof S.tradingPatternsSchema>;

/** What a finding says while the index has not reached the head (never "none found"). */
export const PATTERNS_INDEXING = 'unknown: indexing';
export type LineageToken = z.infer<typeof S.lineageTokenSchema>;
export type LineageFinding = z.infer<typeof S.lineageFindingSchema>;
