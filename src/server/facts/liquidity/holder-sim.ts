/**
 * Who can withdraw a position held by a contract, by effect (issue 35 item 2). For each holder
 * contract: its code (a proxy's implementation), the addresses it reveals (owner-like getters, every
 * zero-argument getter, its first storage slots, the EIP-1967 admin) and the timestamps its getters
 * answer; then LiquidityHolderProbe, placed by state override at each caller (those addresses, the
 * depositors, the token's deployer and owner, a stranger), calls the holder with every candidate the
 * owner-power simulation builds for its selectors and reads the positions' measures after each —
 * now and at later dates (block time overridden). Two JSON-RPC rounds for every holder together.
 * The function's name only labels what it did.
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  toFunctionSelector,
} from 'viem';
import { LIQUIDITY_STRANGER } from '../../../shared/liquidity-ledger';
import { isBurnAddress } from '../../../shared/vocabulary';
import { LiquidityHolderProbe } from '../../probes/generated';
import { isSkipped, type ProbeContext, probeCallBuilder } from '../owner-powers/candidates';
import { looksLikeAddress, tryAggregate3, tryReadSlots } from '../owner-powers/reads';
import { selectorsOf } from '../owner-powers/selectors-memo';
import { signatureOf } from '../owner-powers/signatures';
import type { HolderSimulation, HolderWithdrawal } from '../types';

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

const IMPL_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const STRANGER = LIQUIDITY_STRANGER as Address;
const MAX_CANDIDATES = 500;
const MAX_CALLERS = 5;
const CALL_GAS = 300_000_000n;
const DAY = 86_400;
/** Later dates simulated beside now: a month, a year, a century (past any real lock). */
const LATER = [30 * DAY, 365 * DAY, 100 * 365 * DAY];
const TIME_MIN_AHEAD = 60;
const TIME_MAX_AHEAD = 200 * 365 * DAY;

type Revealed = {
  code: Hex;
  implementation: Address | null;
  callers: { address: Address; role: string }[];
  times: number[];
};

const word = (h: Hex | undefined) => (h && h.length >= 66 ? BigInt(h.slice(0, 66)) : null);

/** Round A: the holder's code, proxy slots, getters and stored addresses. */
async function reveal(client: PublicClient, holder: Address, now: number): Promise<Revealed | null> {
  const [code, impl, admin, slots] = await Promise.all([
    client.getCode({ address: holder }),
    client.getStorageAt({ address: holder, slot: IMPL_SLOT }),
    client.getStorageAt({ address: holder, slot: ADMIN_SLOT }),
    tryReadSlots(client, holder),
  ]);
  if (!code || code === '0x') return null;
  const implAddr = looksLikeAddress((impl ?? '0x') as Hex) ?? minimalProxyTarget(code);
  const implCode = implAddr ? await client.getCode({ address: implAddr }) : null;
  const sels = selectorsOf((implCode && implCode !== '0x' ? implCode : code) as Hex);
  const getters = await tryAggregate3(
    client,
    sels.map((s) => ({ target: holder, allowFailure: true, callData: s })),
  );
  const callers: { address: Address; role: string }[] = [];
  const times: number[] = [];
  (getters ?? []).forEach((r, i) => {
    if (!r.success) return;
    const sel = sels[i] as Hex;
    const a = looksLikeAddress(r.returnData.slice(0, 66) as Hex);
    if (a) callers.push({ address: a, role: `${labelOf(sel) ?? sel} of the holder` });
    const w = word(r.returnData);
    if (w !== null && w > BigInt(now + TIME_MIN_AHEAD) && w < BigInt(now + TIME_MAX_AHEAD))
      times.push(Number(w));
  });
  const adminAddr = looksLikeAddress((admin ?? '0x') as Hex);
  if (adminAddr) callers.push({ address: adminAddr, role: 'proxy admin of the holder' });
  for (const s of slots ?? []) callers.push({ address: s.address, role: `${s.role} of the holder` });
  return {
    code: (implCode && implCode !== '0x' ? implCode : code) as Hex,
    implementation: implAddr,
    callers,
    times,
  };
}

function chooseCallers(
  revealed: Revealed,
  t: HolderTarget,
  creators: { address: Address; role: string }[],
): { address: Address; role: string }[] {
  // Depositors first (a staker, a lock's owner), then the creator's side, then what the holder
  // reveals (its owner, stored addresses): the limit falls on the least likely.
  const owners = revealed.callers.filter((c) => /owner|admin/i.test(c.role));
  const rest = revealed.callers.filter((c) => !owners.includes(c));
  const all = [
    ...t.depositors.map((d) => ({ address: d, role: 'depositor (sent the position to the holder)' })),
    ...creators,
    ...owners,
    ...rest,
  ];
  const out: { address: Address; role: string }[] = [];
  for (const c of all) {
    const a = c.address.toLowerCase() as Address;
    if (isBurnAddress(a) || a === t.holder || out.some((o) => o.address === a)) continue;
    if (out.length < MAX_CALLERS - 1) out.push({ address: a, role: c.role });
  }
  out.push({ address: STRANGER, role: 'a stranger (any address)' });
  return out;
}

/** An EIP-1167 minimal proxy's implementation (gauges and lockers are often clones). */
export function minimalProxyTarget(code: Hex): Address | null {
  const m = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i.exec(code);
  return m ? (`0x${(m[1] as string).toLowerCase()}` as Address) : null;
}

/**
 * Labels for calls the bundled signature list may not name (labels only: the effect decides).
 * Lock and position ids are small numbers: each function is also tried with ids 0–15.
 */
const LIQUIDITY_SIGNATURES = [
  'withdraw(uint256)',
  'withdraw(address,uint256)',
  'withdraw(address)',
  'withdraw()',
  'unlock(uint256)',
  'release(uint256)',
  'migrate(address)',
  'recover(address,uint256)',
  'emergencyWithdraw(uint256)',
  'removeLiquidity(uint256)',
];
const LABELS = new Map(LIQUIDITY_SIGNATURES.map((s) => [toFunctionSelector(`function ${s}`), s]));
const labelOf = (sel: Hex) => signatureOf(sel) ?? LABELS.get(sel.toLowerCase() as Hex) ?? null;
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

async function runProbe(
  client: PublicClient,
  t: HolderTarget,
  caller: Address,
  at: number | null,
  calls: Hex[],
): Promise<readonly Outcome[]> {
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

/**
 * Rounds 1–2 for every holder together: code and proxy slots (EOAs answer no code), then the getters.
 * Started beside the pool's other reads, so the simulation's own round is the only one added after.
 */
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

/** Every holder contract simulated: one round shared by all of them. */
export async function simulateHolders(
  client: PublicClient,
  targets: HolderTarget[],
  revealed: RevealedHolders,
  x: { now: number; creators: { address: Address; role: string }[] },
): Promise<Map<string, HolderSimulation>> {
  const out = new Map<string, HolderSimulation>();
  const runs = targets.map(async (t) => {
    const r = revealed.get(t.holder);
    if (r === undefined || r === null) return;
    if ('error' in r) {
      out.set(t.holder, {
        status: 'failed',
        holder: t.holder,
        reason: `its code could not be read (${errText(r.error)})`,
      });
      return;
    }
    out.set(t.holder, await simulateOne(client, t, r, x));
  });
  await Promise.all(runs);
  return out;
}

const errText = (e: unknown) => (e instanceof Error ? e.message.split('\n')[0]?.slice(0, 120) : String(e));

async function simulateOne(
  client: PublicClient,
  t: HolderTarget,
  r: Revealed,
  x: { now: number; creators: { address: Address; role: string }[] },
): Promise<HolderSimulation> {
  const callers = chooseCallers(r, t, x.creators);
  const build = probeCallBuilder();
  const stated = [t.statedUnlock, ...r.times].filter((u): u is number => u !== null && u > x.now);
  const times = [
    x.now,
    ...[...new Set(stated)].slice(0, 3).flatMap((u) => [u - TIME_MIN_AHEAD, u + TIME_MIN_AHEAD]),
    ...LATER.map((d) => x.now + d),
  ];
  // Functions that commonly withdraw are tried first, so the candidate limit falls on the others
  // (an order only: every outcome is judged by its effect).
  const sels = [...selectorsOf(r.code)]
    .filter((s) => !isSkipped(s))
    .sort((a, b) => Number(LABELS.has(b)) - Number(LABELS.has(a)));
  const plans = callers.map((c) => {
    const ctx: ProbeContext = {
      victim: t.victim,
      victimBalance: t.victimAmount,
      caller: c.address,
      pair: t.victim,
      supply: t.supply,
      short: true,
    };
    const all = sels.flatMap((s) => [
      ...build(s, ctx, labelOf(s)),
      ...SMALL_IDS.map((id) => ({
        selector: s,
        data: `${s}${id.toString(16).padStart(64, '0')}` as Hex,
        args: `(id ${id})`,
      })),
    ]);
    return { caller: c, calls: all.slice(0, MAX_CANDIDATES), total: all.length };
  });
  let tried = 0;
  let notTried = 0;
  const withdrawals: HolderWithdrawal[] = [];
  try {
    await Promise.all(
      plans.flatMap((p) =>
        times.map(async (at, ti) => {
          const outcomes = await runProbe(
            client,
            t,
            p.caller.address,
            ti === 0 ? null : at,
            p.calls.map((c) => c.data),
          );
          const base = outcomes[0];
          if (!base?.called) throw new Error('the probe did not run');
          p.calls.forEach((c, i) => {
            const o = outcomes[i + 1];
            if (ti === 0) {
              if (o?.called) tried++;
              else notTried++;
            }
            const moved = o ? movedPositions(o, base, t.measures) : [];
            if (moved.length === 0) return;
            withdrawals.push({
              caller: p.caller.address,
              role: p.caller.role,
              at,
              selector: c.selector,
              signature: labelOf(c.selector),
              args: c.args,
              positions: moved,
            });
          });
          if (ti === 0) notTried += p.total - p.calls.length;
        }),
      ),
    );
  } catch (e) {
    return { status: 'failed', holder: t.holder, reason: `the simulation failed (${errText(e)})` };
  }
  return {
    status: 'simulated',
    holder: t.holder,
    implementation: r.implementation,
    tried,
    notTried,
    callers,
    times,
    withdrawals: firstPerCallerAndTime(withdrawals),
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
