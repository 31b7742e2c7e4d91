/** Token search by symbol or name (GET /api/tokens/search?q=): shared response types. */
import type { VerdictHeadline } from './analysis';

export type TokenMatch = {
  address: string;
  symbol: string | null;
  name: string | null;
  /** Why it matched: 'symbol' (exact), 'symbol prefix' or 'name'. */
  matched: 'symbol' | 'symbol prefix' | 'name';
  /** The token's verdict; null when it could not be analysed in time. */
  verdict: VerdictHeadline | null;
};

export type TokenSearchResponse = { query: string; matches: TokenMatch[] };
