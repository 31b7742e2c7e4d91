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
  decodeFunctionResult,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  numberToHex,
  type PublicClient,
  parseAbi,
  parseEther,
  type StateOverride,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { isBurnAddress } from '../../../shared/vocabulary';
import { MULTICALL3_ADDRESS } from '../../chain/client';
import { PowerProbe, SlotReader } from '../../probes/generated';
import { PROBE_VENUE, type ProbeRoute } from '../../venues/venue';
import { rejectAfter } from '../budget';
import { ALT_OWNER_GETTERS } from '../capabilities/selectors';
import type { OnceOpenFacts, OwnerPowerFacts, OwnerPowerFinding } from '../types';
import { walletSellable, walletSellData } from '../wallet-sells/wallet-sell';
import {
  codesOf,
  MAX_CALLED_CONTRACTS,
  type TransferProbe,
  touchedByProbeTrace,
  touchedByTransfers,
} from './called-contracts';
import { isSkipped, type ProbeContext, probeCallBuilder, swapWord } from './candidates';
import { type DecodedOutcome, decodeOutcomes } from './decode-outcomes';
import { encodeRun } from './encode-run';
import {
  balanceEffects,
  baselineOf,
  describe,
  mergeFindings,
  type ProbeMeta,
  tradeEffects,
  type Watch,
} from './judge';
import {
  emitsRoleGrants,
  mergeRoleIds,
  ROLE_ADMIN_CHANGED_TOPIC,
  ROLE_GRANTED_TOPIC,
  roleIdsFromLogs,
  roleIdsOf,
} from './role-ids';
import { selectorsOf, viewHintsOf } from './selectors-memo';
import { signatureOf, WALLET_GETTERS } from './signatures';

const PROBE = '0x00000000000000000000000000000000f1ab9077' as const;
const FROM = '0x00000000000000000000000000000000f1ab0f70' as const;
/**
 * A fresh address (no balance, no role, carrying the probe's code) that a power holder's grant names
 * instead of itself: the follow-up is then made from it (two steps through another address).
 */
const GRANTEE = '0x00000000000000000000000000000000f1ab6a47' as const;
const FUNDS = parseEther('1000000');

/**
 * JSON-RPC calls per token. 22 (was 20): the two more calls that find guards on other paths (a
 * holder-sized transfer's access list, the traced baseline) ride in the first batch and leave the
 * probe's own eth_calls the 18 they had. Raising it further made ~70-function tokens do more work
 * than the report's time budget allows on a loaded machine; the order of the calls decides instead
 * what a cut drops. Every body stays within the 1 MB budget whatever the count.
 */
const PROBE_REQUESTS = 22;
/**
 * Discovery requests that ride in the first batch outside that budget (ADR 0033 amendment 3): the
 * deployer's router sell's access list and the RoleGranted logs. Counted in `rpcRequests`, never
 * taken from the probe's own eth_calls (which decide the report's time).
 */
const DISCOVERY_EXTRA = 2;
/** Most JSON-RPC requests of the owner-power simulation per token, all included. */
export const MAX_REQUESTS = PROBE_REQUESTS + DISCOVERY_EXTRA;
const NO_ROUTE: ProbeRoute = {
  venue: PROBE_VENUE.v2,
  router: zeroAddress,
  quoter: zeroAddress,
  pool: zeroAddress,
  path: [],
  fees: [],
  minQuote: 0n,
  v4Key: '0x',
};
/**
 * Most candidates per eth_call: phase 1 (balance reads only; ~50–100k gas each inside CALL_GAS, and
 * PowerProbe stops before the call's gas runs out) and phase 2 (with trades). A candidate costs
 * ~50–100k gas with its reads (every sub-call reverts, so each pays cold access again), and memory
 * for the reply grows with the square of the count.
 */
const PHASE1_CHUNK = 600;
const PHASE2_CHUNK = 60;
/** Requests kept for after phase 1. */
const LATER_REQUESTS = 5;
/**
 * Largest eth_call body built, in bytes of JSON: the chain client refuses a single call over its
 * 1 MB budget (chain/request-budget.ts), so chunks are cut by size as well as by count — a contract
 * with many functions or long typed arguments makes more, smaller calls instead of one refused one.
 */
const CALL_BODY_BYTES = 900_000;
/** Successful calls per (caller, function) re-run with trades. */
const PHASE2_PER_FUNCTION = 8;
const MAX_CALLERS = 4;
/** Candidates per eth_call on a contract the token calls (with trades), and eth_calls for them all. */
const CALLED_CHUNK = 80;
const CALLED_MAX_CHUNKS = 3;
const CALL_GAS = 120_000_000n;
/** Gas for the traced baseline run (no candidates: the holder's two sells and a round trip). */
const TRACE_GAS = 30_000_000n;
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
  /** Total supply today: amounts on the token's own scale are probed too (a fraction, a multiple). */
  totalSupply?: bigint | null;
  /**
   * The token's creation block: the deployer's calls that fail today are replayed there, when the
   * deployer still held its powers, to find powers that exist but are no longer usable.
   */
  createdAtBlock?: bigint | null;
  /**
   * The transaction that created the token (its first mint). When it is the deployment itself, the
   * replay runs on a fresh copy built by re-running it today, so no old state is needed (a restored
   * local chain, a non-archive Base RPC); otherwise at `createdAtBlock`.
   */
  creationTx?: Hex | null;
};

/** Selectors of the delay getters timelocks state (OpenZeppelin TimelockController, Compound Timelock). */
const DELAY_GETTERS = ['getMinDelay()', 'delay()'].map((s) => toFunctionSelector(`function ${s}`));
/** A stated delay above ten years is not a delay but some other number. */
const MAX_DELAY_S = 315_360_000n;

/** Requests sent: `n` counts against PROBE_REQUESTS, `extra` the discovery requests outside it. */
type Counter = { n: number; extra?: number };

const withTimeout = <T>(p: Promise<T>, ms: number) => rejectAfter(p, ms, `probe timed out after ${ms} ms`);

const looksLikeAddress = (ret: Hex): Address | null => {
  if (!/^0x0{24}[0-9a-f]{40}$/i.test(ret)) return null;
  const v = BigInt(ret);
  // Numbers (flags, fees, limits up to ~10^38) are not addresses; a real address is a random
  // 160-bit value, below 2^128 only for vanity addresses with eight leading zero bytes.
  if (v < 1n << 128n) return null;
  return `0x${ret.slice(26).toLowerCase()}` as Address;
};

/** Storage slots read for addresses kept in private variables. */
const SLOTS_READ = 64n;

/**
 * Address-shaped values in the token's first storage slots (an address may share its slot with
 * small variables packed above it, as Solidity packs them): each is a candidate caller.
 */
async function readSlots(
  client: PublicClient,
  token: Address,
): Promise<{ address: Address; role: string }[]> {
  try {
    const res = await withTimeout(
      client.call({
        to: token,
        data: encodeFunctionData({ abi: SlotReader.abi, functionName: 'slots', args: [SLOTS_READ] }),
        stateOverride: [{ address: token, code: SlotReader.deployedBytecode as Hex }],
      }),
      CALL_TIMEOUT_MS,
    );
    if (!res.data) return [];
    const words = decodeFunctionResult({ abi: SlotReader.abi, functionName: 'slots', data: res.data });
    const out: { address: Address; role: string }[] = [];
    words.forEach((w, i) => {
      const low = w & ((1n << 160n) - 1n);
      // Packed neighbours (a flag, a small number) above the address are allowed; a real address is
      // a random 160-bit value (see looksLikeAddress).
      if (low < 1n << 128n || w >> 160n >= 1n << 32n) return;
      out.push({
        address: `0x${low.toString(16).padStart(40, '0')}` as Address,
        role: `address stored in slot ${i}`,
      });
    });
    return out;
  } catch {
    return [];
  }
}

/** The token, its venue's contracts and ours: never a privileged caller, never a contract to follow. */
const knownAddresses = (input: OwnerPowerInput) =>
  new Set(
    [
      input.token,
      input.pool?.route.pool,
      input.pool?.route.router,
      input.pool?.route.quoter,
      ...(input.pool?.route.path ?? []),
      MULTICALL3_ADDRESS,
      zeroAddress,
      PROBE,
      FROM,
    ]
      .filter((a): a is Address => !!a)
      .map((a) => a.toLowerCase()),
  );

const OWNER_LIKE = ['owner()', ...ALT_OWNER_GETTERS];

/**
 * A sell through the venue's router by the deployer, for its access list: the router's path
 * (transferFrom by the router, the pool's swap) reaches guards a plain transfer never asks — and
 * where the node refuses debug_traceCall (public Base endpoints, our gateway) nothing else follows
 * that path. eth_createAccessList takes no state override, so only an account that has approved
 * the router can make it: the deployer, who usually did to add the liquidity. A tenth of its balance
 * when the holder list knows it, else a millionth of the supply. A deployer without an allowance
 * or a balance makes the router revert before any guard: nothing found, as before.
 */
function routerSellProbe(input: OwnerPowerInput, route: ProbeRoute): TransferProbe[] {
  const deployer = input.deployer?.toLowerCase() as Address | undefined;
  if (!deployer || !walletSellable(route)) return [];
  const held = input.holders.find((h) => h.address.toLowerCase() === deployer)?.balance ?? 0n;
  const amount = held >= 10n ? held / 10n : (input.totalSupply ?? 0n) / 1_000_000n;
  if (amount === 0n) return [];
  return [
    {
      from: deployer,
      to: route.pool,
      amount,
      call: { to: route.router, data: walletSellData(route, deployer, amount) },
    },
  ];
}

/** A contract the token calls during a transfer, its code and who may hold its privileged functions. */
type CalledContract = {
  address: Address;
  code: Hex;
  callers: { address: Address; role: string }[];
};

/** Most callers tried on a contract the token calls: its owner-like getters, its storage, the token's holders. */
const MAX_CALLED_CALLERS = 3;

/**
 * Who may hold the privileged functions of each contract the token calls: its owner-like getters'
 * answers and address-shaped values in its storage (one Multicall3 batch, one slot read each, its
 * code — all in one JSON-RPC batch), then the token's own owner() and deployer (often the same
 * people). Accounts without code are dropped (a fee wallet the transfer pays is not a contract).
 */
async function describeCalled(
  client: PublicClient,
  input: OwnerPowerInput,
  touched: Address[],
  count: Counter,
): Promise<CalledContract[]> {
  if (touched.length === 0) return [];
  const sels = OWNER_LIKE.map((s) => ({ sig: s, sel: toFunctionSelector(`function ${s}`) }));
  count.n += touched.length * 2 + 1;
  const [codes, getters, slots] = await Promise.all([
    codesOf(client, touched, (p) => withTimeout(p, CALL_TIMEOUT_MS)),
    withTimeout(
      client.readContract({
        address: MULTICALL3_ADDRESS,
        abi: aggregate3Abi,
        functionName: 'aggregate3',
        args: [touched.flatMap((t) => sels.map((x) => ({ target: t, allowFailure: true, callData: x.sel })))],
      }),
      CALL_TIMEOUT_MS,
    ).catch(() => [] as readonly { success: boolean; returnData: Hex }[]),
    Promise.all(touched.map((t) => readSlots(client, t))),
  ]);
  const known = knownAddresses(input);
  for (const t of touched) known.add(t.toLowerCase());
  const out: CalledContract[] = [];
  touched.forEach((address, k) => {
    const code = codes[k] ?? '0x';
    if (code === '0x') return;
    const callers: { address: Address; role: string }[] = [];
    const push = (a: Address | null | undefined, role: string) => {
      const x = a?.toLowerCase() as Address | undefined;
      if (!x || known.has(x) || isBurnAddress(x) || callers.some((c) => c.address === x)) return;
      callers.push({ address: x, role });
    };
    sels.forEach((x, i) => {
      const r = getters[k * sels.length + i];
      push(r?.success ? looksLikeAddress(r.returnData) : null, `${x.sig} of that contract`);
    });
    for (const s of slots[k] ?? [])
      push(s.address, `${s.role.replace('address stored in', 'address stored in its')}`);
    push(input.owner, "the token's owner()");
    push(input.deployer, "the token's deployer");
    out.push({ address, code, callers: callers.slice(0, MAX_CALLED_CALLERS) });
  });
  return out;
}

/**
 * Privileged addresses the contract reveals: owner-like getters and addresses any getter returns.
 * Also which selectors answered a call with no arguments at all (`noArgs`): a function with
 * parameters reverts when its arguments are missing (the ABI decoder checks the calldata's size), so
 * those take none and extra calldata is ignored — one probe call per caller says all the ladder would.
 */
async function revealCallers(
  client: PublicClient,
  input: OwnerPowerInput,
  selectors: Hex[],
  count: Counter,
  noArgs: Set<Hex>,
  /** Contracts the token calls during a transfer: never callers (the probe's code would replace theirs). */
  excludeP: Promise<Address[]>,
): Promise<{ address: Address; role: string; current: boolean }[]> {
  const known = knownAddresses(input);
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
  // Private variables: the token's first storage slots, read by placing SlotReader's code at the
  // token's own address (an override keeps the storage). Sent with the getter multicall.
  count.n++;
  const slotsP = readSlots(client, input.token);
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
      if (r.success) noArgs.add(sel);
      const a = r.success ? looksLikeAddress(r.returnData) : null;
      if (!a) return;
      const sig = signatureOf(sel);
      const rank = ownerLike.has(sel) ? 0 : wallets.has(sel) ? 1 : 2;
      found.push({ address: a, role: sig ?? `address returned by ${sel}`, rank });
    });
    found.sort((x, y) => x.rank - y.rank);
    for (const f of found) push(f.address, f.role, true);
  }
  for (const a of await excludeP) known.add(a.toLowerCase());
  for (let i = out.length - 1; i >= 0; i--)
    if (known.has((out[i] as { address: Address }).address)) out.splice(i, 1);
  // Addresses kept in storage that no getter names, then the deployer; at most MAX_CALLERS in all,
  // the deployer kept (the replay of powers given up needs it).
  const stored = (await slotsP).filter((x) => !out.some((c) => c.address === x.address));
  const deployer = input.deployer?.toLowerCase() as Address | undefined;
  const room = MAX_CALLERS - out.length - (deployer && !out.some((c) => c.address === deployer) ? 1 : 0);
  for (const x of stored.slice(0, Math.max(0, room))) push(x.address, x.role, true);
  if (input.deployer) push(input.deployer, 'deployer', false);
  return out.slice(0, MAX_CALLERS);
}

type Decoded = DecodedOutcome;
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

type Market = {
  token: Address;
  route: ProbeRoute;
  victim: Address;
  buyWei: bigint;
  /** Calls run in order before every candidate and the baseline (none: empty). */
  setup: { caller: Address; data: Hex }[];
  /** What the candidates call (zero: the token; else a contract the token calls during a transfer). */
  target: Address;
};

/** Re-run the token's creation transaction as `deployer` and probe that fresh copy (history replay). */
type Copy = { deployer: Address; initcode: Hex; value: bigint };

async function runChunk(
  client: PublicClient,
  decode: Decode,
  market: Market,
  watch: Watch,
  cands: { caller: Address; data: Hex }[],
  withTrade: boolean,
  overrides: StateOverride,
  count: Counter,
  at?: { blockNumber?: bigint; copy?: Copy },
): Promise<Decoded[]> {
  const run = encodeRun(
    market,
    watch.map((w) => w.address),
    cands,
    withTrade,
  );
  const copy = at?.copy;
  // runCopy(deployer, initcode, value, market, watch, cands): the run's arguments after three more.
  const data = copy
    ? (encodeFunctionData({
        abi: PowerProbe.abi,
        functionName: 'runCopy',
        args: [copy.deployer, copy.initcode, copy.value, market, watch.map((w) => w.address), cands],
      }) as Hex)
    : run;
  count.n++;
  const res = await withTimeout(
    client.call({
      account: FROM,
      to: PROBE,
      data,
      gas: CALL_GAS,
      stateOverride: overrides,
      ...(at?.blockNumber !== undefined ? { blockNumber: at.blockNumber } : {}),
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

/** Hex digits one candidate adds to PowerProbe.run's calldata (head offset, caller, offset, length, data). */
const candidateHex = (c: { data: Hex }) => 256 + Math.ceil((c.data.length - 2) / 64) * 64;

/**
 * Cuts `idx` (candidate positions, in order) into chunks of at most `maxCount` whose eth_call body —
 * the fixed part (`fixedBytes`: overrides, market, envelope) plus the candidates — stays within
 * CALL_BODY_BYTES.
 */
export function chunkBySize(
  idx: number[],
  cands: { data: Hex }[],
  maxCount: number,
  fixedBytes: number,
): number[][] {
  const room = Math.max(CALL_BODY_BYTES - fixedBytes, 10_000);
  const out: number[][] = [];
  let cur: number[] = [];
  let size = 0;
  for (const i of idx) {
    const n = candidateHex(cands[i] as { data: Hex });
    if (cur.length > 0 && (cur.length >= maxCount || size + n > room)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(i);
    size += n;
  }
  if (cur.length > 0) out.push(cur);
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
    // The creation transaction, asked beside the first read (same round trip): when it deployed the
    // token, powers given up are replayed on a fresh copy it builds (no old state needed).
    const creationP = creationCopy(client, input, count);
    const noArgs = new Set<Hex>();
    // Contracts the token calls during a transfer (a guard, a fee handler): a real holder's transfer
    // to the pool and the pool's transfer out, as access lists, beside the getter multicall.
    const owned = new Set([input.owner, input.deployer].map((a) => a?.toLowerCase()));
    const seller = pool
      ? input.holders.find((h) => h.balance >= 10n && !owned.has(h.address.toLowerCase()))
      : undefined;
    // A tenth of a real holder's balance and all of it (a guard may be asked only above an amount),
    // and a buy to a wallet the token has never seen, sized like a real holder's buy.
    const transfers = pool
      ? [
          ...(seller
            ? [
                { from: seller.address, to: pool.route.pool, amount: seller.balance / 10n },
                { from: seller.address, to: pool.route.pool, amount: seller.balance },
              ]
            : []),
          { from: pool.route.pool, to: PROBE as Address, amount: seller ? seller.balance : 1n },
          ...routerSellProbe(input, pool.route),
        ]
      : [];
    // The router sell's access list is a discovery request outside the probe's budget.
    const routerSells = transfers.filter((t) => t.call).length;
    count.n += transfers.length - routerSells;
    count.extra = (count.extra ?? 0) + routerSells;
    const listsP = touchedByTransfers(client, input.token, transfers, knownAddresses(input), (p) =>
      withTimeout(p, CALL_TIMEOUT_MS),
    );
    // The probe's own baseline trades, traced where the node offers debug_traceCall (anvil): the
    // holder's sells and a fresh wallet's round trip through the router reach guards the plain
    // transfers do not (the router's transferFrom, a wallet never seen). Same JSON-RPC batch.
    if (pool) count.n++;
    const traceP = pool
      ? touchedByProbeTrace(
          client,
          {
            from: FROM,
            to: PROBE,
            data: encodeRun(
              {
                token: input.token,
                route: pool.route,
                victim: (seller?.address ?? zeroAddress) as Address,
                buyWei: pool.buyWei || 1n,
                setup: [],
                target: zeroAddress,
              },
              [],
              [],
              true,
            ),
            gas: TRACE_GAS,
            overrides: [
              { address: PROBE, code: PowerProbe.deployedBytecode as Hex, balance: FUNDS },
              { address: FROM, balance: FUNDS },
              ...(seller ? [{ address: seller.address, code: PowerProbe.deployedBytecode as Hex }] : []),
            ],
          },
          input.token,
          knownAddresses(input),
          (p) => withTimeout(p, CALL_TIMEOUT_MS),
        )
      : Promise.resolve({ touched: [] as Address[], ok: false });
    // Role ids granted once (issue 23 gap 3): the token's RoleGranted / RoleAdminChanged logs from its
    // creation block, one eth_getLogs in the same batch — only for code that emits RoleGranted. A
    // node that refuses the range (public Base endpoints cap it) answers an error: the code's
    // constants stand alone.
    const codes = [input.code, input.implementationCode];
    const askRoleLogs = emitsRoleGrants(codes);
    if (askRoleLogs) count.extra = (count.extra ?? 0) + 1;
    const roleLogsP: Promise<Hex[]> = askRoleLogs
      ? withTimeout(
          client.request({
            method: 'eth_getLogs',
            params: [
              {
                address: input.token,
                fromBlock: numberToHex(input.createdAtBlock ?? 0n),
                toBlock: 'latest',
                topics: [[ROLE_GRANTED_TOPIC, ROLE_ADMIN_CHANGED_TOPIC]],
              },
            ],
          } as never) as Promise<{ topics?: Hex[] }[]>,
          CALL_TIMEOUT_MS,
        )
          .then((logs) => roleIdsFromLogs(logs ?? []))
          .catch(() => [])
      : Promise.resolve([]);
    const calledP = Promise.all([listsP, traceP]).then(([lists, trace]) => ({
      touched: [...new Set([...lists.touched, ...trace.touched])].slice(0, MAX_CALLED_CONTRACTS),
      // Unanswered access lists are reported only when the trace did not run either.
      failed: trace.ok ? 0 : lists.failed,
    }));
    const callers = await revealCallers(
      client,
      input,
      selectors,
      count,
      noArgs,
      calledP.then((c) => c.touched),
    );
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
    const called = await calledP;
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
    const victimAt = victimHolder ? 0 : null;
    const code = PowerProbe.deployedBytecode as Hex;
    const overrides: StateOverride = [
      { address: PROBE, code, balance: FUNDS },
      { address: FROM, balance: FUNDS },
      ...callers.map((c) => ({ address: c.address, code })),
      ...(victimHolder ? [{ address: victim, code }] : []),
    ];
    const noSetup: Market['setup'] = [];
    const market: Market = {
      token: input.token,
      // The trade simulation's route (any venue, single or multi-hop); an empty path trades nothing.
      route: pool?.route ?? NO_ROUTE,
      victim,
      // Half a percent of the pool's quote reserve in ETH: a real trade size that moves the price little.
      buyWei: pool ? pool.buyWei || 1n : 0n,
      setup: noSetup,
      target: zeroAddress,
    };
    // What every eth_call carries besides its candidates: the overrides (the probe's code at each
    // address), the market and watch list, the JSON envelope.
    const fixedBytes = overrides.reduce((a, o) => a + (o.code?.length ?? 0) + 200, 0) + 6_000;

    const transferFrom = toFunctionSelector('function transferFrom(address,address,uint256)');
    const fnSelectors = selectors.filter((s) => !isSkipped(s) || s === transferFrom);
    const metas: ProbeMeta[] = [];
    const cands: { caller: Address; data: Hex }[] = [];
    const callsFor = probeCallBuilder();
    /** Order of each candidate (lower first): see the sort below. */
    const tiers: number[] = [];
    const views = new Set<Hex>();
    for (const c of [input.code, input.implementationCode])
      if (c && c !== '0x') for (const v of viewHintsOf(c)) views.add(v);
    // Role ids the logs name (granted once), then those the code carries (bytes32 arguments for
    // grantRole-like functions).
    const roleIds = mergeRoleIds(await roleLogsP, roleIdsOf(codes));
    for (const [k, c] of callers.entries()) {
      const ctx: ProbeContext = {
        roleIds,
        victim,
        victimBalance: victimHolder?.balance ?? 0n,
        caller: c.address,
        pair: pool?.route.pool ?? zeroAddress,
        // The first caller (owner() when it is live) gets the whole ladder; the others the short one.
        short: k > 0 && c.role !== 'deployer',
        supply: input.totalSupply ?? 0n,
      };
      for (const sel of fnSelectors) {
        const sig = abiSig.get(sel) ?? signatureOf(sel);
        const all = callsFor(sel, ctx, sig);
        // Takes no arguments: the first call (no arguments) stands for the rest.
        const calls = noArgs.has(sel) && (!sig || sig.endsWith('()')) ? all.slice(0, 1) : all;
        for (const call of calls) {
          metas.push({
            selector: sel,
            signature: sig,
            caller: c.address,
            callerRole: c.role,
            args: call.args,
          });
          cands.push({ caller: c.address, data: call.data });
          tiers.push((views.has(sel) ? 2 : 0) + (k > 0 ? 1 : 0));
        }
      }
    }
    // Where power is likely goes first, so a request-budget cut falls on the least likely: functions
    // that can write storage before those whatsabi reads as views, the first caller's (owner(), full
    // ladder) before the others'. Stable: within a tier, the order built above.
    const order = tiers.map((_, i) => i).sort((a, b) => (tiers[a] as number) - (tiers[b] as number));
    const sortedMetas = order.map((i) => metas[i] as ProbeMeta);
    const sortedCands = order.map((i) => cands[i] as { caller: Address; data: Hex });
    metas.splice(0, metas.length, ...sortedMetas);
    cands.splice(0, cands.length, ...sortedCands);
    const inconclusive: { selector: `0x${string}`; signature: string | null; reason: string }[] = [];
    if (transfers.length > 0 && called.failed === transfers.length)
      inconclusive.push({
        selector: '0x',
        signature: null,
        reason:
          'Contracts the token calls during a transfer (a guard, a fee handler) were not looked for: the node did not answer eth_createAccessList.',
      });
    // Budget: phase 1 takes what is left after a reserve for the later requests (the replay, the
    // two-step run, phase 2 and the once-open run: usually one each); chunks are cut by count and size.
    const maxChunks1 = Math.max(1, PROBE_REQUESTS - count.n - LATER_REQUESTS);
    let chunked1 = chunkBySize(
      cands.map((_, i) => i),
      cands,
      PHASE1_CHUNK,
      fixedBytes,
    );
    if (chunked1.length > maxChunks1) {
      const kept = chunked1.slice(0, maxChunks1).reduce((a, c) => a + c.length, 0);
      // Per function, which callers' calls were not sent (the order puts them last: later callers,
      // functions whose code writes no storage).
      const cut = new Map<Hex, Set<string>>();
      for (const m of metas.slice(kept))
        cut.set(m.selector, (cut.get(m.selector) ?? new Set()).add(m.callerRole));
      for (const [s, roles] of cut)
        inconclusive.push({
          selector: s,
          signature: signatureOf(s),
          reason: `not probed as ${[...roles].join(', ')}${views.has(s) ? ' (its code writes no storage, so it was probed last)' : ''}: request budget spent`,
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
      const rechunked = dealt.flatMap((d) => chunkBySize(d, cands, PHASE1_CHUNK, fixedBytes));
      if (rechunked.length === chunked1.length) chunked1 = rechunked;
    }
    // Who holds the called contracts' privileged functions: asked beside phase 1 (same batch).
    const calledInfoP = describeCalled(client, input, called.touched, count);
    const outs1 = await Promise.all(
      chunked1.map((idx) =>
        runChunk(
          client,
          decode,
          market,
          watch,
          idx.map((i) => cands[i] as { caller: Address; data: Hex }),
          false,
          overrides,
          count,
        ),
      ),
    );
    // Each outcome back at its candidate's position (the chunks were dealt, not cut in order).
    const phase1: Decoded[] = new Array(cands.length);
    chunked1.forEach((idx, k) => {
      idx.forEach((i, n) => {
        const o = outs1[k]?.[n + 1];
        if (!o) throw new Error('the probe returned fewer outcomes than candidates');
        phase1[i] = o;
      });
    });

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
      const b = balanceEffects(o, watch, m.caller);
      if (b.effects.length) raw.push(finding(m, b.effects, b.notes, null, null));
      const key = `${m.caller}:${m.selector}`;
      perFn.set(key, [...(perFn.get(key) ?? []), i]);
    });
    // Up to PHASE2_PER_FUNCTION successes per function, evenly spread and always including the last
    // (the probe values grow along the list, so the last success reaches the highest tax).
    // Calls aimed at the real holder come first (a tax or a block set for one address shows only on
    // its sell), up to half; the rest spread over the ladder as before.
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

    // Former powers: the deployer's calls that revert today, replayed as the deployer held them at
    // creation. A call that changed balances then but reverts now is a power that exists and is not
    // usable now (renounced, role revoked, handed to someone else).
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
    const copy = replay.length > 0 ? await creationP : null;
    const replayCands = replay.map((i) => cands[i] as { caller: Address; data: Hex });
    // One request, so cut to what fits one body.
    const fitsOne = chunkBySize(
      replay.map((_, k) => k),
      replayCands,
      PHASE1_CHUNK,
      fixedBytes + (copy ? copy.initcode.length : 0),
    )[0]?.length;
    replay.length = Math.min(replay.length, fitsOne ?? 0);
    replayCands.length = replay.length;
    const where = copy
      ? `on a fresh copy of the token built by re-running its creation transaction, the deployer ${deployer} can make this call`
      : `at the creation block the deployer ${deployer} could make this call`;
    const historyP: Promise<Decoded[] | null> =
      replay.length > 0 && (copy || input.createdAtBlock != null) && count.n < PROBE_REQUESTS - 2
        ? runChunk(
            client,
            decode,
            market,
            watch,
            replayCands,
            false,
            copy
              ? overrides.map((o) =>
                  o.address.toLowerCase() === deployer ? { ...o, balance: FUNDS + copy.value } : o,
                )
              : overrides,
            count,
            copy
              ? { copy: { deployer: deployer as Address, initcode: copy.initcode, value: copy.value } }
              : { blockNumber: input.createdAtBlock as bigint },
          )
            .then((outs) => outs.slice(1))
            .catch((e) => {
              inconclusive.push({
                selector: '0x',
                signature: null,
                reason: copy
                  ? `Powers the deployer may have given up were not checked: re-running the token's creation transaction on a copy failed (${errText(e)}).`
                  : `Powers the deployer may have given up were not checked: the node keeps no state for the creation block ${input.createdAtBlock} (${errText(e)}).`,
              });
              return null;
            })
        : Promise.resolve(null);

    // Two steps: a renounced owner() taken back (owner_reclaimed) and then used. The reclaiming
    // caller's calls that revert today are run again after its reclaiming call (the market's setup):
    // what they do then is usable now, by that caller, after taking ownership back.
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
    const reclaimChunk = chunkBySize(afterReclaim, cands, PHASE1_CHUNK, fixedBytes)[0] ?? ([] as number[]);
    const reclaimP: Promise<Decoded[] | null> =
      reclaimChunk.length > 0 && count.n < PROBE_REQUESTS - 2
        ? runChunk(
            client,
            decode,
            { ...market, setup: [cands[reclaimIdx] as { caller: Address; data: Hex }] },
            watch,
            reclaimChunk.map((i) => cands[i] as { caller: Address; data: Hex }),
            false,
            overrides,
            count,
          )
            .then((outs) => outs.slice(1))
            .catch(() => null)
        : Promise.resolve(null);

    // Two steps: something granted, then used. A caller's successful calls that name the caller itself
    // and moved nothing (setMinter(caller, true), grantRole(…, caller), addAdmin(caller)) are run
    // first, in order, and the same caller's functions none of whose calls pass today are run again
    // after them: what those do then is usable now, by that caller, after granting itself the right.
    // (An allowance granted over a holder is followed inside the probe: transferFrom at once.)
    const plans = grantsAndGated(phase1, metas, cands, callers, watch, raw, victim);
    const grant = plans.self;
    // Kept small (it shares phase 2's JSON-RPC batch, which must stay in one 1 MB body).
    const grantChunk = grant
      ? (chunkBySize(
          grant.gated,
          cands,
          GRANT_CHUNK,
          Math.max(fixedBytes, CALL_BODY_BYTES - GRANT_BODY_BYTES),
        )[0] ?? [])
      : [];
    const grantP: Promise<Decoded[] | null> =
      grant && grantChunk.length > 0 && count.n < PROBE_REQUESTS - 2
        ? runChunk(
            client,
            decode,
            { ...market, setup: grant.grants.map((i) => cands[i] as { caller: Address; data: Hex }) },
            watch,
            grantChunk.map((i) => cands[i] as { caller: Address; data: Hex }),
            false,
            overrides,
            count,
          )
            .then((outs) => outs.slice(1))
            .catch(() => null)
        : Promise.resolve(null);

    // Two steps through another address: the same kind of grants (also those that named the victim)
    // re-encoded to name GRANTEE instead, then the caller's gated calls made by GRANTEE — a power
    // holder that cannot mint, or may not grant itself, but can make any address a minter or give it
    // an allowance. Its own eth_call (a grant refused for a stranger must not void the self run).
    const other = plans.other;
    const otherGated = other
      ? (chunkBySize(
          other.gated,
          cands,
          GRANT_CHUNK,
          Math.max(fixedBytes + code.length + 200, CALL_BODY_BYTES - GRANT_BODY_BYTES),
        )[0] ?? [])
      : [];
    const otherWatch: Watch = [...watch, { address: GRANTEE, role: 'other' }];
    // Started right after phase 2's calls (same batch), with what they leave but one (the once-open
    // run's): phase 2 comes first, so this never cuts a token's own probes.
    const startOther = (): Promise<Decoded[] | null> => {
      if (!other || otherGated.length === 0) return Promise.resolve(null);
      if (count.n >= PROBE_REQUESTS - 1) {
        inconclusive.push({
          selector: '0x',
          signature: null,
          reason:
            'Grants to another address were not followed: phase 2 used every eth_call left of the 22 per token.',
        });
        return Promise.resolve(null);
      }
      return runChunk(
        client,
        decode,
        {
          ...market,
          setup: other.grants.map((i, k) => ({
            caller: other.caller,
            data: swapWord(
              (cands[i] as { data: Hex }).data,
              other.names?.[k] === 'victim' ? victim : other.caller,
              GRANTEE,
            ),
          })),
        },
        otherWatch,
        otherGated.map((i) => ({
          caller: GRANTEE as Address,
          data: swapWord((cands[i] as { data: Hex }).data, other.caller, GRANTEE),
        })),
        false,
        [...overrides, { address: GRANTEE, code }],
        count,
      )
        .then((outs) => outs.slice(1))
        .catch(() => null);
    };

    // Phase 2: the successful calls again, each followed by a holder sell and a fresh round trip.
    if (!pool)
      inconclusive.push({
        selector: '0x',
        signature: null,
        reason:
          'No pool the probes can trade through: effects on trading (blocked sells, taxes, limits) were not measured.',
      });
    /**
     * Candidates on each called contract, run with trades at once (a call that reverts or changes
     * nothing skips its trades in the probe, so a chunk of them is cheap): effects on the token's
     * sells, buys, taxes and balances, against the same eth_call's baseline.
     */
    function runCalled(list: CalledContract[]): Promise<OwnerPowerFinding[]> {
      const jobs: Promise<OwnerPowerFinding[]>[] = [];
      let budget = Math.min(CALLED_MAX_CHUNKS, PROBE_REQUESTS - count.n - 2);
      for (const c of list) {
        if (c.callers.length === 0 || budget <= 0) continue;
        const sels = [...selectorsOf(c.code)].filter((s) => !isSkipped(s));
        const cMetas: ProbeMeta[] = [];
        const cCands: { caller: Address; data: Hex }[] = [];
        c.callers.forEach((who, k) => {
          const ctx: ProbeContext = {
            victim,
            victimBalance: victimHolder?.balance ?? 0n,
            caller: who.address,
            pair: pool?.route.pool ?? zeroAddress,
            short: k > 0,
            supply: input.totalSupply ?? 0n,
          };
          for (const sel of sels) {
            const sig = signatureOf(sel);
            for (const call of callsFor(sel, ctx, sig)) {
              cMetas.push({
                selector: sel,
                signature: sig,
                caller: who.address,
                callerRole: who.role,
                args: call.args,
              });
              cCands.push({ caller: who.address, data: call.data });
            }
          }
        });
        const extra = c.callers.filter((x) => !overrides.some((o) => o.address.toLowerCase() === x.address));
        const cOverrides: StateOverride = [...overrides, ...extra.map((x) => ({ address: x.address, code }))];
        const cFixed = fixedBytes + extra.length * (code.length + 200);
        const chunks = chunkBySize(
          cCands.map((_, i) => i),
          cCands,
          CALLED_CHUNK,
          cFixed,
        );
        if (chunks.length > budget) {
          inconclusive.push({
            selector: '0x',
            signature: null,
            reason: `Some functions of ${c.address}, a contract the token calls during a transfer, were not probed (request budget spent).`,
          });
          chunks.length = budget;
        }
        budget -= chunks.length;
        const cWatch = [...watch];
        for (const idx of chunks)
          jobs.push(
            runChunk(
              client,
              decode,
              { ...market, target: c.address },
              cWatch,
              idx.map((i) => cCands[i] as { caller: Address; data: Hex }),
              true,
              cOverrides,
              count,
            )
              .then((outs) => {
                const b0 = outs[0];
                if (!b0) return [];
                const cBase = baselineOf(b0);
                const found: OwnerPowerFinding[] = [];
                idx.forEach((i, n) => {
                  const o = outs[n + 1];
                  const m = cMetas[i] as ProbeMeta;
                  if (!o?.called || !o.callOk || o.readOnly) return;
                  const b = balanceEffects(o, watch, m.caller);
                  const t = tradeEffects(o, cBase, victimAt);
                  const effects = [...b.effects, ...t.effects].filter((e) => e !== 'opens_trading');
                  if (effects.length === 0) return;
                  found.push({
                    ...finding(m, effects, [...b.notes, ...t.notes], t.buyTax, t.sellTax),
                    holderTaxAfterPct: t.holderTax,
                    calledContract: c.address,
                  });
                });
                return found;
              })
              .catch((e) => {
                inconclusive.push({
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
    const phase2Run = async (idx: number[], setup: Market['setup'], budget: number) => {
      const chunks = chunkBySize(idx, cands, PHASE2_CHUNK, fixedBytes);
      if (chunks.length === 0) chunks.push([]);
      if (chunks.length > budget) {
        for (const i of chunks.slice(Math.max(budget, 1)).flat()) {
          const m = metas[i] as ProbeMeta;
          inconclusive.push({
            selector: m.selector,
            signature: m.signature,
            reason: `${m.args}: trade effect not measured (request budget spent)`,
          });
        }
        chunks.length = Math.max(budget, 1);
      }
      const outs = await Promise.all(
        chunks.map((c) =>
          runChunk(
            client,
            decode,
            { ...market, setup },
            watch,
            c.map((j) => cands[j] as { caller: Address; data: Hex }),
            true,
            overrides,
            count,
          ),
        ),
      );
      const baseOut = outs[0]?.[0];
      const pairs: { j: number; o: Decoded }[] = [];
      chunks.forEach((c, k) => {
        c.forEach((j, n) => {
          const o = outs[k]?.[n + 1];
          if (o) pairs.push({ j, o });
        });
      });
      return { base: baseOut ? baselineOf(baseOut) : null, setupOk: baseOut?.setupOk ?? false, pairs };
    };
    const noBase = {
      buyOk: false,
      sellOk: false,
      smallBuyOnly: false,
      buyTaxPct: null,
      sellTaxPct: null,
      holderSellOk: null,
    };
    // Powers outside the token: each contract it calls during a transfer, probed like the token's own
    // functions (its owner, its stored addresses, the token's owner and deployer as callers) but
    // measured on the TOKEN's trades, in the same batch as phase 2.
    const calledInfo = await calledInfoP;
    const calledP2 = pool ? runCalled(calledInfo) : Promise.resolve([] as OwnerPowerFinding[]);
    const p2P = pool
      ? phase2Run(rerun, noSetup, Math.max(0, PROBE_REQUESTS - count.n))
      : Promise.resolve({ base: null, setupOk: false, pairs: [] });
    const otherP = startOther();
    const p2 = await p2P;
    const base = p2.base ?? noBase;
    if (pool && !base.sellOk && rerun.length > 0)
      inconclusive.push({
        selector: '0x',
        signature: null,
        reason: base.buyOk
          ? 'A fresh buy could not be sold back even before any owner call, so blocked-sell and sell-tax effects were not measurable.'
          : 'A fresh buy failed even before any owner call, so trading effects were not measurable.',
      });
    const openers: { j: number; o: Decoded }[] = [];
    for (const { j, o } of p2.pairs) {
      const m = metas[j] as ProbeMeta;
      if (!o.called) {
        inconclusive.push({
          selector: m.selector,
          signature: m.signature,
          reason: `${m.args} with trades ran out of gas`,
        });
        continue;
      }
      const t = tradeEffects(o, base, victimAt);
      if (t.effects.includes('opens_trading')) openers.push({ j, o });
      if (t.effects.length)
        raw.push({ ...finding(m, t.effects, t.notes, t.buyTax, t.sellTax), holderTaxAfterPct: t.holderTax });
    }

    raw.push(...(await calledP2));

    // Closed trading: a buy fails today, and a privileged call makes it pass. The token is judged
    // again as that call leaves it (trading open): every successful call re-run after it, against the
    // round trip once open — a switch that can also close trading again is a pause, a fee setter's
    // reach is measured on real trades, and the baseline says whether a buy can then be sold.
    let onceOpen: OnceOpenFacts | null = null;
    const opener = openers.find((x) => x.o.sellOk) ?? openers[0];
    if (pool && opener && !base.buyOk) {
      const m = metas[opener.j] as ProbeMeta;
      const setup = [cands[opener.j] as { caller: Address; data: Hex }];
      const left = PROBE_REQUESTS - count.n - 1;
      const p3 = left > 0 ? await phase2Run(rerun, setup, left) : null;
      const b3 = p3?.base ?? null;
      const powers: OwnerPowerFinding[] = [];
      for (const { j, o } of p3?.pairs ?? []) {
        const mj = metas[j] as ProbeMeta;
        if (!o.called || !b3 || !o.setupOk) continue;
        const t = tradeEffects(o, b3, victimAt);
        const effects = t.effects.filter((e) => e !== 'opens_trading');
        if (effects.length)
          powers.push({
            ...finding(mj, effects, t.notes, t.buyTax, t.sellTax),
            holderTaxAfterPct: t.holderTax,
            onceOpen: true,
          });
      }
      raw.push(...powers);
      onceOpen = {
        selector: m.selector,
        signature: m.signature,
        caller: m.caller,
        callerRole: m.callerRole,
        args: m.args,
        measured: b3 !== null && (p3?.setupOk ?? false),
        buyOk: b3?.buyOk ?? opener.o.buyOk,
        sellOk: b3?.sellOk ?? opener.o.sellOk,
        buyTaxPct: b3?.buyTaxPct ?? null,
        sellTaxPct: b3?.sellTaxPct ?? null,
        holderSellOk: b3?.holderSellOk ?? null,
        canClose: powers.some(
          (f) =>
            f.selector === m.selector && f.effects.some((e) => e === 'buys_blocked' || e === 'sells_blocked'),
        ),
      };
    }

    const reclaimed = await reclaimP;
    reclaimed?.forEach((o, k) => {
      const i = reclaimChunk[k] as number;
      const m = metas[i] as ProbeMeta;
      if (!o.called || !o.setupOk || !o.callOk || o.readOnly || !reclaim) return;
      const b = o.codeReplaced
        ? {
            effects: ['code_replaced' as const],
            notes: ['after the call the token runs code the caller chose'],
          }
        : balanceEffects(o, watch, m.caller);
      const effects = b.effects.filter((e) => e !== 'owner_reclaimed');
      if (effects.length === 0) return;
      raw.push({
        ...finding(m, effects, b.notes, null, null),
        afterReclaim: `${reclaim.signature ?? `function ${reclaim.selector}`} ${reclaim.args}`,
      });
    });

    const afterGrant = grant
      ? grant.grants
          .map((i) => {
            const m = metas[i] as ProbeMeta;
            return `${m.signature ?? `function ${m.selector}`} ${m.args}`;
          })
          .join(', ')
      : '';
    (await grantP)?.forEach((o, k) => {
      const i = grantChunk[k] as number;
      const m = metas[i] as ProbeMeta;
      if (!o.called || !o.setupOk || !o.callOk || o.readOnly) return;
      const b = o.codeReplaced
        ? {
            effects: ['code_replaced' as const],
            notes: ['after the call the token runs code the caller chose'],
          }
        : balanceEffects(o, watch, m.caller);
      if (b.effects.length === 0) return;
      raw.push({ ...finding(m, b.effects, b.notes, null, null), afterGrant });
    });
    const afterGrantOther = other
      ? other.grants
          .map((i, k) => {
            const m = metas[i] as ProbeMeta;
            const named =
              other.names?.[k] === 'victim' ? /\bvictim( 0x[0-9a-f]{4}…[0-9a-f]{4})?/ : /\bcaller\b/;
            return `${m.signature ?? `function ${m.selector}`} ${m.args.replace(named, 'the fresh address')}`;
          })
          .join(', ')
      : '';
    (await otherP)?.forEach((o, k) => {
      const i = otherGated[k] as number;
      const m = metas[i] as ProbeMeta;
      if (!o.called || !o.setupOk || !o.callOk || o.readOnly || !other) return;
      const b = o.codeReplaced
        ? {
            effects: ['code_replaced' as const],
            notes: ['after the call the token runs code the fresh address chose'],
          }
        : balanceEffects(o, otherWatch, GRANTEE);
      if (b.effects.length === 0) return;
      raw.push({
        ...finding(
          { ...m, args: m.args.replace(/\bcaller\b/g, 'fresh address') },
          b.effects,
          b.notes,
          null,
          null,
        ),
        afterGrant: afterGrantOther,
        grantee: GRANTEE,
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
      }${f.onceOpen ? ', once trading is open' : ''}${
        f.afterReclaim ? `, after it takes the renounced ownership back with ${f.afterReclaim}` : ''
      }${
        f.afterGrant
          ? f.grantee
            ? `, after it grants the right to another address (here a fresh one, ${f.grantee}) with ${f.afterGrant}, that address then making the call`
            : `, after it first grants itself the right with ${f.afterGrant}`
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
      if (!o?.called || !o.callOk || o.readOnly || !deployer) return;
      const b = o.codeReplaced
        ? {
            effects: ['code_replaced' as const],
            notes: ['after the call the token runs code at an address the caller chose'],
          }
        : balanceEffects(o, watch, m.caller);
      const effects = b.effects.filter((e) => !usableKeys.has(`${m.selector}:${e}`));
      if (effects.length === 0) return;
      raw.push({
        ...finding({ ...m, callerRole: 'deployer (at creation)' }, effects, b.notes, null, null),
        usable: false,
        usableNow: `not usable now: ${where}, today the same call reverts${holderNow}`,
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
      rpcRequests: count.n + (count.extra ?? 0),
      ...(onceOpen ? { onceOpen } : {}),
    };
  } catch (e) {
    return {
      status: 'error',
      message: `Owner-power simulation failed: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    };
  }
}

/** Standard ERC-20 functions: their success naming the caller grants nothing beyond the standard. */
const STANDARD_CALLS = new Set(
  [
    'transfer(address,uint256)',
    'approve(address,uint256)',
    'transferFrom(address,address,uint256)',
    'increaseAllowance(address,uint256)',
    'decreaseAllowance(address,uint256)',
  ].map((s) => toFunctionSelector(`function ${s}`).toLowerCase()),
);
/** Grant calls run before the gated ones (each a distinct function, or a distinct role of one). */
const MAX_GRANTS = 6;
/** Gated calls re-run after the grants: at most this many, in at most this many bytes of calldata. */
const GRANT_CHUNK = 200;
const GRANT_BODY_BYTES = 200_000;

type GrantPlan = {
  caller: Address;
  grants: number[];
  gated: number[];
  /** For grants to another address: which address each grant named (the one GRANTEE replaces). */
  names?: ('caller' | 'victim')[];
};

const wordOf = (a: Address) => a.slice(2).toLowerCase().padStart(64, '0');

/** "(role 0x1234…abcd, caller)" → the role, so grants of distinct roles by one function are kept. */
const roleKey = (args: string) => /^\(role [^,]+/.exec(args)?.[0] ?? '';

/**
 * For the first caller that has both: its grants (successful calls, one per function and role, that
 * name the caller in their arguments and changed no balance, supply or owner) and its gated calls
 * (calls of functions none of whose calls pass for it today). `other`: the same for grants to
 * another address — calls that named the caller or the victim, the caller's first.
 */
function grantsAndGated(
  phase1: DecodedOutcome[],
  metas: ProbeMeta[],
  cands: { caller: Address; data: Hex }[],
  callers: { address: Address }[],
  watch: Watch,
  raw: OwnerPowerFinding[],
  victim: Address,
): { self: GrantPlan | null; other: GrantPlan | null } {
  const withEffect = new Set(raw.map((f) => `${f.caller}:${f.selector}`));
  let self: GrantPlan | null = null;
  let other: GrantPlan | null = null;
  const victimWord = victim === zeroAddress ? null : wordOf(victim);
  for (const { address } of callers) {
    const word = wordOf(address);
    const okNow = new Set<string>();
    const grants: number[] = [];
    const toVictim: number[] = [];
    const seen = new Set<string>();
    phase1.forEach((o, i) => {
      const m = metas[i] as ProbeMeta;
      if (m.caller !== address || !o.callOk) return;
      okNow.add(m.selector);
      if (o.readOnly || o.codeReplaced || STANDARD_CALLS.has(m.selector)) return;
      if (withEffect.has(`${m.caller}:${m.selector}`)) return;
      if (balanceEffects(o, watch, m.caller).effects.length > 0) return;
      const args = (cands[i] as { data: Hex }).data.slice(10).toLowerCase();
      const named = args.includes(word)
        ? 'caller'
        : victimWord && args.includes(victimWord)
          ? 'victim'
          : null;
      if (!named) return;
      const key = `${named}:${m.selector}:${roleKey(m.args)}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (named === 'caller') grants.push(i);
      else toVictim.push(i);
    });
    // Calls that reverted with a reason (a require message, a custom error) first: their arguments
    // decoded and a check refused them — the kind a grant can open. A bare revert is often only a
    // wrong argument shape.
    const reasoned: number[] = [];
    const bare: number[] = [];
    phase1.forEach((o, i) => {
      const m = metas[i] as ProbeMeta;
      if (m.caller === address && o.called && !o.callOk && !okNow.has(m.selector))
        (o.revertData.length > 2 ? reasoned : bare).push(i);
    });
    const gated = [...reasoned, ...bare];
    if (gated.length === 0) continue;
    if (!self && grants.length > 0) self = { caller: address, grants: grants.slice(0, MAX_GRANTS), gated };
    if (!other && grants.length + toVictim.length > 0)
      other = {
        caller: address,
        // Each kept apart: appoint(victim, caller, …) names both, and only the victim word is read.
        grants: [...grants, ...toVictim].slice(0, MAX_GRANTS),
        names: [...grants.map(() => 'caller' as const), ...toVictim.map(() => 'victim' as const)].slice(
          0,
          MAX_GRANTS,
        ),
        gated,
      };
    if (self && other) break;
  }
  return { self, other };
}

const errText = (e: unknown) =>
  e instanceof Error ? (e.message.split('\n')[0] ?? '').slice(0, 100) : String(e).slice(0, 100);

/**
 * The token's creation transaction, when it deployed the token directly (its sender's CREATE at
 * that nonce is the token's address): its init code re-run today builds a copy as the constructor
 * left it. Null otherwise (a factory deployment, an unknown transaction, an RPC failure).
 */
async function creationCopy(
  client: PublicClient,
  input: OwnerPowerInput,
  count: Counter,
): Promise<{ initcode: Hex; value: bigint } | null> {
  if (!input.creationTx || !input.deployer) return null;
  count.n++;
  try {
    const tx = await withTimeout(client.getTransaction({ hash: input.creationTx }), CALL_TIMEOUT_MS);
    if (tx.to !== null || tx.from.toLowerCase() !== input.deployer.toLowerCase()) return null;
    const created = getContractAddress({ from: tx.from, nonce: BigInt(tx.nonce) });
    if (created.toLowerCase() !== input.token.toLowerCase()) return null;
    return { initcode: tx.input, value: tx.value };
  } catch {
    return null;
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

/** One inconclusive line per function (the first reason), every line about the whole contract, capped. */
function dedupeInconclusive<T extends { selector: string; reason: string }>(xs: T[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const x of xs) {
    const key = x.selector === '0x' ? `0x:${x.reason}` : x.selector;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(x);
  }
  return out.slice(0, 20);
}
