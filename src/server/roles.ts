/**
 * ROLE=api and ROLE=worker (ADR 0030): several processes on one Postgres and one chain endpoint.
 * - api: serves HTTP only. Never indexes and never runs jobs: a token's backfill is asked of the
 *   worker through the work queue (pg-boss, ADR 0029) and its progress read from the checkpoints;
 *   answers are shared with the other replicas through Postgres (engine/shared-answers.ts).
 * - worker: waits to lead (a Postgres advisory lock, db/leader-lock.ts); the leader indexes, runs
 *   the queued backfills, the alert monitor, the call tracker and webhook delivery. Standbys only
 *   try the lock; losing it ends the process (`onLeadershipLost`), to be restarted as a standby.
 * ROLE=all (runtime.ts) is unchanged: one process, everything, PGlite and the local chain by default.
 */

import { assertChainId, type ChainClients, createChainClients } from './chain/client';
import { describeBaseNetwork, type NetworkDescription } from './chain/network';
import type { Config } from './config';
import { ensureChainIdentity } from './db/chain-identity';
import { type Database, openDatabase } from './db/client';
import { createLeaderElection } from './db/leader-lock';
import { appMeta } from './db/schema';
import { createSharedResultStore } from './db/shared-results';
import { createTokenBackfill } from './engine/backfill';
import {
  FOLLOWER_STREAM,
  pausedBackfill,
  recordBackfillStart,
  unfinishedBackfills,
} from './engine/backfill-state';
import { createRequestLog } from './engine/request-log';
import { announceIndexed, createSharedAnswers } from './engine/shared-answers';
import { createTokenEngine, FACTS_TTL_MS, type TokenEngine } from './engine/token-engine';
import { followedDexContracts } from './indexer/dex-contracts';
import { createIndexer, type Indexer } from './indexer/indexer';
import { startAlertMonitor } from './jobs/alert-monitor';
import { createQueuedBackfill, startBackfillQueue } from './jobs/backfill-queue';
import { startCallTracker } from './jobs/call-tracker';
import { startFollowPruner } from './jobs/follow-pruner';
import { startSignInSweeper } from './jobs/sign-in-sweeper';
import { startWebhookDelivery } from './jobs/webhook-delivery';
import type { Logger } from './logger';
import type { Runtime } from './runtime';

/** The backfill job waits this long for a token's history before the job counts as failed (retried). */
const BACKFILL_JOB_MS = 10 * 60_000;

async function openShared(config: Config, log: Logger) {
  const url = config.databaseUrl as string;
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    const chain = createChainClients({
      rpcUrl: config.baseRpcUrl as string,
      mode: 'base',
      timeoutMs: config.rpcTimeoutMs,
    });
    const head = await assertChainId(chain);
    log.info({ msg: 'connected to Base', head_block: head.toString(), role: config.role });
    const network = describeBaseNetwork(config.flabTokenAddress);
    return { url, database, chain, network };
  } catch (e) {
    await database.close().catch(() => {});
    throw e;
  }
}

/** ROLE=api: the HTTP side's services. `indexer` is undefined: this process never indexes. */
export async function startApiRuntime(config: Config, log: Logger): Promise<Runtime> {
  const { url, database, chain, network } = await openShared(config, log);
  const queue = await startBackfillQueue({ url, log, supervise: false }).catch(async (e) => {
    await database.close().catch(() => {});
    throw e;
  });
  let engine: TokenEngine | undefined;
  const shared = createSharedAnswers({
    db: database.db,
    url,
    ttlMs: FACTS_TTL_MS,
    log,
    onTokenIndexed: (token) => engine?.invalidate(token as `0x${string}`),
  });
  engine = createTokenEngine({
    db: database.db,
    chain,
    network,
    indexer: undefined,
    log,
    blockscoutUrl: config.blockscoutApiUrl,
    budgetMs: config.reportBudgetMs,
    backfill: createQueuedBackfill({ db: database.db, queue, log }),
    shared,
    // Keeps the tokens people read followed (the leading worker drops idle ones).
    onRequested: createRequestLog({ db: database.db, log, idleMs: config.followIdleMs }).touch,
  });
  const sharedResults = createSharedResultStore({ db: database.db, url });
  return {
    database,
    chain,
    network,
    localChain: undefined,
    indexer: undefined,
    engine,
    sharedResults,
    // Deliveries queued here are sent by the leading worker's poller (within a second).
    webhooks: {
      wake: () => {},
      runOnce: async () => ({ sent: 0, delivered: 0, failed: 0, retrying: 0 }),
      stop: async () => {},
    },
    afterListen: () => {},
    stop: async () => {
      await sharedResults.close();
      await shared.close();
      await queue.stop();
      await database.close();
    },
  };
}

export type WorkerRuntime = {
  database: Database;
  chain: ChainClients;
  network: NetworkDescription;
  /** Resolves once this process leads (and has started indexing and the jobs). */
  leading: Promise<void>;
  isLeader(): boolean;
  indexer(): Indexer | undefined;
  stop(): Promise<void>;
};

/** ROLE=worker: stand by until leading, then index and run the jobs. */
export async function startWorkerRuntime(
  config: Config,
  log: Logger,
  opts: { onLeadershipLost: (reason: string) => void },
): Promise<WorkerRuntime> {
  const { url, database, chain, network } = await openShared(config, log);
  const db = database.db;
  const stops: (() => Promise<void>)[] = [];
  let indexer: Indexer | undefined;
  const election = createLeaderElection({
    url,
    workerId: config.workerId,
    checkMs: config.leaderCheckMs,
    onLost: (reason) => {
      log.error({ msg: 'lost the worker leadership; stopping', reason });
      opts.onLeadershipLost(reason);
    },
    onRetry: (err) => log.warn({ msg: 'leader lock attempt failed', err }),
  });
  log.info({ msg: 'worker standing by for leadership', worker: config.workerId });

  const lead = async () => {
    await election.acquire();
    log.info({ msg: 'this worker leads: indexing and running jobs', worker: config.workerId });
    await db
      .insert(appMeta)
      .values({ key: 'worker_leader', value: { workerId: config.workerId, since: new Date().toISOString() } })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: { workerId: config.workerId, since: new Date().toISOString() }, updatedAt: new Date() },
      });
    const genesis = await chain.public.getBlock({ blockNumber: 0n });
    await ensureChainIdentity(db, { chainId: network.chainId, genesisHash: genesis.hash });
    const ix = createIndexer({
      db,
      chain,
      log: log.child({ component: 'indexer' }),
      streams: [],
      follower: FOLLOWER_STREAM,
      followIntervalMs: 2_000,
      dex: followedDexContracts(network),
      onTokensChanged: (tokens) => announceIndexed(db, tokens),
      writer: config.workerId,
    });
    indexer = ix;
    // Backfills the previous leader had not finished go on from their checkpoints.
    const resumed = await unfinishedBackfills(db);
    for (const s of resumed) ix.addStream({ ...s, poolsFrom: s.resumeAt });
    if (resumed.length)
      log.info({ msg: 'resuming backfills of the previous leader', tokens: resumed.length });
    ix.start();
    stops.push(() => ix.stop());
    const onTracked = (token: string, from: bigint) => recordBackfillStart(db, token, from);
    const backfill = createTokenBackfill({
      client: chain.public,
      network,
      indexer: ix,
      log,
      onTracked,
      waitMs: BACKFILL_JOB_MS,
      paused: (token) => pausedBackfill(db, token),
    });
    const engine = createTokenEngine({
      db,
      chain,
      network,
      indexer: ix,
      log,
      blockscoutUrl: config.blockscoutApiUrl,
      budgetMs: config.reportBudgetMs,
      backfill,
      // The alert monitor's reads keep watched tokens followed.
      onRequested: createRequestLog({ db, log, idleMs: config.followIdleMs }).touch,
    });
    const queue = await startBackfillQueue({ url, log, supervise: true });
    stops.push(() => queue.stop());
    await queue.work(async (token) => {
      const head = await chain.public.getBlockNumber({ cacheTime: 0 });
      await backfill.ensure(token, { head, waitMs: BACKFILL_JOB_MS });
      const s = backfill.status(token, head);
      // A history the provider cannot serve is final; anything else short of complete is retried.
      if (s.status !== 'complete' && s.status !== 'unavailable') {
        throw new Error(`the backfill of ${token} did not reach block ${head}`);
      }
    });
    const callTracker = startCallTracker({ db, engine, log });
    const webhooks = startWebhookDelivery({ db, log, mode: 'base' });
    const alertMonitor = startAlertMonitor({ db, engine, log, onDeliveriesQueued: webhooks.wake });
    // Sessions and nonces live in the shared database: one sweeper (the leader's) serves every API.
    const signInSweeper = startSignInSweeper({ db, log });
    const followPruner = startFollowPruner({ db, indexer: ix, idleMs: config.followIdleMs, log });
    stops.push(
      () => followPruner.stop(),
      () => callTracker.stop(),
      () => webhooks.stop(),
      () => alertMonitor.stop(),
      () => signInSweeper.stop(),
    );
  };
  const leading = lead();
  leading.catch((e) => {
    if (!/stopped/.test((e as Error).message)) {
      log.error({ msg: 'starting as leader failed', err: (e as Error).message });
      opts.onLeadershipLost((e as Error).message);
    }
  });

  return {
    database,
    chain,
    network,
    leading,
    isLeader: () => election.isLeader(),
    indexer: () => indexer,
    async stop() {
      for (const s of stops.reverse()) await s().catch(() => {});
      await election.stop();
      await database.close();
    },
  };
}
