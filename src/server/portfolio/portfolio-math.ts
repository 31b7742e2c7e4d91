/**
 * Pure portfolio calculators (no I/O). Definitions:
 *   value            = balance × price (USD); null when unpriced (skipped and counted apart)
 *   allocation       = value ÷ total × 100
 *   totalChange24h   = (Σ value − Σ value/(1 + change/100)) ÷ Σ value/(1 + change/100) × 100,
 *                      over holdings with a price and a 24 h change
 *   avgFlabScore     = value-weighted mean of the scored holdings (plain mean if none has value)
 *   riskLevel        = portfolio bands on avgFlabScore: 80+ low, 60+ medium, 40+ high, else critical
 *   diversification  = 100 × (1 − Σ share²)  (Herfindahl concentration; one token = 0)
 *   riskProfile      = share of the scored value in tokens scored below 50: > 50% aggressive,
 *                      > 20% moderate, else conservative; null with no scored value
 *   profitable token = (sell proceeds + remaining balance × current price) > buy cost, all in the
 *                      pool's quote token (WETH), from the wallet's own swaps
 */
import type { PortfolioRiskLevel } from '../../shared/portfolio';
import { levelOf, RISK_PROFILE } from '../../shared/vocabulary';

export type PricedHolding = {
  /** USD; null when the token has no price (or unknown decimals): skipped, never counted as 0. */
  value: number | null;
  change24h: number | null;
  flabScore: number | null;
};

const priced = <T extends { value: number | null }>(hs: readonly T[]) =>
  hs.filter((h): h is T & { value: number } => h.value !== null && Number.isFinite(h.value));

/** Sum of the priced holdings' values (unpriced ones are counted apart, see `unpricedCount`). */
export function totalValue(hs: readonly { value: number | null }[]): number {
  return priced(hs).reduce((s, h) => s + h.value, 0);
}

export const unpricedCount = (hs: readonly { value: number | null }[]): number =>
  hs.length - priced(hs).length;

/** Each holding's share of the priced total (percent); null for an unpriced holding. */
export function allocations(hs: readonly { value: number | null }[]): (number | null)[] {
  const total = totalValue(hs);
  return hs.map((h) => (h.value === null ? null : total > 0 ? (h.value / total) * 100 : 0));
}

/** null when no priced holding has a 24 h change (an empty wallet has no change, not 0 %). */
export function totalChange24h(hs: readonly PricedHolding[]): number | null {
  let now = 0;
  let before = 0;
  let n = 0;
  for (const h of priced(hs)) {
    if (h.change24h === null || !(h.value > 0) || h.change24h <= -100) continue;
    now += h.value;
    before += h.value / (1 + h.change24h / 100);
    n++;
  }
  return n > 0 && before > 0 ? ((now - before) / before) * 100 : null;
}

/** Value-weighted over the scored, priced holdings (plain mean of the scored if none has value). */
export function avgFlabScore(hs: readonly PricedHolding[]): number | null {
  const scored = hs.filter((h) => h.flabScore !== null);
  if (scored.length === 0) return null;
  const w = totalValue(scored);
  if (w > 0) return priced(scored).reduce((s, h) => s + (h.flabScore as number) * h.value, 0) / w;
  return scored.reduce((s, h) => s + (h.flabScore as number), 0) / scored.length;
}

export function portfolioRiskLevel(avg: number | null): PortfolioRiskLevel | null {
  return avg === null ? null : levelOf('portfolioRisk', avg);
}

/** null without a priced holding: an empty wallet has no diversification, not 0. */
export function diversificationScore(hs: readonly { value: number | null }[]): number | null {
  const total = totalValue(hs);
  if (!(total > 0)) return null;
  const hhi = priced(hs).reduce((s, h) => s + (h.value / total) ** 2, 0);
  return Math.max(0, Math.min(100, 100 * (1 - hhi)));
}

/**
 * Share of the scored, priced value in risky tokens (FLAB Score failing the component bands):
 * unscored tokens are not counted as safe, they are left out; null when nothing is scored and
 * priced (an empty wallet is not "conservative").
 */
export function riskProfile(hs: readonly PricedHolding[]): 'aggressive' | 'moderate' | 'conservative' | null {
  const scored = priced(hs).filter((h) => h.flabScore !== null);
  const total = totalValue(scored);
  if (!(total > 0)) return null;
  const risky = scored
    .filter((h) => levelOf('componentOutcome', h.flabScore as number) === 'fail')
    .reduce((s, h) => s + h.value, 0);
  const share = risky / total;
  if (share > RISK_PROFILE.aggressiveAbove) return 'aggressive';
  if (share > RISK_PROFILE.moderateAbove) return 'moderate';
  return 'conservative';
}

export type WalletTrade = { side: 'buy' | 'sell'; tokenAmount: bigint; quoteAmount: bigint };

/**
 * Cost basis in the quote token: profitable when what was sold plus what is still held (at the
 * current quote price per whole token) is worth more than what was paid. Null without buys.
 */
export function isProfitable(
  trades: readonly WalletTrade[],
  heldTokens: number,
  priceInQuote: number | null,
  quoteDecimals = 18,
): boolean | null {
  let cost = 0;
  let proceeds = 0;
  let buys = 0;
  for (const t of trades) {
    const q = Number(t.quoteAmount) / 10 ** quoteDecimals;
    if (t.side === 'buy') {
      cost += q;
      buys++;
    } else proceeds += q;
  }
  if (buys === 0 || priceInQuote === null) return null;
  return proceeds + heldTokens * priceInQuote > cost;
}
