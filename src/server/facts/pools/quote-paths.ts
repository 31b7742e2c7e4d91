/**
 * Tokens quoted in another token (a creator coin, ZORA, VIRTUAL): the quote's own pools toward WETH
 * or USD, found in the index (no RPC), then read beside the token's pools in the pool-state round
 * with each quote's decimals and symbol. The path itself is chosen by venues/price-path.ts.
 */
import { type Address, erc20Abi, type PublicClient } from 'viem';
import type { Db } from '../../db/client';
import { findQuotePath, type HopPool, type QuotePath, type QuotePrices } from '../../venues/price-path';
import type { VenueRegistry } from '../../venues/registry';
import { type PoolRef, type PoolState, priceInQuote } from '../../venues/venue';
import { cleanTokenText } from '../token-reads';
import { indexedPools, known } from './indexed-pools';
import { USD_DECIMALS } from './market';

/** Quote tokens looked into per token, and tokens per step beyond them: a bound on index reads. */
const MAX_QUOTES = 4;
const MAX_FAN_OUT = 8;

/** A pool on some quote's path, with the side it is read from (the one nearer the analysed token). */
export type HopRef = { ref: PoolRef; base: Address };

/**
 * The quote tokens (other than WETH and USD) among `others` that the index links to WETH or USD in
 * at most MAX_PRICE_POOLS - 1 pools, never through `token`, with those pools.
 */
export async function findHopPools(
  db: Db,
  venues: VenueRegistry,
  token: Address,
  others: Address[],
  anchors: { weth: string; usd: string },
): Promise<{ quotes: Set<string>; hops: HopRef[] }> {
  const isAnchor = (a: string) => a === anchors.weth || a === anchors.usd;
  const poolsOf = async (t: Address) =>
    (await indexedPools(db, venues, t, anchors.weth))
      .filter(known)
      .map((p) => ({ ref: p, base: t, other: (p.token0 === t ? p.token1 : p.token0) as Address }))
      .filter((p) => p.other !== token && p.other !== t);
  const quotes = new Set<string>();
  const hops = new Map<string, HopRef>();
  const keep = (h: HopRef) => hops.set(`${h.ref.pool}:${h.base}`, h);
  for (const q of [...new Set(others)].filter((o) => !isAnchor(o)).slice(0, MAX_QUOTES)) {
    const first = await poolsOf(q);
    for (const p of first.filter((p) => isAnchor(p.other))) keep(p);
    if (first.some((p) => isAnchor(p.other))) quotes.add(q);
    // One step further: the quote's pools against a token that has a WETH or USD pool of its own.
    const via = [...new Set(first.filter((p) => !isAnchor(p.other)).map((p) => p.other))].slice(
      0,
      MAX_FAN_OUT,
    );
    for (const r of via) {
      const second = (await poolsOf(r)).filter((p) => isAnchor(p.other) && p.other !== q);
      if (second.length === 0) continue;
      quotes.add(q);
      for (const p of [...second, ...first.filter((f) => f.other === r)]) keep(p);
    }
  }
  return { quotes, hops: [...hops.values()] };
}

export type { QuotePrices } from '../../venues/price-path';

/** The hop pools' state and the non-anchor tokens' decimals and symbols, in one batch. */
export async function readHopPools(
  client: PublicClient,
  venues: VenueRegistry,
  hops: HopRef[],
): Promise<{
  states: { base: Address; state: PoolState }[];
  tokens: Map<string, TokenText>;
  /** Tokens whose pools could not be read (an RPC failure): their paths are unknown, not absent. */
  unread: Set<string>;
}> {
  const unread = new Set<string>();
  if (hops.length === 0) return { states: [], tokens: new Map(), unread };
  const bases = [...new Set(hops.map((h) => h.base))];
  const [states, tokens] = await Promise.all([
    Promise.all(
      bases.map(async (base) =>
        (
          await venues
            .readPools(
              client,
              base,
              hops.filter((h) => h.base === base).map((h) => h.ref),
            )
            .catch(() => {
              unread.add(base);
              return [] as PoolState[];
            })
        ).map((state) => ({ base, state })),
      ),
    ),
    readTokenTexts(client, [...new Set(hops.flatMap((h) => [h.base, h.ref.token0, h.ref.token1]))]),
  ]);
  return { states: states.flat(), tokens, unread };
}

type TokenText = { decimals: number | null; symbol: string | null };

/** decimals() and symbol() of each token (attacker-written symbols cleaned); unanswered stays null. */
async function readTokenTexts(client: PublicClient, tokens: Address[]): Promise<Map<string, TokenText>> {
  const res = await client
    .multicall({
      contracts: tokens.flatMap((address) => [
        { address, abi: erc20Abi, functionName: 'decimals' } as const,
        { address, abi: erc20Abi, functionName: 'symbol' } as const,
      ]),
      allowFailure: true,
    })
    .catch(() => []);
  return new Map(
    tokens.map((t, i) => {
      const d = res[2 * i];
      const decimals =
        d?.status === 'success' && typeof d.result === 'number' && d.result <= 255 ? d.result : null;
      const s = res[2 * i + 1];
      return [
        t.toLowerCase(),
        { decimals, symbol: s?.status === 'success' ? cleanTokenText(s.result) : null },
      ];
    }),
  );
}

/**
 * Each non-anchor quote's path and worth. WETH is 18 decimals by its own contract on every chain we
 * read; the USD reference's are the ETH price's (USD_DECIMALS); every other token's come from chain.
 */
export function priceQuotes(
  token: Address,
  quotes: Iterable<string>,
  read: Awaited<ReturnType<typeof readHopPools>>,
  x: { weth: string; usd: string; ethUsd: number | null },
): QuotePrices {
  const decimalsOf = (a: string) =>
    a === x.weth ? 18 : a === x.usd ? USD_DECIMALS : (read.tokens.get(a)?.decimals ?? null);
  const pools: HopPool[] = [];
  for (const { base, state } of read.states) {
    const [da, db] = [decimalsOf(base), decimalsOf(state.quote)];
    if (da === null || db === null) continue;
    pools.push({
      pool: state.pair,
      venue: state.venue,
      a: base,
      b: state.quote,
      bPerA: priceInQuote(state, da, db),
      aReserve: Number(state.tokenReserve) / 10 ** da,
      bReserve: Number(state.quoteReserve) / 10 ** db,
    });
  }
  const out: QuotePrices = new Map();
  for (const q of quotes) {
    const decimals = decimalsOf(q);
    const path: QuotePath =
      decimals === null
        ? { unpriced: `the quote token ${q} does not answer decimals()` }
        : findQuotePath(token, q as Address, pools, {
            weth: x.weth as Address,
            usd: x.usd as Address,
            ethUsd: x.ethUsd,
          });
    // A failed read is said as such, never as "no path".
    const failed = 'unpriced' in path && read.unread.size > 0;
    const symbolOf = (a: string) =>
      a === x.weth ? 'WETH' : a === x.usd ? 'USD' : (read.tokens.get(a)?.symbol ?? null);
    const named: QuotePath =
      'legs' in path
        ? { ...path, legs: path.legs.map((l) => ({ ...l, toSymbol: symbolOf(l.to) })) }
        : failed
          ? { unpriced: `the pools of ${q}'s path to WETH or USD could not be read (RPC failure)` }
          : path;
    out.set(q, { decimals, symbol: read.tokens.get(q)?.symbol ?? null, path: named });
  }
  return out;
}

/** The hop pools' states by pool, as read from their base (the trade route hops through them). */
export function hopStateOf(read: Awaited<ReturnType<typeof readHopPools>>, pool: string): PoolState | null {
  return read.states.find((s) => s.state.pair === pool)?.state ?? null;
}
