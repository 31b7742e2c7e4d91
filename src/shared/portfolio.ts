/** Portfolio Tracker: shared response types (spec §3 Portfolio, Holding, Wallet stats). */
import { z } from 'zod';
import { shownBandSchema, verdictHeadlineSchema } from './verdict-schema';

export const PORTFOLIO_RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type PortfolioRiskLevel = (typeof PORTFOLIO_RISK_LEVELS)[number];

export const holdingSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  isVerified: z.boolean(),
  /** USD; null when the token has no price or unknown decimals (see `unknownReason`). */
  value: z.number().nullable(),
  /** Percent over 24 h; null when unknown. */
  change24h: z.number().nullable(),
  /** Whole tokens (decimal string kept exact in balanceRaw); null when decimals are unknown. */
  balance: z.number().nullable(),
  balanceRaw: z.string(),
  /** null: the token does not answer decimals(). */
  decimals: z.number().nullable(),
  price: z.number().nullable(),
  flabScore: z.number().nullable(),
  /** The FLAB Score's band under the token's verdict, from the token's report; null when unscored. */
  bands: z.object({ flabScore: shownBandSchema.nullable() }),
  /** Percent of the priced portfolio's value; null when the holding is unpriced. */
  allocation: z.number().nullable(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  holders: z.number().nullable(),
  /** The token's verdict (issue 24); null when the token could not be analysed. */
  verdict: verdictHeadlineSchema.nullable(),
  /** Why the value is unknown (no price, unknown decimals); null when valued. */
  unknownReason: z.string().nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const portfolioSchema = z.object({
  address: z.string(),
  totalValue: z.number(),
  /** Percent change of the priced holdings' value over 24 h; null when none has a change. */
  totalChange24h: z.number().nullable(),
  tokenCount: z.number(),
  riskLevel: z.enum(PORTFOLIO_RISK_LEVELS).nullable(),
  avgFlabScore: z.number().nullable(),
  /** null without a priced holding (an empty wallet has no diversification, not 0). */
  diversificationScore: z.number().nullable(),
  /** Holdings left out of the value figures (no price) and of the average score (no score). */
  unpricedCount: z.number(),
  unscoredCount: z.number(),
  holdings: z.array(holdingSchema),
  /** How the figures were computed. */
  method: z.string(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const walletStatsSchema = z.object({
  address: z.string(),
  walletAge: z.number().nullable(),
  firstSeenAt: z.number().nullable(),
  /** Indexed transactions with a token transfer, swap or liquidity event of the wallet (not plain ETH sends). */
  totalTransactions: z.number(),
  /** Transactions the wallet sent (its nonce). */
  sentTransactions: z.number(),
  profitableTokens: z.number(),
  tradedTokens: z.number(),
  /** null when no holding is both scored and priced (an empty wallet is not "conservative"). */
  riskProfile: z.enum(['aggressive', 'moderate', 'conservative']).nullable(),
  /** ETH spent on gas by the transactions counted. */
  gasSpent: z.number(),
  gasSpentUsd: z.number().nullable(),
  gasMethod: z.string(),
});
export type WalletStats = z.infer<typeof walletStatsSchema>;

export const demoWalletSchema = z.object({ address: z.string(), source: z.string() });
export type DemoWallet = z.infer<typeof demoWalletSchema>;
