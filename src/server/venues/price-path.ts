/**
 * How a quote token is priced when it is neither WETH nor the USD reference: through its own pools
 * to one of them (a creator coin through its WETH pool; a coin quoted in ZORA through ZORA's pool).
 * The analysed token's pool is the first of at most MAX_PRICE_POOLS pools, so a quote path holds at
 * most MAX_PRICE_POOLS - 1. No token is visited twice and the analysed token never: a price that
 * comes back through itself is no price. Pure: the pools are already read.
 */
import type { Address } from 'viem';
import type { VenueId } from './venue';

/** Pools from the analysed token to WETH or USD, its own pool included. */
export const MAX_PRICE_POOLS = 3;

/** One pool between two tokens, as read: the price of `a` in `b` and each side's balance. */
export type HopPool = {
  pool: Address;
  venue: VenueId;
  a: Address;
  b: Address;
  /** Whole units of b per whole unit of a; null when the pool has no price (empty, uninitialised). */
  bPerA: number | null;
  /** Each side's balance in whole units. */
  aReserve: number;
  bReserve: number;
};

/** One step of a price path: `from` priced in `to` through `pool`. */
export type PriceLeg = {
  pool: Address;
  venue: VenueId;
  from: Address;
  to: Address;
  price: number;
  /** `to`'s symbol (cleaned, attacker-written) when read; WETH and USD by name. */
  toSymbol?: string | null;
};

export type QuotePath =
  | {
      /** The legs from the quote token to the anchor, in order (empty: the quote is the anchor). */
      legs: PriceLeg[];
      anchor: 'WETH' | 'USD';
      /** USD and ETH per whole quote token, along the legs; null when the ETH price is unknown. */
      quoteUsd: number | null;
      quoteEth: number | null;
    }
  | { unpriced: string };

/** What each quote on a path is worth, from the hop pools' state: its decimals, symbol and path. */
export type QuotePrices = Map<string, { decimals: number | null; symbol: string | null; path: QuotePath }>;

type Anchors = { weth: Address; usd: Address; ethUsd: number | null };

/**
 * The quote token's path to WETH or USD through `pools`, never through `token` (the analysed one):
 * of the paths found, the one whose shallowest pool holds the most value on its quote side.
 */
export function findQuotePath(token: Address, quote: Address, pools: HopPool[], x: Anchors): QuotePath {
  const q = lower(quote);
  const anchorOf = (t: Address) => (t === lower(x.weth) ? 'WETH' : t === lower(x.usd) ? 'USD' : null);
  const direct = anchorOf(q);
  if (direct) return anchored([], direct, x.ethUsd);
  const edges = pools.flatMap(edgesOf);
  const found: { legs: PriceLeg[] | null; depth: number; anchor: 'WETH' | 'USD' }[] = [];
  const walk = (at: Address, seen: Set<string>, legs: Edge[]) => {
    if (legs.length >= MAX_PRICE_POOLS - 1) return;
    for (const e of edges) {
      if (e.from !== at || seen.has(e.to) || e.to === lower(token)) continue;
      const path = [...legs, e];
      const anchor = anchorOf(e.to);
      if (anchor) found.push({ ...scored(path, anchor, x.ethUsd), anchor });
      else walk(e.to, new Set([...seen, e.to]), path);
    }
  };
  walk(q, new Set([q]), []);
  const best = found.filter((f) => f.legs !== null).sort((a, b) => b.depth - a.depth)[0];
  if (best?.legs) return anchored(best.legs, best.anchor, x.ethUsd);
  if (found.length > 0)
    return { unpriced: `every pool path from ${q} to WETH or USD has a pool with no price (empty)` };
  return {
    unpriced: `no pool path from ${q} to WETH or a USD token within ${MAX_PRICE_POOLS} pools`,
  };
}

type Edge = {
  pool: Address;
  venue: VenueId;
  from: Address;
  to: Address;
  price: number | null;
  toReserve: number;
};

/** A pool read both ways: a in b, and b in a. */
function edgesOf(p: HopPool): Edge[] {
  const a = lower(p.a);
  const b = lower(p.b);
  const inverse = p.bPerA !== null && p.bPerA > 0 ? 1 / p.bPerA : null;
  return [
    { pool: p.pool, venue: p.venue, from: a, to: b, price: p.bPerA, toReserve: p.bReserve },
    { pool: p.pool, venue: p.venue, from: b, to: a, price: inverse, toReserve: p.aReserve },
  ];
}

/**
 * The path's legs and its depth: the smallest quote-side value of its pools, in the anchor (each
 * leg's `to` reserve priced along the rest of the path). A pool without a price makes no legs.
 */
function scored(path: Edge[], anchor: 'WETH' | 'USD', ethUsd: number | null) {
  if (path.some((e) => e.price === null || !(e.price > 0))) return { legs: null, depth: 0 };
  const legs = path.map((e) => ({
    pool: e.pool,
    venue: e.venue,
    from: e.from,
    to: e.to,
    price: e.price as number,
  }));
  let depth = Number.POSITIVE_INFINITY;
  // Walking back from the anchor: `value` is the anchor per whole unit of the leg's `to`.
  let value = 1;
  for (let i = path.length - 1; i >= 0; i--) {
    const e = path[i] as Edge;
    depth = Math.min(depth, e.toReserve * value);
    value *= e.price as number;
  }
  // Compared across anchors in USD where the ETH price is known (else WETH paths rank as is).
  return { legs, depth: anchor === 'WETH' && ethUsd ? depth * ethUsd : depth };
}

function anchored(legs: PriceLeg[], anchor: 'WETH' | 'USD', ethUsd: number | null): QuotePath {
  const inAnchor = legs.reduce((v, l) => v * l.price, 1);
  const known = ethUsd !== null && ethUsd > 0;
  if (anchor === 'WETH')
    return { legs, anchor, quoteUsd: known ? inAnchor * ethUsd : null, quoteEth: inAnchor };
  return { legs, anchor, quoteUsd: inAnchor, quoteEth: known ? inAnchor / ethUsd : null };
}

const lower = (a: Address) => a.toLowerCase() as Address;
