/**
 * How the venues send their batched reads: one Multicall3 call per round, every call allowed to
 * fail on its own (a pool that is not what it claims answers nothing, and is left out), and the
 * answers read back in the order they were asked.
 */
import type { Address, PublicClient } from 'viem';
import { throwOnRpcFailure } from '../chain/client';
import { ChainUnavailableError } from '../errors';

/** One contract read of a Multicall3 round. */
export type Call = { address: Address; abi: unknown; functionName: string; args?: unknown[] };

export type Results = { status: string; result?: unknown }[];

/**
 * A round of pool-state reads. An RPC failure — the round rejected, or viem's allowFailure turning
 * a failed round trip into a "failure" of every call — throws ChainUnavailableError (`message`):
 * a pool the chain did not answer for must not read as a pool that is not there. Calls that
 * merely revert stay failures, for the reader to skip.
 */
export async function readRound(client: PublicClient, calls: Call[], message: string): Promise<Results> {
  try {
    const res = calls.length
      ? ((await client.multicall({ contracts: calls as never, allowFailure: true })) as Results)
      : [];
    throwOnRpcFailure(res);
    return res;
  } catch (cause) {
    throw new ChainUnavailableError(message, cause);
  }
}

/**
 * A round of quotes, whose failed entries only leave a figure unknown (a depth, an amount out):
 * only a rejected round throws ChainUnavailableError (`message`).
 */
export async function quoteRound(client: PublicClient, calls: Call[], message: string): Promise<Results> {
  try {
    return calls.length
      ? ((await client.multicall({ contracts: calls as never, allowFailure: true })) as Results)
      : [];
  } catch (cause) {
    throw new ChainUnavailableError(message, cause);
  }
}

/** Reads a round's answers in order: each call's result, or undefined where it failed. */
export function answers(res: Results): () => unknown {
  let i = 0;
  return () => {
    const r = res[i++];
    return r?.status === 'success' ? r.result : undefined;
  };
}
