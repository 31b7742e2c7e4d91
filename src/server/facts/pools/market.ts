/**
 * The pools' market figures: what the report's default USD amount buys, in each pool's quote token,
 * and the venues' second-round reads (depth within ±2%, the default buy's quote) put into the facts.
 */
import type { Address, PublicClient } from 'viem';
import { DEFAULT_AMOUNT_USD } from '../../../shared/vocabulary';
import type { QuotePrices } from '../../venues/price-path';
import type { VenueRegistry } from '../../venues/registry';
import type { MarketAnswer, PoolState } from '../../venues/venue';
import type { PoolFacts } from '../types';

/** The USD stablecoin's decimals (USDC on Base and its look-alike locally). */
export const USD_DECIMALS = 6;

export type QuotePricing = {
  /** USD per quote token (WETH at the ETH price, the USD token at 1, others along their path); null when unknown. */
  quoteUsdOf: (s: PoolState) => number | null;
  /** ETH per quote token; null when unknown. */
  quoteEthOf: (s: PoolState) => number | null;
  /** The quote's decimals (read from chain for a quote other than WETH and USD); null when unknown. */
  decimalsOfQuote: (s: PoolState) => number | null;
  /** Quote base units worth DEFAULT_AMOUNT_USD (the report's default buy); null when unpriced. */
  buyAmountIn: (s: PoolState) => bigint | null;
};

export function quotePricing(weth: string, ethUsd: number | null, quotes?: QuotePrices): QuotePricing {
  const other = (s: PoolState) => {
    const q = quotes?.get(s.quote);
    return q && !('unpriced' in q.path) ? { ...q.path, decimals: q.decimals } : null;
  };
  const isUsd = (s: PoolState) => s.quote !== weth && !quotes?.has(s.quote);
  const quoteUsdOf = (s: PoolState) =>
    s.quote === weth ? ethUsd : isUsd(s) ? 1 : (other(s)?.quoteUsd ?? null);
  const quoteEthOf = (s: PoolState) =>
    s.quote === weth ? 1 : isUsd(s) ? (ethUsd ? 1 / ethUsd : null) : (other(s)?.quoteEth ?? null);
  const decimalsOfQuote = (s: PoolState) =>
    s.quote === weth ? 18 : isUsd(s) ? USD_DECIMALS : (other(s)?.decimals ?? null);
  const buyAmountIn = (s: PoolState): bigint | null => {
    const quoteUsd = quoteUsdOf(s);
    const decimals = decimalsOfQuote(s);
    if (quoteUsd === null || !(quoteUsd > 0) || decimals === null) return null;
    return BigInt(Math.floor((DEFAULT_AMOUNT_USD / quoteUsd) * 10 ** decimals));
  };
  return { quoteUsdOf, quoteEthOf, decimalsOfQuote, buyAmountIn };
}

/** The second-round market reads into the pools' facts: depth within ±2% and the default buy's quote. */
export function addMarketFigures(
  poolFacts: PoolFacts[],
  states: PoolState[],
  market: Map<string, MarketAnswer>,
  pricing: QuotePricing,
): void {
  for (const p of poolFacts) {
    const s = states.find((x) => x.pair === p.pair);
    const m = market.get(p.pair);
    if (!s || !m) continue;
    const quoteUsd = pricing.quoteUsdOf(s);
    const decimalsOfQuote = pricing.decimalsOfQuote(s);
    p.depthUsd2Pct =
      m.depthQuote2Pct === null || quoteUsd === null || decimalsOfQuote === null
        ? null
        : (Number(m.depthQuote2Pct) / 10 ** decimalsOfQuote) * quoteUsd;
    const amountIn = pricing.buyAmountIn(s);
    p.buyQuote =
      amountIn === null ? null : { amountUsd: DEFAULT_AMOUNT_USD, amountIn, amountOut: m.buyAmountOut };
  }
}

/**
 * The venues' second-round reads for every pool that has one (V3), one call per venue, by pool
 * address. A failure leaves the first-round figures (depth unknown) rather than failing the report.
 */
export async function readMarkets(
  venues: VenueRegistry,
  client: PublicClient,
  token: Address,
  states: PoolState[],
  buyAmountIn: (s: PoolState) => bigint | null,
): Promise<Map<string, MarketAnswer>> {
  const out = new Map<string, MarketAnswer>();
  await Promise.all(
    venues.venues.map(async (v) => {
      const mine = states.filter((s) => s.venue === v.id);
      if (!v.readMarket || mine.length === 0) return;
      const answers = await v
        .readMarket(
          client,
          token,
          mine.map((pool) => ({ pool, buyAmountIn: buyAmountIn(pool) })),
        )
        .catch(() => null);
      mine.forEach((s, i) => {
        const a = answers?.[i];
        if (a) out.set(s.pair, a);
      });
    }),
  );
  return out;
}
