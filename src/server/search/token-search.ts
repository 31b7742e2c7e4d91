/**
 * Search by symbol or name (issue 24) over the tokens we index: every token of an indexed pool, plus
 * the network's named tokens. Symbols and names are read from the token contracts (one Multicall3
 * round trip for those not seen before) and kept in memory; a contract's name never changes the
 * address it is listed under. Matches are ranked exact symbol, symbol prefix, then name contains —
 * and all of them are returned with their addresses: we never pick one for the user.
 */
import { sql } from 'drizzle-orm';
import type { Address } from 'viem';
import type { TokenMatch } from '../../shared/search';
import type { ChainClients } from '../chain/client';
import type { NetworkDescription } from '../chain/network';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { verdictsOf } from '../engine/prices';
import type { TokenEngine } from '../engine/token-engine';
import { erc20Abi } from '../facts/abis';
import type { Logger } from '../logger';

export type { TokenMatch };

export type TokenSearchDeps = {
  db: Db;
  chain: ChainClients;
  network: NetworkDescription;
  engine: Pick<TokenEngine, 'report'>;
  log: Logger;
};

export type TokenSearch = { search(query: string): Promise<TokenMatch[]> };

/** At most this many matches are listed (and analysed for their verdicts). */
export const SEARCH_MAX_MATCHES = 10;
/** How long one search waits for the matches' verdicts (a cold token may take longer: null then). */
export const SEARCH_VERDICT_TIMEOUT_MS = 4_000;
const MULTICALL_CHUNK = 200;

type Label = { symbol: string | null; name: string | null };

export function rankMatches(
  labels: ReadonlyMap<string, Label>,
  query: string,
): Omit<TokenMatch, 'verdict'>[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const out: (Omit<TokenMatch, 'verdict'> & { rank: number })[] = [];
  for (const [address, l] of labels) {
    const symbol = l.symbol?.toLowerCase() ?? '';
    const name = l.name?.toLowerCase() ?? '';
    const m =
      symbol === q
        ? ({ matched: 'symbol', rank: 0 } as const)
        : symbol.startsWith(q)
          ? ({ matched: 'symbol prefix', rank: 1 } as const)
          : name.includes(q)
            ? ({ matched: 'name', rank: 2 } as const)
            : null;
    if (m) out.push({ address, symbol: l.symbol, name: l.name, ...m });
  }
  return out
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        (a.symbol ?? '').localeCompare(b.symbol ?? '') ||
        a.address.localeCompare(b.address),
    )
    .slice(0, SEARCH_MAX_MATCHES)
    .map(({ rank: _rank, ...m }) => m);
}

export function createTokenSearch(deps: TokenSearchDeps): TokenSearch {
  const labels = new Map<string, Label>();
  const quotes = new Set([deps.network.contracts.weth.toLowerCase()]);

  const candidates = async (): Promise<string[]> => {
    const rows = rowsOf(
      await deps.db.execute(sql`select token0 as token from pairs union select token1 from pairs`),
    );
    const set = new Set(rows.map((r) => String(r.token).toLowerCase()));
    for (const a of Object.values(deps.network.tokens)) set.add(a.toLowerCase());
    return [...set].filter((a) => !quotes.has(a));
  };

  const readLabels = async (tokens: string[]) => {
    for (let i = 0; i < tokens.length; i += MULTICALL_CHUNK / 2) {
      const chunk = tokens.slice(i, i + MULTICALL_CHUNK / 2);
      const calls = chunk.flatMap((t) => [
        { address: t as Address, abi: erc20Abi, functionName: 'symbol' } as const,
        { address: t as Address, abi: erc20Abi, functionName: 'name' } as const,
      ]);
      const res = (await deps.chain.public.multicall({ contracts: calls as never, allowFailure: true })) as {
        status: string;
        result?: unknown;
      }[];
      chunk.forEach((t, j) => {
        const str = (r: { status: string; result?: unknown } | undefined) =>
          r?.status === 'success' && typeof r.result === 'string' ? r.result : null;
        labels.set(t, { symbol: str(res[j * 2]), name: str(res[j * 2 + 1]) });
      });
    }
  };

  return {
    async search(query) {
      const all = await candidates();
      const missing = all.filter((a) => !labels.has(a));
      if (missing.length) await readLabels(missing);
      const matches = rankMatches(
        new Map(all.map((a) => [a, labels.get(a) ?? { symbol: null, name: null }])),
        query,
      );
      const verdicts = await verdictsOf(
        deps.engine,
        matches.map((m) => m.address),
        { log: deps.log, timeoutMs: SEARCH_VERDICT_TIMEOUT_MS },
      );
      return matches.map((m) => ({ ...m, verdict: verdicts.get(m.address) ?? null }));
    },
  };
}
