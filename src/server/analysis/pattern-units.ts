/** Units the trading-pattern analysers share: whole amounts, shares of supply, short addresses. Pure. */
import { unitsToNumber } from '../../shared/analysis';
import type { TradingPatternFacts } from '../facts/types';

/** The facts when the index was read (the other statuses say why they were not). */
export type ReadPatterns = Extract<TradingPatternFacts, { status: 'read' }>;

/** Whole units when the decimals are known; raw units (as read) when they are not. */
export const amountOf = (raw: bigint, decimals: number | null): number =>
  decimals === null ? Number(raw) : unitsToNumber(raw, decimals);

/** Share (0..1) of the total supply `wallets` hold now; null when the supply is unknown. */
export function sumShares(f: ReadPatterns, wallets: string[]): number | null {
  if (f.totalSupply === null || f.totalSupply <= 0n) return null;
  const held = wallets.reduce((s, w) => s + (f.balances[w] ?? 0n), 0n);
  // Parts per million in integer arithmetic, then a share.
  return Number((held * 1_000_000n) / f.totalSupply) / 1_000_000;
}

export const shareOfSupply = (f: ReadPatterns, wallet: string) => sumShares(f, [wallet]);

export const short = (a: string) => (a.length > 12 ? `${a.slice(0, 6)}…${a.slice(-4)}` : a);

/**
 * Why the patterns cannot be judged from these facts (indexing, no pool, a failed read, nothing of
 * the pool indexed yet), or the facts as read. One rule for every pattern analyser.
 */
export function readOrWhyNot(
  facts: TradingPatternFacts | undefined,
  indexing: string,
): { read: ReadPatterns } | { unknown: string } {
  if (!facts || facts.status === 'indexing') return { unknown: indexing };
  if (facts.status === 'no_pool') return { unknown: 'no pool to read.' };
  if (facts.status === 'error') return { unknown: facts.message };
  if (facts.launchBlock === null)
    return { unknown: `${indexing} (no liquidity or swap of the pool indexed)` };
  return { read: facts };
}
