/**
 * Former powers (I/O): the deployer's calls that revert today, replayed as the deployer held them at
 * creation. A call that changed balances then but reverts now is a power that exists and is not
 * usable now (renounced, role revoked, handed to someone else).
 */
import { type Address, getContractAddress, type Hex, type PublicClient } from 'viem';
import { isBurnAddress } from '../../../shared/vocabulary';
import type { OwnerPowerFinding } from '../types';
import { firstChunk } from './chunks';
import type { DecodedOutcome } from './decode-outcomes';
import type { Candidate } from './encode-run';
import { effectsAfter, errText, finding } from './findings';
import { FUNDS, type OwnerPowerInput } from './input';
import type { ProbeMeta } from './judge';
import { type Counter, PHASE1_CHUNK, PROBE_REQUESTS, withTimeout } from './limits';
import { followUp, type Probes, type Session } from './run-chunk';

type Creation = { initcode: Hex; value: bigint };

/**
 * The token's creation transaction, when it deployed the token directly (its sender's CREATE at
 * that nonce is the token's address): its init code re-run today builds a copy as the constructor
 * left it. Null otherwise (a factory deployment, an unknown transaction, an RPC failure).
 */
export async function creationCopy(
  client: PublicClient,
  input: OwnerPowerInput,
  count: Counter,
): Promise<Creation | null> {
  if (!input.creationTx || !input.deployer) return null;
  count.n++;
  try {
    const tx = await withTimeout(client.getTransaction({ hash: input.creationTx }));
    if (tx.to !== null || tx.from.toLowerCase() !== input.deployer.toLowerCase()) return null;
    const created = getContractAddress({ from: tx.from, nonce: BigInt(tx.nonce) });
    if (created.toLowerCase() !== input.token.toLowerCase()) return null;
    return { initcode: tx.input, value: tx.value };
  } catch {
    return null;
  }
}

/** The replay under way: which candidates it runs, where, and (later) their outcomes. */
export type History = {
  replay: number[];
  where: string;
  outcomes: Promise<DecodedOutcome[] | null>;
};

/**
 * Only functions none of whose calls succeed for the deployer today (the rest it still holds): the
 * deployer's calls that reverted, at most what one eth_call carries.
 */
function replayed(phase1: DecodedOutcome[], metas: ProbeMeta[], deployer: Address): number[] {
  const okNow = new Set(
    phase1.flatMap((o, i) => {
      const m = metas[i] as ProbeMeta;
      return o.callOk && m.caller === deployer ? [m.selector] : [];
    }),
  );
  const replay: number[] = [];
  phase1.forEach((o, i) => {
    const m = metas[i] as ProbeMeta;
    if (o.called && !o.callOk && m.caller === deployer && !okNow.has(m.selector)) replay.push(i);
  });
  replay.length = Math.min(replay.length, PHASE1_CHUNK);
  return replay;
}

/**
 * Starts the replay: on a fresh copy built by the creation transaction when it deployed the token
 * (no old state needed), else at the creation block. One request, so cut to what fits one body.
 */
export async function startHistory(
  s: Session,
  input: OwnerPowerInput,
  probes: Probes,
  phase1: DecodedOutcome[],
  deployer: Address | undefined,
  /** The deployer is one of the callers (else it made no call to replay). */
  deployerCalled: boolean,
  creationP: Promise<Creation | null>,
): Promise<History> {
  const replay = deployer && deployerCalled ? replayed(phase1, probes.metas, deployer) : [];
  const copy = replay.length > 0 ? await creationP : null;
  const replayCands = replay.map((i) => probes.cands[i] as Candidate);
  const fitsOne = firstChunk(
    replay.map((_, k) => k),
    replayCands,
    PHASE1_CHUNK,
    s.fixedBytes + (copy ? copy.initcode.length : 0),
  ).length;
  replay.length = Math.min(replay.length, fitsOne);
  replayCands.length = replay.length;
  const where = copy
    ? `on a fresh copy of the token built by re-running its creation transaction, the deployer ${deployer} can make this call`
    : `at the creation block the deployer ${deployer} could make this call`;
  const runs = replay.length > 0 && (copy || input.createdAtBlock != null) && s.count.n < PROBE_REQUESTS - 2;
  if (!runs) return { replay, where, outcomes: Promise.resolve(null) };
  const outcomes = followUp(s, replayCands, {
    ...(copy
      ? {
          overrides: s.overrides.map((o) =>
            o.address.toLowerCase() === deployer ? { ...o, balance: FUNDS + copy.value } : o,
          ),
          at: { copy: { deployer: deployer as Address, initcode: copy.initcode, value: copy.value } },
        }
      : { at: { blockNumber: input.createdAtBlock as bigint } }),
  }).catch((e) => {
    s.inconclusive.push({
      selector: '0x',
      signature: null,
      reason: copy
        ? `Powers the deployer may have given up were not checked: re-running the token's creation transaction on a copy failed (${errText(e)}).`
        : `Powers the deployer may have given up were not checked: the node keeps no state for the creation block ${input.createdAtBlock} (${errText(e)}).`,
    });
    return null;
  });
  return { replay, where, outcomes };
}

/**
 * The replay's findings, each not usable now: effects a call had at creation that no usable finding
 * of the same function already shows.
 */
export function historyFindings(
  s: Session,
  input: OwnerPowerInput,
  history: { replay: number[]; where: string; outcomes: DecodedOutcome[] | null },
  metas: ProbeMeta[],
  raw: OwnerPowerFinding[],
  deployer: Address | undefined,
): OwnerPowerFinding[] {
  const usableKeys = new Set(raw.flatMap((f) => f.effects.map((e) => `${f.selector}:${e}`)));
  const ownerNow = input.owner ? input.owner.toLowerCase() : null;
  const holderNow =
    ownerNow === null
      ? ''
      : isBurnAddress(ownerNow)
        ? '; owner() is renounced (the zero address)'
        : ownerNow === deployer
          ? ''
          : `; owner() is now ${ownerNow}`;
  const out: OwnerPowerFinding[] = [];
  history.outcomes?.forEach((o, k) => {
    const i = history.replay[k] as number;
    const m = metas[i] as ProbeMeta;
    if (!o?.called || !o.callOk || o.readOnly || !deployer) return;
    const b = effectsAfter(
      o,
      s.watch,
      m.caller,
      'after the call the token runs code at an address the caller chose',
      m.data,
    );
    const effects = b.effects.filter((e) => !usableKeys.has(`${m.selector}:${e}`));
    if (effects.length === 0) return;
    out.push({
      ...finding({ ...m, callerRole: 'deployer (at creation)' }, effects, b.notes, null, null, b.drained),
      usable: false,
      usableNow: `not usable now: ${history.where}, today the same call reverts${holderNow}`,
      timelockDelaySeconds: null,
    });
  });
  return out;
}
