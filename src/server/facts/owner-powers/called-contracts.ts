/**
 * Contracts a token calls during a transfer (I/O): an "anti-bot" guard, a fee handler, a pair
 * checker. Their owners' powers reach the token's trades without any function of the token, so the
 * owner-power simulation follows them (issue 23, item 6).
 *
 * How they are found: `eth_createAccessList` of a real holder's transfer to the pool (what a sell
 * does first) and of the pool's transfer to a fresh address (a buy), sent beside the getter
 * multicall (same JSON-RPC batch, no extra round trip). The node returns every account the transfer
 * touched and the storage slots it read there; minus the token, its pool, the venue's router/quoter
 * and route tokens, the precompiles and the probe's own addresses, an account whose storage the
 * transfer read is a contract whose state decides something in the transfer (a switch an owner can
 * flip is such state). Which of them
 * are contracts, and who holds their privileged functions, is asked next (code, owner-like getters,
 * address-shaped storage), beside the token's own first probe round.
 *
 * Chosen over `debug_traceCall` (a debug method public Base endpoints do not offer) and over guessing
 * from the token's storage (an address kept in a slot is not proof the transfer calls it). A node
 * without the method answers an error: nothing is followed, and the report says so.
 */
import { type Address, encodeFunctionData, type Hex, type PublicClient, parseAbi } from 'viem';
import { isBurnAddress } from '../../../shared/vocabulary';
import { OWNER_LIKE_SELECTORS } from './callers';
import { knownAddresses, type OwnerPowerInput } from './input';
import { type Counter, MAX_CALLED_CALLERS, withTimeout } from './limits';
import { aggregate3, looksLikeAddress, readSlots } from './reads';

const erc20 = parseAbi(['function transfer(address,uint256) returns (bool)']);

/** Most contracts followed per token (each adds candidates to the trade-effect round). */
export const MAX_CALLED_CONTRACTS = 2;

/**
 * A transfer whose access list is asked: `from` moves `amount` to `to` with the token's transfer,
 * or — `call` given — `from` makes that call instead (a router sell by an account that has approved
 * the router: the router's transferFrom path, which a plain transfer never takes).
 */
export type TransferProbe = { from: Address; to: Address; amount: bigint; call?: { to: Address; data: Hex } };

type AccessListResult = { accessList?: { address: string; storageKeys?: string[] }[]; error?: string };

/** Precompiles and system addresses (0x…0001 – 0x…ffff): never a contract of the token's. */
const isSystem = (a: string) => BigInt(a) < 0x1_0000n;

/**
 * Accounts touched by the given transfers, minus `known` (lowercase): at most
 * MAX_CALLED_CONTRACTS, in the order first seen. Errors (method missing, a reverting transfer whose
 * list the node does not return) count as nothing touched.
 */
export async function touchedByTransfers(
  client: PublicClient,
  token: Address,
  transfers: TransferProbe[],
  known: Set<string>,
  withTimeout: <T>(p: Promise<T>) => Promise<T>,
): Promise<{ touched: Address[]; failed: number }> {
  const lists = await Promise.all(
    transfers.map((t) =>
      withTimeout(
        client.request({
          method: 'eth_createAccessList',
          params: [
            {
              from: t.from,
              to: t.call?.to ?? token,
              data:
                t.call?.data ??
                encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [t.to, t.amount] }),
              gas: '0x1c9c380',
            },
            'latest',
          ],
        } as never) as Promise<AccessListResult>,
      ).catch(() => null),
    ),
  );
  const out: Address[] = [];
  for (const l of lists) {
    for (const entry of l?.accessList ?? []) {
      const a = entry.address.toLowerCase();
      // Only accounts whose storage the transfer read: a switch an owner can flip is state the
      // transfer reads. This drops EOAs paid during the transfer and stateless helpers (a contract
      // they call in turn reads its own storage and is listed itself).
      if ((entry.storageKeys ?? []).length === 0) continue;
      if (!/^0x[0-9a-f]{40}$/.test(a) || known.has(a) || isSystem(a) || out.includes(a as Address)) continue;
      out.push(a as Address);
    }
  }
  return { touched: out.slice(0, MAX_CALLED_CONTRACTS), failed: lists.filter((l) => l === null).length };
}

/** The runtime code of each address (one eth_getCode each, batched); '0x' for an account without. */
export async function codesOf(
  client: PublicClient,
  addresses: Address[],
  withTimeout: <T>(p: Promise<T>) => Promise<T>,
): Promise<Hex[]> {
  return Promise.all(
    addresses.map((a) =>
      withTimeout(client.getCode({ address: a }))
        .then((c) => c ?? '0x')
        .catch(() => '0x' as Hex),
    ),
  );
}

/** One frame of a `callTracer` result (geth's format, which anvil and reth answer too). */
export type CallFrame = { from?: string; to?: string; type?: string; calls?: CallFrame[] };

/**
 * Contracts the token calls in a call tree (pure): every CALL or STATICCALL made from the token's own
 * frames, and what those make in turn (a guard that asks another contract), first seen first. A
 * DELEGATECALL runs in the token's context (its implementation, already probed as the token) and is
 * not a contract of its own.
 */
export function calledInTrace(root: CallFrame, token: Address): Address[] {
  const t = token.toLowerCase();
  const out: Address[] = [];
  const walk = (f: CallFrame, inside: boolean) => {
    const from = f.from?.toLowerCase();
    const to = f.to?.toLowerCase();
    const kind = (f.type ?? '').toUpperCase();
    const reached =
      (inside || from === t) &&
      !!to &&
      to !== t &&
      (kind === 'CALL' || kind === 'STATICCALL') &&
      /^0x[0-9a-f]{40}$/.test(to);
    if (reached && !out.includes(to as Address)) out.push(to as Address);
    for (const c of f.calls ?? []) walk(c, inside || reached);
  };
  walk(root, false);
  return out;
}

/**
 * Contracts the token calls during the probe's own trades — a real holder selling a tenth and then
 * its whole balance, a fresh wallet buying and selling through the venue's router — read from a
 * `debug_traceCall` (call tracer, with the probe placed by state override) of one baseline run.
 * This reaches guards the two plain transfers miss: one consulted only above an amount, only for a
 * wallet it has not seen, or only when the router moves the tokens (transferFrom). A node without
 * the debug method (public Base endpoints, the replica's gateway) answers an error: nothing found,
 * and the access lists stand alone.
 */
export async function touchedByProbeTrace(
  client: PublicClient,
  call: {
    from: Address;
    to: Address;
    data: Hex;
    gas: bigint;
    overrides: { address: Address; code?: Hex | undefined; balance?: bigint | undefined }[];
  },
  token: Address,
  known: Set<string>,
  withTimeout: <T>(p: Promise<T>) => Promise<T>,
): Promise<{ touched: Address[]; ok: boolean }> {
  const stateOverrides: Record<string, { code?: Hex; balance?: Hex }> = {};
  for (const o of call.overrides)
    stateOverrides[o.address] = {
      ...(o.code ? { code: o.code } : {}),
      ...(o.balance !== undefined ? { balance: `0x${o.balance.toString(16)}` as Hex } : {}),
    };
  try {
    const root = (await withTimeout(
      client.request({
        method: 'debug_traceCall',
        params: [
          { from: call.from, to: call.to, data: call.data, gas: `0x${call.gas.toString(16)}` },
          'latest',
          { tracer: 'callTracer', stateOverrides },
        ],
      } as never) as Promise<CallFrame>,
    )) as CallFrame;
    const touched = calledInTrace(root, token).filter((a) => !known.has(a) && !isSystem(a));
    return { touched, ok: true };
  } catch {
    return { touched: [], ok: false };
  }
}

/** A contract the token calls during a transfer, its code and who may hold its privileged functions. */
export type CalledContract = {
  address: Address;
  code: Hex;
  callers: { address: Address; role: string }[];
};

/**
 * Who may hold the privileged functions of each contract the token calls: its owner-like getters'
 * answers and address-shaped values in its storage (one Multicall3 batch, one slot read each, its
 * code — all in one JSON-RPC batch), then the token's own owner() and deployer (often the same
 * people). Accounts without code are dropped (a fee wallet the transfer pays is not a contract).
 */
export async function describeCalled(
  client: PublicClient,
  input: OwnerPowerInput,
  touched: Address[],
  count: Counter,
): Promise<CalledContract[]> {
  if (touched.length === 0) return [];
  const sels = OWNER_LIKE_SELECTORS;
  count.n += touched.length * 2 + 1;
  const [codes, getters, slots] = await Promise.all([
    codesOf(client, touched, withTimeout),
    aggregate3(
      client,
      touched.flatMap((t) => sels.map((x) => ({ target: t, allowFailure: true, callData: x.sel }))),
    ),
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
