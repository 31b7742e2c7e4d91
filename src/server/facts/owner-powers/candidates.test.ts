import fc from 'fast-check';
import {
  concatHex,
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  type Hex,
  numberToHex,
  padHex,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_SELECTORS } from '../selectors';
import { callsFor, type ProbeCall, type ProbeContext, probeCallBuilder } from './candidates';
import { signatureOf } from './signatures';

// ---- Reference: candidates.ts before the encodings were shared (commit 41b48de), verbatim, so the
// test proves the faster builder produces identical calldata. Change both if the probe values change.
/** An amount far above any real supply share, still well inside uint256 arithmetic. */
const HUGE = 10n ** 30n;
/**
 * Values a fee, limit or amount parameter is probed with, growing: percent and basis-point fees at
 * and around common caps, then an amount. The highest value a setter accepts gives the highest tax.
 */
const NUMBERS = [0n, 1n, 5n, 25n, 49n, 99n, 100n, 500n, 2_500n, 4_900n, 9_900n, 10_000n, HUGE];

const word = (v: bigint | Hex) =>
  typeof v === 'bigint' ? padHex(numberToHex(v), { size: 32 }) : padHex(v, { size: 32 });
const short = (a: Hex) => `${a.slice(0, 6)}…${a.slice(-4)}`;
const num = (v: bigint) => (v === HUGE ? '10^30' : v.toString());

/** Untyped word sequences covering the common parameter shapes. */
function genericCalls(ctx: ProbeContext): { words: Hex[]; args: string }[] {
  const v = ctx.victim;
  const out: { words: Hex[]; args: string }[] = [
    { words: [], args: '()' },
    { words: [word(v)], args: `(victim ${short(v)})` },
    ...NUMBERS.map((n) => ({ words: [word(n)], args: `(${num(n)})` })),
    { words: [word(v), word(1n)], args: `(victim, true/1)` },
    { words: [word(v), word(0n)], args: `(victim, false/0)` },
    { words: [word(v), word(ctx.victimBalance)], args: `(victim, victim's balance)` },
    { words: [word(ctx.caller), word(HUGE)], args: `(caller, 10^30)` },
    {
      words: [word(v), word(ctx.caller), word(ctx.victimBalance)],
      args: `(victim, caller, victim's balance)`,
    },
    ...NUMBERS.filter((n) => n !== HUGE).map((n) => ({ words: [word(n), word(n)], args: `(${n}, ${n})` })),
    ...[25n, 99n, 100n].map((n) => ({ words: [word(n), word(n), word(n)], args: `(${n}, ${n}, ${n})` })),
    // (address[] [victim], bool true): head = offset 0x40 and the flag; tail = length 1, victim.
    { words: [word(0x40n), word(1n), word(1n), word(v)], args: '([victim], true)' },
    // (address[] [victim])
    { words: [word(0x20n), word(1n), word(v)], args: '([victim])' },
    // (address[], uint256[]): batch mints, "airdrops" and batch moves — heads are the two offsets.
    {
      words: [word(0x40n), word(0x80n), word(1n), word(ctx.caller), word(1n), word(HUGE)],
      args: '([caller], [10^30])',
    },
    {
      words: [word(0x40n), word(0x80n), word(1n), word(v), word(1n), word(ctx.victimBalance)],
      args: "([victim], [victim's balance])",
    },
  ];
  return out;
}

type ParamValue = { value: unknown; label: string };

function valuesFor(type: string, ctx: ProbeContext): ParamValue[] | null {
  if (type === 'address')
    return [
      { value: ctx.victim, label: 'victim' },
      { value: ctx.caller, label: 'caller' },
    ];
  if (type === 'bool')
    return [
      { value: true, label: 'true' },
      { value: false, label: 'false' },
    ];
  if (/^uint(\d*)$/.test(type)) {
    const bits = Number(type.slice(4) || 256);
    const max = (1n << BigInt(bits)) - 1n;
    return [...NUMBERS, ctx.victimBalance]
      .filter((n) => n <= max)
      .map((n) => ({ value: n, label: n === ctx.victimBalance ? "victim's balance" : num(n) }));
  }
  if (type === 'address[]') return [{ value: [ctx.victim], label: '[victim]' }];
  const list = /^uint(\d*)\[\]$/.exec(type);
  if (list) {
    const max = (1n << BigInt(Number(list[1] || 256))) - 1n;
    const out: ParamValue[] = [];
    if (HUGE <= max) out.push({ value: [HUGE], label: '[10^30]' });
    if (ctx.victimBalance <= max && ctx.victimBalance !== HUGE)
      out.push({ value: [ctx.victimBalance], label: "[victim's balance]" });
    return out.length ? out : null;
  }
  return null;
}

const MAX_TYPED = 32;

/** Calls built from known parameter types; null when a type is not one we can probe. */
function typedCalls(signature: string, ctx: ProbeContext): { data: Hex; args: string }[] | null {
  const inner = signature.slice(signature.indexOf('(') + 1, -1);
  const types = inner === '' ? [] : inner.split(',');
  const options = types.map((t) => valuesFor(t, ctx));
  if (options.some((o) => o === null)) return null;
  const selector = toFunctionSelector(`function ${signature}`);
  const encode = (c: ParamValue[]) => ({
    data: concatHex([
      selector,
      encodeAbiParameters(
        types.map((t) => ({ type: t })),
        c.map((x) => x.value),
      ),
    ]),
    args: `(${c.map((x) => x.label).join(', ')})`,
  });
  // Several numbers (setFees(buy, sell, …)): the same value in every slot, each value in turn,
  // fitted to each slot's width (the one change since: a narrower later slot used to throw).
  if (types.length > 1 && types.every((t) => /^uint\d*$/.test(t))) {
    const opts = options as ParamValue[][];
    const widest = opts.reduce((a, b) => (b.length > a.length ? b : a));
    return widest.map((v) =>
      encode(
        opts.map((o) => {
          if (o.some((x) => x.value === v.value)) return v;
          const sorted = [...o].sort((a, b) => ((a.value as bigint) < (b.value as bigint) ? 1 : -1));
          return sorted[0] ?? { value: 0n, label: '0' };
        }),
      ),
    );
  }
  let combos: ParamValue[][] = [[]];
  for (const opts of options as ParamValue[][]) {
    const next: ParamValue[][] = [];
    for (const c of combos) for (const o of opts) next.push([...c, o]);
    combos = next;
  }
  return combos.slice(0, MAX_TYPED).map(encode);
}

/** Every probe call for one selector (the implementation as it was). */
function referenceCallsFor(selector: Hex, ctx: ProbeContext, abiSignature?: string | null): ProbeCall[] {
  const sig = abiSignature ?? signatureOf(selector);
  const typed = sig ? typedCalls(sig, ctx) : null;
  if (typed) return typed.map((t) => ({ selector, ...t }));
  return genericCalls(ctx).map((g) => ({ selector, data: concatHex([selector, ...g.words]), args: g.args }));
}
// ---- end of reference

const outcomeOf = (f: () => ProbeCall[]): ProbeCall[] | string => {
  try {
    return f();
  } catch (e) {
    return `throws ${(e as Error).name}: ${(e as Error).message}`;
  }
};

/** Signatures covering every typed path: no args, combos past MAX_TYPED, all-uint, dynamic tails. */
const SIGNATURES = [
  ...[...CAPABILITY_SELECTORS.values()].map((e) => e.signature),
  'pause()',
  'setFees(uint256,uint256,uint256)',
  'setFees(uint8,uint256)',
  'setFees(uint256,uint8)', // 10^30 does not fit a uint8: that slot takes its largest value
  'setLimits(uint,uint7,uint300)',
  'setBot(address,bool)',
  'setBots(address[],bool)',
  'setPair(address,address[])',
  'swap(address[],address[],uint256)',
  'configure(bool,address,uint256,address,bool)',
  'configure(address,bool,address[],uint16)',
  'setRoot(bytes32)',
  'airdrop(address[],uint256[])',
  'setName(string)',
];
const SELECTORS = SIGNATURES.map((s) => toFunctionSelector(`function ${s}`));
const UNKNOWN = ['0x12345678', '0xdeadbeef', '0xABCDEF01'] as Hex[];

const address = fc.oneof(
  fc.constant(zeroAddress as Hex),
  fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex),
  fc
    .uint8Array({ minLength: 20, maxLength: 20 })
    .map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`)),
);
const context = fc.record({
  victim: address,
  victimBalance: fc.oneof(
    fc.constantFrom(0n, 1n, 255n, 256n, 10n ** 30n, 2n ** 256n - 1n),
    fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }),
  ),
  caller: address,
  pair: address,
});

describe('probeCallBuilder', () => {
  it('builds exactly the calldata and labels of per-call viem encoding, for every signature', () => {
    fc.assert(
      fc.property(fc.array(context, { minLength: 1, maxLength: 4 }), (ctxs: ProbeContext[]) => {
        // One builder across contexts and selectors, as a gather uses it.
        const build = probeCallBuilder();
        for (const ctx of ctxs) {
          SIGNATURES.forEach((sig, i) => {
            const sel = SELECTORS[i] as Hex;
            expect(outcomeOf(() => build(sel, ctx, sig))).toEqual(
              outcomeOf(() => referenceCallsFor(sel, ctx, sig)),
            );
            // Without a verified ABI: the bundled signature list (or untyped words).
            expect(outcomeOf(() => build(sel, ctx))).toEqual(outcomeOf(() => referenceCallsFor(sel, ctx)));
          });
          for (const sel of UNKNOWN) expect(build(sel, ctx, null)).toEqual(referenceCallsFor(sel, ctx, null));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('covers typed, untyped and throwing cases (the comparison above is not vacuous)', () => {
    const ctx: ProbeContext = {
      victim: '0x00000000000000000000000000000000000000aa',
      victimBalance: 10n ** 18n,
      caller: '0x00000000000000000000000000000000000000bb',
      pair: zeroAddress,
    };
    const calls = (sig: string) => callsFor(toFunctionSelector(`function ${sig}`), ctx, sig);
    expect(calls('setBots(address[],bool)').map((c) => c.args)).toEqual([
      '([victim], true)',
      '([victim], false)',
    ]);
    expect(calls('configure(bool,address,uint256,address,bool)')).toHaveLength(32);
    expect(calls('setRoot(bytes32)')[0]?.args).toBe('()');
    // A narrower later slot is fitted, not a reason to give up on the function (it used to throw
    // and fail the whole owner-power simulation).
    const fees = calls('setFees(uint256,uint8)');
    expect(fees.length).toBeGreaterThan(3);
    const last = fees.at(-1);
    const [wide, narrow] = decodeAbiParameters(
      [{ type: 'uint256' }, { type: 'uint8' }],
      `0x${last?.data.slice(10)}`,
    );
    expect(wide).toBeGreaterThan(255n);
    expect(narrow).toBe(100); // the largest probe number a uint8 holds
    expect(signatureOf(SELECTORS[0] as Hex)).not.toBeNull();
  });
});
