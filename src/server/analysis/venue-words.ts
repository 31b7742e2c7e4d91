/**
 * What to say when a token has no pool we can read. A token whose pools all sit on a DEX we have
 * no venue module for is not illiquid: we just cannot see its liquidity, and must say so.
 */
import type { PoolFacts, TokenReportFacts } from '../facts/types';
import { short } from './pattern-units';

export function tradesOnlyOnUnreadVenue(f: Pick<TokenReportFacts, 'mainPool' | 'unreadPools'>): boolean {
  return !f.mainPool && (f.unreadPools?.length ?? 0) > 0;
}

/** The sentence for "no readable pool", with what follows from it. */
export function noPoolSentence(
  f: Pick<TokenReportFacts, 'mainPool' | 'unreadPools'>,
  consequence = 'so it cannot be traded',
): string {
  if (tradesOnlyOnUnreadVenue(f)) {
    const n = f.unreadPools?.length ?? 0;
    return `The token trades only on a venue we do not read yet (${n} pool${n === 1 ? '' : 's'}), so its liquidity could not be measured.`;
  }
  return `The token has no liquidity pool, ${consequence}.`;
}

/**
 * What a check that needs a pool says without one: `none` when the token has no pool, and "could
 * not be checked" when its pools sit on a venue we do not read (never "there is no pool").
 */
export function withoutPool(
  f: Pick<TokenReportFacts, 'mainPool' | 'unreadPools'>,
  none: string,
  what: string,
): string {
  return tradesOnlyOnUnreadVenue(f)
    ? `The token trades only on a venue we do not read yet, so ${what} could not be checked.`
    : none;
}

/**
 * The pools a price went through, named, for a pool quoted in neither WETH nor USD: " Priced through
 * 2 pools: → CC (pool 0xab…cd), → WETH (pool 0x12…34)." Empty for a WETH or USD quote. Symbols are
 * the tokens' own (cleaned) and shown as data, never trusted.
 */
export function pricePathSentence(pool: Pick<PoolFacts, 'pricePath' | 'venueLabel'>): string {
  const legs = pool.pricePath ?? [];
  if (legs.length === 0) return '';
  const steps = legs.map((l) => `→ ${l.toSymbol} (${l.venue} pool ${short(l.pool)})`).join(', ');
  return ` Priced through ${legs.length} pools: ${steps}.`;
}
