/**
 * A code fingerprint of runtime bytecode (issue 39, look-alike code). Two deployments of one
 * contract differ in bytes that say nothing about what the code does: the Solidity CBOR metadata at
 * the end (source hash, compiler), and the constants baked in at deploy time — immutables (always
 * PUSH32 placeholders filled by the constructor) and addresses (an owner or a router as PUSH20).
 * The fingerprint drops the metadata and zeroes every PUSH20..PUSH32 immediate, so those deployments
 * share it; any other byte (a check added to transfer, another branch) changes it. A plain template
 * is therefore only ever the same as the same plain template.
 *
 * "Nearly the same" is a similarity over opcode 4-grams (immediates ignored, so shifted jump
 * targets do not count), estimated from a bottom-k sketch that can be stored: a near twin needs
 * similarity ≥ CODE_TWIN.nearMin AND the same external selectors — a contract with a function added
 * or removed is another contract. Pure.
 */
import { keccak256, toHex } from 'viem';

export const CODE_TWIN = {
  /** Opcode n-gram length of the similarity's shingles. */
  ngram: 4,
  /** Shingle hashes kept in a sketch (bottom-k): enough for a ±0.05 estimate, small enough to store. */
  sketchSize: 128,
  /** Similarity (0..1) from which two codes with the same selectors are "nearly the same". */
  nearMin: 0.95,
} as const;

export type CodeFingerprint = {
  /** keccak256 of the normalised code: equal means the same code up to metadata and baked constants. */
  hash: `0x${string}`;
  /** The bottom-k hashes (as numbers below 2^32) of the opcode 4-grams, ascending. */
  sketch: number[];
  /** 4-byte selectors the dispatcher compares against (PUSH4 followed by EQ), sorted. */
  selectors: string[];
  /** Runtime size without the metadata, in bytes. */
  size: number;
};

const hexToBytes = (hex: string): Uint8Array => {
  const h = hex.startsWith('0x') ? hex.slice(2) : hex;
  const out = new Uint8Array(h.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
};

/**
 * The code without its trailing CBOR metadata: the last two bytes are the metadata's length and the
 * metadata is a CBOR map (0xa1..0xa5 first byte). Code without such a tail is returned whole.
 */
export function stripMetadata(code: Uint8Array): Uint8Array {
  if (code.length < 2) return code;
  const len = ((code[code.length - 2] ?? 0) << 8) | (code[code.length - 1] ?? 0);
  const start = code.length - 2 - len;
  if (len === 0 || start < 0) return code;
  const first = code[start] ?? 0;
  return first >= 0xa1 && first <= 0xa5 ? code.slice(0, start) : code;
}

/** FNV-1a over a few numbers: a cheap, stable 32-bit shingle hash. */
function fnv(values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    h ^= v;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function fingerprintCode(hex: string): CodeFingerprint | null {
  const code = stripMetadata(hexToBytes(hex));
  if (code.length === 0) return null;
  const norm = new Uint8Array(code.length);
  const ops: number[] = [];
  const selectors = new Set<string>();
  let i = 0;
  while (i < code.length) {
    const op = code[i] ?? 0;
    norm[i] = op;
    ops.push(op);
    const n = op >= 0x60 && op <= 0x7f ? op - 0x5f : 0;
    // PUSH20..PUSH32: addresses and immutables, set at deploy time; zeroed (norm starts at 0).
    if (n > 0 && n < 20) norm.set(code.subarray(i + 1, i + 1 + n), i + 1);
    if (n === 4 && code[i + 5] === 0x14) selectors.add(toHex(code.subarray(i + 1, i + 5)));
    i += 1 + n;
  }
  const shingles = new Set<number>();
  for (let j = 0; j + CODE_TWIN.ngram <= ops.length; j++)
    shingles.add(fnv(ops.slice(j, j + CODE_TWIN.ngram)));
  const sketch = [...shingles].sort((a, b) => a - b).slice(0, CODE_TWIN.sketchSize);
  return { hash: keccak256(norm), sketch, selectors: [...selectors].sort(), size: code.length };
}

/**
 * Estimated Jaccard similarity (0..1) of two codes' opcode 4-grams from their bottom-k sketches:
 * of the k smallest hashes of the union, the share found in both.
 */
export function codeSimilarity(a: CodeFingerprint, b: CodeFingerprint): number {
  if (a.hash === b.hash) return 1;
  const sa = new Set(a.sketch);
  const sb = new Set(b.sketch);
  const union = [...new Set([...a.sketch, ...b.sketch])].sort((x, y) => x - y).slice(0, CODE_TWIN.sketchSize);
  if (union.length === 0) return 0;
  return union.filter((h) => sa.has(h) && sb.has(h)).length / union.length;
}

export type TwinMatch = { kind: 'same' | 'near'; similarity: number };

/** Whether `b` is the same code as `a`, nearly the same (see CODE_TWIN), or neither (null). */
export function twinOf(a: CodeFingerprint, b: CodeFingerprint): TwinMatch | null {
  if (a.hash === b.hash) return { kind: 'same', similarity: 1 };
  const similarity = codeSimilarity(a, b);
  const sameSelectors =
    a.selectors.length === b.selectors.length && a.selectors.every((s, i) => s === b.selectors[i]);
  return similarity >= CODE_TWIN.nearMin && sameSelectors ? { kind: 'near', similarity } : null;
}
