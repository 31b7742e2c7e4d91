/**
 * Honeypot / tax / max-tx detection by simulation. One eth_call with state overrides: the
 * TradeProbe helper's runtime code is placed at a throwaway address and funded by a balance
 * override; in that single call it buys through the pool's router, sends part to a second address,
 * sells the rest back, and tries a ladder of buy sizes, each undone. Nothing is ever sent to the chain.
 * Providers that refuse eth_call's state-override argument (Base's public endpoint does not document
 * it) get the same probe through eth_simulateV1.
 */
import {
  type Address,
  BaseError,
  decodeErrorResult,
  decodeFunctionResult,
  encodeFunctionData,
  formatEther,
  type Hex,
  type PublicClient,
  parseEther,
  type StateOverride,
  zeroAddress,
} from 'viem';
import { simulateBlocks } from 'viem/actions';
import { AppError } from '../errors';
import { TradeProbe } from '../localchain/artifacts/generated';
import type { HolderSellSimulationFacts, TradeSimulationFacts } from './types';

// Throwaway addresses nobody holds keys for; the probe code only exists inside the simulated call.
export const PROBE_ADDRESS = '0x00000000000000000000000000000000f1ab7e57' as const;
const CALLER = '0x00000000000000000000000000000000f1abca11' as const;
/** Receives the transfer-tax test transfer. */
const RECEIVER = '0x00000000000000000000000000000000f1ab0002' as const;
/**
 * Gas price of the simulated user: 1 gwei, at or above the base fee on Base (typically a few
 * hundredths of a gwei) and on the local chain (0.01 gwei); paid from the caller's overridden balance.
 */
export const REAL_USER_GAS_PRICE = 1_000_000_000n;
const PROBE_GAS = 60_000_000n;
/** The balance override that lets `caller` pay for gas at REAL_USER_GAS_PRICE. */
export const realUserOverride = (caller: Address) => ({ address: caller, balance: parseEther('10000000') });
/** Enough ETH for any ladder size; exists only in the override. */
const PROBE_FUNDS = parseEther('10000000');

/**
 * Buy sizes for the max-buy ladder (1-2-5 steps). The probe skips sizes above half the pool's WETH
 * reserve: a bigger buy is not a trade anyone makes, and would fail on price alone.
 */
export const DEFAULT_LADDER_ETH = [
  0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500,
];

/** Share of each holder's balance sold in the holder simulation (10%): a sell, not a dump. */
const HOLDER_SELL_FRACTION_BPS = 1_000n;
const MAX_HOLDERS = 25;

const STATUS = { ok: 0, noPool: 1, buyFailed: 2, sellFailed: 3, noRouter: 4 } as const;

export type SimulateTradeOptions = {
  token: Address;
  pair: Address;
  router: Address;
  /** The pool's quote token; omit to use the router's WETH(). */
  weth?: Address;
  /** Ladder of buy sizes in ETH for the max-buy probe. */
  amountsEth?: number[];
  /** Size of the tax-measuring buy in ETH; default half a percent of the pool's WETH reserve. */
  buyEth?: number;
};

/** Percent lost between what the pool quoted and what arrived, to 0.01 pp. */
export function lossPct(expected: bigint, received: bigint): number {
  if (expected <= 0n) return 0;
  // Clamped at 0: reflection tokens can deliver a hair more than quoted; that is not a negative tax.
  if (received >= expected) return 0;
  return Number(((expected - received) * 10_000n) / expected) / 100;
}

/** A revert payload as one readable sentence: Error(string) text, Panic code, or custom error id. */
export function decodeRevertReason(data: Hex | undefined): string | null {
  if (!data || data === '0x') return null;
  try {
    const err = decodeErrorResult({ abi: [], data });
    if (err.errorName === 'Error') return String(err.args?.[0] ?? '');
    if (err.errorName === 'Panic') return `Panic(0x${BigInt(err.args?.[0] as bigint).toString(16)})`;
  } catch {
    // not a standard error: fall through to the selector
  }
  return `custom error ${data.slice(0, 10)}`;
}

/** Error text without RPC URLs (they can carry API keys) or stack-like detail. */
export function safeMessage(e: unknown): string {
  const base =
    e instanceof BaseError
      ? `${e.shortMessage}${e.details && !e.shortMessage.includes(e.details) ? ` (${e.details})` : ''}`
      : e instanceof Error
        ? e.message
        : String(e);
  return base.replace(/\b(https?|wss?):\/\/[^\s"'<>)]+/gi, '<rpc>').slice(0, 300);
}

/** Did the provider reject the third eth_call argument (state overrides) rather than the call? */
export function rejectsStateOverride(e: unknown): boolean {
  if (!(e instanceof BaseError)) return false;
  const text = `${e.shortMessage} ${e.details ?? ''}`;
  if (/revert/i.test(text)) return false;
  const coded = e.walk((x) => typeof (x as { code?: unknown }).code === 'number') as { code?: number } | null;
  return coded?.code === -32602 || /override|too many|argument|param|unsupported|not supported/i.test(text);
}

/**
 * Runs the probe: eth_call with overrides, else eth_simulateV1 with the same overrides. An empty
 * eth_call result means the node ignored the overrides (the probe had no code), so it also falls back.
 */
async function runProbe(client: PublicClient, data: Hex, overrides: StateOverride): Promise<Hex> {
  let first: unknown;
  // A real user pays for gas: the caller (tx.origin) gets a balance and the call a real gas price, so
  // a token that only lets sells through when tx.gasprice is 0 (i.e. in naive simulators) is caught.
  const stateOverride: StateOverride = [...overrides, { address: CALLER, balance: PROBE_FUNDS }];
  try {
    const res = await client.call({
      account: CALLER,
      to: PROBE_ADDRESS,
      data,
      stateOverride,
      gas: PROBE_GAS,
      gasPrice: REAL_USER_GAS_PRICE,
    });
    if (res.data && res.data !== '0x') return res.data;
  } catch (e) {
    if (!rejectsStateOverride(e)) throw e;
    first = e;
  }
  try {
    const [block] = await simulateBlocks(client, {
      blocks: [{ calls: [{ account: CALLER, to: PROBE_ADDRESS, data }], stateOverrides: stateOverride }],
    });
    const call = block?.calls[0];
    if (call?.status === 'success' && call.data && call.data !== '0x') return call.data;
    throw new Error(call?.error?.message ?? 'eth_simulateV1 returned no result');
  } catch (e) {
    // Report the original refusal when the fallback is not available either.
    throw first ?? e;
  }
}

// toLocaleString avoids both exponent notation (1e-7) and binary noise (0.1 → 0.1000…06).
const toWei = (eth: number) =>
  parseEther(eth.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 18 }));

export async function simulateTrade(
  client: PublicClient,
  opts: SimulateTradeOptions,
): Promise<TradeSimulationFacts> {
  const { token, pair, router } = opts;
  const ladder = (opts.amountsEth ?? DEFAULT_LADDER_ETH).filter((x) => x > 0).map(toWei);
  const data = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'probe',
    args: [
      router,
      pair,
      token,
      opts.weth ?? zeroAddress,
      RECEIVER,
      opts.buyEth ? toWei(opts.buyEth) : 0n,
      ladder,
    ],
  });
  try {
    const raw = await runProbe(client, data, [
      { address: PROBE_ADDRESS, code: TradeProbe.deployedBytecode as Hex, balance: PROBE_FUNDS },
    ]);
    // A provider answering junk (not the probe's report) is an error, not a verdict on the token.
    const r = decodeFunctionResult({ abi: TradeProbe.abi, functionName: 'probe', data: raw });
    return interpretTrade(r, { pair, router });
  } catch (e) {
    return { status: 'error', message: `Trade simulation failed: ${safeMessage(e)}` };
  }
}

type TradeReport = ReturnType<typeof decodeFunctionResult<typeof TradeProbe.abi, 'probe'>>;

function interpretTrade(r: TradeReport, where: { pair: Address; router: Address }): TradeSimulationFacts {
  const { pair, router } = where;
  switch (r.status) {
    case STATUS.noPool:
      return { status: 'no_pool' };
    case STATUS.noRouter:
      return { status: 'error', message: `The router ${router} has no code on this chain.` };
    case STATUS.buyFailed:
      return {
        status: 'buy_failed',
        pair,
        router,
        revertReason:
          decodeRevertReason(r.revertData) ??
          (r.buyGas > 0n && r.buyReceived === 0n ? 'The buy went through but delivered no tokens.' : null),
      };
    case STATUS.sellFailed:
      return {
        status: 'sell_failed',
        pair,
        router,
        buyTaxPct: lossPct(r.buyExpected, r.buyReceived),
        revertReason: decodeRevertReason(r.revertData),
      };
  }
  // The main buy succeeded too, so it counts towards the largest successful buy (bigint: no Math.max).
  let bought = r.maxBuy;
  if (r.buyAmount > bought) bought = r.buyAmount;
  return {
    status: 'ok',
    pair,
    router,
    buyTaxPct: lossPct(r.buyExpected, r.buyReceived),
    sellTaxPct: lossPct(r.sellExpected, r.sellReceived),
    // A transfer that reverts is not a tax (it may be a transfer delay or a cooldown): null, and
    // `transferFailed` says so.
    transferTaxPct:
      r.transferSent === 0n ? 0 : r.transferOk ? lossPct(r.transferSent, r.transferReceived) : null,
    transferFailed: r.transferSent > 0n && !r.transferOk,
    buyGas: r.buyGas,
    sellGas: r.sellGas,
    maxBuyEth: r.laddersTried === 0n && bought === 0n ? null : Number(formatEther(bought)),
  };
}

/**
 * Sells a tenth of each holder's own balance from the holder's own address (the probe code is
 * placed there by override, so approvals and allowances are the holder's), each sell undone before
 * the next, all in one call. Zero-balance holders are not counted. Throws on RPC failure.
 */
export async function simulateHolderSells(
  client: PublicClient,
  opts: { token: Address; pair: Address; router: Address; weth?: Address; holders: Address[] },
): Promise<HolderSellSimulationFacts> {
  const holders = [...new Set(opts.holders.map((h) => h.toLowerCase() as Address))]
    .filter((h) => h !== zeroAddress && h !== PROBE_ADDRESS)
    .slice(0, MAX_HOLDERS);
  const empty: HolderSellSimulationFacts = {
    sampled: 0,
    couldSell: 0,
    failed: 0,
    minTaxPct: null,
    maxTaxPct: null,
  };
  if (holders.length === 0) return empty;
  const code = TradeProbe.deployedBytecode as Hex;
  const data = encodeFunctionData({
    abi: TradeProbe.abi,
    functionName: 'holderSells',
    args: [opts.router, opts.pair, opts.token, opts.weth ?? zeroAddress, holders, HOLDER_SELL_FRACTION_BPS],
  });
  let raw: Hex;
  try {
    raw = await runProbe(client, data, [
      { address: PROBE_ADDRESS, code },
      ...holders.map((address) => ({ address, code })),
    ]);
  } catch (e) {
    throw new AppError('rpc_error', `Holder sell simulation failed: ${safeMessage(e)}`, {
      status: 502,
      retryable: true,
    });
  }
  const [pooled, results] = decodeFunctionResult({
    abi: TradeProbe.abi,
    functionName: 'holderSells',
    data: raw,
  });
  if (!pooled) return empty;
  const sold = results.filter((s) => s.amount > 0n);
  const taxes = sold.filter((s) => s.ok).map((s) => lossPct(s.expected, s.received));
  return {
    sampled: sold.length,
    couldSell: taxes.length,
    failed: sold.length - taxes.length,
    minTaxPct: taxes.length ? Math.min(...taxes) : null,
    maxTaxPct: taxes.length ? Math.max(...taxes) : null,
  };
}
