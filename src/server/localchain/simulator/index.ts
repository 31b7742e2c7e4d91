/**
 * The live market: while the app runs, a seeded loop mines a block about every `blockMs` with swaps
 * and transfers among the scenario's ordinary traders, and now and then a new token launch, a
 * liquidity pull of one of those launches, a stake or a lending action.
 *
 * Block time follows the wall clock: each block is stamped max(previous + 1, now) explicitly
 * rather than by anvil's clock (which evm_setTime and timestamp overrides move, and which a
 * restored state does not reset), and no block is mined until the wall clock has passed the head's
 * second, so fast ticks never push the chain ahead of real time. After a restart the first block
 * carries the real time: the time the app was stopped is a real gap in the chain.
 *
 * What it must not do is drift the FLAB facts the About page states: whales never trade, ordinary
 * wallets stay below 0.8% of supply, the staking pool below 0.7%, and the LP lock is never touched.
 * An error in one tick is logged and the loop goes on; stop() waits for the tick in flight.
 */
import { type Address, encodeDeployData, encodeFunctionData, type Hex, numberToHex } from 'viem';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { LocalChainClients } from '../../chain/client';
import type { Logger } from '../../logger';
import { LendingPool, ScenarioToken, StakingRewards, WETH9 } from '../artifacts/generated';
import { type AeroMarketPool, aeroTradeRound } from '../scenario/aerodrome-market';
import {
  addLiquidity,
  approve,
  balanceRead,
  eth,
  GAS,
  type Market,
  type MarketToken,
  pairFor,
  pairInitCodeHash,
  readMany,
  removeLiquidity,
  scale,
  units,
} from '../scenario/market';
import { type TraderLike, tradeRound } from '../scenario/trading';
import { JsonRpc, TxQueue } from '../scenario/txqueue';
import { type V3MarketPool, v3TradeRound } from '../scenario/uniswap-v3-market';
import { type V4MarketPool, v4MarketPools, v4TradeRound } from '../scenario/uniswap-v4';
import { deriveAddress } from '../scenario/wallets';
import { nextBlockTime } from './clock';
import { createRng } from './random';

export type SimulatorOptions = {
  chain: LocalChainClients;
  manifest: ScenarioManifest;
  seed: number;
  blockMs?: number;
  log: Logger;
  /**
   * Runs each tick (its transactions and the block that mines them); the local chain passes one
   * that keeps ticks and state dumps apart. Default: run directly.
   */
  exclusive?: <T>(write: () => Promise<T>) => Promise<T>;
};

export type Simulator = { stop(): Promise<void> };

const FLAB_SMALL_CAP_BPS = 80n;
const STAKING_CAP_BPS = 70n;
const TOP_UP_BELOW = eth(0.3);
const TOP_UP_TO = eth(3);
/** Tokens the simulator keeps trading (risk tokens whose story is over are left alone). */
const TRADED: Record<string, { weight: number; buyScale: number }> = {
  FLAB: { weight: 20, buyScale: 0.6 },
  DEGEN: { weight: 12, buyScale: 1 },
  BRETT: { weight: 11, buyScale: 1 },
  TOSHI: { weight: 8, buyScale: 1 },
  AERO: { weight: 10, buyScale: 1 },
  USDC: { weight: 8, buyScale: 1 },
  RPULSE: { weight: 2, buyScale: 0.4 },
  BGOLD: { weight: 2, buyScale: 0.4 },
  MORPH: { weight: 2, buyScale: 0.4 },
};

type SimLaunch = { token: MarketToken; launchedAt: number };

export function startSimulator(opts: SimulatorOptions): Simulator {
  const { chain, manifest, seed, log } = opts;
  const blockMs = opts.blockMs ?? 2000;
  const exclusive = opts.exclusive ?? (<T>(write: () => Promise<T>) => write());
  const rpc = new JsonRpc(chain.rpcUrl);
  const q = new TxQueue(rpc);
  const m: Market = {
    chain,
    q,
    rng: createRng(`simulator/${seed}`),
    log,
    core: {
      weth: manifest.contracts.weth,
      factory: manifest.contracts.factory,
      router: manifest.contracts.router,
      multicall3: manifest.contracts.multicall3,
      locker: manifest.contracts.locker,
      uniswapV3: manifest.contracts.uniswapV3,
      aerodrome: aerodromeOf(manifest),
    },
    pairInitCodeHash: pairInitCodeHash(),
    tokens: new Map(),
    holdings: new Map(),
    approved: new Set(),
    now: Math.floor(Date.now() / 1000),
  };
  const flabSupply = BigInt(manifest.flab.supply);
  const whales = new Set(manifest.wallets.flabWhales);
  const traders: TraderLike[] = manifest.wallets.traders
    .filter((a) => !whales.has(a))
    .map((address) => ({ address, firstActive: 0, activity: 1 }));
  const launches: SimLaunch[] = [];
  // Uniswap V3: its pools (the rugged one is empty) traded by wallets of their own, so their ETH is
  // not also planned by the V2 trading in the same block.
  const v3 = manifest.uniswapV3;
  const v3Pools: V3MarketPool[] = (v3?.pools ?? [])
    .filter((p) => p.pool !== v3?.rug?.pool)
    .map((p) => ({
      ...p,
      buyScale: 0.5,
      sellsRevert: p.token === v3?.onlyV3.honeypot,
      liveFrom: 0,
      liveUntil: Number.POSITIVE_INFINITY,
    }));
  const v3Traders = Array.from({ length: 12 }, (_, i) => deriveAddress(seed, `sim-v3-trader/${i}`));
  // Aerodrome: its pools (the rugged one is empty), traded by the same topped-up wallets as V3.
  const aero = manifest.aerodrome;
  const aeroPools: AeroMarketPool[] = (aero?.pools ?? [])
    .filter((p) => p.pool !== aero?.rug?.pool)
    .map((p) => ({
      ...p,
      buyScale: 0.5,
      sellsRevert: p.token === aero?.only.honeypot,
      liveFrom: 0,
      liveUntil: Number.POSITIVE_INFINITY,
    }));
  // Uniswap V4: the ETH-paired launches, traded through the Universal Router by the same wallets;
  // their pool keys (hooks included) are read at setup.
  const v4Contracts = manifest.contracts.uniswapV4;
  let v4Pools: V4MarketPool[] | null = null;
  let ticks = 0;
  let launchCount = 0;
  let ready = false;

  async function setup(): Promise<void> {
    const head = await chain.public.getBlockNumber({ cacheTime: 0 });
    // Seeded, and distinct after each restart (the chain has moved on since).
    m.rng = createRng(`simulator/${seed}/${head}`);
    for (const [symbol, cfg] of Object.entries(TRADED)) {
      const address = manifest.tokens[symbol];
      const pair = manifest.pairs[symbol];
      if (!address || !pair) continue;
      const isFlab = symbol === 'FLAB';
      m.tokens.set(symbol, {
        symbol,
        address,
        decimals: symbol === 'USDC' ? 6 : 18,
        pair,
        owner: manifest.wallets.deployer,
        supply: isFlab ? flabSupply : 0n,
        liveFrom: 0,
        liveUntil: Number.POSITIVE_INFINITY,
        weight: cfg.weight,
        buyScale: cfg.buyScale,
        paused: [],
        excluded: isFlab
          ? new Set([...whales, manifest.wallets.noFlab, manifest.wallets.deployer])
          : new Set(),
        maxHolding: isFlab ? (flabSupply * FLAB_SMALL_CAP_BPS) / 10_000n : undefined,
      });
    }
    // Who holds what: sells and transfers only start from tokens a wallet really holds.
    const keys = traders.flatMap((t) => [...m.tokens.values()].map((tok) => [tok, t.address] as const));
    const balances = (await readMany(
      m,
      keys.map(([tok, w]) => balanceRead(tok.address, w)),
    )) as bigint[];
    keys.forEach(([tok, w], i) => {
      if ((balances[i] ?? 0n) > 0n) {
        const set = m.holdings.get(w) ?? new Set<string>();
        set.add(tok.symbol);
        m.holdings.set(w, set);
      }
    });
    ready = true;
    log.info({ msg: 'market simulator started', block_ms: blockMs, traders: traders.length });
  }

  async function topUp(): Promise<void> {
    const res = await rpc.batch(
      traders.map((t) => ({ method: 'eth_getBalance', params: [t.address, 'latest'] })),
    );
    const low = traders.filter(
      (_, i) => BigInt((res[i]?.result as string | undefined) ?? '0x0') < TOP_UP_BELOW,
    );
    const v3Res = await rpc.batch(
      v3Traders.map((a) => ({ method: 'eth_getBalance', params: [a, 'latest'] })),
    );
    const v3Low = v3Traders.filter(
      (_, i) => BigInt((v3Res[i]?.result as string | undefined) ?? '0x0') < TOP_UP_BELOW * 10n,
    );
    const refill = [
      ...low.map((t) => [t.address, TOP_UP_TO] as const),
      ...v3Low.map((a) => [a, TOP_UP_TO * 10n] as const),
    ];
    if (refill.length === 0) return;
    await rpc.batch(refill.map(([a, v]) => ({ method: 'anvil_setBalance', params: [a, numberToHex(v)] })));
  }

  async function launchToken(): Promise<void> {
    launchCount++;
    const n = launchCount;
    const owner = deriveAddress(seed, `sim-dev/${m.now}/${n}`);
    await rpc.call('anvil_setBalance', [owner, numberToHex(eth(20))]);
    const symbol = `SIM${m.now.toString(36).slice(-4).toUpperCase()}${n}`;
    const supply = units(1_000_000_000, 18);
    const address = await q.deploy(
      owner,
      encodeDeployData({
        abi: ScenarioToken.abi,
        bytecode: ScenarioToken.bytecode as Hex,
        args: [`Sim Token ${n}`, symbol, 18, supply, owner],
      }),
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
    launches.push({ token, launchedAt: m.now });
    log.debug({ msg: 'simulator launched a token', symbol, token: address });
  }

  async function pullLiquidity(): Promise<void> {
    const candidates = launches.filter(
      (l) => l.token.liveUntil === Number.POSITIVE_INFINITY && m.now - l.launchedAt > 300,
    );
    if (candidates.length === 0) return;
    const { token } = m.rng.pick(candidates);
    const [lp] = (await readMany(m, [balanceRead(token.pair, token.owner)])) as bigint[];
    if (!lp) return;
    removeLiquidity(m, token.owner, token, lp, `${token.symbol}: deployer pulls liquidity`);
    token.liveUntil = m.now;
    log.debug({ msg: 'simulator pulled liquidity', symbol: token.symbol });
  }

  async function stakingAction(): Promise<void> {
    const flab = m.tokens.get('FLAB');
    const staking = manifest.contracts.staking;
    if (!flab) return;
    const wallet = m.rng.pick(traders).address;
    if (flab.excluded.has(wallet)) return;
    const [bal, staked, pool] = (await readMany(m, [
      balanceRead(flab.address, wallet),
      { address: staking, abi: StakingRewards.abi, functionName: 'balanceOf', args: [wallet] },
      balanceRead(flab.address, staking),
    ])) as bigint[];
    const call = (data: Hex, label: string) =>
      q.add({ from: wallet, to: staking, data, gas: GAS.call, label });
    if (staked && staked > 0n && m.rng.chance(0.5)) {
      call(
        encodeFunctionData({ abi: StakingRewards.abi, functionName: 'getReward' }),
        'claim staking reward',
      );
      return;
    }
    const amount = scale(bal ?? 0n, m.rng.range(0.2, 0.6));
    const room = (flabSupply * STAKING_CAP_BPS) / 10_000n - (pool ?? 0n);
    if (amount === 0n || amount > room) return;
    approve(m, wallet, flab.address, staking, 'stake');
    call(
      encodeFunctionData({ abi: StakingRewards.abi, functionName: 'stake', args: [amount] }),
      'stake FLAB',
    );
  }

  async function lendingAction(): Promise<void> {
    const usdc = m.tokens.get('USDC');
    const lending = manifest.contracts.lending;
    if (!usdc) return;
    const wallet = m.rng.pick(traders).address;
    const call = (data: Hex, label: string) =>
      q.add({ from: wallet, to: lending, data, gas: GAS.call, label });
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
    q.add({
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

  async function tick(): Promise<void> {
    if (!ready) await setup();
    const head = await rpc.call<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    const timestamp = nextBlockTime(Number(BigInt(head.timestamp)), Math.floor(Date.now() / 1000));
    if (timestamp === undefined) return;
    ticks++;
    m.now = timestamp;
    q.resetNonces();
    if (ticks % 30 === 1) await topUp();
    await tradeRound(m, traders, m.rng.int(2, 8));
    if (v3Pools.length > 0 && m.rng.chance(0.5))
      await v3TradeRound(m, v3Pools, v3Traders, m.rng.int(1, 2), { everyPool: false });
    if (aeroPools.length > 0 && m.core.aerodrome && m.rng.chance(0.3))
      await aeroTradeRound(m, [m.rng.pick(aeroPools)], v3Traders);
    if (v4Contracts && m.rng.chance(0.4)) {
      v4Pools ??= await v4MarketPools(chain, v4Contracts, manifest.uniswapV4Tokens).catch(() => null);
      if (v4Pools) await v4TradeRound(m, v4Contracts, v4Pools, v3Traders);
    }
    if (m.rng.chance(1 / 150)) await launchToken();
    if (m.rng.chance(1 / 300)) await pullLiquidity();
    if (m.rng.chance(0.04)) await stakingAction();
    if (m.rng.chance(0.03)) await lendingAction();
    if (q.size > 0) {
      await q.flush({ timestamp, toggleAutomine: true });
    } else {
      await rpc.call('evm_mine', [timestamp]);
    }
  }

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  const loop = async () => {
    if (stopped) return;
    const started = Date.now();
    inFlight = exclusive(tick).catch(async (e) => {
      log.warn({ msg: 'market simulator tick failed', err: (e as Error).message });
      q.clear();
      q.resetNonces();
      // Leave the chain as we found it: automine on, nothing of ours stuck in the pool.
      await rpc.call('evm_setAutomine', [true]).catch(() => {});
    });
    await inFlight;
    inFlight = undefined;
    if (!stopped) {
      timer = setTimeout(loop, Math.max(0, blockMs - (Date.now() - started)));
      timer.unref?.();
    }
  };
  timer = setTimeout(loop, 0);
  timer.unref?.();

  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
      log.info({ msg: 'market simulator stopped', ticks });
    },
  };
}

/**
 * The manifest lists Aerodrome's public addresses; the simulator's trade helpers also need the
 * implementations (pool addresses) — not needed to trade through the routers, so left empty.
 */
function aerodromeOf(manifest: ScenarioManifest): Market['core']['aerodrome'] {
  const a = manifest.contracts.aerodrome;
  if (!a) return undefined;
  const none = '0x0000000000000000000000000000000000000000' as Address;
  return {
    ...a,
    forwarder: none,
    aero: none,
    poolImplementation: none,
    votingEscrow: none,
    clPoolImplementation: none,
  };
}
