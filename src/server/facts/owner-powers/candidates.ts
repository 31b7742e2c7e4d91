/**
 * Probe calls for the owner-power simulation (pure). For every selector found in the runtime
 * bytecode we build calldata the function might accept: from its parameter types when the verified
 * ABI or the bundled signature list names it, otherwise from untyped 32-byte words that decode as the
 * common shapes (an address, an amount, a percentage, a flag, an address list with a flag…). ABI
 * decoding rejects words that do not fit (a huge number as an address, 2 as a bool), so a wrong guess
 * simply reverts. The function's name only labels the result.
 */
import { type Address, encodeAbiParameters, type Hex, numberToHex, padHex, toFunctionSelector } from 'viem';
import { signatureOf } from './signatures';

export type ProbeContext = {
  victim: Hex;
  victimBalance: bigint;
  caller: Hex;
  pair: Hex;
  /**
   * A shorter untyped ladder (the shapes and the values at common caps): for callers after the first,
   * who hold fewer powers, so that a contract with many functions and several privileged addresses
   * stays within the request budget.
   */
  short?: boolean;
  /**
   * The token itself (absent: not known here). With the pool, an account (address, amount) calls
   * aim at besides the holder: a drain of any name shows on whichever holds tokens.
   */
  token?: Hex;
  /** Total supply today (0: unknown): amounts sized to the token are probed from it. */
  supply?: bigint;
  /**
   * Role ids read from the contract's code (role-ids.ts): bytes32 arguments for grantRole-like
   * functions, whose roles are hashes of names the probe cannot guess. The zero role (AccessControl's
   * default admin) is tried beside them.
   */
  roleIds?: Hex[];
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
 * Standard functions whose effect on others is defined by the standard and that a privileged caller
 * cannot turn into a power without changing what they are (getters, ownership hand-over). transfer,
 * approve and the allowance functions ARE probed: a backdoor for a privileged caller with special
 * arguments hides there, and their standard behaviour moves nothing without a matching transfer.
 */
const SKIP = new Set(
  [
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

/**
 * The short ladder: one call of each shape at the values that decide most switches and setters (a
 * flag, a percent cap, a basis-point cap, an amount, the holder with a flag, a fee or its balance).
 */
const SHORT = new Set([
  '()',
  '(victim …)',
  '(0)',
  '(1)',
  '(100)',
  '(10000)',
  '(10^30)',
  '(victim, true/1)',
  '(victim, false/0)',
  '(victim, 99)',
  "(victim, victim's balance)",
  '(caller, 10^30)',
  "(victim, caller, victim's balance)",
  '(25, 25)',
  '(25, 25, 25)',
  '([victim], true)',
  '([victim])',
  '([caller], [10^30])',
  '(supply×2)',
]);

/**
 * Drain probes (account, amount) aimed at the pool and the token contract itself: they hold tokens
 * whether or not a real holder was found, and a function that lowers any account's balance lowers
 * theirs. Only their effect on balances is judged (phase 1): they are not re-run with trades.
 */
export function aimedAccounts(ctx: ProbeContext): { account: Hex; amount: bigint; args: string }[] {
  const zero = /^0x0{40}$/i;
  const out: { account: Hex; amount: bigint; args: string }[] = [];
  if (!zero.test(ctx.pair)) {
    const s = ctx.supply ?? 0n;
    if (s >= 100n) out.push({ account: ctx.pair, amount: s / 100n, args: '(pool, supply/100)' });
    out.push({ account: ctx.pair, amount: 1n, args: '(pool, 1)' });
  }
  if (ctx.token && !zero.test(ctx.token)) out.push({ account: ctx.token, amount: 1n, args: '(token, 1)' });
  return out;
}

/**
 * Drain probes (their labels): aimed at the pool or the token itself, or taking the amount first.
 * Judged on balances only: re-running them with trades would spend phase 2's budget on calls that
 * look for no trading rule (a pool blocked or made a fee wallet is not what they look for).
 */
export const isBalanceOnlyCall = (args: string) =>
  args.startsWith('(pool') || args.startsWith('(token') || args.startsWith('(amount = ');

/** Fractions and multiples of today's supply (none when it is unknown). */
export function sizedAmounts(ctx: ProbeContext): { value: bigint; label: string }[] {
  const s = ctx.supply ?? 0n;
  if (s <= 0n) return [];
  return [
    { value: s / 100n, label: 'supply/100' },
    { value: s, label: 'supply' },
    { value: s * 2n, label: 'supply×2' },
    { value: s * 10n, label: 'supply×10' },
  ];
}

/** Untyped word sequences covering the common parameter shapes. */
export function genericCalls(ctx: ProbeContext): { words: Hex[]; args: string }[] {
  const all = [...allGenericCalls(ctx), ...roleCalls(ctx)];
  if (!ctx.short) return all;
  return all.filter(
    (g) =>
      (g.args.startsWith('(role ') && g.args.endsWith(', caller)')) ||
      SHORT.has(g.args.startsWith('(victim ') ? '(victim …)' : g.args),
  );
}

const ZERO_ROLE = `0x${'0'.repeat(64)}` as Hex;
const roleLabel = (r: Hex) => (r === ZERO_ROLE ? 'role 0' : `role ${short(r)}`);

/** The roles tried for a contract that has any (none: no bytes32 ladder at all). */
function rolesOf(ctx: ProbeContext): Hex[] {
  return ctx.roleIds && ctx.roleIds.length > 0 ? [ZERO_ROLE, ...ctx.roleIds] : [];
}

/**
 * (role, caller) and (role, victim) for each role id the code carries: grantRole(role, account)
 * and its look-alikes with no known signature. The caller granting itself a role feeds the two-step
 * run; naming the victim feeds the run that grants to another address.
 */
function roleCalls(ctx: ProbeContext): { words: Hex[]; args: string }[] {
  return rolesOf(ctx).flatMap((r) => [
    { words: [r, word(ctx.caller)], args: `(${roleLabel(r)}, caller)` },
    { words: [r, word(ctx.victim)], args: `(${roleLabel(r)}, victim)` },
  ]);
}

function allGenericCalls(ctx: ProbeContext): { words: Hex[]; args: string }[] {
  const v = ctx.victim;
  const out: { words: Hex[]; args: string }[] = [
    { words: [], args: '()' },
    { words: [word(v)], args: `(victim ${short(v)})` },
    ...NUMBERS.map((n) => ({ words: [word(n)], args: `(${num(n)})` })),
    // Amounts on the token's own scale: a function may accept only, say, a new supply between 1x and
    // 10x today's, or a limit near it — the fixed ladder misses those.
    ...sizedAmounts(ctx).map((a) => ({ words: [word(a.value)], args: `(${a.label})` })),
    ...sizedAmounts(ctx)
      .filter((a) => a.label !== 'supply')
      .map((a) => ({ words: [word(ctx.caller), word(a.value)], args: `(caller, ${a.label})` })),
    { words: [word(v), word(1n)], args: `(victim, true/1)` },
    { words: [word(v), word(0n)], args: `(victim, false/0)` },
    // The caller granting itself a right (addMinter(caller), setDistributor(caller, true)): used by
    // the two-step run, which calls the caller's other functions again after such a grant.
    { words: [word(ctx.caller)], args: '(caller)' },
    { words: [word(ctx.caller), word(1n)], args: '(caller, true/1)' },
    { words: [word(v), word(ctx.victimBalance)], args: `(victim, victim's balance)` },
    // A fee or limit for one holder: (holder, percent / basis points).
    ...[25n, 99n, 2_500n].map((n) => ({ words: [word(v), word(n)], args: `(victim, ${n})` })),
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
    // The amount first: (amount, account) drains and credits. And (account, amount) drains aimed at
    // the pool, at one size: each call here is sent for every unnamed function of the first caller.
    { words: [word(ctx.victimBalance), word(v)], args: "(amount = victim's balance, victim)" },
    ...aimedAccounts(ctx)
      .slice(0, 1)
      .map((a) => ({ words: [word(a.account), word(a.amount)], args: a.args })),
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
    const sized = sizedAmounts(ctx);
    return [...NUMBERS, ctx.victimBalance, ...sized.map((a) => a.value)]
      .filter((n, i, all) => n <= max && all.indexOf(n) === i)
      .map((n) => ({
        value: n,
        label:
          n === ctx.victimBalance
            ? "victim's balance"
            : (sized.find((a) => a.value === n && !NUMBERS.includes(n))?.label ?? num(n)),
      }));
  }
  if (type === 'bytes32') {
    const roles = rolesOf(ctx);
    return roles.length > 0 ? roles.map((r) => ({ value: r, label: roleLabel(r) })) : null;
  }
  if (type === 'address[]') return [{ value: [ctx.victim], label: '[victim]' }];
  // Call data handed on (upgradeToAndCall's initialiser): none.
  if (type === 'bytes') return [{ value: '0x', label: 'no data' }];
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

/**
 * One combination per value of the widest slot: each slot takes that value when it fits, else the
 * largest value it can take (its options are the same numbers, cut at its width).
 */
function fittedUints(options: ParamValue[][]): ParamValue[][] {
  const widest = options.reduce((a, b) => (b.length > a.length ? b : a));
  const largest = options.map((o) =>
    o.reduce<ParamValue | undefined>(
      (a, b) => (a === undefined || (b.value as bigint) > (a.value as bigint) ? b : a),
      undefined,
    ),
  );
  return widest.map((v) =>
    options.map((o, i) =>
      o.some((x) => x.value === v.value) ? v : (largest[i] ?? { value: 0n, label: '0' }),
    ),
  );
}

/** The value combinations probed for `types` (null when a type is not one we can probe). */
export function combosFor(types: string[], ctx: ProbeContext): ParamValue[][] | null {
  const options = types.map((t) => valuesFor(t, ctx));
  if (options.some((o) => o === null)) return null;
  // Several numbers (setFees(buy, sell, …)): the same value in every slot, each value in turn —
  // fitted to each slot's width, so setFees(uint256,uint8) is probed too instead of failing the
  // whole simulation on a value a uint8 cannot hold (a scammer could declare one to hide behind it).
  if (types.length > 1 && types.every((t) => /^uint\d*$/.test(t)))
    return fittedUints(options as ParamValue[][]);
  let combos: ParamValue[][] = [[]];
  for (const opts of options as ParamValue[][]) {
    const next: ParamValue[][] = [];
    for (const c of combos) for (const o of opts) next.push([...c, o]);
    combos = next;
  }
  return [...combos.slice(0, MAX_TYPED), ...aimedCombos(types, ctx)];
}

/**
 * (account, amount) and (account, recipient, amount) aimed at the pool and the token: an
 * owner-drain by burnFrom or transferFrom without an allowance, whatever its name.
 */
function aimedCombos(types: string[], ctx: ProbeContext): ParamValue[][] {
  const uint = (t: string | undefined) => !!t && /^uint\d*$/.test(t);
  const fits = (t: string, v: bigint) => v <= (1n << BigInt(Number(t.slice(4) || 256))) - 1n;
  const label = (args: string) => args.slice(1, -1).split(', ');
  if (types.length === 2 && types[0] === 'address' && uint(types[1]))
    return aimedAccounts(ctx)
      .filter((a) => fits(types[1] as string, a.amount))
      .map((a) => {
        const [who, amount] = label(a.args) as [string, string];
        return [
          { value: a.account, label: who },
          { value: a.amount, label: amount },
        ];
      });
  if (types.length === 3 && types[0] === 'address' && types[1] === 'address' && uint(types[2]))
    return aimedAccounts(ctx)
      .filter((a) => a.args !== '(pool, 1)' && fits(types[2] as string, a.amount))
      .map((a) => {
        const [who, amount] = label(a.args) as [string, string];
        return [
          { value: a.account, label: who },
          { value: ctx.caller, label: 'caller' },
          { value: a.amount, label: amount },
        ];
      });
  return [];
}

/** Encoded arguments (hex without 0x, after the selector) and their label. */
type Encoded = { words: string; args: string };
/**
 * Encodings reused across the calls of one context: the untyped calls, each typed argument, and
 * each parameter list's calls (null: a type we cannot probe).
 */
type ContextCache = { generic: Encoded[]; params: Map<string, string>; typed: Map<string, Encoded[] | null> };

const valueKey = (v: unknown) =>
  typeof v === 'bigint' ? `n${v}` : Array.isArray(v) ? `a${v.join(',')}` : `${typeof v}${String(v)}`;

/**
 * Builds probe calls for one gather. The calldata is exactly what encoding every call with viem's
 * encodeAbiParameters gives (candidates.test.ts compares them), but each argument is encoded once
 * per context (caller) and each selector hashed once, then calls are assembled by concatenation:
 * encoding every call from scratch took tens of ms of main-thread time per gather.
 */
export function probeCallBuilder(): (
  selector: Hex,
  ctx: ProbeContext,
  abiSignature?: string | null,
) => ProbeCall[] {
  const selectorOf = new Map<string, Hex>();
  // Keyed by the context object: the simulation builds one per caller and reuses it for every selector.
  const contexts = new WeakMap<ProbeContext, ContextCache>();

  const cacheFor = (ctx: ProbeContext): ContextCache => {
    let c = contexts.get(ctx);
    if (!c) {
      c = {
        generic: genericCalls(ctx).map((g) => ({
          words: g.words.map((w) => w.replace('0x', '')).join(''),
          args: g.args,
        })),
        params: new Map(),
        typed: new Map(),
      };
      contexts.set(ctx, c);
    }
    return c;
  };

  /** One argument as viem encodes it alone (no 0x): a static word, or 0x20 then the tail. */
  const param = (cache: ContextCache, type: string, value: unknown): string => {
    const key = `${type}|${valueKey(value)}`;
    let enc = cache.params.get(key);
    if (enc === undefined) {
      // viem validates the value (address, integer range) and throws as it would per call.
      enc = encodeAbiParameters([{ type }], [value]).slice(2);
      cache.params.set(key, enc);
    }
    return enc;
  };

  /** abi.encode of the arguments: heads (static words, offsets of dynamic ones) then tails. */
  const encodeArgs = (cache: ContextCache, types: string[], values: ParamValue[]): string => {
    let heads = '';
    let tails = '';
    for (let i = 0; i < types.length; i++) {
      const type = types[i] as string;
      const enc = param(cache, type, (values[i] as ParamValue).value);
      if (type.endsWith(']') || type === 'bytes') {
        heads += (types.length * 32 + tails.length / 2).toString(16).padStart(64, '0');
        tails += enc.slice(64);
      } else heads += enc;
    }
    return heads + tails;
  };

  /** The typed calls' arguments for a parameter list like "address,bool" (null: not probeable). */
  const typedFor = (cache: ContextCache, ctx: ProbeContext, inner: string): Encoded[] | null => {
    let t = cache.typed.get(inner);
    if (t === undefined) {
      const types = inner === '' ? [] : inner.split(',');
      // An encoding that throws (a value out of a type's range) is not cached: it throws every time,
      // as per-call encoding did.
      t =
        combosFor(types, ctx)?.map((c) => ({
          words: encodeArgs(cache, types, c),
          args: `(${c.map((x) => x.label).join(', ')})`,
        })) ?? null;
      cache.typed.set(inner, t);
    }
    return t;
  };

  return (selector, ctx, abiSignature) => {
    const sig = abiSignature ?? signatureOf(selector);
    const cache = cacheFor(ctx);
    const typed = sig ? typedFor(cache, ctx, sig.slice(sig.indexOf('(') + 1, -1)) : null;
    if (sig && typed) {
      let fn = selectorOf.get(sig);
      if (fn === undefined) {
        fn = toFunctionSelector(`function ${sig}`);
        selectorOf.set(sig, fn);
      }
      const head = `0x${fn.replace('0x', '')}`;
      return typed.map((t) => ({ selector, data: `${head}${t.words}` as Hex, args: t.args }));
    }
    const head = `0x${selector.replace('0x', '')}`;
    return cache.generic.map((g) => ({ selector, data: `${head}${g.words}` as Hex, args: g.args }));
  };
}

/** Every probe call for one selector (a one-off builder; a gather uses one probeCallBuilder). */
export function callsFor(selector: Hex, ctx: ProbeContext, abiSignature?: string | null): ProbeCall[] {
  return probeCallBuilder()(selector, ctx, abiSignature);
}

/** `data` with every argument word equal to `from`'s address replaced by `to`'s (32-byte aligned). */
export function swapWord(data: Hex, from: Address, to: Address): Hex {
  const f = from.slice(2).toLowerCase().padStart(64, '0');
  const t = to.slice(2).toLowerCase().padStart(64, '0');
  let out = data.slice(0, 10);
  for (let i = 10; i < data.length; i += 64) {
    const w = data.slice(i, i + 64);
    out += w.toLowerCase() === f ? t : w;
  }
  return out as Hex;
}
