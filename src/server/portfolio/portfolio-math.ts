/**
 * Pure portfolio calculators (no I/O). Definitions:
 *   value            = balance × price (USD); unpriced tokens count 0
 *   allocation       = value ÷ total × 100
 *   totalChange24h   = (Σ value − Σ value/(1 + change/100)) ÷ Σ value/(1 + change/100) × 100,
 *                      over holdings with a price and a 24 h change
 *   avgFlabScore     = value-weighted mean of the scored holdings (plain mean if none has value)
 *   riskLevel        = portfolio bands on avgFlabScore: 80+ low, 60+ medium, 40+ high, else critical
 *   diversification  = 100 × (1 − Σ share²)  (Herfindahl concentration; one token = 0)
 *   riskProfile      = share of value in tokens scored below 50: > 50% aggressive, > 20% moderate,
 *                      else conservative
 *   profitable token = (sell proceeds + remaining balance × current price) > buy cost, all in the
 *                      pool's quote token (WETH), from the wallet's own swaps
 */
import type { PortfolioRiskLevel } from '../../shared/portfolio';
import { levelOf } from '../../shared/vocabulary';

export type PricedHolding = {
  value: number;
  change24h: number | null;
  flabScore: number | null;
};

export function totalValue(hs: readonly { value: number }[]): number {
  return hs.reduce((s, h) => s + h.value, 0);
}

export function allocations(hs: readonly { value: number }[]): number[] {
  const total = totalValue(hs);
  return hs.map((h) => (total > 0 ? (h.value / total) * 100 : 0));
}

export function totalChange24h(hs: readonly PricedHolding[]): number {
  let now = 0;
  let before = 0;
  for (const h of hs) {
    if (h.change24h === null || !(h.value > 0) || h.change24h <= -100) continue;
    now += h.value;
    before += h.value / (1 + h.change24h / 100);
  }
  return before > 0 ? ((now - before) / before) * 100 : 0;
}

export function avgFlabScore(hs: readonly PricedHolding[]): number | null {
  const scored = hs.filter((h) => h.flabScore !== null);
  if (scored.length === 0) return null;
  const w = totalValue(scored);
  if (w > 0) return scored.reduce((s, h) => s + (h.flabScore as number) * h.value, 0) / w;
  return scored.reduce((s, h) => s + (h.flabScore as number), 0) / scored.length;
}

export function portfolioRiskLevel(avg: number | null): PortfolioRiskLevel | null {
  return avg === null ? null : levelOf('portfolioRisk', avg);
}

export function diversificationScore(hs: readonly { value: number }[]): number {
  const total = totalValue(hs);
  if (!(total > 0)) return 0;
  const hhi = hs.reduce((s, h) => s + (h.value / total) ** 2, 0);
  return Math.max(0, Math.min(100, 100 * (1 - hhi)));
}

export function riskProfile(hs: readonly PricedHolding[]): 'aggressive' | 'moderate' | 'conservative' {
  const total = totalValue(hs);
  if (!(total > 0)) return 'conservative';
  const risky = hs.filter((h) => h.flabScore !== null && h.flabScore < 50).reduce((s, h) => s + h.value, 0);
  const share = risky / total;
  if (share > 0.5) return 'aggressive';
  if (share > 0.2) return 'moderate';
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
