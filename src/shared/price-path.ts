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
