/**
 * The one place a venue's pool discovery turns a factory's answer into a fact: a pool, no pool, or
 * no answer at all. Every venue asks its factory (V2 getPair, Aerodrome and V3/Slipstream getPool)
 * through `lookUpPools`, so a slow or failing provider can never make a pool vanish: only a real
 * answer — the zero address, or an empty result — says "no pool". Anything else (an RPC error or
 * timeout failing the whole Multicall3 round, or a factory call reverting, which a mapping read
 * never does) fails the look-up, and the caller answers 503 or retries rather than report a token
 * without its pools.
 */
import type { Address, PublicClient } from 'viem';
import { isRpcFailure } from '../chain/client';
import type { Call } from './multicall';

/** What one factory read says about one candidate pool. */
export type PoolLookup =
  | { kind: 'found'; pool: Address }
  | { kind: 'none' }
  | { kind: 'failed'; error: unknown };

/** One Multicall3 entry as viem gives it with allowFailure. */
export type LookupEntry = { status: string; result?: unknown; error?: unknown };

/** A look-up's answer: what it found, a real "none", or no answer. */
export type Lookup<T> = { kind: 'found'; value: T } | { kind: 'none' } | { kind: 'failed'; error: unknown };

/**
 * One look-up's entry classified by `read`, which turns a result into what was found, or null for
 * a real "none" (the zero address, an uninitialised pool). A failed entry — a round trip the RPC
 * failed, a call that reverted — is never a "none". Pure.
 */
export function classifyLookup<T>(entry: LookupEntry, read: (result: unknown) => T | null): Lookup<T> {
  // Empty return data is an answer: the factory is not deployed on this chain (a call to an address
  // without code succeeds with no data), so it has no pool. Only a revert or no answer fails.
  if (entry.status !== 'success' && isZeroData(entry.error)) return { kind: 'none' };
  if (entry.status !== 'success') return { kind: 'failed', error: entry.error };
  try {
    const value = read(entry.result);
    return value === null ? { kind: 'none' } : { kind: 'found', value };
  } catch (error) {
    return { kind: 'failed', error };
  }
}

const ZERO = /^0x0{40}$/i;

/** viem's "returned no data (0x)" error, however it is wrapped. */
function isZeroData(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined, i = 0; e && i < 5; i++) {
    if (e.name === 'ContractFunctionZeroDataError') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A factory's getPair/getPool answer: the pool's address, null for none (zero address or empty). */
function poolAddress(r: unknown): Address | null {
  if (r === undefined || r === null || r === '' || r === '0x') return null;
  if (typeof r !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(r))
    throw new Error(`A factory look-up answered ${String(r)}, not an address.`);
  return ZERO.test(r) ? null : (r.toLowerCase() as Address);
}

/** One factory answer classified. Pure. */
export function poolLookup(entry: LookupEntry): PoolLookup {
  const l = classifyLookup(entry, poolAddress);
  return l.kind === 'found' ? { kind: 'found', pool: l.value } : l;
}

/**
 * The error to throw for `lookups`, if any failed: the RPC's own error first (what Uniswap V2's
 * discovery has always thrown: the caller sees the transport failure), else the failed call's.
 */
export function lookupFailure(lookups: readonly Lookup<unknown>[] | readonly PoolLookup[]): unknown {
  const failed = lookups.flatMap((l) => (l.kind === 'failed' ? [l.error] : []));
  if (failed.length === 0) return undefined;
  return failed.find(isRpcFailure) ?? failed[0] ?? new Error('A pool look-up failed.');
}

/** The pool each look-up found (null: none), or throws when any look-up failed (lookupFailure). */
export function foundPools(lookups: PoolLookup[]): (Address | null)[] {
  const failure = lookupFailure(lookups);
  if (failure !== undefined) throw failure;
  return lookups.map((l) => (l.kind === 'found' ? l.pool : null));
}

/**
 * Asks the factories for every candidate in one Multicall3 call: each candidate with the pool it
 * names, candidates without a pool left out. Throws (see foundPools) rather than answer "no pool"
 * for a look-up that got no answer; a rejected round trip propagates as it is.
 */
export async function lookUpPools<A>(
  client: PublicClient,
  asks: readonly A[],
  call: (ask: A) => Call,
): Promise<{ ask: A; pool: Address }[]> {
  if (asks.length === 0) return [];
  const res = (await client.multicall({
    contracts: asks.map(call) as never,
    allowFailure: true,
  })) as LookupEntry[];
  const pools = foundPools(asks.map((_, i) => poolLookup(res[i] ?? { status: 'failure' })));
  return asks.flatMap((ask, i) => {
    const pool = pools[i];
    return pool ? [{ ask, pool }] : [];
  });
}
