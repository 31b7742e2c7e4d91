/**
 * Two-step powers (I/O): a call that is refused today is run again after another call of the same
 * caller that opens it — a renounced owner() taken back, a right granted to itself or to a fresh
 * address. What the refused call does then is usable now, after that first step.
 */
import type { Address } from 'viem';
import type { OwnerPowerFinding } from '../types';
import { swapWord } from './candidates';
import { firstChunk } from './chunks';
import type { DecodedOutcome } from './decode-outcomes';
import type { Candidate } from './encode-run';
import { callText, effectsAfter, finding } from './findings';
import type { GrantPlan } from './grants';
import { GRANTEE, PROBE_CODE } from './input';
import type { ProbeMeta, Watch } from './judge';
import { CALL_BODY_BYTES, GRANT_BODY_BYTES, GRANT_CHUNK, PHASE1_CHUNK, PROBE_REQUESTS } from './limits';
import { followUp, type Probes, type Session } from './run-chunk';

/** A follow-up run: the candidates it re-runs (positions in the probes) and their outcomes. */
export type StepRun = { chunk: number[]; outcomes: Promise<DecodedOutcome[] | null> };

const NO_RUN: StepRun = { chunk: [], outcomes: Promise.resolve(null) };

/** Runs `chunk` after `setup`, if the budget leaves room; a failed run finds nothing. */
function runAfter(s: Session, probes: Probes, setup: Candidate[], chunk: number[]): StepRun {
  if (chunk.length === 0 || s.count.n >= PROBE_REQUESTS - 2)
    return { chunk, outcomes: Promise.resolve(null) };
  const cands = chunk.map((i) => probes.cands[i] as Candidate);
  const outcomes = followUp(s, cands, { market: { ...s.market, setup } }).catch(() => null);
  return { chunk, outcomes };
}

/**
 * Findings of a follow-up run: each call that passed after its setup and has an effect `make` keeps
 * (effects on supply and balances, or an upgrade).
 */
function stepFindings(
  outs: DecodedOutcome[] | null,
  chunk: number[],
  metas: ProbeMeta[],
  make: (o: DecodedOutcome, m: ProbeMeta) => OwnerPowerFinding | null,
): OwnerPowerFinding[] {
  const out: OwnerPowerFinding[] = [];
  outs?.forEach((o, k) => {
    const m = metas[chunk[k] as number] as ProbeMeta;
    if (!o.called || !o.setupOk || !o.callOk || o.readOnly) return;
    const f = make(o, m);
    if (f) out.push(f);
  });
  return out;
}

const UPGRADED = 'after the call the token runs code the caller chose';

/**
 * A renounced owner() taken back (owner_reclaimed) and then used: the reclaiming caller's calls that
 * revert today are run again after its reclaiming call (the market's setup).
 */
export function startReclaim(
  s: Session,
  probes: Probes,
  phase1: DecodedOutcome[],
  raw: OwnerPowerFinding[],
): { reclaim: OwnerPowerFinding | undefined; run: StepRun } {
  const { metas, cands } = probes;
  const reclaim = raw.find((f) => f.effects.includes('owner_reclaimed'));
  const reclaimIdx = reclaim
    ? phase1.findIndex((o, i) => {
        const m = metas[i] as ProbeMeta;
        return m.caller === reclaim.caller && m.selector === reclaim.selector && o.callOk && !o.readOnly;
      })
    : -1;
  const afterReclaim: number[] = [];
  if (reclaim && reclaimIdx >= 0)
    phase1.forEach((o, i) => {
      const m = metas[i] as ProbeMeta;
      if (o.called && !o.callOk && m.caller === reclaim.caller) afterReclaim.push(i);
    });
  const chunk = firstChunk(afterReclaim, cands, PHASE1_CHUNK, s.fixedBytes);
  return { reclaim, run: runAfter(s, probes, [cands[reclaimIdx] as Candidate], chunk) };
}

export function reclaimFindings(
  s: Session,
  metas: ProbeMeta[],
  reclaim: OwnerPowerFinding | undefined,
  run: StepRun,
  outs: DecodedOutcome[] | null,
): OwnerPowerFinding[] {
  return stepFindings(outs, run.chunk, metas, (o, m) => {
    if (!reclaim) return null;
    const b = effectsAfter(o, s.watch, m.caller, UPGRADED, m.data);
    const effects = b.effects.filter((e) => e !== 'owner_reclaimed');
    if (effects.length === 0) return null;
    return { ...finding(m, effects, b.notes, null, null, b.drained), afterReclaim: callText(reclaim) };
  });
}

/**
 * Something granted, then used: the caller's grants (setMinter(caller, true), grantRole(…, caller),
 * addAdmin(caller)) run first, in order, and its gated calls after them. Kept small (it shares phase
 * 2's JSON-RPC batch, which must stay in one 1 MB body).
 */
export function startGrant(s: Session, probes: Probes, grant: GrantPlan | null): StepRun {
  if (!grant) return NO_RUN;
  const chunk = firstChunk(
    grant.gated,
    probes.cands,
    GRANT_CHUNK,
    Math.max(s.fixedBytes, CALL_BODY_BYTES - GRANT_BODY_BYTES),
  );
  const setup = grant.grants.map((i) => probes.cands[i] as Candidate);
  return runAfter(s, probes, setup, chunk);
}

export function grantFindings(
  s: Session,
  metas: ProbeMeta[],
  grant: GrantPlan | null,
  run: StepRun,
  outs: DecodedOutcome[] | null,
): OwnerPowerFinding[] {
  const afterGrant = grant ? grant.grants.map((i) => callText(metas[i] as ProbeMeta)).join(', ') : '';
  return stepFindings(outs, run.chunk, metas, (o, m) => {
    const b = effectsAfter(o, s.watch, m.caller, UPGRADED, m.data);
    if (b.effects.length === 0) return null;
    return { ...finding(m, b.effects, b.notes, null, null, b.drained), afterGrant };
  });
}

/** The run through another address, prepared: its gated calls and watch list, and how to start it. */
export type OtherRun = { gated: number[]; watch: Watch; start: () => StepRun };

/**
 * Two steps through another address: the same kind of grants (also those that named the victim)
 * re-encoded to name GRANTEE instead, then the caller's gated calls made by GRANTEE — a power holder
 * that cannot mint, or may not grant itself, but can make any address a minter or give it an
 * allowance. Its own eth_call (a grant refused for a stranger must not void the self run), started
 * right after phase 2's calls (same batch) with what they leave but one (the once-open run's): phase
 * 2 comes first, so this never cuts a token's own probes.
 */
export function prepareOther(s: Session, probes: Probes, other: GrantPlan | null): OtherRun {
  const { cands } = probes;
  const gated = other
    ? firstChunk(
        other.gated,
        cands,
        GRANT_CHUNK,
        Math.max(s.fixedBytes + PROBE_CODE.length + 200, CALL_BODY_BYTES - GRANT_BODY_BYTES),
      )
    : [];
  const watch: Watch = [...s.watch, { address: GRANTEE, role: 'other' }];
  const start = (): StepRun => {
    if (!other || gated.length === 0) return NO_RUN;
    if (s.count.n >= PROBE_REQUESTS - 1) {
      s.inconclusive.push({
        selector: '0x',
        signature: null,
        reason:
          'Grants to another address were not followed: phase 2 used every eth_call left of the 22 per token.',
      });
      return NO_RUN;
    }
    const victim = s.market.victim;
    const setup = other.grants.map((i, k) => ({
      caller: other.caller,
      data: swapWord(
        (cands[i] as Candidate).data,
        other.names?.[k] === 'victim' ? victim : other.caller,
        GRANTEE,
      ),
    }));
    const calls = gated.map((i) => ({
      caller: GRANTEE as Address,
      data: swapWord((cands[i] as Candidate).data, other.caller, GRANTEE),
    }));
    const outcomes = followUp(s, calls, {
      market: { ...s.market, setup },
      watch,
      overrides: [...s.overrides, { address: GRANTEE, code: PROBE_CODE }],
    }).catch(() => null);
    return { chunk: gated, outcomes };
  };
  return { gated, watch, start };
}

export function otherFindings(
  metas: ProbeMeta[],
  other: GrantPlan | null,
  run: OtherRun,
  outs: DecodedOutcome[] | null,
): OwnerPowerFinding[] {
  if (!other) return [];
  const afterGrant = other.grants
    .map((i, k) => {
      const m = metas[i] as ProbeMeta;
      const named = other.names?.[k] === 'victim' ? /\bvictim( 0x[0-9a-f]{4}…[0-9a-f]{4})?/ : /\bcaller\b/;
      return callText(m, m.args.replace(named, 'the fresh address'));
    })
    .join(', ');
  return stepFindings(outs, run.gated, metas, (o, m) => {
    const b = effectsAfter(
      o,
      run.watch,
      GRANTEE,
      'after the call the token runs code the fresh address chose',
      m.data,
    );
    if (b.effects.length === 0) return null;
    return {
      ...finding(
        { ...m, args: m.args.replace(/\bcaller\b/g, 'fresh address') },
        b.effects,
        b.notes,
        null,
        null,
        b.drained,
      ),
      afterGrant,
      grantee: GRANTEE,
    };
  });
}
