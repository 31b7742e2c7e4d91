/**
 * Cutting candidates into eth_calls (pure): by count and by the size of the JSON body, so no call
 * is refused by the chain client's 1 MB budget.
 */
import type { Hex } from 'viem';
import { CALL_BODY_BYTES } from './limits';

/** Hex digits one candidate adds to PowerProbe.run's calldata (head offset, caller, offset, length, data). */
const candidateHex = (c: { data: Hex }) => 256 + Math.ceil((c.data.length - 2) / 64) * 64;

/**
 * Cuts `idx` (candidate positions, in order) into chunks of at most `maxCount` whose eth_call body —
 * the fixed part (`fixedBytes`: overrides, market, envelope) plus the candidates — stays within
 * CALL_BODY_BYTES.
 */
export function chunkBySize(
  idx: number[],
  cands: { data: Hex }[],
  maxCount: number,
  fixedBytes: number,
): number[][] {
  const room = Math.max(CALL_BODY_BYTES - fixedBytes, 10_000);
  const out: number[][] = [];
  let cur: number[] = [];
  let size = 0;
  for (const i of idx) {
    const n = candidateHex(cands[i] as { data: Hex });
    if (cur.length > 0 && (cur.length >= maxCount || size + n > room)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(i);
    size += n;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

/** The first chunk only: what one eth_call can carry of `idx` (empty when `idx` is). */
export const firstChunk = (idx: number[], cands: { data: Hex }[], maxCount: number, fixedBytes: number) =>
  chunkBySize(idx, cands, maxCount, fixedBytes)[0] ?? [];
