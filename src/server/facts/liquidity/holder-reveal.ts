/**
 * What a holder contract reveals before its calls are simulated (I/O): its code (a proxy's
 * implementation: EIP-1967 or an EIP-1167 clone), the EIP-1967 admin, and the addresses and
 * future timestamps kept in its first storage slots — all in one round for every holder — then,
 * beside the first probes, what its zero-argument getters answer (more callers, stated unlock
 * times). Names of known withdraw functions only label calls and order them.
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  toFunctionSelector,
} from 'viem';
import { SlotReader } from '../../probes/generated';
import { looksLikeAddress, tryAggregate3 } from '../owner-powers/reads';
import { selectorsOf } from '../owner-powers/selectors-memo';
import { signatureOf } from '../owner-powers/signatures';

const IMPL_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';
const ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';
const SLOTS_READ = 64n;
const DAY = 86_400;
/** A word is a candidate unlock time when it is a date between a minute and two centuries ahead. */
export const TIME_MIN_AHEAD = 60;
const TIME_MAX_AHEAD = 200 * 365 * DAY;

export type Found = { address: Address; role: string };
export type Revealed = {
  code: Hex;
  implementation: Address | null;
  callers: Found[];
  times: number[];
};

/** An EIP-1167 minimal proxy's implementation (gauges and lockers are often clones). */
export function minimalProxyTarget(code: Hex): Address | null {
  const m = /^0x363d3d373d3d3d363d73([0-9a-f]{40})5af43d82803e903d91602b57fd5bf3$/i.exec(code);
  return m ? (`0x${(m[1] as string).toLowerCase()}` as Address) : null;
}

/** Labels for calls the bundled signature list may not name (labels only: the effect decides). */
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
export const WITHDRAW_LABELS = new Map(
  LIQUIDITY_SIGNATURES.map((s) => [toFunctionSelector(`function ${s}`), s]),
);
export const labelOf = (sel: Hex) =>
  signatureOf(sel) ?? WITHDRAW_LABELS.get(sel.toLowerCase() as Hex) ?? null;

const isFutureTime = (w: bigint, now: number) =>
  w > BigInt(now + TIME_MIN_AHEAD) && w < BigInt(now + TIME_MAX_AHEAD);

/** Address-shaped and date-shaped words of the first storage slots (pure). */
export function readSlotWords(words: readonly bigint[], now: number): { callers: Found[]; times: number[] } {
  const callers: Found[] = [];
  const times: number[] = [];
  words.forEach((w, i) => {
    const low = w & ((1n << 160n) - 1n);
    // Packed neighbours above an address are allowed; a real address is a random 160-bit value.
    if (low >= 1n << 128n && w >> 160n < 1n << 32n)
      callers.push({
        address: `0x${low.toString(16).padStart(40, '0')}` as Address,
        role: `address stored in slot ${i} of the holder`,
      });
    else if (isFutureTime(w, now)) times.push(Number(w));
  });
  return { callers, times };
}

async function rawSlots(client: PublicClient, holder: Address): Promise<readonly bigint[]> {
  try {
    const res = await client.call({
      to: holder,
      data: encodeFunctionData({ abi: SlotReader.abi, functionName: 'slots', args: [SLOTS_READ] }),
      stateOverride: [{ address: holder, code: SlotReader.deployedBytecode as Hex }],
    });
    return res.data
      ? decodeFunctionResult({ abi: SlotReader.abi, functionName: 'slots', data: res.data })
      : [];
  } catch {
    // A provider without state overrides: the holder's owner still comes from its getters.
    return [];
  }
}

/** Round 1: code, proxy slots and stored words; null for an address with no code (an EOA). */
export async function reveal(client: PublicClient, holder: Address, now: number): Promise<Revealed | null> {
  const [code, impl, admin, slots] = await Promise.all([
    client.getCode({ address: holder }),
    client.getStorageAt({ address: holder, slot: IMPL_SLOT }),
    client.getStorageAt({ address: holder, slot: ADMIN_SLOT }),
    rawSlots(client, holder),
  ]);
  if (!code || code === '0x') return null;
  const implAddr = looksLikeAddress((impl ?? '0x') as Hex) ?? minimalProxyTarget(code);
  // Only a proxy costs a round more: its implementation's code names the functions.
  const implCode = implAddr ? await client.getCode({ address: implAddr }) : null;
  const found = readSlotWords(slots, now);
  const adminAddr = looksLikeAddress((admin ?? '0x') as Hex);
  return {
    code: (implCode && implCode !== '0x' ? implCode : code) as Hex,
    implementation: implAddr,
    callers: [
      ...(adminAddr ? [{ address: adminAddr, role: 'proxy admin of the holder' }] : []),
      ...found.callers,
    ],
    times: found.times,
  };
}

/** The zero-argument getters' answers: addresses (callers) and future dates (stated unlocks). */
export async function readGetters(
  client: PublicClient,
  holder: Address,
  code: Hex,
  now: number,
): Promise<{ callers: Found[]; times: number[] }> {
  const sels = selectorsOf(code);
  const getters = await tryAggregate3(
    client,
    sels.map((s) => ({ target: holder, allowFailure: true, callData: s })),
  );
  const callers: Found[] = [];
  const times: number[] = [];
  (getters ?? []).forEach((r, i) => {
    if (!r.success || r.returnData.length < 66) return;
    const sel = sels[i] as Hex;
    const a = looksLikeAddress(r.returnData.slice(0, 66) as Hex);
    if (a) callers.push({ address: a, role: `${labelOf(sel) ?? sel} of the holder` });
    const w = BigInt(r.returnData.slice(0, 66));
    if (isFutureTime(w, now)) times.push(Number(w));
  });
  return { callers, times };
}
