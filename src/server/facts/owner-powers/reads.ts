/**
 * The plain reads beside the probe calls (I/O): a Multicall3 batch of getters, address-shaped words
 * in a contract's first storage slots, and the minimum delay a timelock states.
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  parseAbi,
  toFunctionSelector,
} from 'viem';
import { MULTICALL3_ADDRESS } from '../../chain/client';
import { SlotReader } from '../../probes/generated';
import { type Counter, withTimeout } from './limits';

const aggregate3Abi = parseAbi([
  'struct Call3 { address target; bool allowFailure; bytes callData; }',
  'struct Result { bool success; bytes returnData; }',
  'function aggregate3(Call3[] calls) payable returns (Result[] returnData)',
]);

type CallResult = { success: boolean; returnData: Hex };

/**
 * One Multicall3 aggregate3 of calls that may fail each; null when the batch itself got no answer
 * (an RPC error, a timeout): a caller that must not read "nothing there" from a failure checks it.
 */
export function tryAggregate3(
  client: PublicClient,
  calls: { target: Address; allowFailure: boolean; callData: Hex }[],
): Promise<readonly CallResult[] | null> {
  return withTimeout(
    client.readContract({
      address: MULTICALL3_ADDRESS,
      abi: aggregate3Abi,
      functionName: 'aggregate3',
      args: [calls],
    }),
  ).catch(() => null);
}

/** tryAggregate3 where a failed batch may answer nothing (hints only, never a pass). */
export async function aggregate3(
  client: PublicClient,
  calls: { target: Address; allowFailure: boolean; callData: Hex }[],
): Promise<readonly CallResult[]> {
  return (await tryAggregate3(client, calls)) ?? [];
}

export const looksLikeAddress = (ret: Hex): Address | null => {
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
export async function readSlots(
  client: PublicClient,
  token: Address,
): Promise<{ address: Address; role: string }[]> {
  return (await tryReadSlots(client, token)) ?? [];
}

/** readSlots, or null when the read got no answer (an RPC error, a timeout, no state overrides). */
export async function tryReadSlots(
  client: PublicClient,
  token: Address,
): Promise<{ address: Address; role: string }[] | null> {
  try {
    const res = await withTimeout(
      client.call({
        to: token,
        data: encodeFunctionData({ abi: SlotReader.abi, functionName: 'slots', args: [SLOTS_READ] }),
        stateOverride: [{ address: token, code: SlotReader.deployedBytecode as Hex }],
      }),
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
    return null;
  }
}

/** Selectors of the delay getters timelocks state (OpenZeppelin TimelockController, Compound Timelock). */
const DELAY_GETTERS = ['getMinDelay()', 'delay()'].map((s) => toFunctionSelector(`function ${s}`));
/** A stated delay above ten years is not a delay but some other number. */
const MAX_DELAY_S = 315_360_000n;

/**
 * Minimum delays the current holders state (a timelock contract as owner): one Multicall3 batch of
 * the delay getters on each holder. An EOA answers nothing, so only contracts can state a delay.
 */
export async function readDelays(
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
  const res = await aggregate3(client, calls);
  res.forEach((r, i) => {
    const h = holders[Math.floor(i / DELAY_GETTERS.length)] as Address;
    if (!r.success || r.returnData.length !== 66 || out.has(h)) return;
    const v = BigInt(r.returnData);
    if (v > 0n && v <= MAX_DELAY_S) out.set(h, Number(v));
  });
  return out;
}
