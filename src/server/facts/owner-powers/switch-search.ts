/**
 * Closed trading (pure): how far the search for the trading switch went. The switch is looked for by
 * EFFECT among every privileged call the simulation made — each state-changing function found in the
 * bytecode, called as each privileged address with the probe arguments (no arguments, flags, numbers,
 * addresses…), the calls that succeeded re-run with a buy after them (phase 2). A name only labels.
 * "No call opens trading" is evidence only when no call was left unjudged: a probe cut by the request
 * budget, a call that ran out of gas, a phase-2 re-run not sent.
 */
import type { Hex } from 'viem';
import type { SwitchSearchFacts } from '../types';
import type { DecodedOutcome } from './decode-outcomes';
import type { ProbeMeta } from './judge';
import { POWER_GAS } from './limits';
import type { TradeRun } from './phase2';

export function switchSearch(x: {
  /** Phase 1's outcomes, at the candidates' positions. */
  phase1: readonly DecodedOutcome[];
  metas: readonly ProbeMeta[];
  /** The candidates phase 2 re-ran with a buy after them. */
  rerun: readonly number[];
  run: TradeRun;
  /** Selectors of the calls planPhase1 did not send (request budget spent). */
  notSent: readonly Hex[];
}): SwitchSearchFacts {
  const sel = (i: number) => (x.metas[i] as ProbeMeta).selector;
  const unjudged = new Set<Hex>(x.notSent);
  x.phase1.forEach((o, i) => {
    // Not reached, or stopped by its gas budget before it could finish: it may have opened trading.
    if (!o.called || (!o.callOk && o.gasUsed >= POWER_GAS)) unjudged.add(sel(i));
  });
  const ran = new Set(x.run.pairs.filter((p) => p.o.called).map((p) => p.j));
  for (const j of x.rerun) if (!ran.has(j)) unjudged.add(sel(j));
  return {
    tried: ran.size,
    functions: new Set([...ran].map(sel)).size,
    unjudged: unjudged.size,
  };
}
