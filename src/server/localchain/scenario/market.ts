/**
 * The market both the scenario and the simulator trade in: tokens with their WETH pairs and the
 * rules that keep each token's story true (a paused token is not traded, a honeypot is only
 * bought, FLAB's small holders stay below the whale threshold), plus the DEX arithmetic and the
 * transaction builders. Every swap goes through the real Router02, so the pairs emit real
 * Swap/Sync/Mint/Burn/Transfer events.
 */
import {
  type Abi,
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getCreate2Address,
  type Hex,
  keccak256,
  maxUint256,
} from 'viem';
import type { LocalChainClients } from '../../chain/client';
import type { Logger } from '../../logger';
import type { AerodromeAddresses } from '../aerodrome-deploy';
import { Multicall3, UniswapV2Pair, UniswapV2Router02 } from '../artifacts/generated';
import type { UniswapV3Addresses } from '../deploy';
import type { Rng } from '../simulator/random';
import type { TxQueue } from './txqueue';

export const BURN_ADDRESS = '0x000000000000000000000000000000000000dead' as Address;
/** Router deadlines: far enough for any block we mine, history or live. */
export const DEADLINE = 2n ** 48n;

export const GAS = {
  transfer: 120_000n,
  approve: 80_000n,
  buy: 320_000n,
  sell: 380_000n,
  /** addLiquidityETH that creates the pair (deploys UniswapV2Pair). */
  addLiquidityNew: 5_500_000n,
  addLiquidity: 450_000n,
  removeLiquidity: 450_000n,
  call: 300_000n,
  ethTransfer: 21_000n,
} as const;

export type CoreContracts = {
  weth: Address;
  factory: Address;
  router: Address;
  multicall3: Address;
  locker: Address;
  /** Uniswap V3 (absent in chains built before V3 was added). */
  uniswapV3?: UniswapV3Addresses;
  /** Aerodrome classic and Slipstream (absent in chains built before Aerodrome was added). */
  aerodrome?: AerodromeAddresses;
};

export type MarketToken = {
  symbol: string;
  address: Address;
  decimals: number;
  pair: Address;
  owner: Address;
  supply: bigint;
  /** Routine trading starts/stops at these times. */
  liveFrom: number;
  liveUntil: number;
  /** Relative share of routine trades. */
  weight: number;
  /** Multiplies the ETH size of routine buys. */
  buyScale: number;
  /** Honeypot: holders try to sell, and fail. */
  sellsRevert?: boolean;
  /** Windows in which transfers revert (pausable). */
  paused: [number, number][];
  /** Wallets that may not trade it (blacklisted, whales of FLAB, the no-FLAB wallet). */
  excluded: Set<Address>;
  /** When set, only these wallets trade it routinely. */
  only?: Set<Address>;
  /** Routine traders never hold more than this (FLAB: below the 1% whale threshold; max-wallet). */
  maxHolding?: bigint;
  maxTx?: bigint;
};

export type Market = {
  chain: LocalChainClients;
  q: TxQueue;
  rng: Rng;
  log: Logger;
  core: CoreContracts;
  pairInitCodeHash: Hex;
  tokens: Map<string, MarketToken>;
  /** Which tokens a wallet may hold (sells read the real balance first). */
  holdings: Map<Address, Set<string>>;
  /** `${owner}:${token}:${spender}` with an unlimited allowance. */
  approved: Set<string>;
  /** Time of the block being built (history) or wall-clock time (simulator). */
  now: number;
};

export const pairInitCodeHash = (): Hex => keccak256(UniswapV2Pair.bytecode as Hex);

/** The pair's address by CREATE2, as UniswapV2Library.pairFor computes it. */
export function pairFor(
  m: Pick<Market, 'core' | 'pairInitCodeHash'>,
  tokenA: Address,
  tokenB: Address,
): Address {
  const [t0, t1] = sortTokens(tokenA, tokenB);
  return getCreate2Address({
    from: m.core.factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: m.pairInitCodeHash,
  }).toLowerCase() as Address;
}

export function sortTokens(a: Address, b: Address): [Address, Address] {
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a];
}

// ---- constant-product arithmetic (UniswapV2Library) ----

export function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const inWithFee = amountIn * 997n;
  return (inWithFee * reserveOut) / (reserveIn * 1000n + inWithFee);
}

export function amountIn(amountOut_: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountOut_ <= 0n || reserveIn <= 0n || reserveOut <= amountOut_) return 0n;
  return (reserveIn * amountOut_ * 1000n) / ((reserveOut - amountOut_) * 997n) + 1n;
}

export type Reserves = { token: bigint; weth: bigint };

// ---- reads ----

type Read = { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] };

/** Multicall3.aggregate3((address target, bool allowFailure, bytes callData)[]). */
const AGGREGATE3 = '0x82ad56cb';
const word = (n: number | bigint) => n.toString(16).padStart(64, '0');

/**
 * aggregate3's calldata, encoded by hand: viem's generic ABI encoder took seconds of CPU over a
 * history build's thousands of multicalls. Every call has allowFailure = false, so one failing
 * read reverts the whole eth_call (as viem's multicall with allowFailure: false would throw).
 */
export function encodeAggregate3(calls: readonly { target: Address; data: Hex }[]): Hex {
  const heads: string[] = [];
  const tails: string[] = [];
  let offset = calls.length * 32;
  for (const c of calls) {
    heads.push(word(offset));
    const bytes = c.data.slice(2);
    const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
    const tuple = word(BigInt(c.target)) + word(0) + word(0x60) + word(bytes.length / 2) + padded;
    tails.push(tuple);
    offset += tuple.length / 2;
  }
  return `${AGGREGATE3}${word(0x20)}${word(calls.length)}${heads.join('')}${tails.join('')}` as Hex;
}

/** aggregate3's (bool success, bytes returnData)[] result, decoded by hand. */
export function decodeAggregate3(result: Hex): { success: boolean; data: Hex }[] {
  const hex = result.slice(2);
  const at = (byte: number) => Number.parseInt(hex.slice(byte * 2, byte * 2 + 64), 16);
  const arr = at(0);
  const n = at(arr);
  const base = arr + 32;
  const out: { success: boolean; data: Hex }[] = [];
  for (let i = 0; i < n; i++) {
    const tuple = base + at(base + i * 32);
    const success = at(tuple) === 1;
    const dataAt = tuple + at(tuple + 32);
    const len = at(dataAt);
    out.push({ success, data: `0x${hex.slice((dataAt + 32) * 2, (dataAt + 32 + len) * 2)}` as Hex });
  }
  return out;
}

/**
 * One multicall for many reads (Multicall3 sits at its canonical address on the local chain), in
 * one eth_call at the latest block. Single uint256 results (balances) are decoded directly.
 */
export async function readMany(m: Pick<Market, 'q' | 'core'>, reads: Read[]): Promise<unknown[]> {
  if (reads.length === 0) return [];
  const data = encodeAggregate3(
    reads.map((r) => ({
      target: r.address,
      data: encodeFunctionData({ abi: r.abi, functionName: r.functionName, args: r.args } as never),
    })),
  );
  const raw = await m.q.rpc.call<Hex>('eth_call', [{ to: m.core.multicall3, data }, 'latest']);
  const results = decodeAggregate3(raw);
  if (results.length !== reads.length)
    throw new Error(`multicall answered ${results.length} of ${reads.length} reads`);
  return results.map((res, i) => {
    const r = reads[i] as Read;
    if (!res.success) throw new Error(`multicall: ${r.functionName} on ${r.address} failed`);
    if (r.functionName === 'balanceOf' || r.functionName === 'getEthBalance') return BigInt(res.data);
    const value = decodeFunctionResult({ abi: r.abi, functionName: r.functionName, data: res.data } as never);
    return value;
  });
}

export function reservesRead(pair: Address): Read {
  return { address: pair, abi: UniswapV2Pair.abi as Abi, functionName: 'getReserves' };
}

export function balanceRead(token: Address, holder: Address): Read {
  return { address: token, abi: erc20Abi as Abi, functionName: 'balanceOf', args: [holder] };
}

/** A wallet's ETH balance, read through Multicall3 so it rides in the same eth_call as token reads. */
export function ethBalanceRead(m: Pick<Market, 'core'>, holder: Address): Read {
  return {
    address: m.core.multicall3,
    abi: Multicall3.abi as Abi,
    functionName: 'getEthBalance',
    args: [holder],
  };
}

/** getReserves result, oriented token/WETH. */
export function orientReserves(m: Pick<Market, 'core'>, token: Address, raw: unknown): Reserves {
  const [r0, r1] = raw as readonly [bigint, bigint, number];
  const tokenIs0 = token.toLowerCase() < m.core.weth.toLowerCase();
  return tokenIs0 ? { token: r0, weth: r1 } : { token: r1, weth: r0 };
}

export async function readReserves(m: Pick<Market, 'q' | 'core'>, token: MarketToken): Promise<Reserves> {
  const [raw] = await readMany(m, [reservesRead(token.pair)]);
  return orientReserves(m, token.address, raw);
}

export async function readBalances(
  m: Pick<Market, 'q' | 'core'>,
  pairs: readonly (readonly [Address, Address])[],
): Promise<bigint[]> {
  return (await readMany(
    m,
    pairs.map(([token, holder]) => balanceRead(token, holder)),
  )) as bigint[];
}

// ---- transaction builders (queued; mined by the caller) ----

export function hold(m: Market, wallet: Address, symbol: string): void {
  let set = m.holdings.get(wallet);
  if (!set) {
    set = new Set();
    m.holdings.set(wallet, set);
  }
  set.add(symbol);
}

export function approve(m: Market, owner: Address, token: Address, spender: Address, label: string): void {
  const key = `${owner}:${token}:${spender}`.toLowerCase();
  if (m.approved.has(key)) return;
  m.approved.add(key);
  m.q.add({
    from: owner,
    to: token,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] }),
    gas: GAS.approve,
    label: `${label}: approve`,
  });
}

export function buy(
  m: Market,
  wallet: Address,
  token: MarketToken,
  ethIn: bigint,
  opts: { label?: string } = {},
): void {
  m.q.add({
    from: wallet,
    to: m.core.router,
    value: ethIn,
    data: encodeFunctionData({
      abi: UniswapV2Router02.abi,
      functionName: 'swapExactETHForTokensSupportingFeeOnTransferTokens',
      args: [0n, [m.core.weth, token.address], wallet, DEADLINE],
    }),
    gas: GAS.buy,
    label: opts.label ?? `buy ${token.symbol}`,
  });
  hold(m, wallet, token.symbol);
}

/** Buys an exact token amount (no-tax tokens only); the router refunds unused ETH. */
export function buyExact(
  m: Market,
  wallet: Address,
  token: MarketToken,
  tokens: bigint,
  maxEth: bigint,
  label: string,
): void {
  m.q.add({
    from: wallet,
    to: m.core.router,
    value: maxEth,
    data: encodeFunctionData({
      abi: UniswapV2Router02.abi,
      functionName: 'swapETHForExactTokens',
      args: [tokens, [m.core.weth, token.address], wallet, DEADLINE],
    }),
    gas: GAS.buy,
    label,
  });
  hold(m, wallet, token.symbol);
}

export function sell(
  m: Market,
  wallet: Address,
  token: MarketToken,
  amount: bigint,
  opts: { label?: string; allowRevert?: boolean } = {},
): void {
  const label = opts.label ?? `sell ${token.symbol}`;
  approve(m, wallet, token.address, m.core.router, label);
  m.q.add({
    from: wallet,
    to: m.core.router,
    data: encodeFunctionData({
      abi: UniswapV2Router02.abi,
      functionName: 'swapExactTokensForETHSupportingFeeOnTransferTokens',
      args: [amount, 0n, [token.address, m.core.weth], wallet, DEADLINE],
    }),
    gas: GAS.sell,
    label,
    allowRevert: opts.allowRevert,
  });
}

export function transferToken(
  m: Market,
  from: Address,
  token: MarketToken,
  to: Address,
  amount: bigint,
  label?: string,
): void {
  m.q.add({
    from,
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    gas: GAS.transfer,
    label: label ?? `transfer ${token.symbol}`,
  });
  hold(m, to, token.symbol);
}

/**
 * Adds liquidity with all of `tokens`: `ethValue` should exceed the matching ETH (the router
 * refunds the rest), so the outcome does not depend on trades earlier in the same block.
 */
export function addLiquidity(
  m: Market,
  from: Address,
  token: MarketToken | { address: Address; symbol: string },
  tokens: bigint,
  ethValue: bigint,
  opts: { newPair?: boolean; label?: string } = {},
): void {
  const label = opts.label ?? `add liquidity ${token.symbol}`;
  approve(m, from, token.address, m.core.router, label);
  m.q.add({
    from,
    to: m.core.router,
    value: ethValue,
    data: encodeFunctionData({
      abi: UniswapV2Router02.abi,
      functionName: 'addLiquidityETH',
      args: [token.address, tokens, 0n, 0n, from, DEADLINE],
    }),
    gas: opts.newPair ? GAS.addLiquidityNew : GAS.addLiquidity,
    label,
  });
}

export function removeLiquidity(
  m: Market,
  from: Address,
  token: MarketToken,
  lp: bigint,
  label?: string,
): void {
  const l = label ?? `remove liquidity ${token.symbol}`;
  approve(m, from, token.pair, m.core.router, l);
  m.q.add({
    from,
    to: m.core.router,
    data: encodeFunctionData({
      abi: UniswapV2Router02.abi,
      functionName: 'removeLiquidityETHSupportingFeeOnTransferTokens',
      args: [token.address, lp, 0n, 0n, from, DEADLINE],
    }),
    gas: GAS.removeLiquidity,
    label: l,
  });
}

// ---- helpers ----

export function isPaused(token: MarketToken, t: number): boolean {
  return token.paused.some(([from, to]) => t >= from && t < to);
}

export function tradable(token: MarketToken, wallet: Address, t: number): boolean {
  if (t < token.liveFrom || t >= token.liveUntil || isPaused(token, t)) return false;
  if (token.excluded.has(wallet)) return false;
  if (token.only && !token.only.has(wallet)) return false;
  return true;
}

/** Float amount of whole tokens → base units (deterministic; fine for sizes, not for accounting). */
export function units(amount: number, decimals: number): bigint {
  if (!(amount > 0)) return 0n;
  // Keep 9 significant fractional digits; larger magnitudes go through an integer first.
  const scaled = BigInt(Math.round(amount * 1e9));
  return decimals >= 9 ? scaled * 10n ** BigInt(decimals - 9) : scaled / 10n ** BigInt(9 - decimals);
}

export const eth = (amount: number) => units(amount, 18);

/** bigint × float ratio, for sizing. */
export function scale(amount: bigint, ratio: number): bigint {
  if (!(ratio > 0)) return 0n;
  return (amount * BigInt(Math.round(ratio * 1e9))) / 1_000_000_000n;
}
