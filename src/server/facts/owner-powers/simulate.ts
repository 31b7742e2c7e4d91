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
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  parseAbi,
  parseEther,
  type StateOverride,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { isBurnAddress } from '../../../shared/vocabulary';
import { MULTICALL3_ADDRESS } from '../../chain/client';
import { PowerProbe } from '../../probes/generated';
import { PROBE_VENUE, type ProbeRoute } from '../../venues/venue';
import { rejectAfter } from '../budget';
import { ALT_OWNER_GETTERS } from '../selectors';
import type { OwnerPowerFacts, OwnerPowerFinding } from '../types';
import { isSkipped, type ProbeContext, probeCallBuilder } from './candidates';
import { decodeOutcomes } from './decode-outcomes';
import { encodeRun } from './encode-run';
import {
  balanceEffects,
  baselineOf,
  describe,
  mergeFindings,
  type ProbeMeta,
  type ProbeOutcome,
  tradeEffects,
  type Watch,
} from './judge';
import { selectorsOf } from './selectors-memo';
import { signatureOf, WALLET_GETTERS } from './signatures';

const PROBE = '0x00000000000000000000000000000000f1ab9077' as const;
const FROM = '0x00000000000000000000000000000000f1ab0f70' as const;
const FUNDS = parseEther('1000000');

export const MAX_REQUESTS = 20;
const NO_ROUTE: ProbeRoute = {
  venue: PROBE_VENUE.v2,
  router: zeroAddress,
  quoter: zeroAddress,
  pool: zeroAddress,
  path: [],
  fees: [],
  minQuote: 0n,
};
/** Candidates per eth_call: phase 1 (balance reads only) and phase 2 (with trades). */
const PHASE1_CHUNK = 400;
const PHASE2_CHUNK = 60;
/** Successful calls per (caller, function) re-run with trades. */
const PHASE2_PER_FUNCTION = 8;
const MAX_CALLERS = 4;
const CALL_GAS = 120_000_000n;
/** Gas PowerProbe gives each power call (its POWER_GAS); a call that used it all was cut off. */
const POWER_GAS = 1_000_000n;
const CALL_TIMEOUT_MS = 8_000;

const aggregate3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

export type OwnerPowerInput = {
  token: Address;
  /** Runtime code of the token and, behind a proxy, of its implementation. */
  code: Hex;
  implementationCode: Hex | null;
  abi?: Abi | undefined;
  owner: Address | null;
  deployer: Address | null;
  /** How to trade the token on its venue (the trade simulation's route) and the buy size in wei. */
  pool: { route: ProbeRoute; buyWei: bigint } | null;
  /** Real holders (EOAs that bought through the pool first), best victim first. */
  holders: { address: Address; balance: bigint }[];
  /**
   * The token's creation block: the deployer's calls that fail today are replayed there, when the
   * deployer still held its powers, to find powers that exist but are no longer usable.
   */
  createdAtBlock?: bigint | null;
};

/** Selectors of the delay getters timelocks state (OpenZeppelin TimelockController, Compound Timelock). */
const DELAY_GETTERS = ['getMinDelay()', 'delay()'].map((s) => toFunctionSelector(`function ${s}`));
/** A stated delay above ten years is not a delay but some other number. */
const MAX_DELAY_S = 315_360_000n;

type Counter = { n: number };

const withTimeout = <T>(p: Promise<T>, ms: number) => rejectAfter(p, ms, `probe timed out after ${ms} ms`);

const looksLikeAddress = (ret: Hex): Address | null => {
  if (!/^0x0{24}[0-9a-f]{40}$/i.test(ret)) return null;
  const v = BigInt(ret);
  // Numbers (flags, fees, limits up to ~10^38) are not addresses; a real address is a random
  // 160-bit value, below 2^128 only for vanity addresses with eight leading zero bytes.
  if (v < 1n << 128n) return null;
  return `0x${ret.slice(26).toLowerCase()}` as Address;
};

/** Privileged addresses the contract reveals: owner-like getters and addresses any getter returns. */
async function revealCallers(
  client: PublicClient,
  input: OwnerPowerInput,
  selectors: Hex[],
  count: Counter,
): Promise<{ address: Address; role: string; current: boolean }[]> {
  const known = new Set(
    [
      input.token,
      input.pool?.route.pool,
      input.pool?.route.router,
      input.pool?.route.quoter,
      ...(input.pool?.route.path ?? []),
      MULTICALL3_ADDRESS,
      zeroAddress,
    ]
      .filter((a): a is Address => !!a)
      .map((a) => a.toLowerCase()),
  );
  const ownerLike = new Set(
    ['owner()', ...ALT_OWNER_GETTERS].map((s) => toFunctionSelector(`function ${s}`).toLowerCase()),
  );
  const wallets = new Set(WALLET_GETTERS.map((s) => toFunctionSelector(`function ${s}`).toLowerCase()));
  const out: { address: Address; role: string; current: boolean }[] = [];
  const push = (address: Address, role: string, current: boolean) => {
    const a = address.toLowerCase() as Address;
    if (known.has(a) || isBurnAddress(a) || out.some((c) => c.address === a)) return;
    out.push({ address: a, role, current });
  };
  if (input.owner && !isBurnAddress(input.owner)) push(input.owner, 'owner()', true);
  // Every no-argument selector, called once through Multicall3: owner-like getters, fee and
  // marketing wallets and any other stored address show up as address-shaped return words.
  const getters = selectors.filter((s) => !isSkipped(s) || ownerLike.has(s));
  if (getters.length > 0) {
    count.n++;
    const res = await withTimeout(
      client.readContract({
        address: MULTICALL3_ADDRESS,
        abi: aggregate3Abi,
        functionName: 'aggregate3',
        args: [getters.map((s) => ({ target: input.token, allowFailure: true, callData: s }))],
      }),
      CALL_TIMEOUT_MS,
    ).catch(() => [] as readonly { success: boolean; returnData: Hex }[]);
    const found: { address: Address; role: string; rank: number }[] = [];
    res.forEach((r, i) => {
      const sel = getters[i] as Hex;
      const a = r.success ? looksLikeAddress(r.returnData) : null;
      if (!a) return;
      const sig = signatureOf(sel);
      const rank = ownerLike.has(sel) ? 0 : wallets.has(sel) ? 1 : 2;
      found.push({ address: a, role: sig ?? `address returned by ${sel}`, rank });
    });
    found.sort((x, y) => x.rank - y.rank);
    for (const f of found) push(f.address, f.role, true);
  }
  if (input.deployer) push(input.deployer, 'deployer', false);
  return out.slice(0, MAX_CALLERS);
}

type Decoded = ProbeOutcome;
type Decode = (data: Hex) => Promise<Decoded[]>;

/**
 * Decodes probe replies one per event-loop turn. Several chunks' replies come back in one JSON-RPC
 * batch and resolve together; decoded back to back they would hold the loop for the sum of their
 * decodes (tens of ms). Each waits for the previous decode and then for setImmediate (scheduled
 * from inside the previous turn's check phase, so it runs only after the next I/O poll).
 */
function oneDecodePerTurn(): Decode {
  let last: Promise<unknown> = Promise.resolve();
  return (data) => {
    const next = last.then(() => nextTurn()).then(() => decodeOutcomes(data));
    last = next.catch(() => undefined);
    return next;
  };
}

async function runChunk(
  client: PublicClient,
  decode: Decode,
  market: {
    token: Address;
    route: ProbeRoute;
    victim: Address;
    buyWei: bigint;
  },
  watch: Watch,
  cands: { caller: Address; data: Hex }[],
  withTrade: boolean,
  overrides: StateOverride,
  count: Counter,
  blockNumber?: bigint,
): Promise<Decoded[]> {
  const data = encodeRun(
    { ...market, route: { ...market.route, path: market.route.path, fees: market.route.fees } },
    watch.map((w) => w.address),
    cands,
    withTrade,
  );
  count.n++;
  const res = await withTimeout(
    client.call({
      account: FROM,
      to: PROBE,
      data,
      gas: CALL_GAS,
      stateOverride: overrides,
      ...(blockNumber !== undefined ? { blockNumber } : {}),
    }),
    CALL_TIMEOUT_MS,
  );
  if (!res.data || res.data === '0x') throw new Error('the node ignored the state overrides');
  return decode(res.data);
}

/**
 * Minimum delays the current holders state (a timelock contract as owner): one Multicall3 batch of
 * the delay getters on each holder. An EOA answers nothing, so only contracts can state a delay.
 */
async function readDelays(
  client: PublicClient,
  holders: Address[],
  count: Counter,
): Promise<Map<Address, number>> {
  const out = new Map<Address, number>();
  if (holders.length === 0) return out;
  const calls = holders.flatMap((h) =>
    DELAY_GETTERS.map((sel) => ({ target: h, allowFailure: true, callData: sel })),
  );
  count.n++;
  const res = await withTimeout(
    client.readContract({
      address: MULTICALL3_ADDRESS,
      abi: aggregate3Abi,
      functionName: 'aggregate3',
      args: [calls],
    }),
    CALL_TIMEOUT_MS,
  ).catch(() => [] as readonly { success: boolean; returnData: Hex }[]);
  res.forEach((r, i) => {
    const h = holders[Math.floor(i / DELAY_GETTERS.length)] as Address;
    if (!r.success || r.returnData.length !== 66 || out.has(h)) return;
    const v = BigInt(r.returnData);
    if (v > 0n && v <= MAX_DELAY_S) out.set(h, Number(v));
  });
  return out;
}

const days = (s: number) => (s >= 86_400 ? `${Math.round((s / 86_400) * 10) / 10} day(s)` : `${s} s`);

export async function simulateOwnerPowers(
  client: PublicClient,
  input: OwnerPowerInput,
): Promise<OwnerPowerFacts> {
  const count: Counter = { n: 0 };
  const decode = oneDecodePerTurn();
  try {
    const pool = input.pool;
    const sels = new Set<Hex>();
    for (const c of [input.code, input.implementationCode]) {
      if (c && c !== '0x') for (const s of selectorsOf(c)) sels.add(s);
    }
    const abiSig = new Map<string, string>();
    for (const item of input.abi ?? []) {
      if (item.type !== 'function') continue;
      const sig = `${item.name}(${item.inputs.map((i) => i.type).join(',')})`;
      abiSig.set(toFunctionSelector(`function ${sig}`).toLowerCase(), sig);
      if (item.stateMutability === 'view' || item.stateMutability === 'pure')
        sels.delete(toFunctionSelector(`function ${sig}`).toLowerCase() as Hex);
    }
    const selectors = [...sels];
    const callers = await revealCallers(client, input, selectors, count);
    if (callers.length === 0)
      return {
        status: 'no_callers',
        reason: 'No privileged address is revealed (owner() renounced or absent, deployer unknown).',
      };
    // Timelocks: a current holder that is a contract stating a minimum delay (asked beside phase 1).
    const delaysP = readDelays(
      client,
      callers.filter((c) => c.current).map((c) => c.address),
      count,
    );
    const callerSet = new Set(callers.map((c) => c.address));
    const victimHolder =
      input.holders.find((h) => h.balance > 0n && !callerSet.has(h.address.toLowerCase() as Address)) ?? null;
    const victim = (victimHolder?.address.toLowerCase() ?? zeroAddress) as Address;
    const watch: Watch = [
      ...(victimHolder ? [{ address: victim, role: 'victim' as const }] : []),
      ...callers.map((c) => ({ address: c.address, role: 'caller' as const })),
      ...(pool ? [{ address: pool.route.pool, role: 'pair' as const }] : []),
      { address: input.token, role: 'token' },
      { address: PROBE, role: 'other' },
    ];
    const code = PowerProbe.deployedBytecode as Hex;
    const overrides: StateOverride = [
      { address: PROBE, code, balance: FUNDS },
      { address: FROM, balance: FUNDS },
      ...callers.map((c) => ({ address: c.address, code })),
      ...(victimHolder ? [{ address: victim, code }] : []),
    ];
    const market = {
      token: input.token,
      // The trade simulation's route (any venue, single or multi-hop); an empty path trades nothing.
      route: pool?.route ?? NO_ROUTE,
      victim,
      // Half a percent of the pool's quote reserve in ETH: a real trade size that moves the price little.
      buyWei: pool ? pool.buyWei || 1n : 0n,
    };

    const transferFrom = toFunctionSelector('function transferFrom(address,address,uint256)');
    const fnSelectors = selectors.filter((s) => !isSkipped(s) || s === transferFrom);
    const metas: ProbeMeta[] = [];
    const cands: { caller: Address; data: Hex }[] = [];
    const callsFor = probeCallBuilder();
    for (const c of callers) {
      const ctx: ProbeContext = {
        victim,
        victimBalance: victimHolder?.balance ?? 0n,
        caller: c.address,
        pair: pool?.route.pool ?? zeroAddress,
      };
      for (const sel of fnSelectors) {
        const sig = abiSig.get(sel) ?? signatureOf(sel);
        for (const call of callsFor(sel, ctx, sig)) {
          metas.push({
            selector: sel,
            signature: sig,
            caller: c.address,
            callerRole: c.role,
            args: call.args,
          });
          cands.push({ caller: c.address, data: call.data });
        }
      }
    }
    const inconclusive: { selector: `0x${string}`; signature: string | null; reason: string }[] = [];
    // Budget: phase 1 may take up to half the requests left.
    const maxPhase1 = Math.max(1, Math.floor((MAX_REQUESTS - count.n) / 2)) * PHASE1_CHUNK;
    if (cands.length > maxPhase1) {
      const dropped = new Set(metas.slice(maxPhase1).map((m) => m.selector));
      for (const s of dropped)
        inconclusive.push({
          selector: s,
          signature: signatureOf(s),
          reason: 'not probed: request budget spent',
        });
      cands.length = maxPhase1;
      metas.length = maxPhase1;
    }
    const chunks1: Promise<Decoded[]>[] = [];
    for (let i = 0; i < cands.length; i += PHASE1_CHUNK)
      chunks1.push(
        runChunk(client, decode, market, watch, cands.slice(i, i + PHASE1_CHUNK), false, overrides, count),
      );
    const phase1 = (await Promise.all(chunks1)).flatMap((outs) => outs.slice(1));

    const raw: OwnerPowerFinding[] = [];
    const perFn = new Map<string, number[]>();
    const rerun: number[] = [];
    phase1.forEach((o, i) => {
      const m = metas[i] as ProbeMeta;
      if (!o.called) {
        inconclusive.push({
          selector: m.selector,
          signature: m.signature,
          reason: `${m.args} ran out of gas`,
        });
        return;
      }
      // A call that spent its whole gas budget (a loop, or return data too large to copy) neither
      // succeeded nor plainly reverted: its effect is unknown, and the report says so.
      if (o.gasUsed >= POWER_GAS) {
        inconclusive.push({
          selector: m.selector,
          signature: m.signature,
          reason: `${m.args} ${o.callOk ? 'used' : 'ran out of'} its whole ${POWER_GAS.toLocaleString('en-US')} gas budget (a loop or huge return data), so its effect is unknown`,
        });
        if (!o.callOk) return;
      }
      if (!o.callOk) return;
      const b = balanceEffects(o, watch, m.caller);
      if (b.effects.length) raw.push(finding(m, b.effects, b.notes, null, null));
      const key = `${m.caller}:${m.selector}`;
      perFn.set(key, [...(perFn.get(key) ?? []), i]);
    });
    // Up to PHASE2_PER_FUNCTION successes per function, evenly spread and always including the last
    // (the probe values grow along the list, so the last success reaches the highest tax).
    for (const idx of perFn.values()) {
      if (idx.length <= PHASE2_PER_FUNCTION) rerun.push(...idx);
      else
        for (let k = 0; k < PHASE2_PER_FUNCTION; k++)
          rerun.push(idx[Math.round((k * (idx.length - 1)) / (PHASE2_PER_FUNCTION - 1))] as number);
    }

    // Former powers: the deployer's calls that revert today, replayed at the creation block (when the
    // deployer still held what it gave up). A call that changed balances then but reverts now is a
    // power that exists and is not usable now (renounced, role revoked, handed to someone else).
    const deployer = input.deployer?.toLowerCase() as Address | undefined;
    const replay: number[] = [];
    if (deployer && callerSet.has(deployer)) {
      // Only functions none of whose calls succeed for the deployer today: the rest it still holds.
      const okNow = new Set(
        phase1.flatMap((o, i) => {
          const m = metas[i] as ProbeMeta;
          return o.callOk && m.caller === deployer ? [m.selector] : [];
        }),
      );
      phase1.forEach((o, i) => {
        const m = metas[i] as ProbeMeta;
        if (o.called && !o.callOk && m.caller === deployer && !okNow.has(m.selector)) replay.push(i);
      });
    }
    replay.length = Math.min(replay.length, PHASE1_CHUNK);
    const historyP: Promise<Decoded[] | null> =
      replay.length > 0 && input.createdAtBlock != null && count.n < MAX_REQUESTS - 2
        ? runChunk(
            client,
            decode,
            market,
            watch,
            replay.map((i) => cands[i] as { caller: Address; data: Hex }),
            false,
            overrides,
            count,
            input.createdAtBlock,
          )
            .then((outs) => outs.slice(1))
            .catch((e) => {
              inconclusive.push({
                selector: '0x',
                signature: null,
                reason: `Powers the deployer may have given up were not checked: the node keeps no state for the creation block ${input.createdAtBlock} (${e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 100) : String(e)}).`,
              });
              return null;
            })
        : Promise.resolve(null);

    // Phase 2: the successful calls again, each followed by a holder sell and a fresh round trip.
    const budget2 = pool ? Math.max(0, MAX_REQUESTS - count.n) * PHASE2_CHUNK : 0;
    if (!pool)
      inconclusive.push({
        selector: '0x',
        signature: null,
        reason:
          'No pool the probes can trade through: effects on trading (blocked sells, taxes, limits) were not measured.',
      });
    if (rerun.length > budget2) {
      for (const i of rerun.slice(budget2)) {
        const m = metas[i] as ProbeMeta;
        inconclusive.push({
          selector: m.selector,
          signature: m.signature,
          reason: `${m.args}: trade effect not measured (request budget spent)`,
        });
      }
      rerun.length = budget2;
    }
    const chunks2: Promise<Decoded[]>[] = [];
    const slices: number[][] = [];
    for (let i = 0; pool && i < Math.max(rerun.length, 1); i += PHASE2_CHUNK) {
      const idx = rerun.slice(i, i + PHASE2_CHUNK);
      slices.push(idx);
      chunks2.push(
        runChunk(
          client,
          decode,
          market,
          watch,
          idx.map((j) => cands[j] as { caller: Address; data: Hex }),
          true,
          overrides,
          count,
        ),
      );
    }
    const phase2 = await Promise.all(chunks2);
    const base = phase2[0]?.[0]
      ? baselineOf(phase2[0][0])
      : {
          buyOk: false,
          sellOk: false,
          smallBuyOnly: false,
          buyTaxPct: null,
          sellTaxPct: null,
          holderSellOk: null,
        };
    if (pool && !base.sellOk && rerun.length > 0)
      inconclusive.push({
        selector: '0x',
        signature: null,
        reason: base.buyOk
          ? 'A fresh buy could not be sold back even before any owner call, so blocked-sell and sell-tax effects were not measurable.'
          : 'A fresh buy failed even before any owner call, so trading effects were not measurable.',
      });
    slices.forEach((idx, k) => {
      const outs = phase2[k] ?? [];
      idx.forEach((j, n) => {
        const o = outs[n + 1];
        const m = metas[j] as ProbeMeta;
        if (!o) return;
        if (!o.called) {
          inconclusive.push({
            selector: m.selector,
            signature: m.signature,
            reason: `${m.args} with trades ran out of gas`,
          });
          return;
        }
        const t = tradeEffects(o, base);
        if (t.effects.length) raw.push(finding(m, t.effects, t.notes, t.buyTax, t.sellTax));
      });
    });

    // Who can use each power now: the caller whose call succeeded today, noting a timelock's delay.
    const delays = await delaysP;
    for (const f of raw) {
      const d = delays.get(f.caller) ?? null;
      f.timelockDelaySeconds = d;
      f.usableNow = `usable now by ${f.callerRole} ${f.caller}${
        d !== null
          ? `, a contract that states a minimum delay of ${days(d)} (a timelock: the call must wait that long)`
          : ''
      }`;
    }
    const history = await historyP;
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
    history?.forEach((o, k) => {
      const i = replay[k] as number;
      const m = metas[i] as ProbeMeta;
      if (!o?.called || !o.callOk || !deployer) return;
      const b = balanceEffects(o, watch, m.caller);
      const effects = b.effects.filter((e) => !usableKeys.has(`${m.selector}:${e}`));
      if (effects.length === 0) return;
      raw.push({
        ...finding({ ...m, callerRole: 'deployer (at creation)' }, effects, b.notes, null, null),
        usable: false,
        usableNow: `not usable now: at the creation block the deployer ${deployer} could make this call, today the same call reverts${holderNow}`,
        timelockDelaySeconds: null,
      });
    });

    return {
      status: 'simulated',
      callers,
      functionsProbed: fnSelectors.length,
      callsSimulated: cands.length + rerun.length,
      baseline: {
        buyOk: base.buyOk,
        sellOk: base.sellOk,
        buyTaxPct: base.buyTaxPct,
        sellTaxPct: base.sellTaxPct,
        holderSellOk: base.holderSellOk,
      },
      findings: mergeFindings(raw),
      inconclusive: dedupeInconclusive(inconclusive),
      rpcRequests: count.n,
    };
  } catch (e) {
    return {
      status: 'error',
      message: `Owner-power simulation failed: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    };
  }
}

function finding(
  m: ProbeMeta,
  effects: OwnerPowerFinding['effects'],
  notes: string[],
  buyTax: number | null,
  sellTax: number | null,
): OwnerPowerFinding {
  return {
    selector: m.selector,
    signature: m.signature,
    caller: m.caller,
    callerRole: m.callerRole,
    args: m.args,
    effects,
    detail: describe(effects, notes),
    usable: true,
    buyTaxAfterPct: buyTax,
    sellTaxAfterPct: sellTax,
  };
}

/** One inconclusive line per function (the first reason), capped. */
function dedupeInconclusive<T extends { selector: string; reason: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const x of xs) {
    if (seen.has(x.selector)) continue;
    seen.add(x.selector);
    out.push(x);
  }
  return out.slice(0, 20);
}
