/**
 * Raw `db.execute(sql…)` results differ by driver: node-postgres and PGlite return `{ rows }`,
 * some drizzle versions return the array itself. One helper reads both.
 */
export type Row = Record<string, unknown>;

export function rowsOf(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/** numeric column → number (null stays null). */
export const num = (v: string | null): number | null => (v === null ? null : Number(v));
export const numOr0 = (v: string | null): number => (v === null ? 0 : Number(v));

/** An integer column (numeric or bigint, as text or number) → bigint; null and decimals read as 0 / truncated. */
export const big = (v: unknown): bigint => BigInt(String(v ?? '0').split('.')[0] ?? '0');

/**
 * A swap row's amounts (columns a0i, a1i, a0o, a1o: amount0/1 in and out) seen from the token's
 * side: a buy when more token left the pool than came in. The one reading of the swaps table's
 * sides for the holder reads and the portfolio.
 */
export function swapSideOf(
  x: Row,
  tokenIs0: boolean,
): { side: 'buy' | 'sell'; tokenAmount: bigint; quoteAmount: bigint } {
  const a0i = big(x.a0i);
  const a1i = big(x.a1i);
  const a0o = big(x.a0o);
  const a1o = big(x.a1o);
  const tokenOut = tokenIs0 ? a0o : a1o;
  const tokenIn = tokenIs0 ? a0i : a1i;
  const side: 'buy' | 'sell' = tokenOut > tokenIn ? 'buy' : 'sell';
  return {
    side,
    tokenAmount: side === 'buy' ? tokenOut - tokenIn : tokenIn - tokenOut,
    quoteAmount: side === 'buy' ? (tokenIs0 ? a1i - a1o : a0i - a0o) : tokenIs0 ? a1o - a1i : a0o - a0i,
  };
}
