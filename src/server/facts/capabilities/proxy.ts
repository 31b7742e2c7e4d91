/**
 * Which code a token really runs (issue 36 item 4): a proxy of any common form is resolved to its
 * implementation, whose code every check then reads while the calls still go to the proxy.
 *
 * - Clones (EIP-1167 and its variants: 0age's and Solady's, as Flaunch and Doppler deploy their
 *   tokens; the PUSH0 forms; immutable args appended) carry the implementation in their own code:
 *   parsed, no read needed.
 * - EIP-1967 slots (transparent, UUPS, beacon) and the pre-1967 ones (EIP-1822, zos), read.
 * - A delegating fallback whose target no standard slot names: the node's access list of the
 *   token's own totalSupply() call shows the account whose code answered it (code run by
 *   DELEGATECALL reads no storage of its own, so its entry has no storage keys).
 *
 * The slot reads and the access list leave in one JSON-RPC batch; the implementation's code is read
 * in the next (with the beacon's implementation() first for a beacon).
 */
import { type Address, type Hex, type PublicClient, parseAbi, toFunctionSelector, zeroAddress } from 'viem';
import { selectorsOf } from '../owner-powers/selectors-memo';
import type { ProxyFacts, ProxyForm } from '../types';
import { stripMetadata } from '../verification/verify-source';
import { immediateAt, instructions } from './evm-instructions';

// EIP-1967 slots: keccak256('eip1967.proxy.implementation') - 1, ….admin - 1, ….beacon - 1.
export const SLOT_IMPLEMENTATION: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
export const SLOT_ADMIN: Hex = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
export const SLOT_BEACON: Hex = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
// Pre-1967 conventions still found on old deployments: EIP-1822 PROXIABLE and OpenZeppelin zos.
const SLOT_EIP1822: Hex = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';
const SLOT_ZOS: Hex = '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3';

const OP = {
  push20: 0x73,
  delegatecall: 0xf4,
  return: 0xf3,
  revert: 0xfd,
  sload: 0x54,
  sstore: 0x55,
  calldataload: 0x35,
  call: 0xf1,
  callcode: 0xf2,
  staticcall: 0xfa,
  create: 0xf0,
  create2: 0xf5,
  codecopy: 0x39,
  extcodecopy: 0x3c,
  selfdestruct: 0xff,
} as const;

/**
 * Instructions a forwarder never needs: reading storage or the call's arguments (a selector
 * dispatch), other calls, writes, creation, copying code (where an address could hide). Any of them
 * before the forward's RETURN makes the code more than a clone, which the slot reads then judge.
 */
const NOT_IN_A_CLONE = new Set<number>([
  OP.sload,
  OP.sstore,
  OP.calldataload,
  OP.call,
  OP.callcode,
  OP.staticcall,
  OP.create,
  OP.create2,
  OP.codecopy,
  OP.extcodecopy,
  OP.selfdestruct,
]);

/** Longest forwarding part of a clone: EIP-1167 is 45 bytes, the longest known variant under 60. */
const MAX_CLONE_BYTES = 64;

/**
 * The implementation a minimal-proxy clone forwards to, or null if the code is not one (pure).
 * By what the code does, not one byte pattern: within its first MAX_CLONE_BYTES, up to the RETURN
 * that ends the forward, exactly one PUSH20 and one DELEGATECALL and nothing a clone never does —
 * the pushed address is the only one the DELEGATECALL can target. This covers EIP-1167, 0age's
 * 44-byte form (Solady's LibClone.clone), the PUSH0 forms (ERC-7511, Solady's clone_PUSH0) and
 * Vyper's forwarders; bytes after the RETURN are data (immutable args), never run.
 */
export function cloneTarget(code: Hex): Address | null {
  const hex = code.slice(2).toLowerCase();
  let target: string | null = null;
  let delegated = false;
  for (const { pc, op } of instructions(hex)) {
    if (pc >= MAX_CLONE_BYTES || NOT_IN_A_CLONE.has(op)) return null;
    if (op === OP.push20) {
      if (target !== null) return null;
      target = immediateAt(hex, pc, 20);
      if (target.length !== 40) return null;
    } else if (op === OP.delegatecall) {
      if (delegated || target === null) return null;
      delegated = true;
    } else if (op === OP.return) {
      // The forward's own end: what follows is never run.
      return delegated && target && !/^0+$/.test(target) ? (`0x${target}` as Address) : null;
    }
  }
  return null;
}

/** An address stored right-aligned in a 32-byte slot; null for an empty slot. */
export function slotAddress(word: Hex | undefined): Address | null {
  if (!word || /^0x0*$/.test(word)) return null;
  const a = `0x${word.slice(2).padStart(64, '0').slice(24)}` as Address;
  return a === zeroAddress ? null : a;
}

const UPGRADE_SELECTORS = new Set<Hex>(
  ['upgradeTo(address)', 'upgradeToAndCall(address,bytes)'].map((s) =>
    toFunctionSelector(`function ${s}`).toLowerCase(),
  ) as Hex[],
);
export const TOTAL_SUPPLY_SELECTOR = toFunctionSelector('function totalSupply()').toLowerCase() as Hex;

/**
 * An implementation-slot proxy's form (pure): an admin slot set is the transparent pattern (the
 * admin upgrades through the proxy); an implementation carrying upgradeTo is UUPS (the upgrade
 * lives in the code behind); neither known, only 'slot'.
 */
export function slotForm(admin: Address | null, implementationCode: Hex | null): ProxyForm {
  if (admin) return 'transparent';
  if (implementationCode && selectorsOf(implementationCode).some((s) => UPGRADE_SELECTORS.has(s)))
    return 'uups';
  return 'slot';
}

type AccessEntry = { address: string; storageKeys?: string[] };

/** Precompiles and system addresses (0x…0001 – 0x…ffff): never an implementation. */
const isSystem = (a: string) => BigInt(a) < 0x1_0000n;

/**
 * Accounts an access list shows running code for the token without reading storage of their own
 * (pure): what a DELEGATECALL from the token touches. Minus the token and system addresses.
 */
export function delegateCandidates(list: AccessEntry[] | undefined, token: Address): Address[] {
  const out: Address[] = [];
  for (const e of list ?? []) {
    const a = e.address.toLowerCase();
    if (!/^0x[0-9a-f]{40}$/.test(a) || a === token || isSystem(a) || out.includes(a as Address)) continue;
    if ((e.storageKeys ?? []).length > 0) continue;
    out.push(a as Address);
  }
  return out;
}

const beaconAbi = parseAbi(['function implementation() view returns (address)']);

export type ResolvedProxy = { proxy: ProxyFacts | null; implementationCode: Hex | null };

const facts = (
  kind: ProxyFacts['kind'],
  form: ProxyForm,
  implementation: Address | null,
  rest: { admin?: Address | null; beacon?: Address | null } = {},
): ProxyFacts => ({
  kind,
  form,
  implementation,
  beacon: rest.beacon ?? null,
  admin: rest.admin ?? null,
  upgradeCount: 0,
  lastUpgradeAt: null,
});

const codeAt = (client: PublicClient, address: Address) =>
  client
    .getCode({ address })
    .then((c) => c ?? null)
    .catch(() => null);

/**
 * The proxy behind `address` and its implementation's code; null proxy for a contract that runs its
 * own code. `ownSelectors` are the functions in the token's own code: a token answering
 * totalSupply() itself is not asked where it delegates to.
 */
export async function resolveProxy(
  client: PublicClient,
  address: Address,
  code: Hex,
  ownSelectors: readonly Hex[],
): Promise<ResolvedProxy> {
  const clone = cloneTarget(code);
  if (clone)
    return { proxy: facts('eip1167', 'clone', clone), implementationCode: await codeAt(client, clone) };
  // A contract without DELEGATECALL cannot forward calls, so its slots are not worth the reads.
  if (!hasDelegatecall(code)) return { proxy: null, implementationCode: null };
  const askWhoAnswers = !ownSelectors.includes(TOTAL_SUPPLY_SELECTOR);
  // One batch: the five slots and, for a token whose own code lacks totalSupply(), who answered it.
  const [impl, admin, beacon, eip1822, zos, access] = await Promise.all([
    ...[SLOT_IMPLEMENTATION, SLOT_ADMIN, SLOT_BEACON, SLOT_EIP1822, SLOT_ZOS].map((slot) =>
      client.getStorageAt({ address, slot }).catch(() => undefined),
    ),
    askWhoAnswers ? accessListOfTotalSupply(client, address) : Promise.resolve(undefined),
  ]);
  const adminAddr = slotAddress(admin as Hex | undefined);
  const implAddr = slotAddress(impl as Hex | undefined);
  if (implAddr) {
    const implementationCode = await codeAt(client, implAddr);
    return {
      proxy: facts('eip1967', slotForm(adminAddr, implementationCode), implAddr, { admin: adminAddr }),
      implementationCode,
    };
  }
  const beaconAddr = slotAddress(beacon as Hex | undefined);
  if (beaconAddr) {
    const fromBeacon = await client
      .readContract({ address: beaconAddr, abi: beaconAbi, functionName: 'implementation' })
      .then((a) => a.toLowerCase() as Address)
      .catch(() => null);
    return {
      proxy: facts('eip1967', 'beacon', fromBeacon, { admin: adminAddr, beacon: beaconAddr }),
      implementationCode: fromBeacon ? await codeAt(client, fromBeacon) : null,
    };
  }
  const legacy = slotAddress(eip1822 as Hex | undefined) ?? slotAddress(zos as Hex | undefined);
  if (legacy)
    return {
      proxy: facts('other', 'legacy', legacy, { admin: adminAddr }),
      implementationCode: await codeAt(client, legacy),
    };
  if (adminAddr)
    return { proxy: facts('eip1967', 'transparent', null, { admin: adminAddr }), implementationCode: null };
  return delegatingFallback(client, address, access as AccessEntry[] | undefined);
}

/**
 * A delegating fallback: of the accounts the token's totalSupply() ran code at, the one whose code
 * has totalSupply() is where the token's functions live.
 */
async function delegatingFallback(
  client: PublicClient,
  address: Address,
  access: AccessEntry[] | undefined,
): Promise<ResolvedProxy> {
  const candidates = delegateCandidates(access, address).slice(0, 3);
  if (candidates.length === 0) return { proxy: null, implementationCode: null };
  const codes = await Promise.all(candidates.map((a) => codeAt(client, a)));
  const i = codes.findIndex((c) => !!c && c !== '0x' && selectorsOf(c).includes(TOTAL_SUPPLY_SELECTOR));
  const found = candidates[i];
  if (i < 0 || !found) return { proxy: null, implementationCode: null };
  return { proxy: facts('other', 'fallback', found), implementationCode: codes[i] ?? null };
}

/** DELEGATECALL as an instruction (not inside a pushed constant, not in the metadata tail). */
function hasDelegatecall(code: Hex): boolean {
  for (const { op } of instructions(stripMetadata(code).code.slice(2)))
    if (op === OP.delegatecall) return true;
  return false;
}

/** The access list of a totalSupply() call to the token; undefined when the node does not answer. */
async function accessListOfTotalSupply(client: PublicClient, address: Address) {
  const r = (await client
    .request({
      method: 'eth_createAccessList',
      params: [{ to: address, data: TOTAL_SUPPLY_SELECTOR, gas: '0x1c9c380' }, 'latest'],
    } as never)
    .catch(() => undefined)) as { accessList?: AccessEntry[] } | undefined;
  return r?.accessList;
}
