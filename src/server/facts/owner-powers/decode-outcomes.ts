/**
 * Decoder for exactly one return type: PowerProbe.run's `Outcome[]` (contracts/probes/PowerProbe.sol).
 *
 * Why by hand: a phase-1 chunk returns ~400 outcomes (~0.5 MB of ABI data) and decoding is main-thread
 * work. viem's generic decodeFunctionResult (bytes array, cursor, per-read bookkeeping) took ~20 ms
 * per chunk (~100 ms for a JSON-RPC batch of five); this reads the hex string in place, ~3 ms per
 * chunk (scripts/bench-owner-powers.ts). It gives the same objects viem gives
 * (uint256 → bigint, bool → boolean, bytes → lowercase Hex, uint256[] → bigint[], keys in the
 * struct's order) — decode-outcomes.test.ts checks that against viem on random values.
 *
 * The node answering eth_call is untrusted, so the decoder is strict: every offset and length is
 * bounds-checked before it is followed or allocated, a bool must be exactly 0 or 1, and the words
 * read may not exceed the words in the data (a canonical encoding reads each word once; tails shared
 * between outcomes could otherwise make a small reply decode into a huge one). Anything else throws
 * an Error saying what is wrong and where.
 */
import type { Hex } from 'viem';
import type { ProbeOutcome } from './judge';

export type DecodedOutcome = ProbeOutcome & { revertData: Hex };

/** Words in an Outcome's head: 30 components, four of them offsets to tails. */
const HEAD_WORDS = 30;
const ZERO_WORD = '0'.repeat(64);
const ONE_WORD = `${'0'.repeat(63)}1`;
/** An offset or length above 2^48 cannot point inside any reply we accept; its top 26 bytes are 0. */
const ZERO_HIGH = '0'.repeat(52);

export class OutcomeDecodeError extends Error {
  constructor(reason: string) {
    super(`PowerProbe returned malformed data: ${reason}`);
    this.name = 'OutcomeDecodeError';
  }
}

/** Decodes `data` (the raw eth_call result of PowerProbe.run) into the outcomes, baseline first. */
export function decodeOutcomes(data: Hex): DecodedOutcome[] {
  if (typeof data !== 'string' || !data.startsWith('0x')) throw new OutcomeDecodeError('not a hex string');
  if (data.length % 2 !== 0) throw new OutcomeDecodeError('odd number of hex digits');
  const size = (data.length - 2) / 2;
  // Node's hex decoder stops at the first pair that is not hex: a short result means a bad digit.
  // (Several times faster than a regular expression over the ~1 MB string.) Upper-case digits pass;
  // the words are compared and parsed case-insensitively below and bytes are lowercased.
  if (Buffer.from(data.slice(2), 'hex').length !== size) throw new OutcomeDecodeError('not a hex string');
  if (size < 32) throw new OutcomeDecodeError(`${size} bytes, shorter than one word`);
  const r = new Reader(data, size);

  const start = r.offset(0, 0, 'array offset');
  const n = r.length(start, 'outcome count');
  const heads = start + 32;
  r.fits(heads, n * 32, 'outcome offsets');
  const out: DecodedOutcome[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = r.outcome(r.offset(heads + i * 32, heads, 'outcome offset'), i);
  return out;
}

class Reader {
  /** Words read so far; a canonical encoding reads each of the data's words once. */
  private reads = 0;
  private readonly maxReads: number;
  /** The outcome being read, for error messages (built only when something is wrong). */
  private current = -1;

  constructor(
    private readonly hex: string,
    private readonly size: number,
  ) {
    this.maxReads = Math.ceil(size / 32);
  }

  private fail(what: string, pos: number, problem: string): never {
    const where = this.current >= 0 ? `outcome ${this.current} ${what}` : what;
    throw new OutcomeDecodeError(`${where} at byte ${pos} ${problem}`);
  }

  /** Throws unless `len` bytes at byte position `pos` lie inside the data (checked before reading). */
  fits(pos: number, len: number, what: string) {
    if (pos + len > this.size) this.fail(what, pos, `(${len} bytes) runs past the end (${this.size} bytes)`);
  }

  /** Counts `words` against the read budget. */
  private spend(words: number, what: string, pos: number) {
    this.reads += words;
    if (this.reads > this.maxReads)
      this.fail(what, pos, 'overlaps other data (more words read than the data holds)');
  }

  /** Hex index of the word at byte `pos`. */
  private word(pos: number, what: string): number {
    this.fits(pos, 32, what);
    this.spend(1, what, pos);
    return 2 + pos * 2;
  }

  /** A small unsigned number (offset or length): its high 26 bytes must be zero. */
  private small(pos: number, what: string): number {
    const i = this.word(pos, what);
    if (!this.hex.startsWith(ZERO_HIGH, i)) this.fail(what, pos, 'is absurdly large');
    return Number.parseInt(this.hex.slice(i + 52, i + 64), 16);
  }

  /** Position of a tail: `base` + the offset stored at `pos`, inside the data. */
  offset(pos: number, base: number, what: string): number {
    const at = base + this.small(pos, what);
    if (at >= this.size) this.fail(what, pos, `points past the end (to byte ${at} of ${this.size})`);
    return at;
  }

  /** A length word: never more items than the data has bytes. */
  length(pos: number, what: string): number {
    const n = this.small(pos, what);
    if (n > this.size) this.fail(what, pos, `(${n}) exceeds the data (${this.size} bytes)`);
    return n;
  }

  uint(pos: number, what: string): bigint {
    const i = this.word(pos, what);
    return this.hex.startsWith(ZERO_WORD, i) ? 0n : BigInt(`0x${this.hex.slice(i, i + 64)}`);
  }

  bool(pos: number, what: string): boolean {
    const i = this.word(pos, what);
    if (this.hex.startsWith(ZERO_WORD, i)) return false;
    if (this.hex.startsWith(ONE_WORD, i)) return true;
    return this.fail(what, pos, 'is not a bool (0 or 1)');
  }

  bytes(pos: number, base: number, what: string): Hex {
    const at = this.offset(pos, base, what);
    const len = this.length(at, what);
    if (len === 0) return '0x';
    this.fits(at + 32, len, what);
    this.spend(Math.ceil(len / 32), what, at);
    const i = 2 + (at + 32) * 2;
    return `0x${this.hex.slice(i, i + len * 2).toLowerCase()}`;
  }

  uints(pos: number, base: number, what: string): bigint[] {
    const at = this.offset(pos, base, what);
    const n = this.length(at, what);
    this.fits(at + 32, n * 32, what);
    const out: bigint[] = new Array(n);
    for (let j = 0; j < n; j++) out[j] = this.uint(at + 32 + j * 32, what);
    return out;
  }

  /** One Outcome whose head starts at byte `at`; its tails' offsets are relative to `at`. */
  outcome(at: number, i: number): DecodedOutcome {
    this.current = i;
    this.fits(at, HEAD_WORDS * 32, 'head');
    const w = (k: number) => at + k * 32;
    // Keys in the struct's order, as viem builds them.
    const o: DecodedOutcome = {
      called: this.bool(w(0), 'called'),
      callOk: this.bool(w(1), 'callOk'),
      gasUsed: this.uint(w(2), 'gasUsed'),
      revertData: this.bytes(w(3), at, 'revertData'),
      supplyBefore: this.uint(w(4), 'supplyBefore'),
      supplyAfter: this.uint(w(5), 'supplyAfter'),
      before: this.uints(w(6), at, 'before'),
      afterCall: this.uints(w(7), at, 'afterCall'),
      traded: this.bool(w(8), 'traded'),
      victimTried: this.bool(w(9), 'victimTried'),
      victimSellOk: this.bool(w(10), 'victimSellOk'),
      buyOk: this.bool(w(11), 'buyOk'),
      smallBuyOnly: this.bool(w(12), 'smallBuyOnly'),
      sellOk: this.bool(w(13), 'sellOk'),
      buyExpected: this.uint(w(14), 'buyExpected'),
      buyReceived: this.uint(w(15), 'buyReceived'),
      sellExpected: this.uint(w(16), 'sellExpected'),
      sellReceived: this.uint(w(17), 'sellReceived'),
      readOnly: this.bool(w(18), 'readOnly'),
      codeReplaced: this.bool(w(19), 'codeReplaced'),
      setupOk: this.bool(w(20), 'setupOk'),
      ownerBefore: this.uint(w(21), 'ownerBefore'),
      ownerAfter: this.uint(w(22), 'ownerAfter'),
      victimSellExpected: this.uint(w(23), 'victimSellExpected'),
      victimSellReceived: this.uint(w(24), 'victimSellReceived'),
      allowanceGranted: this.uint(w(25), 'allowanceGranted'),
      followUpOk: this.bool(w(26), 'followUpOk'),
      victimFullTried: this.bool(w(27), 'victimFullTried'),
      victimFullSellOk: this.bool(w(28), 'victimFullSellOk'),
      allowances: this.uints(w(29), at, 'allowances'),
    };
    this.current = -1;
    return o;
  }
}
