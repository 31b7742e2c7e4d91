/**
 * Impersonation (pure): a token carrying the name or symbol of a well-known Base token at another
 * address — a common way to fool wallets and traders. Names are compared after folding case,
 * spacing, punctuation, a leading "$" and the Cyrillic and Greek letters that look Latin, so "USDС"
 * (Cyrillic С) or "u.s.d.c" is USDC. The real token's address is this network's (the local chain's
 * deployment of it, or Base's); a token named like one the network does not have is still an
 * impersonation of the Base token.
 */
import type { Address } from '../../shared/network';
import { WELL_KNOWN_TOKENS } from '../chain/base-mainnet';
import type { NetworkDescription } from '../chain/network';
import type { ImpersonationFacts } from './types';

/** Letters from other scripts that render like Latin ones (the common confusables). */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  н: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  о: 'o',
  р: 'p',
  ѕ: 's',
  т: 't',
  х: 'x',
  у: 'y',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ℓ: 'l',
  '0': 'o',
};

/** Case, width, spacing, punctuation and look-alike letters folded away. */
export function foldName(s: string): string {
  return [...s.normalize('NFKC').toLowerCase()]
    .map((ch) => LOOK_ALIKES[ch] ?? ch)
    .join('')
    .replace(/[^a-z0-9]/g, '');
}

/** This network's address of a well-known token (null: the network has none). */
function canonicalOn(network: NetworkDescription, symbol: string, baseAddress: Address): Address | null {
  if (network.mode === 'base') return baseAddress;
  if (symbol === 'WETH') return network.contracts.weth.toLowerCase() as Address;
  if (symbol === 'USDC') return network.contracts.usd.toLowerCase() as Address;
  const local = network.tokens[symbol];
  return local ? (local.toLowerCase() as Address) : null;
}

export function findImpersonation(
  token: { address: string; name: string | null; symbol: string | null },
  network: NetworkDescription,
): ImpersonationFacts | null {
  const name = token.name ? foldName(token.name) : '';
  const symbol = token.symbol ? foldName(token.symbol) : '';
  if (!name && !symbol) return null;
  const me = token.address.toLowerCase();
  for (const k of WELL_KNOWN_TOKENS) {
    const canonical = canonicalOn(network, k.symbol, k.address);
    // The network's own copy of the token (or Base's address, which the local chain may also hold).
    if (me === canonical || me === k.address.toLowerCase()) continue;
    const bySymbol = symbol !== '' && symbol === foldName(k.symbol);
    const byName = name !== '' && (k.names.some((n) => foldName(n) === name) || name === foldName(k.symbol));
    if (!bySymbol && !byName) continue;
    return {
      symbol: k.symbol,
      name: k.names[0] ?? k.symbol,
      matched: bySymbol && byName ? 'name and symbol' : bySymbol ? 'symbol' : 'name',
      canonical,
      baseAddress: k.address,
    };
  }
  return null;
}
