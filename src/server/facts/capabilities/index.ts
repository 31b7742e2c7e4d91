/**
 * What the token's code lets its owner do, read from the runtime bytecode (function selectors via
 * whatsabi, opcodes, proxy slots) and, when the source is verified, from the ABI's function names.
 * Proxies of every common form are resolved to their implementation (proxy.ts: clones parsed from
 * the code, the standard slots read ourselves so it works offline on the local chain, a delegating
 * fallback found by who answered the token's own call), and the implementation is analysed
 * together with the proxy.
 */
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
import { selectorsOf } from '../owner-powers/selectors-memo';
import type { Capability, CapabilityFacts, ProxyFacts, ProxyForm } from '../types';
import { stripMetadata } from '../verification/verify-source';
import { instructions } from './evm-instructions';
import { resolveProxy } from './proxy';
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

const OP_DELEGATECALL = 0xf4;
const OP_SELFDESTRUCT = 0xff;

const ownerAbi = parseAbi(['function owner() view returns (address)']);

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

export { cloneTarget, slotAddress } from './proxy';

const FORM_WORDS: Record<ProxyForm, string> = {
  clone: 'EIP-1167 clone',
  transparent: 'EIP-1967 transparent proxy',
  uups: 'EIP-1967 UUPS proxy',
  slot: 'EIP-1967 slot',
  beacon: 'EIP-1967 beacon',
  legacy: 'pre-1967 proxy slot',
  fallback: 'delegating fallback',
};

type Found = Map<Capability, Set<string>>;

function add(found: Found, capability: Capability, via: string) {
  const set = found.get(capability) ?? new Set<string>();
  set.add(via);
  found.set(capability, set);
}

/** Capabilities revealed by bytecode selectors and opcodes (`label` says whose code it was). */
export function capabilitiesFromBytecode(code: Hex, label: string, found: Found): string[] {
  const selectors = [...selectorsOf(code)];
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
    /**
     * owner() as the caller read it already (the token basics' multicall; null when it reverted):
     * the same call, not asked again in a round of its own after the implementation's code.
     */
    owner?: Address | null;
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
  const own = selectorsOf(code);
  const { proxy, implementationCode } = await resolveProxy(client, address, code, own);

  const selectors = new Set(capabilitiesFromBytecode(code, proxy ? 'proxy' : 'contract', found));
  if (implementationCode && implementationCode !== '0x') {
    for (const s of capabilitiesFromBytecode(implementationCode, 'implementation', found)) selectors.add(s);
  }
  // A clone's target is fixed, and a delegating fallback's is only known to change if a simulated
  // call changes it (measured as code_replaced); the slot forms are made to be pointed at new code.
  if (proxy && proxy.form !== 'clone' && proxy.form !== 'fallback')
    add(
      found,
      'upgradeable',
      `${FORM_WORDS[proxy.form]} → ${proxy.implementation ?? 'unknown implementation'}`,
    );
  if (opts.abi) capabilitiesFromAbi(opts.abi, found);

  const hasOwnerGetter =
    selectors.has(OWNER_SELECTOR) ||
    Boolean(opts.abi?.some((i) => i.type === 'function' && i.name === 'owner'));
  const owner = !hasOwnerGetter
    ? null
    : opts.owner !== undefined
      ? ((opts.owner?.toLowerCase() as Address | undefined) ?? null)
      : await client
          .readContract({ address, abi: ownerAbi, functionName: 'owner' })
          .then((a) => a.toLowerCase() as Address)
          .catch(() => null);
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
