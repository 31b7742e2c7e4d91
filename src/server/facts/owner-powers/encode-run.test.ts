import fc from 'fast-check';
import { type Address, encodeFunctionData, getAddress, type Hex, toHex, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { PowerProbe } from '../../probes/generated';
import { type Candidate, encodeRun, type RunMarket } from './encode-run';

const viem = (
  market: RunMarket,
  watch: readonly Address[],
  cands: readonly Candidate[],
  withTrade: boolean,
) =>
  encodeFunctionData({ abi: PowerProbe.abi, functionName: 'run', args: [market, watch, cands, withTrade] });

const lower = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => toHex(b) as Address);
const address = fc.oneof(
  fc.constant(zeroAddress as Address),
  lower,
  lower.map((a) => getAddress(a)),
);
const data = fc.oneof(
  fc.constant('0x' as Hex),
  fc.uint8Array({ minLength: 4, maxLength: 4 }).map((b) => toHex(b)),
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => toHex(b)),
  fc.integer({ min: 0, max: 6 }).map((k) => toHex(new Uint8Array(4 + 32 * k).fill(0xab))),
);
const market = fc.record({
  token: address,
  route: fc.record({
    venue: fc.integer({ min: 0, max: 1 }),
    router: address,
    quoter: address,
    pool: address,
    path: fc.array(address, { maxLength: 3 }),
    fees: fc.array(fc.integer({ min: 0, max: 2 ** 24 - 1 }), { maxLength: 2 }),
    minQuote: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
    v4Key: data,
  }),
  victim: address,
  buyWei: fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  setup: fc.array(fc.record({ caller: address, data }), { maxLength: 3 }),
  target: address,
}) as fc.Arbitrary<RunMarket>;
const candidate = fc.record({ caller: address, data });

describe('encodeRun', () => {
  it('gives byte for byte the calldata viem encodes', () => {
    fc.assert(
      fc.property(
        market,
        fc.array(address, { maxLength: 8 }),
        fc.array(candidate, { maxLength: 30 }),
        fc.boolean(),
        (m, w, c, t) => {
          expect(encodeRun(m, w, c, t)).toBe(viem(m, w, c, t));
        },
      ),
    );
  });

  it('matches viem for a full phase-1 chunk and odd-length data, and rejects a bad address as viem does', () => {
    const [m] = fc.sample(market, { numRuns: 1, seed: 3 }) as [RunMarket];
    const cands = fc.sample(candidate, { numRuns: 400, seed: 4 });
    expect(encodeRun(m, [zeroAddress], cands, false)).toBe(viem(m, [zeroAddress], cands, false));
    const odd = [{ caller: zeroAddress as Address, data: '0x123' as Hex }];
    expect(encodeRun(m, [], odd, true)).toBe(viem(m, [], odd, true));
    const bad = [{ caller: '0xAbC0000000000000000000000000000000000001' as Address, data: '0x' as Hex }];
    expect(() => viem(m, [], bad, true)).toThrow(/Address .* is invalid/);
    expect(() => encodeRun(m, [], bad, true)).toThrow(/Address .* is invalid/);
  });
});
