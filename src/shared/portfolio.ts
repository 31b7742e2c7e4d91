/** Portfolio Tracker: shared response types (spec §3 Portfolio, Holding, Wallet stats). */
import { z } from 'zod';
import { verdictHeadlineSchema } from './verdict-schema';

export const PORTFOLIO_RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export type PortfolioRiskLevel = (typeof PORTFOLIO_RISK_LEVELS)[number];

export const holdingSchema = z.object({
  address: z.string(),
  symbol: z.string(),
  name: z.string(),
  isVerified: z.boolean(),
  /** USD; 0 when the token has no price. */
  value: z.number(),
  /** Percent over 24 h; null when unknown. */
  change24h: z.number().nullable(),
  /** Whole tokens (decimal string kept exact in balanceRaw). */
  balance: z.number(),
  balanceRaw: z.string(),
  decimals: z.number(),
  price: z.number().nullable(),
  flabScore: z.number().nullable(),
  /** Percent of the portfolio's value. */
  allocation: z.number(),
  marketCap: z.number().nullable(),
  volume24h: z.number().nullable(),
  holders: z.number().nullable(),
  /** The token's verdict (issue 24); null when the token could not be analysed. */
  verdict: verdictHeadlineSchema.nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const portfolioSchema = z.object({
  address: z.string(),
  totalValue: z.number(),
  /** Percent change of the priced holdings' value over 24 h. */
  totalChange24h: z.number(),
  tokenCount: z.number(),
  riskLevel: z.enum(PORTFOLIO_RISK_LEVELS).nullable(),
  avgFlabScore: z.number().nullable(),
  diversificationScore: z.number(),
  holdings: z.array(holdingSchema),
  /** How the figures were computed. */
  method: z.string(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

export const walletStatsSchema = z.object({
  address: z.string(),
  walletAge: z.number().nullable(),
  firstSeenAt: z.number().nullable(),
  totalTransactions: z.number(),
  /** Transactions the wallet sent (its nonce). */
  sentTransactions: z.number(),
  profitableTokens: z.number(),
  tradedTokens: z.number(),
  riskProfile: z.enum(['aggressive', 'moderate', 'conservative']),
  /** ETH spent on gas by the transactions counted. */
  gasSpent: z.number(),
  gasSpentUsd: z.number().nullable(),
  gasMethod: z.string(),
});
export type WalletStats = z.infer<typeof walletStatsSchema>;

export const demoWalletSchema = z.object({ address: z.string(), source: z.string() });
export type DemoWallet = z.infer<typeof demoWalletSchema>;
