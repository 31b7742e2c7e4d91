/**
 * Owner-power simulation (I/O). Every state-changing function in the token's runtime bytecode (and
 * its implementation's, behind a proxy) is called, inside eth_call with state overrides, as each
 * privileged address the contract reveals — owner(), other owner-like getters, wallets its getters
 * return, the deployer — with probe arguments, and its EFFECT is measured by the PowerProbe helper:
 * supply and balances before/after (mint, tokens moved without allowance), then a real holder's sell
 * and a fresh buy/sell round trip after the call (sells or buys blocked, tax raised, limit shrunk).
 *
 * Two phases keep it inside the request budget: phase 1 runs every probe call with balance reads
 * only (cheap, a few large eth_calls); phase 2 re-runs the calls that succeeded, now with the
 * trades. Nothing is sent to the chain. At most MAX_REQUESTS JSON-RPC requests per token.
 *
 * The steps, each a module: discovery.ts and callers.ts (who may hold powers, what the token
 * calls), candidate-list.ts and candidates.ts (the calls), run-chunk.ts with encode-run.ts and
 * decode-outcomes.ts (one eth_call), phase1.ts, history.ts, two-step.ts, phase2.ts and
 * called-probes.ts (the runs), judge.ts and findings.ts (what the outcomes show). The order of the
 * steps below is the order of the JSON-RPC batches: requests started together share a round trip.
 */
import { type Address, type Hex, type PublicClient, type StateOverride, zeroAddress } from 'viem';
import type { OwnerPowerFacts, OwnerPowerFinding } from '../types';
import { describeCalled } from './called-contracts';
import { runCalled } from './called-probes';
import { type Caller, revealCallers } from './callers';
import {
  byTier,
  listCandidates,
  probeContext,
  probedSelectors,
  tokenSelectors,
  viewsOf,
} from './candidate-list';
import { probeCallBuilder } from './candidates';
import type { DecodedOutcome } from './decode-outcomes';
import { startDiscovery } from './discovery';
import { dedupeInconclusive, markUsableNow } from './findings';
import { grantsAndGated } from './grants';
import { creationCopy, historyFindings, startHistory } from './history';
import { FROM, FUNDS, NO_ROUTE, type OwnerPowerInput, PROBE, PROBE_CODE } from './input';
import { mergeFindings, type Watch } from './judge';
import { type Counter, MORE_HOLDERS, PROBE_REQUESTS } from './limits';
import { judgePhase1, pickReruns, planPhase1, runPhase1 } from './phase1';
import { measureOnceOpen, NO_TRADE_RUN, runWithTrades, tradeFindings } from './phase2';
import { readDelays } from './reads';
import { emitsRoleGrants, mergeRoleIds, roleIdsOf } from './role-ids';
import { oneDecodePerTurn, type Probes, type Session } from './run-chunk';
import { signatureOf } from './signatures';
import { switchSearch } from './switch-search';
import {
  grantFindings,
  otherFindings,
  prepareOther,
  reclaimFindings,
  startGrant,
  startReclaim,
} from './two-step';

export type { OwnerPowerInput } from './input';
export { MAX_REQUESTS } from './limits';

export async function simulateOwnerPowers(
  client: PublicClient,
  input: OwnerPowerInput,
): Promise<OwnerPowerFacts> {
  try {
    return await simulate(client, input, { n: 0 });
  } catch (e) {
    return {
      status: 'error',
      message: `Owner-power simulation failed: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    };
  }
}

/** Discovery, the callers, the candidates and phase 1; then what follows from phase 1's outcomes. */
async function simulate(
  client: PublicClient,
  input: OwnerPowerInput,
  count: Counter,
): Promise<OwnerPowerFacts> {
  const { selectors, abiSig } = tokenSelectors(input);
  // The creation transaction, asked beside the first read (same round trip): when it deployed the
  // token, powers given up are replayed on a fresh copy it builds (no old state needed).
  const creationP = creationCopy(client, input, count);
  const codes = [input.code, input.implementationCode];
  const { transfers, calledP, roleLogsP } = startDiscovery(client, input, count, emitsRoleGrants(codes));
  const noArgs = new Set<Hex>();
  const excludeP = calledP.then((c) => c.touched);
  const callers = await revealCallers(client, input, selectors, count, noArgs, excludeP);
  if (callers.length === 0)
    return {
      status: 'no_callers',
      reason: 'No privileged address is revealed (owner() renounced or absent, deployer unknown).',
    };
  // Timelocks: a current holder that is a contract stating a minimum delay (asked beside phase 1).
  const current = callers.filter((c) => c.current).map((c) => c.address);
  const delaysP = readDelays(client, current, count);
  const called = await calledP;
  const s = openSession(client, input, callers, count);
  const views = viewsOf(input);
  // Role ids the logs name (granted once), then those the code carries (bytes32 arguments for
  // grantRole-like functions).
  const roleIds = mergeRoleIds(await roleLogsP, roleIdsOf(codes));
  const fnSelectors = probedSelectors(selectors);
  const callsFor = probeCallBuilder();
  const probes = byTier(
    listCandidates(callers, fnSelectors, {
      callsFor,
      // The first caller (owner() when it is live) gets the whole ladder; the others the short one.
      ctxOf: (c, k) => probeContext(s, input, c.address, k > 0 && c.role !== 'deployer', roleIds),
      sigOf: (sel) => abiSig.get(sel) ?? signatureOf(sel),
      // Takes no arguments: the first call (no arguments) stands for the rest.
      trim: (sel, sig, all) => (noArgs.has(sel) && (!sig || sig.endsWith('()')) ? all.slice(0, 1) : all),
      tierOf: (sel, k) => (views.has(sel) ? 2 : 0) + (k > 0 ? 1 : 0),
    }),
  );
  if (transfers.length > 0 && called.failed === transfers.length)
    s.inconclusive.push({
      selector: '0x',
      signature: null,
      reason:
        'Contracts the token calls during a transfer (a guard, a fee handler) were not looked for: the node did not answer eth_createAccessList.',
    });
  const planned = [...probes.metas];
  const chunks = planPhase1(s, probes, views);
  // The calls the request budget left unsent: a trading switch among them would go unseen.
  const notSent = planned.slice(probes.metas.length).map((m) => m.selector);
  // Who holds the called contracts' privileged functions: asked beside phase 1 (same batch).
  const calledInfoP = describeCalled(client, input, called.touched, count);
  const phase1 = await runPhase1(s, probes, chunks);
  const followed = await afterPhase1(
    s,
    input,
    { callers, probes, phase1, callsFor, notSent },
    calledInfoP,
    creationP,
  );
  markUsableNow(followed.raw, await delaysP);
  followed.raw.push(...(await followed.history()));
  const base = followed.base;
  return {
    status: 'simulated',
    callers,
    functionsProbed: fnSelectors.length,
    callsSimulated: probes.cands.length + followed.reruns,
    baseline: {
      buyOk: base.buyOk,
      sellOk: base.sellOk,
      buyTaxPct: base.buyTaxPct,
      sellTaxPct: base.sellTaxPct,
      holderSellOk: base.holderSellOk,
    },
    findings: mergeFindings(followed.raw),
    inconclusive: dedupeInconclusive(s.inconclusive),
    rpcRequests: count.n + (count.extra ?? 0),
    ...(followed.onceOpen ? { onceOpen: followed.onceOpen } : {}),
    ...(followed.switchSearch ? { switchSearch: followed.switchSearch } : {}),
  };
}

/**
 * The watched addresses (the real holder first, the callers, the pair, the token, the probe), the
 * overrides that place the probe's code at each of them, and the market every run trades in.
 */
function openSession(
  client: PublicClient,
  input: OwnerPowerInput,
  callers: Caller[],
  count: Counter,
): Session {
  const pool = input.pool;
  const callerSet = new Set(callers.map((c) => c.address));
  const victimHolder =
    input.holders.find((h) => h.balance > 0n && !callerSet.has(h.address.toLowerCase() as Address)) ?? null;
  const victim = (victimHolder?.address.toLowerCase() ?? zeroAddress) as Address;
  // More real holders, watched beside the victim, the largest first: a rise paid by one of them is
  // a transfer, not a mint (the more of the supply watched, the less a rise can hide behind the
  // rest), and a fall beyond its allowance is a drain whoever the call named. A few only: each costs
  // every candidate two cold balance reads.
  const skip = new Set<string>([
    ...callerSet,
    victim,
    input.token.toLowerCase(),
    pool?.route.pool.toLowerCase() ?? '',
  ]);
  const others = [...input.holders]
    .filter((h) => h.balance > 0n && !skip.has(h.address.toLowerCase()))
    .sort((x, y) => (x.balance === y.balance ? 0 : x.balance > y.balance ? -1 : 1))
    .map((h) => h.address.toLowerCase() as Address)
    .filter((a, i, all) => all.indexOf(a) === i)
    .slice(0, MORE_HOLDERS);
  const watch: Watch = [
    ...(victimHolder ? [{ address: victim, role: 'victim' as const }] : []),
    ...others.map((address) => ({ address, role: 'holder' as const })),
    ...callers.map((c) => ({ address: c.address, role: 'caller' as const })),
    ...(pool ? [{ address: pool.route.pool, role: 'pair' as const }] : []),
    { address: input.token, role: 'token' },
    { address: PROBE, role: 'other' },
  ];
  const overrides: StateOverride = [
    { address: PROBE, code: PROBE_CODE, balance: FUNDS },
    { address: FROM, balance: FUNDS },
    ...callers.map((c) => ({ address: c.address, code: PROBE_CODE })),
    ...(victimHolder ? [{ address: victim, code: PROBE_CODE }] : []),
  ];
  const market = {
    token: input.token,
    // The trade simulation's route (any venue, single or multi-hop); an empty path trades nothing.
    route: pool?.route ?? NO_ROUTE,
    victim,
    // Half a percent of the pool's quote reserve in ETH: a real trade size that moves the price little.
    buyWei: pool ? pool.buyWei || 1n : 0n,
    setup: [],
    target: zeroAddress,
  };
  return {
    client,
    decode: oneDecodePerTurn(),
    count,
    market,
    watch,
    overrides,
    // What every eth_call carries besides its candidates: the overrides (the probe's code at each
    // address), the market and watch list, the JSON envelope.
    fixedBytes: overrides.reduce((a, o) => a + (o.code?.length ?? 0) + 200, 0) + 6_000,
    victimBalance: victimHolder?.balance ?? 0n,
    victimAt: victimHolder ? 0 : null,
    inconclusive: [],
  };
}

type Phase1 = {
  callers: Caller[];
  probes: Probes;
  phase1: DecodedOutcome[];
  callsFor: ReturnType<typeof probeCallBuilder>;
  /** Selectors of the calls planPhase1 did not send. */
  notSent: Hex[];
};

/**
 * What follows from phase 1, each started as soon as it can share a batch: the replay at creation,
 * the two-step runs, then phase 2 beside the called contracts' probes and the run through another
 * address; the once-open run after phase 2. The replay's findings are read last (`history`): they
 * are the effects no usable finding already shows.
 */
async function afterPhase1(
  s: Session,
  input: OwnerPowerInput,
  { callers, probes, phase1, callsFor, notSent }: Phase1,
  calledInfoP: ReturnType<typeof describeCalled>,
  creationP: ReturnType<typeof creationCopy>,
) {
  const { metas, cands } = probes;
  const pool = input.pool;
  const { raw, perFn } = judgePhase1(s, phase1, metas);
  const rerun = pickReruns(perFn, metas);
  const deployer = input.deployer?.toLowerCase() as Address | undefined;
  const deployerCalled = !!deployer && callers.some((c) => c.address === deployer);
  const history = await startHistory(s, input, probes, phase1, deployer, deployerCalled, creationP);
  const { reclaim, run: reclaimRun } = startReclaim(s, probes, phase1, raw);
  // (An allowance granted over a holder is followed inside the probe: transferFrom at once.)
  const plans = grantsAndGated({ phase1, metas, cands, watch: s.watch, raw }, callers, s.market.victim);
  const grantRun = startGrant(s, probes, plans.self);
  const other = prepareOther(s, probes, plans.other);
  if (!pool)
    s.inconclusive.push({
      selector: '0x',
      signature: null,
      reason:
        'No pool the probes can trade through: effects on trading (blocked sells, taxes, limits) were not measured.',
    });
  const calledInfo = await calledInfoP;
  const calledP2 = pool
    ? runCalled(s, input, callsFor, calledInfo)
    : Promise.resolve([] as OwnerPowerFinding[]);
  const p2P = pool
    ? runWithTrades(s, probes, rerun, [], Math.max(0, PROBE_REQUESTS - s.count.n))
    : Promise.resolve(NO_TRADE_RUN);
  const otherRun = other.start();
  const p2run = await p2P;
  const p2 = tradeFindings(s, metas, p2run, { pool: !!pool, reruns: rerun.length });
  // Closed trading: the switch is looked for among every call phase 2 re-ran, whatever its name.
  const search = pool && !p2.base.buyOk ? switchSearch({ phase1, metas, rerun, run: p2run, notSent }) : null;
  raw.push(...p2.found);
  raw.push(...(await calledP2));
  const opener = p2.openers.find((x) => x.o.sellOk) ?? p2.openers[0];
  const open = pool && opener && !p2.base.buyOk ? await measureOnceOpen(s, probes, rerun, opener) : null;
  raw.push(...(open?.powers ?? []));
  raw.push(...reclaimFindings(s, metas, reclaim, reclaimRun, await reclaimRun.outcomes));
  raw.push(...grantFindings(s, metas, plans.self, grantRun, await grantRun.outcomes));
  raw.push(...otherFindings(metas, plans.other, other, await otherRun.outcomes));
  return {
    raw,
    base: p2.base,
    reruns: rerun.length,
    onceOpen: open?.onceOpen ?? null,
    switchSearch: search,
    history: async () =>
      historyFindings(s, input, { ...history, outcomes: await history.outcomes }, metas, raw, deployer),
  };
}
