/**
 * Adaptive eth_getLogs ranges. Providers cap ranges (Base's public RPC: ~2,000 blocks) or result
 * sizes ("query exceeds max results 20000, retry with the range A-B"): we start at
 * INITIAL_RANGE_BLOCKS, halve on such errors (or jump to the range the provider suggests) and grow
 * back after successes.
 */
export const INITIAL_RANGE_BLOCKS = 2_000n;
export const MIN_RANGE_BLOCKS = 1n;
export const MAX_RANGE_BLOCKS = 10_000n;
const GROW_AFTER_SUCCESSES = 3;

export type RangeState = { size: bigint; successes: number };

export const initialRange = (): RangeState => ({ size: INITIAL_RANGE_BLOCKS, successes: 0 });

/** The next [from, to] to fetch, or null when caught up. */
export function nextRange(
  from: bigint,
  head: bigint,
  state: RangeState,
): { from: bigint; to: bigint } | null {
  if (from > head) return null;
  const to = from + state.size - 1n;
  return { from, to: to < head ? to : head };
}

export function afterSuccess(state: RangeState): RangeState {
  const successes = state.successes + 1;
  if (successes >= GROW_AFTER_SUCCESSES && state.size < MAX_RANGE_BLOCKS) {
    const grown = state.size * 2n;
    return { size: grown > MAX_RANGE_BLOCKS ? MAX_RANGE_BLOCKS : grown, successes: 0 };
  }
  return { size: state.size, successes };
}

/**
 * After a range/result-size error: the provider's suggested range if it gave one, else half.
 * Returns null when the error is not about the range (the caller should treat it as an RPC fault).
 */
export function afterRangeError(state: RangeState, message: string, from: bigint): RangeState | null {
  if (!isRangeError(message)) return null;
  const suggested = /range\s+(0x[0-9a-f]+|\d+)\s*-\s*(0x[0-9a-f]+|\d+)/i.exec(message);
  if (suggested?.[1] && suggested[2]) {
    const a = BigInt(suggested[1]);
    const b = BigInt(suggested[2]);
    if (a === from && b >= a) return { size: b - a + 1n, successes: 0 };
  }
  const half = state.size / 2n;
  return { size: half < MIN_RANGE_BLOCKS ? MIN_RANGE_BLOCKS : half, successes: 0 };
}

/** A timeout counts too: on a loaded machine a cold start's first 2,000-block range can exceed it. */
export function isRangeError(message: string): boolean {
  return /range|too many|exceed|limit|max results|response size|query returned more than|block range|-32005|-32602|took too long|timed out/i.test(
    message,
  );
}
