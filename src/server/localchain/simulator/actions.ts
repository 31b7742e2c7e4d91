/**
 * What the simulator does now and then beside routine trading, each queued into the tick's block:
 * top up traders running low on ETH, launch a token, pull a launch's liquidity, a staking or a
 * lending action. Each draws from the market's seeded rng in a fixed order, so a seed and a chain
 * head give the same ticks.
 */
import { type Address, encodeFunctionData, type Hex, numberToHex } from 'viem';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { Logger } from '../../logger';
import { LendingPool, ScenarioToken, StakingRewards, WETH9 } from '../artifacts/generated';
import { queueDeploy } from '../scenario/calls';
import {
  addLiquidity,
  approve,
  balanceRead,
  eth,
  GAS,
  type Market,
  type MarketToken,
  pairFor,
  readMany,
  removeLiquidity,
  scale,
  units,
} from '../scenario/market';
import type { TraderLike } from '../scenario/trading';
import type { JsonRpc } from '../scenario/txqueue';
import { deriveAddress } from '../scenario/wallets';

/** The staking pool never holds more than this share of FLAB's supply (the About page's figure). */
const STAKING_CAP_BPS = 70n;
const TOP_UP_BELOW = eth(0.3);
const TOP_UP_TO = eth(3);

/** The simulator's state across ticks. */
export type SimState = {
  m: Market;
  rpc: JsonRpc;
  manifest: ScenarioManifest;
  seed: number;
  log: Logger;
  traders: TraderLike[];
  /** The wallets of the V3, Aerodrome and V4 trades (topped up with ten times as much). */
  venueTraders: Address[];
  launches: { token: MarketToken; launchedAt: number }[];
  launchCount: number;
};

const balancesOf = async (rpc: JsonRpc, wallets: readonly Address[]): Promise<bigint[]> =>
  (await rpc.batch(wallets.map((a) => ({ method: 'eth_getBalance', params: [a, 'latest'] })))).map((r) =>
    BigInt((r?.result as string | undefined) ?? '0x0'),
  );

/** Wallets below a floor of ETH get it back from "elsewhere" (anvil_setBalance). */
export async function topUp(s: SimState): Promise<void> {
  const traders = s.traders.map((t) => t.address);
  const balances = await balancesOf(s.rpc, traders);
  const low = traders.filter((_, i) => (balances[i] as bigint) < TOP_UP_BELOW);
  const venueBalances = await balancesOf(s.rpc, s.venueTraders);
  const venueLow = s.venueTraders.filter((_, i) => (venueBalances[i] as bigint) < TOP_UP_BELOW * 10n);
  const refill = [
    ...low.map((a) => [a, TOP_UP_TO] as const),
    ...venueLow.map((a) => [a, TOP_UP_TO * 10n] as const),
  ];
  if (refill.length === 0) return;
  await s.rpc.batch(refill.map(([a, v]) => ({ method: 'anvil_setBalance', params: [a, numberToHex(v)] })));
}

/** A new token with a WETH pool from a fresh deployer, traded from a few seconds on. */
export async function launchToken(s: SimState): Promise<void> {
  const { m } = s;
  s.launchCount++;
  const n = s.launchCount;
  const owner = deriveAddress(s.seed, `sim-dev/${m.now}/${n}`);
  await s.rpc.call('anvil_setBalance', [owner, numberToHex(eth(20))]);
  const symbol = `SIM${m.now.toString(36).slice(-4).toUpperCase()}${n}`;
  const supply = units(1_000_000_000, 18);
  const address = await queueDeploy(
    m,
    owner,
    ScenarioToken,
    [`Sim Token ${n}`, symbol, 18, supply, owner],
    `deploy ${symbol}`,
  );
  const ethIn = eth(m.rng.range(2, 6));
  addLiquidity(m, owner, { address, symbol }, (supply * 9n) / 10n, ethIn, {
    newPair: true,
    label: `open ${symbol} pool`,
  });
  const token: MarketToken = {
    symbol,
    address,
    decimals: 18,
    pair: pairFor(m, address, m.core.weth),
    owner,
    supply,
    liveFrom: m.now + 5,
    liveUntil: Number.POSITIVE_INFINITY,
    weight: 6,
    buyScale: 0.5,
    paused: [],
    excluded: new Set(),
  };
  m.tokens.set(symbol, token);
  s.launches.push({ token, launchedAt: m.now });
  s.log.debug({ msg: 'simulator launched a token', symbol, token: address });
}

/** The deployer of a launch older than five minutes pulls all its liquidity. */
export async function pullLiquidity(s: SimState): Promise<void> {
  const { m } = s;
  const candidates = s.launches.filter(
    (l) => l.token.liveUntil === Number.POSITIVE_INFINITY && m.now - l.launchedAt > 300,
  );
  if (candidates.length === 0) return;
  const { token } = m.rng.pick(candidates);
  const [lp] = (await readMany(m, [balanceRead(token.pair, token.owner)])) as bigint[];
  if (!lp) return;
  removeLiquidity(m, token.owner, token, lp, `${token.symbol}: deployer pulls liquidity`);
  token.liveUntil = m.now;
  s.log.debug({ msg: 'simulator pulled liquidity', symbol: token.symbol });
}

/** A trader claims its staking reward or stakes part of its FLAB (the pool stays under its cap). */
export async function stakingAction(s: SimState): Promise<void> {
  const { m } = s;
  const flab = m.tokens.get('FLAB');
  const staking = s.manifest.contracts.staking;
  if (!flab) return;
  const wallet = m.rng.pick(s.traders).address;
  if (flab.excluded.has(wallet)) return;
  const [bal, staked, pool] = (await readMany(m, [
    balanceRead(flab.address, wallet),
    { address: staking, abi: StakingRewards.abi, functionName: 'balanceOf', args: [wallet] },
    balanceRead(flab.address, staking),
  ])) as bigint[];
  const call = (data: Hex, label: string) =>
    m.q.add({ from: wallet, to: staking, data, gas: GAS.call, label });
  if (staked && staked > 0n && m.rng.chance(0.5)) {
    call(encodeFunctionData({ abi: StakingRewards.abi, functionName: 'getReward' }), 'claim staking reward');
    return;
  }
  const amount = scale(bal ?? 0n, m.rng.range(0.2, 0.6));
  const room = (BigInt(s.manifest.flab.supply) * STAKING_CAP_BPS) / 10_000n - (pool ?? 0n);
  if (amount === 0n || amount > room) return;
  approve(m, wallet, flab.address, staking, 'stake');
  call(encodeFunctionData({ abi: StakingRewards.abi, functionName: 'stake', args: [amount] }), 'stake FLAB');
}

/** A trader supplies USDC to the lending pool, or posts WETH collateral and borrows against it. */
export async function lendingAction(s: SimState): Promise<void> {
  const { m } = s;
  const usdc = m.tokens.get('USDC');
  const lending = s.manifest.contracts.lending;
  if (!usdc) return;
  const wallet = m.rng.pick(s.traders).address;
  const call = (data: Hex, label: string) =>
    m.q.add({ from: wallet, to: lending, data, gas: GAS.call, label });
  const [usdcBal, supplied, borrowed] = (await readMany(m, [
    balanceRead(usdc.address, wallet),
    { address: lending, abi: LendingPool.abi, functionName: 'totalSupplied' },
    { address: lending, abi: LendingPool.abi, functionName: 'totalBorrowed' },
  ])) as bigint[];
  if (usdcBal && usdcBal > 0n && m.rng.chance(0.6)) {
    approve(m, wallet, usdc.address, lending, 'supply');
    call(
      encodeFunctionData({ abi: LendingPool.abi, functionName: 'supply', args: [scale(usdcBal, 0.5)] }),
      'supply USDC',
    );
    return;
  }
  // Post WETH collateral and borrow a modest amount against it, in one block (same sender, in order).
  const available = (supplied ?? 0n) - (borrowed ?? 0n);
  const collateral = eth(m.rng.range(0.3, 1.5));
  const borrow = units(m.rng.range(100, 600), 6);
  if (borrow > available / 4n) return;
  m.q.add({
    from: wallet,
    to: m.core.weth,
    value: collateral,
    data: encodeFunctionData({ abi: WETH9.abi, functionName: 'deposit' }),
    gas: GAS.call,
    label: 'wrap ETH',
  });
  approve(m, wallet, m.core.weth, lending, 'collateral');
  call(
    encodeFunctionData({ abi: LendingPool.abi, functionName: 'depositCollateral', args: [collateral] }),
    'deposit collateral',
  );
  call(encodeFunctionData({ abi: LendingPool.abi, functionName: 'borrow', args: [borrow] }), 'borrow USDC');
}
