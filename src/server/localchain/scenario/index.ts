/**
 * Builds the local market scenario on a fresh anvil chain: weeks of seeded, deterministic history
 * (DEX, USDC, FLAB, blue-chip look-alikes, one token per risk, hundreds of wallets trading, staking,
 * lending, launches, rugs) ending at "now", and returns the manifest of what it deployed.
 *
 * How history is compressed: we set the chain clock back to the start of the history (evm_setTime),
 * then mine each block with an explicit timestamp and automine off, many transactions per block
 * (see txqueue.ts). At the end the clock is set to the real time again, so the next block (the
 * simulator's) is not older than the wall clock.
 *
 * Deterministic by construction (ADR 0010): the same seed and the same `now` give the same chain,
 * block hashes included, on any machine at any load; and a different `now` gives the same history
 * shifted in time. Nothing depends on the wall clock or on timing: every block's timestamp is
 * planned (the core contracts' blocks too), the day/night rhythm follows the time since the start
 * of the history rather than the time of day, blocks hold their transactions in queue order, and
 * every scripted spend is sized from what the wallet holds or tops it up first. TxQueue's safety
 * net funds a sender the plan forgot (instead of failing the build) and reports it, and the tests
 * insist it is never needed.
 */
import { type Address, getAddress } from 'viem';
import type { ScenarioManifest, ScenarioRiskKind, ScenarioVariant } from '../../../shared/scenario';
import type { LocalChainClients } from '../../chain/client';
import type { Logger } from '../../logger';
import { deployAerodrome } from '../aerodrome-deploy';
import { UniswapV2Factory } from '../artifacts/generated';
import { deployCore } from '../deploy';
import { createRng } from '../simulator/random';
import {
  launchLending,
  scheduleBigTraders,
  scheduleDemoWallet,
  scheduleLaunches,
  scheduleLiquidityProviders,
  scheduleMarketMaker,
} from './activity';
import { scheduleAerodrome } from './aerodrome';
import { DAY, HOUR, scenarioTimes, VARIANTS } from './config';
import { type ManifestParts, type ScenarioContext, Timeline } from './context';
import { launchFlab, launchStaking, WHALE_THRESHOLD_BPS } from './flab';
import { type CoreContracts, eth, pairFor, pairInitCodeHash, readBalances, readMany } from './market';
import { scheduleRiskTokens } from './risks';
import { fund, launchLookalikes, launchUsdc } from './tokens';
import { tradeRound } from './trading';
import { JsonRpc, TxQueue } from './txqueue';
import { scheduleUniswapV3 } from './uniswap-v3';
import { buildUniswapV4Launches, scheduleUniswapV4Trading, scheduleUniswapV4UsdLaunch } from './uniswap-v4';
import { planWallets } from './wallets';

export type BuildScenarioOptions = {
  chain: LocalChainClients;
  variant: ScenarioVariant;
  seed: number;
  log: Logger;
  /** End of the history (unix seconds); defaults to the wall clock. Pass it for deterministic tests. */
  now?: number;
  /** Called once with the build's figures (tests and `npm run check:scenario` check them). */
  onBuilt?: (stats: ScenarioBuildStats) => void;
};

export type ScenarioBuildStats = {
  transactions: number;
  /** Senders TxQueue's safety net had to fund: gaps in the plan (0 for a sound scenario). */
  unplannedTopUps: { from: Address; shortfall: bigint; labels: string[] }[];
  coreMs: number;
  historyMs: number;
  durationMs: number;
};

const RISK_KINDS: ScenarioRiskKind[] = [
  'honeypot',
  'highTax',
  'mint',
  'blacklist',
  'pausable',
  'maxTx',
  'proxy',
  'rugged',
  'freshWallets',
  'serialRugger',
];

const lower = (a: string) => a.toLowerCase() as Address;

export async function buildScenario(opts: BuildScenarioOptions): Promise<ScenarioManifest> {
  const { chain, variant, seed, log } = opts;
  const startedMs = Date.now();
  const now = Math.floor(opts.now ?? Date.now() / 1000);
  const cfg = VARIANTS[variant];
  const times = scenarioTimes(now, cfg);
  const rng = createRng(`scenario/${seed}/${variant}`);
  const wallets = planWallets(seed, cfg, times, rng);
  const rpc = new JsonRpc(chain.rpcUrl);
  const q = new TxQueue(rpc);

  const head = await chain.public.getBlockNumber();
  if (head > 1n) throw new Error(`the scenario needs a fresh chain, but this one is at block ${head}`);

  // Rewind the chain clock to the start of the history; the DEX is deployed at that time.
  await rpc.call('evm_setTime', [times.start]);
  // The core is deployed with automine (viem, one block per transaction): one second per block,
  // instead of anvil's clock, keeps those blocks' timestamps independent of this machine's speed.
  await rpc.call('anvil_setBlockTimestampInterval', [1]);
  const timeline = new Timeline();
  const recurring: { name: string; run: () => Promise<void> | void }[] = [];
  const out: ManifestParts = { tokens: {}, pairs: {}, risks: {}, riskDetails: {}, launches: [] };
  const partial: Omit<ScenarioContext, 'core' | 'now' | 'pairInitCodeHash'> = {
    chain,
    q,
    rng: rng.fork('trading'),
    log,
    tokens: new Map(),
    holdings: new Map(),
    approved: new Set(),
    seed,
    cfg,
    times,
    wallets,
    routineTraders: [...wallets.traders, ...wallets.fresh],
    out,
    // Nothing happens after the end of the history: a block there would be in the future.
    schedule: (at, name, run) => timeline.schedule(Math.min(at, times.end), name, run),
    everyTradingBlock: (name, run) => {
      recurring.push({ name, run });
    },
  };
  await fund(partial as ScenarioContext, [
    [wallets.infra, eth(20_000)],
    [wallets.marketMaker, eth(20_000)],
    ...[...wallets.traders, ...wallets.fresh].map((t) => [t.address, t.eth] as const),
  ]);
  const deployed = await deployCore(chain, { deployer: wallets.infra, log });
  const aerodrome = await deployAerodrome(chain, { deployer: wallets.infra, weth: deployed.weth });
  // Uniswap V4 and its launches (ADR 0026), in the past like the core: their own deployers and
  // CREATE2 salts, so no other scenario address moves.
  const v4 = await buildUniswapV4Launches(chain, { ...deployed }, wallets);
  if (v4) out.uniswapV4 = v4;
  await rpc.call('anvil_removeBlockTimestampInterval', []);
  const coreMs = Date.now() - startedMs;
  const core: CoreContracts = {
    weth: lower(deployed.weth),
    factory: lower(deployed.factory),
    router: lower(deployed.router),
    multicall3: lower(deployed.multicall3),
    locker: lower(deployed.locker),
    uniswapV3: deployed.uniswapV3,
    aerodrome,
  };
  await chain.test.setAutomine(false);
  const afterCore = await chain.public.getBlock();
  let lastTs = Number(afterCore.timestamp);
  const ctx: ScenarioContext = { ...partial, core, pairInitCodeHash: pairInitCodeHash(), now: lastTs + 1 };

  const historyStartedMs = Date.now();
  try {
    scheduleHistory(ctx);
    lastTs = await runTimeline(ctx, timeline, recurring, lastTs);
  } finally {
    await chain.test.setAutomine(true);
  }
  const historyMs = Date.now() - historyStartedMs;
  // Blocks mined from here on (the simulator's, the app's) carry the real time.
  await rpc.call('evm_setTime', [Math.max(Math.floor(Date.now() / 1000), lastTs + 1)]);

  const manifest = await assembleManifest(ctx, now, variant);
  if (q.topUps.length > 0) {
    // The build still succeeds (a newcomer's start must not fail), but the plan has a gap.
    log.warn({
      msg: 'scenario plan left wallets short of ETH; topped up',
      wallets: q.topUps.map((t) => ({ from: t.from, shortfall_wei: t.shortfall.toString(), txs: t.labels })),
    });
  }
  opts.onBuilt?.({
    transactions: q.sent,
    unplannedTopUps: [...q.topUps],
    coreMs,
    historyMs,
    durationMs: Date.now() - startedMs,
  });
  log.info({
    msg: 'scenario built',
    variant,
    seed,
    blocks: manifest.builtAtBlock,
    transactions: q.sent,
    unplanned_top_ups: q.topUps.length,
    core_ms: coreMs,
    history_ms: historyMs,
    duration_ms: Date.now() - startedMs,
  });
  return manifest;
}

function scheduleHistory(ctx: ScenarioContext): void {
  const t = ctx.times;
  ctx.schedule(t.coreAt + 10 * 60, 'USDC and the WETH/USDC pool', async () => {
    const usdc = await launchUsdc(ctx);
    scheduleMarketMaker(ctx, usdc);
    // The USDC-paired V4 launch and the V4 ETH/USDC pool its buyers hop through (ADR 0026).
    scheduleUniswapV4UsdLaunch(ctx, usdc);
    ctx.schedule(t.lendingAt, 'lending pool', () => launchLending(ctx, usdc).then(() => undefined));
    // The router finds pairs by CREATE2 with a hard-coded init-code hash: check ours agrees.
    ctx.schedule(ctx.now + 60, 'check pair address', async () => {
      const [onChain] = await readMany(ctx, [
        {
          address: ctx.core.factory,
          abi: UniswapV2Factory.abi,
          functionName: 'getPair',
          args: [ctx.core.weth, usdc.address],
        },
      ]);
      if (lower(onChain as string) !== pairFor(ctx, ctx.core.weth, usdc.address)) {
        throw new Error(`pair address mismatch: factory says ${onChain}, CREATE2 says ${usdc.pair}`);
      }
    });
  });
  ctx.schedule(t.lookalikesAt, 'blue-chip look-alikes', () => launchLookalikes(ctx));
  ctx.schedule(t.flabAt, 'FLAB', async () => {
    const flab = await launchFlab(ctx);
    ctx.schedule(t.stakingAt, 'staking pool', () => launchStaking(ctx, flab).then(() => undefined));
  });
  scheduleRiskTokens(ctx);
  scheduleLiquidityProviders(ctx);
  scheduleBigTraders(ctx);
  scheduleDemoWallet(ctx);
  scheduleLaunches(ctx);
  scheduleUniswapV3(ctx);
  scheduleAerodrome(ctx);
  scheduleUniswapV4Trading(ctx);
}

/** History blocks mined between two bulk receipt checks (TxQueue.verify). */
const VERIFY_EVERY = 200;

/** Regular trading blocks, a little jittered so block times do not look machine-made. */
function tradingGrid(ctx: ScenarioContext): number[] {
  const r = ctx.rng.fork('grid');
  const step = DAY / ctx.cfg.slotsPerDay;
  const grid: number[] = [];
  for (let t = ctx.times.start + 2 * HOUR; t < ctx.times.end; t += step) {
    grid.push(Math.floor(t + r.range(-0.3, 0.3) * step));
  }
  // The last block lands minutes before "now", so the chain looks alive up to the present.
  return [...grid.filter((t) => t < ctx.times.end), ctx.times.end];
}

async function runTimeline(
  ctx: ScenarioContext,
  timeline: Timeline,
  recurring: readonly { name: string; run: () => Promise<void> | void }[],
  startTs: number,
): Promise<number> {
  const grid = tradingGrid(ctx);
  const r = ctx.rng.fork('volume');
  // The day/night rhythm's phase comes from the seed, not from the time of day the build runs at:
  // otherwise each `now` would draw a different history (and some of them once failed).
  const phase = ctx.rng.fork('diurnal').next();
  const { start, end } = ctx.times;
  let lastTs = startTs;
  let gi = 0;
  let nextLogWeek = start + 7 * DAY;
  while (gi < grid.length || timeline.pending > 0) {
    const tGrid = grid[gi] ?? Number.POSITIVE_INFINITY;
    const t = Math.max(Math.min(tGrid, timeline.nextAt()), lastTs + 1);
    ctx.now = t;
    const step = async (ev: { name: string; run: () => Promise<void> | void }) => {
      try {
        await ev.run();
      } catch (e) {
        // A transaction that reverted in a block not yet checked is the likelier root cause.
        await ctx.q.verify();
        throw new Error(`scenario step "${ev.name}" failed: ${(e as Error).message}`, { cause: e });
      }
    };
    for (const ev of timeline.takeDue(t)) await step(ev);
    if (tGrid <= t) {
      gi++;
      // Busier towards the present, with a day/night rhythm.
      const progress = (t - start) / (end - start);
      const diurnal = 1 + 0.3 * Math.sin(((t - start) / DAY + phase) * 2 * Math.PI);
      const count = Math.round(
        ctx.cfg.tradesPerSlot * (0.45 + 0.55 * progress) * diurnal * r.range(0.6, 1.4),
      );
      await tradeRound(ctx, ctx.routineTraders, count);
      for (const ev of recurring) await step(ev);
    }
    // Receipts are checked in bulk every VERIFY_EVERY blocks, not one round trip per block.
    const blocks = await ctx.q.flush({ timestamp: t, verify: 'later' });
    if (ctx.q.unverifiedBlocks >= VERIFY_EVERY) await ctx.q.verify();
    const last = blocks[blocks.length - 1];
    if (last) lastTs = last.timestamp;
    if (t >= nextLogWeek) {
      nextLogWeek += 7 * DAY;
      ctx.log.debug({
        msg: 'scenario progress',
        day: Math.floor((t - start) / DAY),
        transactions: ctx.q.sent,
      });
    }
  }
  await ctx.q.verify();
  return lastTs;
}

async function assembleManifest(
  ctx: ScenarioContext,
  now: number,
  variant: ScenarioVariant,
): Promise<ScenarioManifest> {
  const { out, wallets, core } = ctx;
  const missingRisks = RISK_KINDS.filter((k) => !out.risks[k]);
  const details = out.riskDetails;
  if (
    missingRisks.length > 0 ||
    !out.flab ||
    !out.staking ||
    !out.lending ||
    !out.usd ||
    !details.highTax ||
    !details.mint ||
    !details.blacklist ||
    !details.pausable ||
    !details.maxTx ||
    !details.proxy ||
    !details.rugged ||
    !details.freshWallets ||
    !details.serialRugger
  ) {
    throw new Error(`scenario incomplete (missing: ${missingRisks.join(', ') || 'details'})`);
  }
  const flab = ctx.tokens.get('FLAB');
  if (!flab) throw new Error('scenario incomplete: FLAB');
  const whaleBalances = await readBalances(
    ctx,
    wallets.flabWhales.map((w) => [flab.address, w] as const),
  );
  const whaleSharesBps = whaleBalances.map((b) => Number((b * 10_000n) / flab.supply));
  const headBlock = await ctx.chain.public.getBlockNumber({ cacheTime: 0 });
  const risks = Object.fromEntries(RISK_KINDS.map((k) => [k, out.risks[k] as Address])) as Record<
    ScenarioRiskKind,
    Address
  >;
  // Checksummed input is accepted elsewhere; the manifest stays lowercase for easy comparison.
  const tokens = Object.fromEntries(Object.entries(out.tokens).map(([s, a]) => [s, lower(getAddress(a))]));
  return {
    version: 1,
    seed: ctx.seed,
    variant,
    builtAtBlock: headBlock.toString(),
    builtAt: now,
    historyStart: ctx.times.start,
    contracts: {
      weth: core.weth,
      factory: core.factory,
      router: core.router,
      multicall3: core.multicall3,
      locker: core.locker,
      staking: out.staking,
      lending: out.lending,
      usd: out.usd,
      uniswapV3: core.uniswapV3,
      ...(out.uniswapV4 ? { uniswapV4: out.uniswapV4.contracts } : {}),
      aerodrome: core.aerodrome
        ? {
            poolFactory: core.aerodrome.poolFactory,
            router: core.aerodrome.router,
            voter: core.aerodrome.voter,
            factoryRegistry: core.aerodrome.factoryRegistry,
            slipstream: core.aerodrome.slipstream,
          }
        : undefined,
    },
    tokens,
    risks,
    pairs: { ...out.pairs },
    riskDetails: {
      highTax: details.highTax,
      mint: details.mint,
      blacklist: details.blacklist,
      pausable: details.pausable,
      maxTx: details.maxTx,
      proxy: details.proxy,
      rugged: details.rugged,
      freshWallets: details.freshWallets,
      serialRugger: details.serialRugger,
    },
    uniswapV3: out.uniswapV3,
    ...(out.uniswapV4 ? { uniswapV4Tokens: { ...out.uniswapV4.tokens } } : {}),
    aerodrome: out.aerodrome,
    launches: [...out.launches].sort((a, b) => a.launchedAt - b.launchedAt),
    wallets: {
      deployer: wallets.deployer,
      flabWhales: [...wallets.flabWhales],
      demo: wallets.demo,
      serialRuggerDeployer: wallets.serialRugger,
      noFlab: wallets.noFlab,
      traders: [...wallets.traders, ...wallets.fresh].map((t) => t.address),
    },
    flab: { ...out.flab, whaleThresholdBps: WHALE_THRESHOLD_BPS, whaleSharesBps },
  };
}
