import fc from 'fast-check';
import {
  concatHex,
  decodeAbiParameters,
  encodeAbiParameters,
  getAddress,
  type Hex,
  toFunctionSelector,
  zeroAddress,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_SELECTORS } from '../capabilities/selectors';
import {
  callsFor,
  combosFor,
  genericCalls,
  isBalanceOnlyCall,
  type ProbeCall,
  type ProbeContext,
  probeCallBuilder,
  swapWord,
} from './candidates';
import { signatureOf } from './signatures';

// ---- Reference: every call encoded on its own with viem (as candidates.ts did before the encodings
// were shared), from the same probe values, so the test proves the faster builder produces identical
// calldata. The values themselves (genericCalls, combosFor) are candidates.ts's own.
function typedCalls(signature: string, ctx: ProbeContext): { data: Hex; args: string }[] | null {
  const inner = signature.slice(signature.indexOf('(') + 1, -1);
  const types = inner === '' ? [] : inner.split(',');
  const combos = combosFor(types, ctx);
  if (!combos) return null;
  const selector = toFunctionSelector(`function ${signature}`);
  return combos.map((c) => ({
    data: concatHex([
      selector,
      encodeAbiParameters(
        types.map((t) => ({ type: t })),
        c.map((x) => x.value),
      ),
    ]),
    args: `(${c.map((x) => x.label).join(', ')})`,
  }));
}

/** Every probe call for one selector, each encoded on its own. */
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
  token: address,
  supply: fc.constantFrom(0n, 99n, 10n ** 27n),
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

describe('drain probes (issue 40 item 4)', () => {
  const pool = '0x00000000000000000000000000000000000000cc' as Hex;
  const token = '0x00000000000000000000000000000000000000dd' as Hex;
  const ctx: ProbeContext = {
    victim: '0x00000000000000000000000000000000000000aa',
    victimBalance: 7n,
    caller: '0x00000000000000000000000000000000000000bb',
    pair: pool,
    token,
    supply: 1_000n,
  };

  it('aims (account, amount) of any name at the holder, the pool and the amount first, judged on balances only', () => {
    const args = genericCalls(ctx).map((g) => g.args);
    expect(args).toContain("(victim, victim's balance)");
    expect(args).toContain('(pool, supply/100)');
    expect(args).toContain("(amount = victim's balance, victim)");
    expect(args.filter(isBalanceOnlyCall)).toEqual([
      "(amount = victim's balance, victim)",
      '(pool, supply/100)',
    ]);
    // Later callers' short ladder: none of them (the request budget of many-function contracts).
    expect(genericCalls({ ...ctx, short: true }).some((g) => isBalanceOnlyCall(g.args))).toBe(false);
    // No pool: nothing aimed at it.
    expect(genericCalls({ ...ctx, pair: zeroAddress }).some((g) => g.args.startsWith('(pool'))).toBe(false);
  });

  it('adds the pool and the token as the account of typed (address, uint) and (address, address, uint)', () => {
    const burn = callsFor(toFunctionSelector('function burn(address,uint256)'), ctx, 'burn(address,uint256)');
    expect(burn.map((c) => c.args).filter(isBalanceOnlyCall)).toEqual([
      '(pool, supply/100)',
      '(pool, 1)',
      '(token, 1)',
    ]);
    const [who, amount] = decodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }],
      `0x${burn.find((c) => c.args === '(pool, supply/100)')?.data.slice(10)}`,
    );
    expect([who, amount]).toEqual([getAddress(pool), 10n]);
    const from = callsFor(
      toFunctionSelector('function transferFrom(address,address,uint256)'),
      ctx,
      'transferFrom(address,address,uint256)',
    );
    expect(from.map((c) => c.args).filter(isBalanceOnlyCall)).toEqual([
      '(pool, caller, supply/100)',
      '(token, caller, 1)',
    ]);
  });
});

describe('roles read from the code', () => {
  const role = `0x${'ab'.repeat(32)}` as Hex;
  const base: ProbeContext = {
    victim: '0x1111111111111111111111111111111111111111',
    victimBalance: 5n,
    caller: '0x2222222222222222222222222222222222222222',
    pair: zeroAddress,
  };

  it('probes a bytes32 parameter with the zero role and each role id, none without roles', () => {
    const calls = callsFor(
      toFunctionSelector('function grantRole(bytes32,address)'),
      { ...base, roleIds: [role] },
      'grantRole(bytes32,address)',
    );
    expect(calls.map((c) => c.args)).toEqual([
      '(role 0, victim)',
      '(role 0, caller)',
      '(role 0xabab…abab, victim)',
      '(role 0xabab…abab, caller)',
    ]);
    const [r, who] = decodeAbiParameters(
      [{ type: 'bytes32' }, { type: 'address' }],
      `0x${calls[3]?.data.slice(10)}`,
    );
    expect(r).toBe(role);
    expect(who).toBe(getAddress(base.caller));
    expect(combosFor(['bytes32', 'address'], base)).toBeNull();
  });

  it('adds (role, caller) to the untyped ladder, short ladder included; (role, victim) only in the full one', () => {
    const full = genericCalls({ ...base, roleIds: [role] }).map((g) => g.args);
    expect(full).toContain('(role 0xabab…abab, caller)');
    expect(full).toContain('(role 0xabab…abab, victim)');
    const short = genericCalls({ ...base, roleIds: [role], short: true }).map((g) => g.args);
    expect(short).toContain('(role 0, caller)');
    expect(short).not.toContain('(role 0xabab…abab, victim)');
    expect(genericCalls(base).some((g) => g.args.startsWith('(role '))).toBe(false);
  });
});

describe('swapWord', () => {
  it('replaces whole argument words only, never the selector or part of a word', () => {
    const a = '0x1111111111111111111111111111111111111111' as const;
    const b = '0x00000000000000000000000000000000f1ab6a47' as const;
    const data = concatHex([
      toFunctionSelector('function approveFor(address,address,uint256)'),
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'uint256' }], [a, a, 5n]),
    ]);
    const [x, y, n] = decodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'uint256' }],
      `0x${swapWord(data, a, b).slice(10)}`,
    );
    expect([x, y, n]).toEqual([getAddress(b), getAddress(b), 5n]);
    expect(swapWord(data, a, b).slice(0, 10)).toBe(data.slice(0, 10));
  });
});
