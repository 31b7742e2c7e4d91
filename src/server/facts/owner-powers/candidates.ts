/**
 * Probe calls for the owner-power simulation (pure). For every selector found in the runtime
 * bytecode we build calldata the function might accept: from its parameter types when the verified
 * ABI or the bundled signature list names it, otherwise from untyped 32-byte words that decode as the
 * common shapes (an address, an amount, a percentage, a flag, an address list with a flag…). ABI
 * decoding rejects words that do not fit (a huge number as an address, 2 as a bool), so a wrong guess
 * simply reverts. The function's name only labels the result.
 */
import { concatHex, encodeAbiParameters, type Hex, numberToHex, padHex, toFunctionSelector } from 'viem';
import { signatureOf } from './signatures';

export type ProbeContext = {
  victim: Hex;
  victimBalance: bigint;
  caller: Hex;
  pair: Hex;
};

export type ProbeCall = { selector: Hex; data: Hex; args: string };

/** An amount far above any real supply share, still well inside uint256 arithmetic. */
export const HUGE = 10n ** 30n;
/**
 * Values a fee, limit or amount parameter is probed with, growing: percent and basis-point fees at
 * and around common caps, then an amount. The highest value a setter accepts gives the highest tax.
 */
const NUMBERS = [0n, 1n, 5n, 25n, 49n, 99n, 100n, 500n, 2_500n, 4_900n, 9_900n, 10_000n, HUGE];

/**
 * Standard ERC-20 / Ownable functions whose effect on others is defined by the standard, so probing
 * them as the owner shows nothing about owner powers. transferFrom stays: an owner moving a holder's
 * tokens without an allowance is exactly what we look for.
 */
const SKIP = new Set(
  [
    'transfer(address,uint256)',
    'approve(address,uint256)',
    'increaseAllowance(address,uint256)',
    'decreaseAllowance(address,uint256)',
    'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
    'renounceOwnership()',
    'transferOwnership(address)',
    'name()',
    'symbol()',
    'decimals()',
    'totalSupply()',
    'balanceOf(address)',
    'allowance(address,address)',
    'owner()',
    'getOwner()',
    'nonces(address)',
    'DOMAIN_SEPARATOR()',
    'eip712Domain()',
    'supportsInterface(bytes4)',
    'multicall(bytes[])',
  ].map((s) => toFunctionSelector(`function ${s}`)),
);

export const isSkipped = (selector: Hex) => SKIP.has(selector.toLowerCase() as Hex);

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
  // Several numbers (setFees(buy, sell, …)): the same value in every slot, each value in turn.
  if (types.length > 1 && types.every((t) => t.startsWith('uint')))
    return (options[0] as ParamValue[]).map((v) => encode(types.map(() => v)));
  let combos: ParamValue[][] = [[]];
  for (const opts of options as ParamValue[][]) {
    const next: ParamValue[][] = [];
    for (const c of combos) for (const o of opts) next.push([...c, o]);
    combos = next;
  }
  return combos.slice(0, MAX_TYPED).map(encode);
}

/** Every probe call for one selector. */
export function callsFor(selector: Hex, ctx: ProbeContext, abiSignature?: string | null): ProbeCall[] {
  const sig = abiSignature ?? signatureOf(selector);
  const typed = sig ? typedCalls(sig, ctx) : null;
  if (typed) return typed.map((t) => ({ selector, ...t }));
  return genericCalls(ctx).map((g) => ({ selector, data: concatHex([selector, ...g.words]), args: g.args }));
}
