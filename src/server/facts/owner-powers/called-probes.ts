/**
 * Powers outside the token (I/O): each contract it calls during a transfer (a guard, a fee handler),
 * probed like the token's own functions — its owner, its stored addresses, the token's owner and
 * deployer as callers — but measured on the TOKEN's trades and balances, in the same batch as phase 2.
 */
import type { Hex, StateOverride } from 'viem';
import type { OwnerPowerFinding } from '../types';
import type { CalledContract } from './called-contracts';
import { listCandidates, probeContext } from './candidate-list';
import { isSkipped, type probeCallBuilder } from './candidates';
import { chunkBySize } from './chunks';
import type { DecodedOutcome } from './decode-outcomes';
import type { Candidate } from './encode-run';
import { errText, finding } from './findings';
import { type OwnerPowerInput, PROBE_CODE } from './input';
import { balanceEffects, baselineOf, type ProbeMeta, tradeEffects } from './judge';
import { CALLED_CHUNK, CALLED_MAX_CHUNKS, PROBE_REQUESTS } from './limits';
import { runChunk, type Session } from './run-chunk';
import { selectorsOf } from './selectors-memo';
import { signatureOf } from './signatures';

/**
 * Findings of one chunk on a called contract: calls that passed and changed state, with what they
 * did to the token's balances and trades against the same eth_call's baseline (opening trading aside).
 */
function calledFindings(
  s: Session,
  c: CalledContract,
  idx: number[],
  metas: ProbeMeta[],
  outs: DecodedOutcome[],
): OwnerPowerFinding[] {
  const b0 = outs[0];
  if (!b0) return [];
  const cBase = baselineOf(b0);
  const found: OwnerPowerFinding[] = [];
  idx.forEach((i, n) => {
    const o = outs[n + 1];
    const m = metas[i] as ProbeMeta;
    if (!o?.called || !o.callOk || o.readOnly) return;
    const b = balanceEffects(o, s.watch, m.caller, m.data);
    const t = tradeEffects(o, cBase, s.victimAt);
    const effects = [...b.effects, ...t.effects].filter((e) => e !== 'opens_trading');
    if (effects.length === 0) return;
    found.push({
      ...finding(m, effects, [...b.notes, ...t.notes], t.buyTax, t.sellTax, b.drained),
      holderTaxAfterPct: t.holderTax,
      calledContract: c.address,
    });
  });
  return found;
}

/**
 * Candidates on each called contract, run with trades at once (a call that reverts or changes
 * nothing skips its trades in the probe, so a chunk of them is cheap), within CALLED_MAX_CHUNKS
 * eth_calls and what the budget leaves.
 */
export function runCalled(
  s: Session,
  input: OwnerPowerInput,
  callsFor: ReturnType<typeof probeCallBuilder>,
  list: CalledContract[],
): Promise<OwnerPowerFinding[]> {
  const jobs: Promise<OwnerPowerFinding[]>[] = [];
  let budget = Math.min(CALLED_MAX_CHUNKS, PROBE_REQUESTS - s.count.n - 2);
  for (const c of list) {
    if (c.callers.length === 0 || budget <= 0) continue;
    const sels = [...selectorsOf(c.code)].filter((sel) => !isSkipped(sel));
    const { metas, cands } = listCandidates(c.callers, sels, {
      callsFor,
      ctxOf: (who, k) => probeContext(s, input, who.address, k > 0),
      sigOf: (sel: Hex) => signatureOf(sel),
    });
    const extra = c.callers.filter((x) => !s.overrides.some((o) => o.address.toLowerCase() === x.address));
    const overrides: StateOverride = [
      ...s.overrides,
      ...extra.map((x) => ({ address: x.address, code: PROBE_CODE })),
    ];
    const fixed = s.fixedBytes + extra.length * (PROBE_CODE.length + 200);
    const chunks = chunkBySize(
      cands.map((_, i) => i),
      cands,
      CALLED_CHUNK,
      fixed,
    );
    if (chunks.length > budget) {
      s.inconclusive.push({
        selector: '0x',
        signature: null,
        reason: `Some functions of ${c.address}, a contract the token calls during a transfer, were not probed (request budget spent).`,
      });
      chunks.length = budget;
    }
    budget -= chunks.length;
    for (const idx of chunks)
      jobs.push(
        runChunk(
          s,
          idx.map((i) => cands[i] as Candidate),
          true,
          { market: { ...s.market, target: c.address }, overrides },
        )
          .then((outs) => calledFindings(s, c, idx, metas, outs))
          .catch((e) => {
            s.inconclusive.push({
              selector: '0x',
              signature: null,
              reason: `The functions of ${c.address}, a contract the token calls during a transfer, could not be probed (${errText(e)}).`,
            });
            return [];
          }),
      );
  }
  return Promise.all(jobs).then((xs) => xs.flat());
}
