/**
 * Current USD prices for the domain tools (journal trades, trading calls, airdrop rewards), from the engine's price path
 * (`facts(token).mainPool.priceUsd`). Unknown (no pool, not a token, chain trouble, too slow) is
 * null, never an error: the caller then marks at the entry price and says so.
 */
import type { Address } from 'viem';
import { type VerdictHeadline, verdictHeadline } from '../../shared/analysis';
import type { Logger } from '../logger';
import type { TokenEngine } from './token-engine';

export const PRICE_TIMEOUT_MS = 8_000;

export async function priceOf(
  engine: Pick<TokenEngine, 'facts'>,
  token: string,
  opts: { log?: Logger; timeoutMs?: number } = {},
): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), opts.timeoutMs ?? PRICE_TIMEOUT_MS);
    });
    const facts = await Promise.race([engine.facts(token as Address), timeout]);
    const p = facts?.mainPool?.priceUsd;
    return typeof p === 'number' && Number.isFinite(p) && p > 0 ? p : null;
  } catch (e) {
    opts.log?.debug({ msg: 'price unavailable', token, err: (e as Error).message });
    return null;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * A token's main pool when its report prices it through a quote other than WETH and USD (the
 * candles of a creator-coin-quoted token), with that quote's own price: null otherwise.
 */
export async function pathPricedPool(
  engine: Pick<TokenEngine, 'facts'>,
  token: string,
  opts: { log?: Logger; timeoutMs?: number } = {},
): Promise<{ pair: string; quote: string; quoteUsd: number | null } | null> {
  const facts = await engine.facts(token as Address).catch(() => null);
  const main = facts?.mainPool;
  if (!main?.pricePath) return null;
  return { pair: main.pair, quote: main.quoteToken, quoteUsd: await priceOf(engine, main.quoteToken, opts) };
}

/** Prices for several tokens (lowercase keys), a few at a time. */
export async function pricesOf(
  engine: Pick<TokenEngine, 'facts'>,
  tokens: Iterable<string>,
  opts: { log?: Logger; timeoutMs?: number; concurrency?: number } = {},
): Promise<Map<string, number | null>> {
  const unique = [...new Set([...tokens].map((t) => t.toLowerCase()))];
  const out = new Map<string, number | null>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const t = unique[next++] as string;
      out.set(t, await priceOf(engine, t, opts));
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, unique.length) }, worker));
  return out;
}

/**
 * A token's verdict headline from the engine's report, or null when it cannot be had in time (no
 * pool, not a token, chain trouble): the caller shows the call without one, never a guessed verdict.
 */
export async function verdictOf(
  engine: Pick<TokenEngine, 'report'>,
  token: string,
  opts: { log?: Logger; timeoutMs?: number } = {},
): Promise<VerdictHeadline | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), opts.timeoutMs ?? PRICE_TIMEOUT_MS);
    });
    const report = await Promise.race([engine.report(token as Address), timeout]);
    return report?.verdict ? verdictHeadline(report.verdict) : null;
  } catch (e) {
    opts.log?.debug({ msg: 'verdict unavailable', token, err: (e as Error).message });
    return null;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** Verdicts for several tokens (lowercase keys), a few at a time. */
export async function verdictsOf(
  engine: Pick<TokenEngine, 'report'>,
  tokens: Iterable<string>,
  opts: { log?: Logger; timeoutMs?: number; concurrency?: number } = {},
): Promise<Map<string, VerdictHeadline | null>> {
  const unique = [...new Set([...tokens].map((t) => t.toLowerCase()))];
  const out = new Map<string, VerdictHeadline | null>();
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const t = unique[next++] as string;
      out.set(t, await verdictOf(engine, t, opts));
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, unique.length) }, worker));
  return out;
}
