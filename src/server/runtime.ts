/**
 * The composition root's services: database, chain (local or Base) and the network description.
 * Built by a factory so tests can run the same start-up over in-memory PGlite and a fresh anvil.
 */
import fs from 'node:fs';
import path from 'node:path';
import { assertChainId, type ChainClients, createChainClients } from './chain/client';
import { describeBaseNetwork, describeLocalNetwork, type NetworkDescription } from './chain/network';
import type { Config } from './config';
import { ensureChainIdentity } from './db/chain-identity';
import { type Database, openDatabase } from './db/client';
import type { SharedResultStore } from './db/shared-results';
import { ensurePlannerStatistics } from './db/statistics';
import { pausedBackfill, recordBackfillStart } from './engine/backfill-state';
import { createRequestLog } from './engine/request-log';
import { createTokenEngine, type TokenEngine } from './engine/token-engine';
import { StartupError } from './errors';
import { hasVerifiedContract } from './facts/verification/verified-store';
import { followedDexContracts } from './indexer/dex-contracts';
import { createIndexer, type Indexer } from './indexer/indexer';
import { startAlertMonitor } from './jobs/alert-monitor';
import { startCallTracker } from './jobs/call-tracker';
import { startDeployerResolver } from './jobs/deployer-resolver';
import { startFollowPruner } from './jobs/follow-pruner';
import { startSignInSweeper } from './jobs/sign-in-sweeper';
import { startWebhookDelivery, type WebhookDeliveryJob } from './jobs/webhook-delivery';
import { type LocalChain, startLocalChain } from './localchain';
import { verifyScenarioSources } from './localchain/verify-scenario';
import type { Logger } from './logger';
import type { StartProgress } from './start-progress';

export type Runtime = {
  database: Database;
  chain: ChainClients;
  network: NetworkDescription;
  localChain: LocalChain | undefined;
  indexer: Indexer | undefined;
  engine: TokenEngine;
  /** ROLE=api: refreshed results (yield, pump, portfolio) shared with the other replicas. */
  sharedResults?: SharedResultStore | undefined;
  /** Sends queued webhook deliveries (table-backed queue); `wake` after queueing one. */
  webhooks: WebhookDeliveryJob;
  /**
   * Work deferred until the server listens (verifying the scenario's sources with solc in a worker
   * when `deferVerification` was asked for); a no-op otherwise.
   */
  afterListen(): void;
  stop(): Promise<void>;
};

/** DATA_DIR must exist and be writable before anything else writes into it. */
export function ensureWritableDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, 'ok');
    fs.rmSync(probe);
  } catch (cause) {
    throw new StartupError(
      `DATA_DIR ${dir} is not writable (${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}).`,
      cause,
    );
  }
}

type RuntimeOptions = {
  memoryDb?: boolean;
  ephemeralChain?: boolean;
  now?: number;
  /** Start-up progress lines (npm start); silent when omitted. */
  progress?: StartProgress;
  /** Verify the scenario's sources after the server listens (afterListen) instead of before. */
  deferVerification?: boolean;
};

/** Anything the runtime stops on the way out. */
type Stoppable = { stop(): Promise<unknown> };

/** Stops `parts` one after another, in the order given. */
async function stopInOrder(parts: Stoppable[]): Promise<void> {
  for (const p of parts) await p.stop();
}

/**
 * The jobs both chain modes run over the engine: the call tracker, webhook delivery, the sign-in
 * sweeper and the alert monitor (which wakes the webhook delivery). `stoppable` lists them in the
 * order they stop: the monitor first, so nothing queues deliveries behind a stopped sender.
 */
function startEngineJobs(
  db: Database['db'],
  engine: TokenEngine,
  log: Logger,
  mode: 'base' | 'local',
): { webhooks: WebhookDeliveryJob; stoppable: Stoppable[] } {
  const callTracker = startCallTracker({ db, engine, log });
  const webhooks = startWebhookDelivery({ db, log, mode });
  const signInSweeper = startSignInSweeper({ db, log });
  const alertMonitor = startAlertMonitor({ db, engine, log, onDeliveriesQueued: webhooks.wake });
  return { webhooks, stoppable: [alertMonitor, webhooks, signInSweeper, callTracker] };
}

/** The local chain's start (anvil, its saved state or the scenario build), one phase line each. */
function startLocalChainFor(
  config: Config,
  log: Logger,
  opts: RuntimeOptions,
  startedAt: number,
): Promise<LocalChain> | undefined {
  if (config.baseRpcUrl) return undefined;
  const { progress } = opts;
  let chainPhaseFrom = startedAt;
  const started = startLocalChain({
    dataDir: opts.ephemeralChain ? undefined : config.dataDir,
    variant: config.scenario,
    seed: config.scenarioSeed,
    simulator: { enabled: config.simulator, blockMs: config.simulatorBlockMs },
    anvilPath: config.anvilPath,
    rpcTimeoutMs: config.rpcTimeoutMs,
    log,
    now: opts.now,
    onPhase: progress
      ? (name, detail) => {
          progress.phase(name, detail, chainPhaseFrom);
          chainPhaseFrom = performance.now();
        }
      : undefined,
  });
  // Awaited later; a failure that comes first must not count as unhandled meanwhile.
  started.catch(() => {});
  return started;
}

/** The database the config names: Postgres, PGlite under DATA_DIR, or in memory (tests). */
async function openDatabaseFor(
  config: Config,
  log: Logger,
  opts: RuntimeOptions,
  localChainStart: Promise<LocalChain> | undefined,
): Promise<Database> {
  const onSlowQuery = (query: string, ms: number) =>
    log.debug({ msg: 'slow query', duration_ms: Math.round(ms), sql: query.slice(0, 300) });
  try {
    return await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl }
        : opts.memoryDb
          ? { kind: 'memory', onSlowQuery }
          : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db'), onSlowQuery },
    );
  } catch (e) {
    // Report the database's failure now, not after the scenario build; anvil is stopped when the
    // chain start settles (and dies with this process anyway).
    void localChainStart?.then((c) => c.stop()).catch(() => {});
    throw e;
  }
}

/** Base mode: the Base RPC, one follower stream for every analysed token, the engine and jobs. */
async function startBaseRuntime(
  config: Config,
  log: Logger,
  database: Database,
  progress: StartProgress | undefined,
): Promise<Runtime> {
  const baseRpcUrl = config.baseRpcUrl as string;
  const chain = createChainClients({ rpcUrl: baseRpcUrl, mode: 'base', timeoutMs: config.rpcTimeoutMs });
  const head = await assertChainId(chain);
  log.info({ msg: 'connected to Base', head_block: head.toString() });
  progress?.phase('chain', `Base RPC, head ${head}`);
  const network = describeBaseNetwork(config.flabTokenAddress);
  const genesis = await chain.public.getBlock({ blockNumber: 0n });
  await ensureChainIdentity(database.db, { chainId: network.chainId, genesisHash: genesis.hash });
  // No stream yet: each analysed token adds its own (per-token backfill, engine/backfill.ts).
  const indexer = createIndexer({
    db: database.db,
    chain,
    log: log.child({ component: 'indexer' }),
    streams: [],
    // One stream follows every analysed token; each new token backfills, then joins it.
    follower: 'base:follow',
    followIntervalMs: 2_000,
    // New pools of followed tokens, and the V3 position ids their pools' mints belong to.
    dex: followedDexContracts(network),
  });
  indexer.start();
  const db = database.db;
  const engine = createTokenEngine({
    db,
    chain,
    network,
    indexer,
    log,
    blockscoutUrl: config.blockscoutApiUrl,
    budgetMs: config.reportBudgetMs,
    // Where each backfill starts and when each token was last asked for: idle tokens leave
    // the follower and catch up from their pause when asked again (jobs/follow-pruner.ts).
    onBackfillTracked: (token, from) => recordBackfillStart(db, token, from),
    onRequested: createRequestLog({ db, log, idleMs: config.followIdleMs }).touch,
    pausedBackfill: (token) => pausedBackfill(db, token),
  });
  const followPruner = startFollowPruner({ db, indexer, idleMs: config.followIdleMs, log });
  const jobs = startEngineJobs(db, engine, log, 'base');
  return {
    database,
    chain,
    network,
    localChain: undefined,
    indexer,
    engine,
    webhooks: jobs.webhooks,
    afterListen: () => {},
    stop: () => stopInOrder([followPruner, ...jobs.stoppable, indexer, { stop: () => database.close() }]),
  };
}

/**
 * The scenario verifies its honest tokens through the registry once: while the index catches up,
 * or (npm start) after the server listens, so the first page does not wait for solc. Facts
 * gathered before the sources were verified say "unverified": the engine (once there) forgets them.
 */
function scenarioVerifier(
  database: Database,
  localChain: LocalChain,
  log: Logger,
  engine: () => TokenEngine | undefined,
): () => Promise<void> {
  const manifest = localChain.manifest;
  return () =>
    verifyScenarioSources({ db: database.db, chain: localChain.clients, manifest, log })
      .then((r) => {
        for (const sym of r.verified) {
          const token = manifest.tokens[sym];
          if (token) engine()?.invalidate(token as `0x${string}`);
        }
      })
      .catch((e) => log.warn({ msg: 'verifying the scenario sources failed', err: (e as Error).message }));
}

/** The local chain: every contract indexed from genesis (caught up before serving), engine, jobs. */
async function startLocalRuntime(
  config: Config,
  log: Logger,
  database: Database,
  localChain: LocalChain,
  opts: RuntimeOptions,
): Promise<Runtime> {
  const { progress } = opts;
  const db = database.db;
  const chainClients = localChain.clients;
  const network = describeLocalNetwork(localChain.manifest, chainClients.rpcUrl);
  const genesis = await chainClients.public.getBlock({ blockNumber: 0n });
  if (await ensureChainIdentity(db, { chainId: network.chainId, genesisHash: genesis.hash })) {
    log.warn({
      msg: 'the local chain was rebuilt; the index was emptied and will be rebuilt from the new chain',
    });
  }
  // The local chain is ours: index every contract from genesis, then follow the head.
  const indexer = createIndexer({
    db,
    chain: chainClients,
    log: log.child({ component: 'indexer' }),
    streams: [{ id: 'local:all', addresses: null, fromBlock: 0n }],
  });
  const flab = localChain.manifest.tokens.FLAB;
  const needsVerifying = !!flab && !(await hasVerifiedContract(db, flab));
  let engine: TokenEngine | undefined;
  const verify = scenarioVerifier(database, localChain, log, () => engine);
  await Promise.all([
    indexer.syncOnce(),
    needsVerifying && !opts.deferVerification ? verify() : undefined,
    // A chain built in this start is not served before it is on disk (see LocalChain.saved).
    localChain.saved,
  ]);
  const head = await chainClients.public.getBlockNumber().catch(() => undefined);
  progress?.phase('index', `caught up to block ${head ?? '?'}`);
  const analysed = await ensurePlannerStatistics(database);
  if (analysed.length) progress?.phase('stats', `planner statistics for ${analysed.length} tables`);
  indexer.start();
  const resolver = startDeployerResolver({ db, client: chainClients.public, log });
  engine = createTokenEngine({
    db,
    chain: chainClients,
    network,
    indexer,
    log,
    budgetMs: config.reportBudgetMs,
  });
  const jobs = startEngineJobs(db, engine, log, 'local');
  return {
    database,
    chain: chainClients,
    network,
    localChain,
    indexer,
    engine,
    webhooks: jobs.webhooks,
    afterListen: () => {
      if (needsVerifying && opts.deferVerification) void verify();
    },
    stop: () =>
      stopInOrder([...jobs.stoppable, resolver, indexer, localChain, { stop: () => database.close() }]),
  };
}

export async function startRuntime(config: Config, log: Logger, opts: RuntimeOptions = {}): Promise<Runtime> {
  if (!opts.memoryDb || !opts.ephemeralChain) ensureWritableDir(config.dataDir);
  const startedAt = performance.now();
  // The local chain (anvil, its saved state or the scenario build) does not need the database:
  // both start side by side, and each phase line gives its own duration.
  const localChainStart = startLocalChainFor(config, log, opts, startedAt);
  const database = await openDatabaseFor(config, log, opts, localChainStart);
  log.info({ msg: 'database ready', kind: database.kind });
  opts.progress?.phase('db', database.kind, startedAt);

  let localChain: LocalChain | undefined;
  try {
    if (config.baseRpcUrl) return await startBaseRuntime(config, log, database, opts.progress);
    localChain = await (localChainStart as Promise<LocalChain>);
    return await startLocalRuntime(config, log, database, localChain, opts);
  } catch (e) {
    // Never leave an anvil child behind when start-up fails after the chain started.
    await localChain?.stop().catch(() => {});
    await database.close().catch(() => {});
    throw e;
  }
}
