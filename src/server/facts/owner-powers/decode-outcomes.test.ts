import fc from 'fast-check';
import { decodeFunctionResult, encodeAbiParameters, encodeFunctionResult, type Hex, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { PowerProbe } from '../../probes/generated';
import { decodeOutcomes } from './decode-outcomes';

const runAbi = PowerProbe.abi.find((x) => x.type === 'function' && x.name === 'run');
if (runAbi?.type !== 'function') throw new Error('PowerProbe.run missing from the artifact');
const outputs = runAbi.outputs;

const viem = (data: Hex) => decodeFunctionResult({ abi: PowerProbe.abi, functionName: 'run', data });
const encode = (outs: unknown[]) =>
  encodeFunctionResult({ abi: PowerProbe.abi, functionName: 'run', result: outs as never });

const uint = fc.oneof(
  fc.constant(0n),
  fc.constant(1n),
  fc.bigInt({ min: 0n, max: 2n ** 64n }),
  fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
);
const bytes = fc.oneof(
  fc.constant('0x' as Hex),
  fc.uint8Array({ minLength: 1, maxLength: 40 }).map((b) => toHex(b)),
  fc.uint8Array({ minLength: 60, maxLength: 400 }).map((b) => toHex(b)),
);
const uints = fc.oneof(fc.constant([] as bigint[]), fc.array(uint, { maxLength: 12 }));
const outcome = fc.record({
  called: fc.boolean(),
  callOk: fc.boolean(),
  gasUsed: uint,
  revertData: bytes,
  supplyBefore: uint,
  supplyAfter: uint,
  before: uints,
  afterCall: uints,
  traded: fc.boolean(),
  victimTried: fc.boolean(),
  victimSellOk: fc.boolean(),
  buyOk: fc.boolean(),
  smallBuyOnly: fc.boolean(),
  sellOk: fc.boolean(),
  buyExpected: uint,
  buyReceived: uint,
  sellExpected: uint,
  sellReceived: uint,
  readOnly: fc.boolean(),
  codeReplaced: fc.boolean(),
  setupOk: fc.boolean(),
  ownerBefore: uint,
  ownerAfter: uint,
  victimSellExpected: uint,
  victimSellReceived: uint,
  allowanceGranted: uint,
  followUpOk: fc.boolean(),
  victimFullTried: fc.boolean(),
  victimFullSellOk: fc.boolean(),
  allowances: uints,
});

/** A small valid reply: two outcomes with revert data and watched balances. */
function sample(): Hex {
  const o = {
    called: true,
    callOk: false,
    gasUsed: 21_000n,
    revertData: '0x08c379a0' as Hex,
    supplyBefore: 10n ** 24n,
    supplyAfter: 10n ** 24n,
    before: [1n, 2n, 3n],
    afterCall: [1n, 2n, 4n],
    traded: true,
    victimTried: true,
    victimSellOk: false,
    buyOk: true,
    smallBuyOnly: false,
    sellOk: true,
    buyExpected: 5n,
    buyReceived: 4n,
    sellExpected: 3n,
    sellReceived: 2n,
    readOnly: false,
    codeReplaced: false,
    setupOk: false,
    ownerBefore: 0n,
    ownerAfter: 7n,
    victimSellExpected: 0n,
    victimSellReceived: 0n,
    allowanceGranted: 0n,
    followUpOk: false,
    victimFullTried: false,
    victimFullSellOk: false,
    allowances: [3n, 0n, 0n, 4n],
  };
  return encode([o, { ...o, called: false, revertData: '0x', before: [], afterCall: [] }]);
}

/** `data` with the 32-byte word at byte `pos` replaced. */
const setWord = (data: Hex, pos: number, word: bigint): Hex =>
  `${data.slice(0, 2 + pos * 2)}${word.toString(16).padStart(64, '0')}${data.slice(2 + pos * 2 + 64)}` as Hex;
const wordAt = (data: Hex, pos: number) => BigInt(`0x${data.slice(2 + pos * 2, 2 + pos * 2 + 64)}`);

describe('decodeOutcomes', () => {
  it('gives exactly what viem decodes, for random Outcome[] values', () => {
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 25 }), (outs) => {
        const data = encode(outs);
        expect(decodeOutcomes(data)).toStrictEqual(viem(data));
        // The same bytes encoded as bare ABI parameters (what the node returns) decode the same.
        expect(decodeOutcomes(encodeAbiParameters(outputs, [outs as never]))).toStrictEqual(viem(data));
      }),
    );
  });

  it('decodes many outcomes, empty ones, long revert data and upper-case hex like viem', () => {
    const outs = fc.sample(outcome, { numRuns: 500, seed: 7 });
    const data = encode(outs);
    const got = decodeOutcomes(data);
    expect(got).toHaveLength(500);
    expect(got).toStrictEqual(viem(data));
    expect(decodeOutcomes(encode([]))).toStrictEqual([]);
    const upper = `0x${data.slice(2).toUpperCase()}` as Hex;
    expect(decodeOutcomes(upper)).toStrictEqual(viem(upper));
  });

  it('never disagrees with viem on corrupted replies: it throws or decodes the same', () => {
    const data = sample();
    const words = (data.length - 2) / 64;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: words - 1 }),
        fc.oneof(fc.bigInt({ min: 0n, max: 2000n }), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })),
        (k, v) => {
          const bad = setWord(data, k * 32, v);
          let mine: unknown;
          try {
            mine = decodeOutcomes(bad);
          } catch (e) {
            expect((e as Error).message).toMatch(/^PowerProbe returned malformed data: /);
            return;
          }
          expect(mine).toStrictEqual(viem(bad));
        },
      ),
    );
  });

  it('throws a clear error on short, truncated or non-hex data', () => {
    const data = sample();
    expect(() => decodeOutcomes('0x')).toThrow(/shorter than one word/);
    expect(() => decodeOutcomes('0x00')).toThrow(/shorter than one word/);
    expect(() => decodeOutcomes(`${data}0` as Hex)).toThrow(/odd number of hex digits/);
    expect(() => decodeOutcomes(`${data.slice(0, 100)}zz${data.slice(102)}` as Hex)).toThrow(
      /not a hex string/,
    );
    expect(() => decodeOutcomes(data.slice(2) as Hex)).toThrow(/not a hex string/);
    // Every proper prefix of a reply is missing something the reply points to.
    for (let n = 2; n < data.length; n += 2)
      expect(() => decodeOutcomes(data.slice(0, n) as Hex)).toThrow(/^PowerProbe returned malformed data: /);
  });

  it('throws on offsets beyond the data and absurd lengths', () => {
    const data = sample();
    const size = (data.length - 2) / 2;
    // Word 0: offset of the array; word 1: its length; words 2, 3: the outcomes' offsets.
    expect(() => decodeOutcomes(setWord(data, 0, BigInt(size)))).toThrow(
      /array offset .*points past the end/,
    );
    expect(() => decodeOutcomes(setWord(data, 0, 2n ** 255n))).toThrow(/array offset .*absurdly large/);
    expect(() => decodeOutcomes(setWord(data, 32, 2n ** 64n))).toThrow(/outcome count .*absurdly large/);
    expect(() => decodeOutcomes(setWord(data, 32, 1_000_000n))).toThrow(/outcome count .*exceeds the data/);
    // More outcome offsets than the data has words (but fewer than it has bytes).
    expect(() => decodeOutcomes(setWord(data, 32, BigInt(Math.floor(size / 32) + 2)))).toThrow(
      /outcome offsets .*runs past the end/,
    );
    expect(() => decodeOutcomes(setWord(data, 64, 2n ** 200n))).toThrow(/outcome offset .*absurdly large/);
    // The first outcome's head starts at byte 64 + its offset; head word 3 is revertData's offset,
    // word 6 the offset of `before`.
    const head = 64 + Number(wordAt(data, 64));
    const revertAt = head + Number(wordAt(data, head + 3 * 32));
    expect(() => decodeOutcomes(setWord(data, head + 3 * 32, BigInt(size)))).toThrow(
      /outcome 0 revertData .*points past the end/,
    );
    expect(() => decodeOutcomes(setWord(data, revertAt, 10_000n))).toThrow(
      /outcome 0 revertData .*exceeds the data/,
    );
    expect(() => decodeOutcomes(setWord(data, revertAt, BigInt(size - revertAt)))).toThrow(
      /outcome 0 revertData .*runs past the end/,
    );
    const beforeAt = head + Number(wordAt(data, head + 6 * 32));
    expect(() => decodeOutcomes(setWord(data, beforeAt, 2n ** 48n))).toThrow(
      /outcome 0 before .*absurdly large/,
    );
    expect(() => decodeOutcomes(setWord(data, beforeAt, 100n))).toThrow(
      /outcome 0 before .*runs past the end/,
    );
  });

  it('throws on a bool that is not 0 or 1', () => {
    const data = sample();
    const head = 64 + Number(wordAt(data, 64));
    expect(() => decodeOutcomes(setWord(data, head, 2n))).toThrow(/outcome 0 called .*not a bool/);
    expect(() => decodeOutcomes(setWord(data, head + 13 * 32, 2n ** 255n))).toThrow(
      /outcome 0 sellOk .*not a bool/,
    );
    // viem agrees these are invalid.
    expect(() => viem(setWord(data, head, 2n))).toThrow();
  });

  it('throws when outcomes share one tail (a small reply must not decode into a huge one)', () => {
    // 30 outcomes whose offsets all point at the same outcome with 50 balances: each word of the
    // reply would be read 30 times. viem decodes this (it stops only past 8192 re-reads); the strict
    // decoder refuses.
    const one = encode([
      {
        ...fc.sample(outcome, { numRuns: 1, seed: 1 })[0],
        before: Array.from({ length: 50 }, (_, i) => BigInt(i)),
      },
    ]);
    const body = one.slice(2 + 64 * 3); // the single outcome's head and tails
    const n = 30;
    const offsets = Array.from({ length: n }, () =>
      BigInt(n * 32)
        .toString(16)
        .padStart(64, '0'),
    ).join('');
    const shared =
      `0x${32n.toString(16).padStart(64, '0')}${BigInt(n).toString(16).padStart(64, '0')}${offsets}${body}` as Hex;
    expect(viem(shared)).toHaveLength(n);
    expect(() => decodeOutcomes(shared)).toThrow(/overlaps other data/);
  });
});
