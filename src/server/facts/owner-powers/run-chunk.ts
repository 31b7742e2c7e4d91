/**
 * One probe eth_call (I/O): a chunk of candidates encoded for PowerProbe.run (or runCopy, on a fresh
 * copy of the token), sent with the probe's code placed by state override, its reply decoded.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type Address, encodeFunctionData, type Hex, type PublicClient, type StateOverride } from 'viem';
import { PowerProbe } from '../../probes/generated';
import type { ProbeRoute } from '../../venues/venue';
import { type DecodedOutcome, decodeOutcomes } from './decode-outcomes';
import { type Candidate, encodeRun } from './encode-run';
import type { Inconclusive } from './findings';
import { FROM, PROBE } from './input';
import type { ProbeMeta, Watch } from './judge';
import { CALL_GAS, type Counter, withTimeout } from './limits';

type Decode = (data: Hex) => Promise<DecodedOutcome[]>;

/**
 * Decodes probe replies one per event-loop turn. Several chunks' replies come back in one JSON-RPC
 * batch and resolve together; decoded back to back they would hold the loop for the sum of their
 * decodes (tens of ms). Each waits for the previous decode and then for setImmediate (scheduled
 * from inside the previous turn's check phase, so it runs only after the next I/O poll).
 */
export function oneDecodePerTurn(): Decode {
  let last: Promise<unknown> = Promise.resolve();
  return (data) => {
    const next = last.then(() => nextTurn()).then(() => decodeOutcomes(data));
    last = next.catch(() => undefined);
    return next;
  };
}

export type Market = {
  token: Address;
  route: ProbeRoute;
  victim: Address;
  buyWei: bigint;
  /** Calls run in order before every candidate and the baseline (none: empty). */
  setup: Candidate[];
  /** What the candidates call (zero: the token; else a contract the token calls during a transfer). */
  target: Address;
};

/** Re-run the token's creation transaction as `deployer` and probe that fresh copy (history replay). */
type Copy = { deployer: Address; initcode: Hex; value: bigint };

/**
 * What every probe eth_call of one token's simulation shares: the client and request counter, the
 * market and watch list, the state overrides (the probe's code at each caller) and their size, and
 * the list of what could not be judged, filled as the runs go.
 */
export type Session = {
  client: PublicClient;
  decode: Decode;
  count: Counter;
  market: Market;
  watch: Watch;
  overrides: StateOverride;
  /** Bytes every eth_call carries besides its candidates (overrides, market, JSON envelope). */
  fixedBytes: number;
  /** The real holder watched (its balance, and its place in the watch list; null: none). */
  victimBalance: bigint;
  victimAt: number | null;
  inconclusive: Inconclusive[];
};

/** The candidates of a run, in order, and what each one is (for the findings). */
export type Probes = { metas: ProbeMeta[]; cands: Candidate[] };

/** What one run changes from the session's: the market (a setup, a target), watch list or overrides. */
export type RunOptions = {
  market?: Market;
  watch?: Watch;
  overrides?: StateOverride;
  at?: { blockNumber?: bigint; copy?: Copy };
};

/** One eth_call of `cands`; the outcomes, the baseline (no candidate) first. */
export async function runChunk(
  s: Session,
  cands: Candidate[],
  withTrade: boolean,
  opts: RunOptions = {},
): Promise<DecodedOutcome[]> {
  const market = opts.market ?? s.market;
  const watch = (opts.watch ?? s.watch).map((w) => w.address);
  const copy = opts.at?.copy;
  // runCopy(deployer, initcode, value, market, watch, cands): the run's arguments after three more.
  const run = encodeRun(market, watch, cands, withTrade);
  const data = copy
    ? (encodeFunctionData({
        abi: PowerProbe.abi,
        functionName: 'runCopy',
        args: [copy.deployer, copy.initcode, copy.value, market, watch, cands],
      }) as Hex)
    : run;
  s.count.n++;
  const blockNumber = opts.at?.blockNumber;
  const res = await withTimeout(
    s.client.call({
      account: FROM,
      to: PROBE,
      data,
      gas: CALL_GAS,
      stateOverride: opts.overrides ?? s.overrides,
      ...(blockNumber !== undefined ? { blockNumber } : {}),
    }),
  );
  if (!res.data || res.data === '0x') throw new Error('the node ignored the state overrides');
  return s.decode(res.data);
}

/** A follow-up run (a replay, a two-step run): the candidates' outcomes without the baseline. */
export const followUp = (s: Session, cands: Candidate[], opts: RunOptions = {}) =>
  runChunk(s, cands, false, opts).then((outs) => outs.slice(1));
