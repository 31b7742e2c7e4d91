/**
 * Wrapped-asset measurement (I/O): one eth_call with the WrapProbe helper's code placed by a state
 * override at a throwaway address holding some ETH. It reads the token's total supply against the
 * token's own ETH balance (full backing) and simulates a fresh address wrapping and unwrapping a
 * small amount (coin in → same tokens out → coin back). Nothing is sent to the chain. Asked only of
 * contracts whose bytecode has a withdraw(uint256) selector, so other tokens cost no request.
 */
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  parseEther,
} from 'viem';
import { WrapProbe } from '../probes/generated';

const PROBE = '0x00000000000000000000000000000000f1ab3a9b' as const;
const AMOUNT = parseEther('0.001');
const GAS = 2_000_000n;
const TIMEOUT_MS = 5_000;
/** withdraw(uint256): the unwrap half of the interface the probe exercises. */
const WITHDRAW_SELECTOR = '2e1a7d4d';

export type WrappingFacts =
  | { status: 'measured'; supply: bigint; reserve: bigint; roundTrip: boolean }
  | { status: 'error'; message: string };

/** Whether the runtime code carries the unwrap selector (PUSH4 2e1a7d4d). */
export const mayBeWrapper = (code: Hex | null | undefined): boolean =>
  !!code && code.toLowerCase().includes(`63${WITHDRAW_SELECTOR}`);

export async function probeWrapping(client: PublicClient, token: Address): Promise<WrappingFacts> {
  try {
    const data = encodeFunctionData({ abi: WrapProbe.abi, functionName: 'run', args: [token, AMOUNT] });
    const call = client.call({
      to: PROBE,
      data,
      gas: GAS,
      stateOverride: [{ address: PROBE, code: WrapProbe.deployedBytecode as Hex, balance: parseEther('1') }],
    });
    const res = await Promise.race([
      call,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('wrap probe timed out')), TIMEOUT_MS),
      ),
    ]);
    if (!res.data || res.data === '0x') throw new Error('the node ignored the state override');
    const [supply, reserve, depositOk, minted, withdrawOk, returned] = decodeFunctionResult({
      abi: WrapProbe.abi,
      functionName: 'run',
      data: res.data,
    }) as readonly [bigint, bigint, boolean, bigint, boolean, bigint];
    return {
      status: 'measured',
      supply,
      reserve,
      roundTrip: depositOk && withdrawOk && minted === AMOUNT && returned === AMOUNT,
    };
  } catch (e) {
    return { status: 'error', message: e instanceof Error ? e.message.slice(0, 160) : String(e) };
  }
}
