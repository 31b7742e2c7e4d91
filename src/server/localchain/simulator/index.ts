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
import type { Hex } from 'viem';
import type { ScenarioManifest } from '../../../shared/scenario';
import type { LocalChainClients } from '../../chain/client';
import type { Logger } from '../../logger';
import { aeroTradeRound } from '../scenario/aerodrome-market';
import { tradeRound } from '../scenario/trading';
import { JsonRpc, TxQueue } from '../scenario/txqueue';
import { v3TradeRound } from '../scenario/uniswap-v3-market';
import { type V4MarketPool, v4MarketPools, v4TradeRound } from '../scenario/uniswap-v4';
import { deriveAddress } from '../scenario/wallets';
import { launchToken, lendingAction, pullLiquidity, type SimState, stakingAction, topUp } from './actions';
import { nextBlockTime } from './clock';
import { aeroPoolsOf, loadTradedTokens, simulatorMarket, simulatorTraders, v3PoolsOf } from './market';
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

export function startSimulator(opts: SimulatorOptions): Simulator {
  const { chain, manifest, seed, log } = opts;
  const blockMs = opts.blockMs ?? 2000;
  const exclusive = opts.exclusive ?? (<T>(write: () => Promise<T>) => write());
  const rpc = new JsonRpc(chain.rpcUrl);
  const q = new TxQueue(rpc);
  const s: SimState = {
    m: simulatorMarket({ chain, q, manifest, seed, log }),
    rpc,
    manifest,
    seed,
    log,
    traders: simulatorTraders(manifest),
    // The V3, Aerodrome and V4 pools are traded by wallets of their own, so their ETH is not also
    // planned by the V2 trading in the same block.
    venueTraders: Array.from({ length: 12 }, (_, i) => deriveAddress(seed, `sim-v3-trader/${i}`)),
    launches: [],
    launchCount: 0,
  };
  const tick = createTick(s, blockMs);
  const stats = { ticks: 0 };
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;

  const loop = async () => {
    if (stopped) return;
    const started = Date.now();
    inFlight = exclusive(() => tick(stats)).catch(async (e) => {
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
      log.info({ msg: 'market simulator stopped', ticks: stats.ticks });
    },
  };
}

/**
 * One tick: a block stamped by the wall clock holding a round of trading on each venue (V3,
 * Aerodrome and V4 not every tick) and, now and then, one of the actions. The first tick sets up.
 */
function createTick(s: SimState, blockMs: number): (stats: { ticks: number }) => Promise<void> {
  const { m, rpc, manifest, log } = s;
  const v3Pools = v3PoolsOf(manifest);
  const aeroPools = aeroPoolsOf(manifest);
  // Uniswap V4: the ETH-paired launches, traded through the Universal Router by the same wallets;
  // their pool keys (hooks included) are read at the first V4 round.
  const v4Contracts = manifest.contracts.uniswapV4;
  let v4Pools: V4MarketPool[] | null = null;
  let ready = false;

  const setup = async () => {
    const head = await m.chain.public.getBlockNumber({ cacheTime: 0 });
    // Seeded, and distinct after each restart (the chain has moved on since).
    m.rng = createRng(`simulator/${s.seed}/${head}`);
    await loadTradedTokens(m, manifest, s.traders);
    ready = true;
    log.info({ msg: 'market simulator started', block_ms: blockMs, traders: s.traders.length });
  };

  return async (stats) => {
    if (!ready) await setup();
    const head = await rpc.call<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
    const timestamp = nextBlockTime(Number(BigInt(head.timestamp)), Math.floor(Date.now() / 1000));
    if (timestamp === undefined) return;
    stats.ticks++;
    m.now = timestamp;
    m.q.resetNonces();
    if (stats.ticks % 30 === 1) await topUp(s);
    await tradeRound(m, s.traders, m.rng.int(2, 8));
    if (v3Pools.length > 0 && m.rng.chance(0.5))
      await v3TradeRound(m, v3Pools, s.venueTraders, m.rng.int(1, 2), { everyPool: false });
    if (aeroPools.length > 0 && m.core.aerodrome && m.rng.chance(0.3))
      await aeroTradeRound(m, [m.rng.pick(aeroPools)], s.venueTraders);
    if (v4Contracts && m.rng.chance(0.4)) {
      v4Pools ??= await v4MarketPools(m.chain, v4Contracts, manifest.uniswapV4Tokens).catch(() => null);
      if (v4Pools) await v4TradeRound(m, v4Contracts, v4Pools, s.venueTraders);
    }
    if (m.rng.chance(1 / 150)) await launchToken(s);
    if (m.rng.chance(1 / 300)) await pullLiquidity(s);
    if (m.rng.chance(0.04)) await stakingAction(s);
    if (m.rng.chance(0.03)) await lendingAction(s);
    if (m.q.size > 0) {
      await m.q.flush({ timestamp, toggleAutomine: true });
    } else {
      await rpc.call('evm_mine', [timestamp]);
    }
  };
}
