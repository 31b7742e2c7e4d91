/**
 * Owner powers of a Uniswap V4 hook, by simulation (ADR 0006 applied to hooks): the hook's
 * privileged caller (owner(), or the proxy admin) gets HookPowerProbe's code by state override, then
 * calls the hook with every candidate calldata the token owner-power simulation would build for the
 * hook's selectors (candidates.ts: typed when the signature is known, else the common untyped shapes),
 * each followed by a buy and a sell quoted through the pool — one eth_call for all of them. A
 * candidate after which the buy or sell returns nothing, reverts, or loses far more than today is a
 * power over the token's trades, named by what it did, not by the function's name.
 */
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, type PublicClient } from 'viem';
import type { HookPower, HookPowerEffect, HookPowerFacts } from '../../../shared/uniswap-v4-hook';
import { FEE_CHANGE_MIN_PP } from '../../../shared/vocabulary';
import { ChainUnavailableError } from '../../errors';
import { HookPowerProbe } from '../../probes/generated';
import type { PoolKey } from '../../venues/uniswap-v4-pool-key';
import { callsFor, selectorsOf, signatureOf } from '../owner-powers';

/**
 * V4 fees are in pips (1_000_000 = 100%, LPFeeLibrary.MAX_LP_FEE), above the token ladder's percent
 * and basis-point values: every selector is also tried with these single words.
 */
const HOOK_FEE_WORDS = [500_000n, 1_000_000n];

/** Candidates beyond this are not tried (gas of one eth_call); the answer says how many were left. */
const MAX_CANDIDATES = 240;
const CALL_GAS = 400_000_000n;

type Outcome = {
  called: boolean;
  callOk: boolean;
  buyOk: boolean;
  buyOut: bigint;
  sellOk: boolean;
  sellOut: bigint;
};

const lossOf = (o: Outcome, amountIn: bigint): number | null =>
  o.buyOk && o.sellOk && amountIn > 0n
    ? Math.max(0, Math.round(Number(((amountIn - o.sellOut) * 10_000n) / amountIn)) / 100)
    : null;

/** Judges one candidate's outcome against the baseline (pure). */
export function effectOf(o: Outcome, base: Outcome, amountIn: bigint): HookPowerEffect | null {
  if (!o.called || !o.callOk) return null;
  if (base.buyOk && !o.buyOk) return 'buys_blocked';
  if (base.buyOk && base.buyOut > 0n && o.buyOk && o.buyOut === 0n) return 'buy_kept';
  if (base.sellOk && o.buyOk && o.buyOut > 0n && !o.sellOk) return 'sells_blocked';
  if (base.sellOk && base.sellOut > 0n && o.sellOk && o.sellOut === 0n) return 'sell_kept';
  const before = lossOf(base, amountIn);
  const after = lossOf(o, amountIn);
  if (before !== null && after !== null && after - before >= FEE_CHANGE_MIN_PP) return 'fee_raised';
  return null;
}

/**
 * Simulates `caller`'s calls on the hook (`code`: the hook's runtime code, or its implementation's
 * when it is a proxy) against a buy of `buyAmount` through `key` and the sell of what it got.
 */
export async function simulateHookPowers(
  client: PublicClient,
  opts: {
    quoter: Address;
    key: PoolKey;
    token: Address;
    caller: Address;
    code: Hex;
    buyAmount: bigint;
  },
): Promise<HookPowerFacts> {
  const { key, caller } = opts;
  const buyZeroForOne = key.currency1.toLowerCase() === opts.token.toLowerCase();
  const ctx = { victim: caller, victimBalance: 0n, caller, pair: key.hooks };
  const all = selectorsOf(opts.code).flatMap((s) => [
    ...HOOK_FEE_WORDS.map((v) => ({
      selector: s,
      data: `${s}${v.toString(16).padStart(64, '0')}` as Hex,
      args: `${Number(v) / 10_000}% in pips`,
    })),
    ...callsFor(s, ctx, signatureOf(s)),
  ]);
  const calls = all.slice(0, MAX_CANDIDATES);
  let raw: Hex;
  try {
    const res = await client.call({
      to: caller,
      gas: CALL_GAS,
      data: encodeFunctionData({
        abi: HookPowerProbe.abi,
        functionName: 'run',
        args: [key.hooks, opts.quoter, key, buyZeroForOne, opts.buyAmount, calls.map((c) => c.data)],
      }),
      stateOverride: [{ address: caller, code: HookPowerProbe.deployedBytecode as Hex }],
    });
    raw = res.data ?? '0x';
  } catch (cause) {
    throw new ChainUnavailableError('The chain RPC failed the owner-power simulation of a V4 hook.', cause);
  }
  const outcomes = decodeFunctionResult({
    abi: HookPowerProbe.abi,
    functionName: 'run',
    data: raw,
  }) as readonly Outcome[];
  const base = outcomes[0];
  const powers: HookPower[] = [];
  let tried = 0;
  if (base?.called) {
    calls.forEach((c, i) => {
      const o = outcomes[i + 1];
      if (!o?.called) return;
      tried++;
      const effect = effectOf(o, base, opts.buyAmount);
      if (!effect) return;
      powers.push({
        caller,
        selector: c.selector,
        signature: signatureOf(c.selector),
        args: c.args,
        effect,
        lossPct: lossOf(o, opts.buyAmount),
      });
    });
  }
  // One power per function and effect: the first calldata that showed it.
  const seen = new Set<string>();
  const unique = powers.filter((p) => {
    const k = `${p.selector}:${p.effect}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return {
    caller,
    baselineLossPct: base ? lossOf(base, opts.buyAmount) : null,
    tried,
    notTried: all.length - tried,
    powers: unique,
  };
}
