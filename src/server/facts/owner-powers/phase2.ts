/**
 * Phase 2 (I/O): the calls that succeeded in phase 1 again, each followed by a real holder's sell
 * and a fresh buy/sell round trip — effects on trading (sells or buys blocked, tax raised, limit
 * shrunk) against the same eth_call's baseline. And, when trading is closed today and a call opens
 * it, the token measured again as that call leaves it (once open).
 */
import type { OnceOpenFacts, OwnerPowerFinding } from '../types';
import { chunkBySize } from './chunks';
import type { DecodedOutcome } from './decode-outcomes';
import type { Candidate } from './encode-run';
import { finding } from './findings';
import { type Baseline, baselineOf, type ProbeMeta, tradeEffects } from './judge';
import { PHASE2_CHUNK, PROBE_REQUESTS } from './limits';
import { type Probes, runChunk, type Session } from './run-chunk';

/** A phase-2 run: its baseline (null: no reply), whether its setup passed, each candidate's outcome. */
export type TradeRun = { base: Baseline | null; setupOk: boolean; pairs: { j: number; o: DecodedOutcome }[] };

/** The baseline when no round trip was measured (no pool): nothing passes. */
const NO_BASE: Baseline = {
  buyOk: false,
  sellOk: false,
  smallBuyOnly: false,
  buyTaxPct: null,
  sellTaxPct: null,
  holderSellOk: null,
};

export const NO_TRADE_RUN: TradeRun = { base: null, setupOk: false, pairs: [] };

/** Runs `idx` with trades after `setup`, in at most `budget` eth_calls (the rest is inconclusive). */
export async function runWithTrades(
  s: Session,
  probes: Probes,
  idx: number[],
  setup: Candidate[],
  budget: number,
): Promise<TradeRun> {
  const { cands, metas } = probes;
  const chunks = chunkBySize(idx, cands, PHASE2_CHUNK, s.fixedBytes);
  if (chunks.length === 0) chunks.push([]);
  if (chunks.length > budget) {
    for (const i of chunks.slice(Math.max(budget, 1)).flat()) {
      const m = metas[i] as ProbeMeta;
      s.inconclusive.push({
        selector: m.selector,
        signature: m.signature,
        reason: `${m.args}: trade effect not measured (request budget spent)`,
      });
    }
    chunks.length = Math.max(budget, 1);
  }
  const outs = await Promise.all(
    chunks.map((c) =>
      runChunk(
        s,
        c.map((j) => cands[j] as Candidate),
        true,
        { market: { ...s.market, setup } },
      ),
    ),
  );
  const baseOut = outs[0]?.[0];
  const pairs: TradeRun['pairs'] = [];
  chunks.forEach((c, k) => {
    c.forEach((j, n) => {
      const o = outs[k]?.[n + 1];
      if (o) pairs.push({ j, o });
    });
  });
  return { base: baseOut ? baselineOf(baseOut) : null, setupOk: baseOut?.setupOk ?? false, pairs };
}

/**
 * Phase 2's findings, and the calls that opened trading (a buy that failed before passes). The
 * baseline used (NO_BASE without a reply) is returned for the report.
 */
export function tradeFindings(
  s: Session,
  metas: ProbeMeta[],
  p2: TradeRun,
  measured: { pool: boolean; reruns: number },
): { base: Baseline; found: OwnerPowerFinding[]; openers: TradeRun['pairs'] } {
  const base = p2.base ?? NO_BASE;
  if (measured.pool && !base.sellOk && measured.reruns > 0)
    s.inconclusive.push({
      selector: '0x',
      signature: null,
      reason: base.buyOk
        ? 'A fresh buy could not be sold back even before any owner call, so blocked-sell and sell-tax effects were not measurable.'
        : 'A fresh buy failed even before any owner call, so trading effects were not measurable.',
    });
  const openers: TradeRun['pairs'] = [];
  const found: OwnerPowerFinding[] = [];
  for (const { j, o } of p2.pairs) {
    const m = metas[j] as ProbeMeta;
    if (!o.called) {
      s.inconclusive.push({
        selector: m.selector,
        signature: m.signature,
        reason: `${m.args} with trades ran out of gas`,
      });
      continue;
    }
    const t = tradeEffects(o, base, s.victimAt);
    if (t.effects.includes('opens_trading')) openers.push({ j, o });
    if (t.effects.length)
      found.push({ ...finding(m, t.effects, t.notes, t.buyTax, t.sellTax), holderTaxAfterPct: t.holderTax });
  }
  return { base, found, openers };
}

/**
 * Closed trading: a buy fails today, and a privileged call makes it pass. The token is judged again
 * as that call leaves it (trading open): every successful call re-run after it, against the round
 * trip once open — a switch that can also close trading again is a pause, a fee setter's reach is
 * measured on real trades, and the baseline says whether a buy can then be sold.
 */
export async function measureOnceOpen(
  s: Session,
  probes: Probes,
  rerun: number[],
  opener: TradeRun['pairs'][number],
): Promise<{ onceOpen: OnceOpenFacts; powers: OwnerPowerFinding[] }> {
  const { metas, cands } = probes;
  const m = metas[opener.j] as ProbeMeta;
  const setup = [cands[opener.j] as Candidate];
  const left = PROBE_REQUESTS - s.count.n - 1;
  const p3 = left > 0 ? await runWithTrades(s, probes, rerun, setup, left) : null;
  const b3 = p3?.base ?? null;
  const powers: OwnerPowerFinding[] = [];
  for (const { j, o } of p3?.pairs ?? []) {
    const mj = metas[j] as ProbeMeta;
    if (!o.called || !b3 || !o.setupOk) continue;
    const t = tradeEffects(o, b3, s.victimAt);
    const effects = t.effects.filter((e) => e !== 'opens_trading');
    if (effects.length)
      powers.push({
        ...finding(mj, effects, t.notes, t.buyTax, t.sellTax),
        holderTaxAfterPct: t.holderTax,
        onceOpen: true,
      });
  }
  const onceOpen: OnceOpenFacts = {
    selector: m.selector,
    signature: m.signature,
    caller: m.caller,
    callerRole: m.callerRole,
    args: m.args,
    measured: b3 !== null && (p3?.setupOk ?? false),
    buyOk: b3?.buyOk ?? opener.o.buyOk,
    sellOk: b3?.sellOk ?? opener.o.sellOk,
    buyTaxPct: b3?.buyTaxPct ?? null,
    sellTaxPct: b3?.sellTaxPct ?? null,
    holderSellOk: b3?.holderSellOk ?? null,
    canClose: powers.some(
      (f) =>
        f.selector === m.selector && f.effects.some((e) => e === 'buys_blocked' || e === 'sells_blocked'),
    ),
  };
  return { onceOpen, powers };
}
