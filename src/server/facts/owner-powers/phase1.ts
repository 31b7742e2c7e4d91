/**
 * Phase 1: every candidate once, with balance reads only (cheap, a few large eth_calls). What a call
 * did to supply and balances is measured here; the calls that succeeded are picked for phase 2.
 */
import type { Hex } from 'viem';
import type { OwnerPowerFinding } from '../types';
import { withAllowances } from './balance-ledger';
import { isBalanceOnlyCall } from './candidates';
import { chunkBySize } from './chunks';
import type { DecodedOutcome } from './decode-outcomes';
import type { Candidate } from './encode-run';
import { finding } from './findings';
import { balanceEffects, type ProbeMeta } from './judge';
import { LATER_REQUESTS, PHASE1_CHUNK, PHASE2_PER_FUNCTION, POWER_GAS, PROBE_REQUESTS } from './limits';
import { type Probes, runChunk, type Session } from './run-chunk';
import { signatureOf } from './signatures';

/**
 * The phase-1 chunks. Phase 1 takes what is left after a reserve for the later requests (the replay,
 * the two-step run, phase 2 and the once-open run: usually one each); chunks are cut by count and
 * size. Candidates past the budget are dropped from `probes` (the order puts them last) and named as
 * inconclusive, per function, with the callers whose calls were not sent.
 */
export function planPhase1(s: Session, probes: Probes, views: Set<Hex>): number[][] {
  const { cands, metas } = probes;
  const maxChunks1 = Math.max(1, PROBE_REQUESTS - s.count.n - LATER_REQUESTS);
  let chunked1 = chunkBySize(
    cands.map((_, i) => i),
    cands,
    PHASE1_CHUNK,
    s.fixedBytes,
  );
  if (chunked1.length > maxChunks1) {
    const kept = chunked1.slice(0, maxChunks1).reduce((a, c) => a + c.length, 0);
    // Per function, which callers' calls were not sent (the order puts them last: later callers,
    // functions whose code writes no storage).
    const cut = new Map<Hex, Set<string>>();
    for (const m of metas.slice(kept))
      cut.set(m.selector, (cut.get(m.selector) ?? new Set()).add(m.callerRole));
    for (const [sel, roles] of cut)
      s.inconclusive.push({
        selector: sel,
        signature: signatureOf(sel),
        reason: `not probed as ${[...roles].join(', ')}${views.has(sel) ? ' (its code writes no storage, so it was probed last)' : ''}: request budget spent`,
      });
    chunked1.length = maxChunks1;
    cands.length = kept;
    metas.length = kept;
  }
  // The order above puts the costly calls (writes that succeed, the first caller's) together: dealt
  // round-robin over the same number of eth_calls instead, so no call holds only those and runs
  // out of gas. Kept as cut by size when dealing would need more calls.
  if (chunked1.length > 1) {
    const dealt = chunked1.map(() => [] as number[]);
    for (let i = 0; i < cands.length; i++) (dealt[i % dealt.length] as number[]).push(i);
    const rechunked = dealt.flatMap((d) => chunkBySize(d, cands, PHASE1_CHUNK, s.fixedBytes));
    if (rechunked.length === chunked1.length) chunked1 = rechunked;
  }
  return chunked1;
}

/** Sends the phase-1 chunks at once; each outcome back at its candidate's position (the chunks were dealt). */
export async function runPhase1(s: Session, probes: Probes, chunks: number[][]): Promise<DecodedOutcome[]> {
  const outs = await Promise.all(
    chunks.map((idx) =>
      runChunk(
        s,
        idx.map((i) => probes.cands[i] as Candidate),
        false,
      ),
    ),
  );
  // Today's allowances between the watched addresses, read by the baseline: a fall within one is
  // no drain, in this phase and every run after it.
  const base = outs[0]?.[0];
  if (base) s.watch = withAllowances(s.watch, base.allowances);
  const phase1: DecodedOutcome[] = new Array(probes.cands.length);
  chunks.forEach((idx, k) => {
    idx.forEach((i, n) => {
      const o = outs[k]?.[n + 1];
      if (!o) throw new Error('the probe returned fewer outcomes than candidates');
      phase1[i] = o;
    });
  });
  return phase1;
}

/**
 * Phase 1's findings (upgrades, and effects on supply and balances) and, per (caller, function),
 * the calls that succeeded and changed state: the ones phase 2 may re-run with trades. A call cut
 * off by gas is inconclusive.
 */
export function judgePhase1(
  s: Session,
  phase1: DecodedOutcome[],
  metas: ProbeMeta[],
): { raw: OwnerPowerFinding[]; perFn: Map<string, number[]> } {
  const raw: OwnerPowerFinding[] = [];
  const perFn = new Map<string, number[]>();
  phase1.forEach((o, i) => {
    const m = metas[i] as ProbeMeta;
    if (!o.called) {
      s.inconclusive.push({
        selector: m.selector,
        signature: m.signature,
        reason: `${m.args} ran out of gas`,
      });
      return;
    }
    // A call that spent its whole gas budget (a loop, or return data too large to copy) neither
    // succeeded nor plainly reverted: its effect is unknown, and the report says so.
    if (o.gasUsed >= POWER_GAS) {
      s.inconclusive.push({
        selector: m.selector,
        signature: m.signature,
        reason: `${m.args} ${o.callOk ? 'used' : 'ran out of'} its whole ${POWER_GAS.toLocaleString('en-US')} gas budget (a loop or huge return data), so its effect is unknown`,
      });
      if (!o.callOk) return;
    }
    // A call that changes no state (it passed as a STATICCALL) has no effect to measure.
    if (!o.callOk || o.readOnly) return;
    // The token now runs code the caller chose: an upgrade, whatever its name. What the replaced
    // code then does to balances and trades is the probe's own code, not the token's: not judged.
    if (o.codeReplaced) {
      raw.push(
        finding(
          m,
          ['code_replaced'],
          [
            'after the call the token runs code at an address the caller chose (its implementation or beacon was replaced), so every rule of the token can be rewritten',
          ],
          null,
          null,
        ),
      );
      return;
    }
    const b = balanceEffects(o, s.watch, m.caller, m.data);
    if (b.effects.length) raw.push(finding(m, b.effects, b.notes, null, null, b.drained));
    // Drain probes are judged on balances, never traded (candidates.ts).
    if (isBalanceOnlyCall(m.args)) return;
    const key = `${m.caller}:${m.selector}`;
    perFn.set(key, [...(perFn.get(key) ?? []), i]);
  });
  return { raw, perFn };
}

/**
 * Up to PHASE2_PER_FUNCTION successes per function, evenly spread and always including the last
 * (the probe values grow along the list, so the last success reaches the highest tax). Calls aimed
 * at the real holder come first (a tax or a block set for one address shows only on its sell), up
 * to half; the rest spread over the ladder.
 */
export function pickReruns(perFn: Map<string, number[]>, metas: ProbeMeta[]): number[] {
  const rerun: number[] = [];
  for (const idx of perFn.values()) {
    if (idx.length <= PHASE2_PER_FUNCTION) {
      rerun.push(...idx);
      continue;
    }
    const aimed = idx.filter((i) => (metas[i] as ProbeMeta).args.includes('victim'));
    const picked = new Set(aimed.slice(-PHASE2_PER_FUNCTION / 2));
    const rest = idx.filter((i) => !picked.has(i));
    const n = PHASE2_PER_FUNCTION - picked.size;
    for (let k = 0; k < n && rest.length > 0; k++)
      picked.add(rest[Math.round((k * (rest.length - 1)) / Math.max(n - 1, 1))] as number);
    rerun.push(...[...picked].sort((a, b) => a - b));
  }
  return rerun;
}
