/**
 * Price impact of the user's USD amount by asking the main pool's venue for a real quote (QuoterV2
 * by eth_call for V3): impact = 1 − tokens received / tokens at the pre-trade price, fee included,
 * the same definition the V2 formula uses. V2 pairs keep the constant-product formula (undefined here).
 */

import type { PublicClient } from 'viem';
import { quoteDecimalsOf } from '../../../shared/price-path';
import type { VenueRegistry } from '../../venues/registry';
import type { TokenReportFacts } from '../types';

/** undefined: the analyser's own formula applies (V2); null: the venue could not quote. */
export async function quotedPriceImpactPct(
  client: PublicClient,
  venues: VenueRegistry,
  facts: TokenReportFacts,
  amountUsd: number,
): Promise<number | null | undefined> {
  const p = facts.mainPool;
  if (!p || p.venue === 'uniswap-v2') return undefined;
  const venue = venues.get(p.venue);
  const decimals = facts.token.decimals;
  if (!venue || decimals === null || p.priceUsd === null || !(p.priceUsd > 0)) return null;
  if (!(amountUsd > 0)) return 0;
  const quoteIsWeth = p.quoteSymbol === 'WETH' && p.pricePath === undefined;
  const quoteDecimals = quoteDecimalsOf(p);
  // The quote's own worth when the facts carry it (any quote), else WETH at the ETH price, USD at 1.
  const quoteUsd =
    p.quoteUsd !== undefined ? p.quoteUsd : quoteIsWeth ? (p.priceEth ? p.priceUsd / p.priceEth : null) : 1;
  if (quoteUsd === null || !(quoteUsd > 0) || quoteDecimals === null) return null;
  // The default amount's quote was asked with the pool's other reads; any other amount asks now.
  const asked = p.buyQuote?.amountUsd === amountUsd ? p.buyQuote : null;
  const inWhole = amountUsd / quoteUsd;
  const amountIn = asked ? asked.amountIn : BigInt(Math.floor(inWhole * 10 ** quoteDecimals));
  if (amountIn <= 0n) return 0;
  const out = asked
    ? asked.amountOut
    : await venue.quote(
        client,
        {
          pair: p.pair,
          token: facts.token.address,
          quote: p.quoteToken,
          fee: p.feeTier,
          tokenReserve: p.tokenReserve,
          quoteReserve: p.quoteReserve,
        },
        p.quoteToken,
        amountIn,
      );
  if (out === null) return null;
  const spot = p.priceUsd / quoteUsd; // quote per token
  const outWhole = Number(out) / 10 ** decimals;
  const atSpot = Number(amountIn) / 10 ** quoteDecimals / spot;
  if (!(atSpot > 0)) return null;
  const impact = Math.max(0, 1 - outWhole / atSpot) * 100;
  return Math.round(impact * 100) / 100;
}
