/**
 * Calldata for PowerProbe.run(market, watch, cands, withTrade).
 *
 * Why partly by hand: a phase-1 chunk carries 400 candidates and all chunks are encoded in the task
 * that builds them; viem's generic encoder spent ~3 ms per chunk there (~25 ms for nine). The small
 * head (market, watch, flag) is still encoded by viem with no candidates; `cands` is the last
 * argument, so its tail is the last word of that encoding (length 0) and is replaced by the
 * candidates encoded here by concatenation — byte for byte what viem gives (encode-run.test.ts).
 */
import {
  type Address,
  type ContractFunctionArgs,
  encodeFunctionData,
  type Hex,
  InvalidAddressError,
  isAddress,
} from 'viem';
import { PowerProbe } from '../../probes/generated';

export type RunMarket = ContractFunctionArgs<typeof PowerProbe.abi, 'nonpayable', 'run'>[0];
export type Candidate = { caller: Address; data: Hex };

const word = (n: number) => n.toString(16).padStart(64, '0');
/** The offset of `data` inside a (caller, data) tuple: after its two head words. */
const DATA_OFFSET = word(0x40);

/** abi.encode of Candidate[] as the tail of run's calldata (no 0x). */
function encodeCandidates(cands: readonly Candidate[]): string {
  const heads: string[] = new Array(cands.length);
  const tails: string[] = new Array(cands.length);
  let offset = cands.length * 32;
  // A chunk has a handful of distinct callers: each is validated and encoded once.
  const callerWords = new Map<string, string>();
  cands.forEach((c, i) => {
    let callerWord = callerWords.get(c.caller);
    if (callerWord === undefined) {
      // As viem: the address is validated (a mixed-case one must be checksummed) and lowercased.
      if (!isAddress(c.caller)) throw new InvalidAddressError({ address: c.caller });
      callerWord = c.caller.slice(2).toLowerCase().padStart(64, '0');
      callerWords.set(c.caller, callerWord);
    }
    // As viem: odd-length hex is left-padded to whole bytes, the bytes right-padded to a word.
    const hex = c.data.length % 2 ? `0${c.data.slice(2)}` : c.data.slice(2);
    const len = hex.length / 2;
    const tuple = `${callerWord}${DATA_OFFSET}${word(len)}${len % 32 ? hex.padEnd(Math.ceil(len / 32) * 64, '0') : hex}`;
    heads[i] = word(offset);
    tails[i] = tuple;
    offset += tuple.length / 2;
  });
  return `${word(cands.length)}${heads.join('')}${tails.join('')}`;
}

export function encodeRun(
  market: RunMarket,
  watch: readonly Address[],
  cands: readonly Candidate[],
  withTrade: boolean,
): Hex {
  const base = encodeFunctionData({
    abi: PowerProbe.abi,
    functionName: 'run',
    args: [market, watch, [], withTrade],
  });
  return `${base.slice(0, -64)}${encodeCandidates(cands)}` as Hex;
}
