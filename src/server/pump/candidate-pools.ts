/**
 * Which pools the pump finder measures, and which side of each is the token (pure). A pool against
 * WETH or the USD token is the token's own; a pool against any other token (a creator coin, VIRTUAL)
 * counts when that quote has a WETH or USD pool of its own and the token has none — the engine prices
 * it along that path (facts/pools/quote-paths.ts), so the finder sees the same prices (issue 36
 * item 5). A pool of two tokens that each have their own WETH or USD pool is neither's main market:
 * each is measured on its own pool instead.
 */
export type CandidatePool = {
  pair: string;
  token: string;
  quote: string;
  /** The quote is token0 of the pool (its amount0 columns are the quote's). */
  quoteIs0: boolean;
  /** How the quote is priced: WETH, the USD token, or through the quote's own pool. */
  quoteKind: 'weth' | 'usd' | 'path';
};

type PairRow = { pair: string; token0: string; token1: string };

export function candidatePools(
  rows: PairRow[],
  anchors: { weth: string; usd: string | null },
  skip: Set<string>,
): CandidatePool[] {
  const weth = anchors.weth.toLowerCase();
  const usd = anchors.usd?.toLowerCase() ?? null;
  const isAnchor = (a: string) => a === weth || a === usd;
  // Tokens with a pool against WETH or USD: priced on their own, and able to price others.
  const anchored = new Set<string>();
  for (const r of rows) {
    if (isAnchor(r.token0)) anchored.add(r.token1);
    if (isAnchor(r.token1)) anchored.add(r.token0);
  }
  const out: CandidatePool[] = [];
  for (const r of rows) {
    const [a, b] = [r.token0, r.token1];
    if (isAnchor(a) && isAnchor(b)) continue;
    let quoteIs0: boolean;
    if (isAnchor(a) || isAnchor(b)) quoteIs0 = isAnchor(a);
    else if (anchored.has(a) && !anchored.has(b)) quoteIs0 = true;
    else if (anchored.has(b) && !anchored.has(a)) quoteIs0 = false;
    else continue;
    const token = quoteIs0 ? b : a;
    const quote = quoteIs0 ? a : b;
    if (skip.has(token)) continue;
    out.push({
      pair: r.pair,
      token,
      quote,
      quoteIs0,
      quoteKind: quote === weth ? 'weth' : quote === usd ? 'usd' : 'path',
    });
  }
  return out;
}
