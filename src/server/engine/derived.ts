/**
 * What the engine derives from one facts version: the analysed report per amount, the serialised
 * bytes of each part, the venue's quoted price impact. Kept on the facts object (a WeakMap), so
 * each is computed at most once per gather and bounded per amount.
 */
import type { TokenReport } from '../../shared/analysis';
import { DEFAULT_AMOUNT_USD } from '../../shared/vocabulary';
import { analyseToken } from '../analysis/report';
import { inRpcStage } from '../chain/rpc-stage';
import { storeCode } from '../facts/patterns/code-store';
import { quotedPriceImpactPct } from '../facts/pools/price-impact';
import type { TokenReportFacts } from '../facts/types';
import type { Derived, EngineState } from './engine-state';
import { type Serialised, serialise } from './serialised';
import type { AmountOpts, ReportPart } from './token-engine-types';

/** Distinct liquidity amounts kept analysed per facts version (each is a full analysis). */
const MAX_AMOUNTS = 8;

export const amountOf = (o: AmountOpts | undefined) => o?.amountUsd ?? DEFAULT_AMOUNT_USD;

export function derivedOf(state: EngineState, f: TokenReportFacts): Derived {
  let d = state.derived.get(f);
  if (!d) {
    d = { reports: new Map(), bytes: new Map(), impacts: new Map() };
    state.derived.set(f, d);
  }
  return d;
}

/** Bounded per facts version: the oldest amount goes first (amounts come from the query string). */
function remember<K, V>(m: Map<K, V>, key: K, value: V, max: number): void {
  m.set(key, value);
  while (m.size > max) {
    const oldest = m.keys().next().value;
    if (oldest === undefined) break;
    m.delete(oldest);
  }
}

export function analysed(state: EngineState, f: TokenReportFacts, amountUsd: number): TokenReport {
  const d = derivedOf(state, f);
  const hit = d.reports.get(amountUsd);
  if (hit) return hit;
  state.counts.analyses++;
  const r = analyseToken(f, { amountUsd, quotedImpactPct: d.impacts.get(amountUsd) });
  remember(d.reports, amountUsd, r, MAX_AMOUNTS);
  if (d.reports.size === 1) recordCode(state, f, r);
  return r;
}

/**
 * The token's code fingerprint with our verdict of it, once per facts version: a later token with
 * the same code reads this verdict ("code twin of 0x… (honeypot)"). Not awaited — a failed write
 * costs only that later comparison — and only for a verdict reached on complete facts.
 */
function recordCode(state: EngineState, f: TokenReportFacts, r: TokenReport): void {
  const fp = f.lineage?.status === 'read' ? f.lineage.fingerprint : null;
  if (!fp || r.verdict.kind === 'unknown') return;
  storeCode(state.deps.db, f.token.address, fp, r.verdict.kind).catch(() => undefined);
}

/**
 * A concentrated-liquidity pool's impact needs the venue's quote (one eth_call), fetched before
 * the synchronous analysis; V2 pools skip it (undefined).
 */
export async function quoteImpact(state: EngineState, f: TokenReportFacts, amountUsd: number): Promise<void> {
  const d = derivedOf(state, f);
  if (d.impacts.has(amountUsd) || !f.mainPool || f.mainPool.venue === 'uniswap-v2') return;
  const q = await inRpcStage('price-impact', () =>
    quotedPriceImpactPct(state.reads, state.venuesOf(), f, amountUsd),
  ).catch(() => null);
  remember(d.impacts, amountUsd, q, MAX_AMOUNTS);
}

export function bytesOf(
  state: EngineState,
  f: TokenReportFacts,
  part: ReportPart,
  amountUsd: number,
): Serialised {
  const d = derivedOf(state, f);
  const key = `${part}:${amountUsd}`;
  const hit = d.bytes.get(key);
  if (hit) return hit;
  const r = analysed(state, f, amountUsd);
  state.counts.serialisations++;
  // Every part carries the token's one verdict, so no view of a token goes without it.
  const s = serialise(part === 'report' ? r : { ...r[part], verdict: r.verdict });
  remember(d.bytes, key, s, MAX_AMOUNTS * 7);
  return s;
}

/** The part's bytes for fresh-enough facts: the facts, the impact quote, then the serialisation. */
export async function partBytes(
  state: EngineState,
  facts: TokenReportFacts,
  part: ReportPart,
  amount: number,
): Promise<Serialised> {
  await quoteImpact(state, facts, amount);
  return bytesOf(state, facts, part, amount);
}
