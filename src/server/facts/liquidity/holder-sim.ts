/**
 * Who can withdraw a position held by a contract, by effect (issue 35 item 2). For each holder
 * contract (holder-reveal.ts: its code, a proxy's implementation, the addresses and dates it keeps),
 * LiquidityHolderProbe is placed by state override at each caller — the depositors, the token's
 * deployer and owner, the addresses the holder reveals, a stranger — and calls the holder with every
 * candidate the owner-power simulation builds for its selectors (plus ids 0–15), reading the
 * positions' measures after each, now and at later dates (block time overridden). One round for
 * every holder together, with the getters beside it; a second only when the getters name a caller
 * or a date not yet tried. The function's name only labels what it did.
 */
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, type PublicClient } from 'viem';
import { LIQUIDITY_STRANGER } from '../../../shared/liquidity-ledger';
import { isBurnAddress } from '../../../shared/vocabulary';
import { LiquidityHolderProbe } from '../../probes/generated';
import { isSkipped, type ProbeCall, type ProbeContext, probeCallBuilder } from '../owner-powers/candidates';
import { selectorsOf } from '../owner-powers/selectors-memo';
import type { HolderSimulation, HolderWithdrawal } from '../types';
import {
  type Found,
  labelOf,
  type Revealed,
  readGetters,
  reveal,
  TIME_MIN_AHEAD,
  WITHDRAW_LABELS,
} from './holder-reveal';

/** A position's measure: a view call whose word falls (an amount) or changes (an owner) when it leaves. */
export type Measure = {
  target: Address;
  data: Hex;
  word: bigint;
  kind: 'amount' | 'owner';
  position: number;
};

export type HolderTarget = {
  holder: Address;
  measures: Measure[];
  /** Probe arguments: the victim address (the pair, the position manager) and amount (LP, an id). */
  victim: Address;
  victimAmount: bigint;
  supply: bigint;
  depositors: Address[];
  statedUnlock: number | null;
};

const STRANGER = LIQUIDITY_STRANGER as Address;
const MAX_CANDIDATES = 500;
const MAX_CALLERS = 5;
const MAX_STATED_TIMES = 3;
const CALL_GAS = 300_000_000n;
const DAY = 86_400;
/** Later dates simulated beside now: a month, a year, a century (past any real lock). */
const LATER = [30 * DAY, 365 * DAY, 100 * 365 * DAY];
const SMALL_IDS = Array.from({ length: 16 }, (_, i) => BigInt(i));

type Outcome = { called: boolean; callOk: boolean; words: readonly bigint[] };

/** Which positions a candidate's outcome removed or moved, against the baseline (pure). */
export function movedPositions(o: Outcome, base: Outcome, measures: Measure[]): number[] {
  if (!o.called || !o.callOk || !base.called) return [];
  const moved = new Set<number>();
  measures.forEach((m, i) => {
    const before = base.words[i];
    const after = o.words[i];
    if (before === undefined || after === undefined) return;
    if (m.kind === 'owner' ? after !== before : after < before) moved.add(m.position);
  });
  return [...moved];
}

/**
 * Callers in order of how likely they hold the exit: depositors (a staker, a lock's owner), the
 * creator's side, owner-like addresses, the rest; a stranger always. Burn addresses and the holder
 * itself are no callers.
 */
function chooseCallers(found: Found[], t: HolderTarget, creators: Found[], tried: Set<string>): Found[] {
  const owners = found.filter((c) => /owner|admin/i.test(c.role));
  const all = [
    ...t.depositors.map((d) => ({ address: d, role: 'depositor (sent the position to the holder)' })),
    ...creators,
    ...owners,
    ...found.filter((c) => !owners.includes(c)),
  ];
  const out: Found[] = [];
  for (const c of all) {
    const a = c.address.toLowerCase() as Address;
    // One caller per address, with every reason it was tried: a depositor that is also the holder's
    // owner is a lock's owner, not a staker (analysis/liquidity-ledger.ts tells them apart by it).
    const seen = out.find((o) => o.address === a);
    if (seen && !seen.role.includes(c.role)) seen.role = `${seen.role}; ${c.role}`;
    if (isBurnAddress(a) || a === t.holder || tried.has(a) || seen) continue;
    if (out.length + tried.size < MAX_CALLERS - 1) out.push({ address: a, role: c.role });
  }
  if (!tried.has(STRANGER)) out.push({ address: STRANGER, role: 'a stranger (any address)' });
  return out;
}

async function runProbe(
  client: PublicClient,
  t: HolderTarget,
  caller: Address,
  at: number | null,
  calls: Hex[],
) {
  const res = await client.call({
    to: caller,
    gas: CALL_GAS,
    data: encodeFunctionData({
      abi: LiquidityHolderProbe.abi,
      functionName: 'run',
      args: [t.holder, t.measures.map((m) => ({ target: m.target, data: m.data, word: m.word })), calls],
    }),
    stateOverride: [{ address: caller, code: LiquidityHolderProbe.deployedBytecode as Hex }],
    ...(at !== null ? { blockOverrides: { time: BigInt(at) } } : {}),
  });
  return decodeFunctionResult({
    abi: LiquidityHolderProbe.abi,
    functionName: 'run',
    data: res.data ?? '0x',
  }) as readonly Outcome[];
}

export type RevealedHolders = Map<string, Revealed | null | { error: unknown }>;

/** Round 1 for every holder together: code, proxy slots, stored words (EOAs answer no code). */
export async function revealHolders(
  client: PublicClient,
  holders: Address[],
  now: number,
): Promise<RevealedHolders> {
  const out: RevealedHolders = new Map();
  await Promise.all(
    holders.map((h) =>
      reveal(client, h, now).then(
        (r) => out.set(h, r),
        (error: unknown) => out.set(h, { error }),
      ),
    ),
  );
  return out;
}

/** Every holder contract simulated, their probes sharing rounds. */
export async function simulateHolders(
  client: PublicClient,
  targets: HolderTarget[],
  revealed: RevealedHolders,
  x: { now: number; creators: Found[] },
): Promise<Map<string, HolderSimulation>> {
  const out = new Map<string, HolderSimulation>();
  await Promise.all(
    targets.map(async (t) => {
      const r = revealed.get(t.holder);
      if (r === undefined || r === null) return;
      if ('error' in r)
        out.set(t.holder, {
          status: 'failed',
          holder: t.holder,
          reason: `its code could not be read (${errText(r.error)})`,
        });
      else out.set(t.holder, await simulateOne(client, t, r, x));
    }),
  );
  return out;
}

const errText = (e: unknown) => (e instanceof Error ? e.message.split('\n')[0]?.slice(0, 120) : String(e));

/** The candidate calls for one caller: withdraw-like functions first (an order only), then the rest. */
function candidatesFor(
  t: HolderTarget,
  code: Hex,
  caller: Address,
  build: ReturnType<typeof probeCallBuilder>,
) {
  const sels = [...selectorsOf(code)]
    .filter((s) => !isSkipped(s))
    .sort((a, b) => Number(WITHDRAW_LABELS.has(b)) - Number(WITHDRAW_LABELS.has(a)));
  const ctx: ProbeContext = {
    victim: t.victim,
    victimBalance: t.victimAmount,
    caller,
    pair: t.victim,
    supply: t.supply,
    short: true,
  };
  const all: ProbeCall[] = sels.flatMap((s) => [
    ...build(s, ctx, labelOf(s)),
    ...SMALL_IDS.map((id) => ({
      selector: s,
      data: `${s}${id.toString(16).padStart(64, '0')}` as Hex,
      args: `(id ${id})`,
    })),
  ]);
  return { calls: all.slice(0, MAX_CANDIDATES), total: all.length };
}

/** The dates simulated: now, a minute either side of each stated unlock, and the later dates. */
function datesFor(now: number, stated: number[]): number[] {
  return [
    now,
    ...[...new Set(stated)]
      .slice(0, MAX_STATED_TIMES)
      .flatMap((u) => [u - TIME_MIN_AHEAD, u + TIME_MIN_AHEAD]),
    ...LATER.map((d) => now + d),
  ];
}

type Tally = { tried: number; notTried: number; withdrawals: HolderWithdrawal[] };

/** Runs every (caller, date) pair given, recording what moved a position. */
async function runPairs(
  client: PublicClient,
  t: HolderTarget,
  code: Hex,
  pairs: { caller: Found; at: number; now: boolean }[],
  tally: Tally,
) {
  const build = probeCallBuilder();
  const byCaller = new Map<string, ReturnType<typeof candidatesFor>>();
  await Promise.all(
    pairs.map(async ({ caller, at, now }) => {
      let plan = byCaller.get(caller.address);
      if (!plan) {
        plan = candidatesFor(t, code, caller.address, build);
        byCaller.set(caller.address, plan);
      }
      const { calls, total } = plan;
      const outcomes = await runProbe(
        client,
        t,
        caller.address,
        now ? null : at,
        calls.map((c) => c.data),
      );
      const base = outcomes[0];
      if (!base?.called) throw new Error('the probe did not run');
      calls.forEach((c, i) => {
        const o = outcomes[i + 1];
        if (now) {
          if (o?.called) tally.tried++;
          else tally.notTried++;
        }
        const moved = o ? movedPositions(o, base, t.measures) : [];
        if (moved.length > 0)
          tally.withdrawals.push({
            caller: caller.address,
            role: caller.role,
            at,
            selector: c.selector,
            signature: labelOf(c.selector),
            args: c.args,
            positions: moved,
          });
      });
      if (now) tally.notTried += total - calls.length;
    }),
  );
}

async function simulateOne(
  client: PublicClient,
  t: HolderTarget,
  r: Revealed,
  x: { now: number; creators: Found[] },
): Promise<HolderSimulation> {
  const tally: Tally = { tried: 0, notTried: 0, withdrawals: [] };
  const stated = [t.statedUnlock, ...r.times].filter((u): u is number => u !== null && u > x.now);
  const callers = chooseCallers(r.callers, t, x.creators, new Set());
  const times = datesFor(x.now, stated);
  const pairs = (cs: Found[], ts: number[]) =>
    cs.flatMap((caller) => ts.map((at) => ({ caller, at, now: at === x.now })));
  try {
    // The getters leave with the first probes; what they add is tried after, and only that.
    const [getters] = await Promise.all([
      readGetters(client, t.holder, r.code, x.now).catch(() => ({
        callers: [] as Found[],
        times: [] as number[],
      })),
      runPairs(client, t, r.code, pairs(callers, times), tally),
    ]);
    // A caller already tried that a getter names too (a depositor that is the holder's owner()) keeps
    // both reasons: the ledger tells a stake from a lock's owner by them.
    for (const g of getters.callers) {
      const c = callers.find((k) => k.address === g.address.toLowerCase());
      if (c && !c.role.includes(g.role)) c.role = `${c.role}; ${g.role}`;
    }
    const more = chooseCallers(getters.callers, t, [], new Set(callers.map((c) => c.address)));
    const newTimes = datesFor(x.now, [...stated, ...getters.times.filter((u) => u > x.now)]).filter(
      (u) => !times.includes(u),
    );
    if (more.length > 0 || newTimes.length > 0)
      await runPairs(
        client,
        t,
        r.code,
        [...pairs(more, [...times, ...newTimes]), ...pairs(callers, newTimes)],
        tally,
      );
    callers.push(...more);
    times.push(...newTimes);
    stated.push(...getters.times.filter((u) => u > x.now));
  } catch (e) {
    return { status: 'failed', holder: t.holder, reason: `the simulation failed (${errText(e)})` };
  }
  return {
    status: 'simulated',
    holder: t.holder,
    implementation: r.implementation,
    tried: tally.tried,
    notTried: tally.notTried,
    callers,
    times,
    withdrawals: firstPerCallerAndTime(tally.withdrawals).map((w) => ({
      ...w,
      role: callers.find((c) => c.address === w.caller)?.role ?? w.role,
    })),
    statedUnlock: stated.length ? Math.min(...stated) : null,
  };
}

/** One withdrawal per caller, time and function: the first calldata that showed it. */
function firstPerCallerAndTime(ws: HolderWithdrawal[]): HolderWithdrawal[] {
  const seen = new Set<string>();
  return ws.filter((w) => {
    const k = `${w.caller}:${w.at}:${w.selector}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
