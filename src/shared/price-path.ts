/**
 * A price path, as reports show it: the pools a token's price went through when its pool's quote
 * is neither WETH nor USD (this pool first, then the quote's own pools to WETH or USD).
 */
import { z } from 'zod';
import { VENUE_IDS, type VenueId } from './venues';

/** One pool of a price path: `from` priced in `to` (`toSymbol`: the token's own, cleaned). */
export type PricePathLeg = {
  pool: `0x${string}`;
  venue: VenueId;
  from: `0x${string}`;
  to: `0x${string}`;
  toSymbol: string;
};

/** A pool's quote as priced: its decimals and USD worth, and (neither WETH nor USD) its path. */
export type PoolQuoteFacts = {
  /** The quote's decimals (WETH 18, the USD reference 6, any other read from chain); null unknown. */
  quoteDecimals?: number | null;
  /** USD per whole quote token; null when unknown. */
  quoteUsd?: number | null;
  /** A quote neither WETH nor USD: the pools its price went through, and why it was not traded. */
  pricePath?: PricePathLeg[];
  routeNote?: string;
};

/**
 * The quote's decimals as the facts give them; facts without the field (older cached facts, test
 * fixtures) were quoted in WETH (18) or the USD reference (6), as their symbol says.
 */
export function quoteDecimalsOf(p: { quoteDecimals?: number | null; quoteSymbol: string }): number | null {
  if (p.quoteDecimals !== undefined) return p.quoteDecimals;
  return p.quoteSymbol === 'WETH' ? 18 : 6;
}

export const pricePathSchema = z
  .array(
    z.object({
      pool: z.string(),
      venue: z.enum(VENUE_IDS),
      from: z.string(),
      to: z.string(),
      toSymbol: z.string(),
    }),
  )
  .meta({
    description:
      'When the quote is neither WETH nor USD: the pools the price went through, this pool first, then the quote token’s own pools to WETH or USD.',
  });
