/**
 * What the token's code lets its owner do, read from the runtime bytecode (function selectors via
 * whatsabi, opcodes, proxy slots) and, when the source is verified, from the ABI's function names.
 * Proxies are resolved by reading the standard slots ourselves (works offline on the local chain)
 * and the implementation is analysed together with the proxy.
 */
import { whatsabi } from '@shazow/whatsabi';
import {
  type Abi,
  type AbiFunction,
  type Address,
  getAddress,
  type Hex,
  type PublicClient,
  parseAbi,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import type { Capability, CapabilityFacts, ProxyFacts } from '../types';
import { stripMetadata } from '../verification/verify-source';
import { instructions } from './evm-instructions';
import {
  ABI_NAME_PATTERNS,
  ALT_OWNER_GETTERS,
  CAPABILITY_SELECTORS,
  OWNER_SELECTOR,
  RECLAIM_SIGNATURES,
} from './selectors';

export type CapabilityReport = {
  capabilities: CapabilityFacts;
  /** Runtime code of the address itself. */
  code: Hex;
  proxy: ProxyFacts | null;
  /** Runtime code of the implementation when the address is a proxy, else null. */
  implementationCode: Hex | null;
  /** owner() of the contract; null when it has no owner() or the call reverted. */
  owner: Address | null;
  /** Signs that someone keeps control although owner() says otherwise (one sentence each). */
  hiddenOwner: string[];
};

// EIP-1967 slots: keccak256('eip1967.proxy.implementation') - 1, ….admin - 1, ….beacon - 1.
const SLOT_IMPLEMENTATION: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const SLOT_ADMIN: Hex = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const SLOT_BEACON: Hex = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
// Pre-1967 conventions still found on old deployments: EIP-1822 PROXIABLE and OpenZeppelin zos.
const SLOT_EIP1822: Hex = '0xc5f16f0fcc639fa48a6947836d9850f504798523bf8c9a3a87d5876cf622bcf7';
const SLOT_ZOS: Hex = '0x7050c9e0f4ca769c69bd3a8ef740bc37934f8e2c036e5a723fd8ee048ed3f8c3';

const OP_DELEGATECALL = 0xf4;
const OP_SELFDESTRUCT = 0xff;

const ownerAbi = parseAbi(['function owner() view returns (address)']);
const beaconAbi = parseAbi(['function implementation() view returns (address)']);

// ---------------------------------------------------------------------------------------------
// Pure bytecode helpers

/**
 * Which of `wanted` opcodes occur as instructions. PUSH1..PUSH32 immediates are skipped — an 0xff
 * inside a pushed constant (a mask, max uint) is data, not SELFDESTRUCT — and so is the metadata.
 */
export function findOpcodes(code: Hex, wanted: readonly number[]): Set<number> {
  const hex = stripMetadata(code).code.slice(2);
  const want = new Set(wanted);
  const found = new Set<number>();
  for (const { op } of instructions(hex)) if (want.has(op)) found.add(op);
  return found;
}

// EIP-1167 minimal proxy, and its PUSH0 variant (ERC-7511).
const CLONE_PATTERNS = [
  /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i,
  /^0x365f5f375f5f365f73([0-9a-f]{40})5af43d5f5f3e5f3d91602a57fd5bf3$/i,
];

/** The implementation a minimal-proxy clone forwards to, or null if the code is not a clone. */
export function cloneTarget(code: Hex): Address | null {
  for (const p of CLONE_PATTERNS) {
    const m = p.exec(code);
    if (m?.[1]) return `0x${m[1].toLowerCase()}`;
  }
  return null;
}

/** An address stored right-aligned in a 32-byte slot; null for an empty slot. */
export function slotAddress(word: Hex | undefined): Address | null {
  if (!word || /^0x0*$/.test(word)) return null;
  const a = `0x${word.slice(2).padStart(64, '0').slice(24)}` as Address;
  return a === zeroAddress ? null : a;
}

type Found = Map<Capability, Set<string>>;

function add(found: Found, capability: Capability, via: string) {
  const set = found.get(capability) ?? new Set<string>();
  set.add(via);
  found.set(capability, set);
}

/** Capabilities revealed by bytecode selectors and opcodes (`label` says whose code it was). */
export function capabilitiesFromBytecode(code: Hex, label: string, found: Found): string[] {
  const selectors = whatsabi.selectorsFromBytecode(code).map((s) => s.toLowerCase() as Hex);
  for (const s of selectors) {
    const entry = CAPABILITY_SELECTORS.get(s);
    if (entry) for (const c of entry.capabilities) add(found, c, entry.signature);
  }
  const ops = findOpcodes(code, [OP_DELEGATECALL, OP_SELFDESTRUCT]);
  if (ops.has(OP_SELFDESTRUCT)) add(found, 'selfDestruct', `SELFDESTRUCT opcode (${label})`);
  if (ops.has(OP_DELEGATECALL)) add(found, 'delegateCall', `DELEGATECALL opcode (${label})`);
  return selectors;
}

/** Capabilities revealed by a verified ABI's function names (catches renamed functions). */
export function capabilitiesFromAbi(abi: Abi, found: Found): void {
  for (const item of abi) {
    if (item.type !== 'function') continue;
    const fn = item as AbiFunction;
    const isView = fn.stateMutability === 'view' || fn.stateMutability === 'pure';
    for (const p of ABI_NAME_PATTERNS) {
      if (Boolean(p.views) !== isView) continue;
      if (p.pattern.test(fn.name) && !p.exclude?.test(fn.name))
        add(found, p.capability, `${fn.name}() in ABI`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Chain reads

async function readProxy(client: PublicClient, address: Address, code: Hex): Promise<ProxyFacts | null> {
  const clone = cloneTarget(code);
  if (clone)
    return { kind: 'eip1167', implementation: clone, admin: null, upgradeCount: 0, lastUpgradeAt: null };
  // A contract without DELEGATECALL cannot forward calls, so its slots are not worth five reads.
  if (!findOpcodes(code, [OP_DELEGATECALL]).has(OP_DELEGATECALL)) return null;
  const [impl, admin, beacon, eip1822, zos] = await Promise.all(
    [SLOT_IMPLEMENTATION, SLOT_ADMIN, SLOT_BEACON, SLOT_EIP1822, SLOT_ZOS].map((slot) =>
      client.getStorageAt({ address, slot }).catch(() => undefined),
    ),
  );
  const adminAddr = slotAddress(admin);
  const base = { admin: adminAddr, upgradeCount: 0, lastUpgradeAt: null };
  const implAddr = slotAddress(impl);
  if (implAddr) return { kind: 'eip1967', implementation: implAddr, ...base };
  const beaconAddr = slotAddress(beacon);
  if (beaconAddr) {
    const fromBeacon = await client
      .readContract({ address: beaconAddr, abi: beaconAbi, functionName: 'implementation' })
      .catch(() => null);
    return {
      kind: 'eip1967',
      implementation: fromBeacon ? (fromBeacon.toLowerCase() as Address) : null,
      ...base,
    };
  }
  const legacy = slotAddress(eip1822) ?? slotAddress(zos);
  if (legacy) return { kind: 'other', implementation: legacy, ...base };
  return adminAddr ? { kind: 'eip1967', implementation: null, ...base } : null;
}

/** Calls a no-argument getter returning an address; null if it reverts or is missing. */
async function readAddressGetter(client: PublicClient, address: Address, signature: string) {
  const name = signature.slice(0, signature.indexOf('('));
  const abi = [
    { type: 'function', name, inputs: [], outputs: [{ name: '', type: 'address' }], stateMutability: 'view' },
  ] as const;
  return client
    .readContract({ address, abi, functionName: name })
    .then((a) => a.toLowerCase() as Address)
    .catch(() => null);
}

const PRIVILEGED: Capability[] = [
  'mint',
  'blacklist',
  'pause',
  'setFees',
  'ownerTransferOthers',
  'tradingToggle',
];

/** Cheap hidden-owner signals: alternative owner getters, reclaimable ownership, a live proxy admin. */
async function hiddenOwnerSignals(
  client: PublicClient,
  address: Address,
  selectors: Set<string>,
  owner: Address | null,
  hasOwnerGetter: boolean,
  proxy: ProxyFacts | null,
  found: Found,
): Promise<string[]> {
  const signals: string[] = [];
  const ownerless = owner === null || owner === zeroAddress;
  const privileged = PRIVILEGED.filter((c) => found.has(c));
  if (!hasOwnerGetter && privileged.length > 0) {
    signals.push(
      `Has owner-only style functions (${privileged.join(', ')}) but no owner() to show who controls them.`,
    );
  }
  for (const sig of RECLAIM_SIGNATURES) {
    if (selectors.has(toFunctionSelector(`function ${sig}`))) {
      signals.push(`${sig} lets a previous owner take ownership back.`);
    }
  }
  if (!ownerless) return signals;
  const present = ALT_OWNER_GETTERS.filter((sig) => selectors.has(toFunctionSelector(`function ${sig}`)));
  const answers = await Promise.all(present.map((sig) => readAddressGetter(client, address, sig)));
  present.forEach((sig, i) => {
    const a = answers[i];
    if (a && a !== zeroAddress) signals.push(`owner() is empty but ${sig} returns ${getAddress(a)}.`);
  });
  if (proxy?.admin)
    signals.push(`owner() is empty but the proxy admin ${getAddress(proxy.admin)} can replace the code.`);
  return signals;
}

const ORDER: Capability[] = [
  'mint',
  'blacklist',
  'whitelist',
  'pause',
  'setFees',
  'maxTx',
  'maxWallet',
  'ownerTransferOthers',
  'selfDestruct',
  'delegateCall',
  'upgradeable',
  'renounceOwnership',
  'tradingToggle',
];

export async function detectCapabilities(
  client: PublicClient,
  opts: {
    address: Address;
    abi?: Abi /** The runtime code, when the caller has read it already. */;
    code?: Hex;
  },
): Promise<CapabilityReport> {
  const address = opts.address.toLowerCase() as Address;
  const code = opts.code ?? (await client.getCode({ address })) ?? '0x';
  const found: Found = new Map();
  if (code === '0x') {
    return {
      capabilities: { found: [], selectorCount: 0, basis: opts.abi ? 'abi' : 'bytecode' },
      code,
      proxy: null,
      implementationCode: null,
      owner: null,
      hiddenOwner: [],
    };
  }
  const proxy = await readProxy(client, address, code);
  const implementationCode = proxy?.implementation
    ? ((await client.getCode({ address: proxy.implementation }).catch(() => undefined)) ?? null)
    : null;

  const selectors = new Set(capabilitiesFromBytecode(code, proxy ? 'proxy' : 'contract', found));
  if (implementationCode && implementationCode !== '0x') {
    for (const s of capabilitiesFromBytecode(implementationCode, 'implementation', found)) selectors.add(s);
  }
  if (proxy) {
    const slot =
      proxy.kind === 'eip1167' ? 'EIP-1167 clone' : proxy.kind === 'eip1967' ? 'EIP-1967 slot' : 'proxy slot';
    // A clone's target is fixed; only slot-based proxies can be pointed at new code.
    if (proxy.kind !== 'eip1167') add(found, 'upgradeable', `${slot} → ${proxy.implementation ?? 'beacon'}`);
  }
  if (opts.abi) capabilitiesFromAbi(opts.abi, found);

  const hasOwnerGetter =
    selectors.has(OWNER_SELECTOR) ||
    Boolean(opts.abi?.some((i) => i.type === 'function' && i.name === 'owner'));
  const owner = hasOwnerGetter
    ? await client
        .readContract({ address, abi: ownerAbi, functionName: 'owner' })
        .then((a) => a.toLowerCase() as Address)
        .catch(() => null)
    : null;
  const hiddenOwner = await hiddenOwnerSignals(
    client,
    address,
    selectors,
    owner,
    hasOwnerGetter,
    proxy,
    found,
  );

  return {
    capabilities: {
      found: ORDER.filter((c) => found.has(c)).map((c) => ({
        capability: c,
        via: [...(found.get(c) ?? [])],
      })),
      selectorCount: selectors.size,
      basis: opts.abi ? 'abi' : 'bytecode',
    },
    code,
    proxy,
    implementationCode,
    owner,
    hiddenOwner,
  };
}
