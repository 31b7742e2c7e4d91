/**
 * The durable work queue on Postgres (pg-boss, ADR 0029) for on-demand work that API processes ask
 * of the worker: per-token backfills on Base. One job per token at a time (a `stately` queue keyed
 * by the token: at most one queued and one running), retries with exponential backoff, and its
 * state (queued / running / failed) readable by any process.
 *
 * - ROLE=api: `queuedBackfill` stands in for the engine's in-process backfill: it enqueues, then
 *   reads progress from the checkpoints (engine/backfill-state.ts) — it never indexes.
 * - the leading worker: `work` runs each job with the in-process backfill (engine/backfill.ts).
 */
import { PgBoss } from 'pg-boss';
import type { Address } from 'viem';
import type { HolderIndexState } from '../../shared/analysis';
import type { Db } from '../db/client';
import type { TokenBackfill } from '../engine/backfill';
import { readBackfillProgress } from '../engine/backfill-state';
import type { Logger } from '../logger';

export const BACKFILL_QUEUE = 'token-backfill';
/** A request for a token already asked for this recently is not sent again (the job is deduplicated anyway). */
const REQUEST_AGAIN_MS = 5_000;
/**
 * Backfill jobs the leader runs at once (one job per token; the queue keeps the rest). They wait
 * on RPC, not CPU, and share the indexer's passes: a burst of new tokens should not queue behind 4.
 */
const BACKFILLS_AT_ONCE = 16;
/** How often a waiting report re-reads the token's progress. */
const POLL_MS = 250;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export type BackfillQueue = {
  /** Asks for the token's backfill (deduplicated per token). */
  request(token: string): Promise<void>;
  /** The newest job's state for the token, if any. */
  state(token: string): Promise<{ state: JobState; retryCount: number } | undefined>;
  /** Leader only: runs the jobs with `run`; jobs left active by a dead leader are failed first (→ retried). */
  work(run: (token: Address) => Promise<void>): Promise<void>;
  stopWork(): Promise<void>;
  stop(): Promise<void>;
};

export async function startBackfillQueue(opts: {
  url: string;
  log: Logger;
  /** Workers supervise (expire, retry, clean up); API processes only send and read. */
  supervise: boolean;
}): Promise<BackfillQueue> {
  const boss = new PgBoss({
    connectionString: opts.url,
    max: 3,
    application_name: 'flab-queue',
    supervise: opts.supervise,
    schedule: false,
    // Concurrent starts of several processes: pg-boss serialises its own migration with a lock.
    migrate: true,
  } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (e: Error) => opts.log.warn({ msg: 'work queue error', err: e.message }));
  await boss.start();
  await boss
    .createQueue(BACKFILL_QUEUE, {
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 120,
      expireInSeconds: 15 * 60,
    })
    .catch((e: Error) => {
      // Another process created it between our check and our insert.
      if (!/exists/i.test(e.message)) throw e;
    });
  const lastAsked = new Map<string, number>();
  let workerId: string | undefined;

  return {
    async request(token) {
      const key = token.toLowerCase();
      const at = lastAsked.get(key);
      if (at !== undefined && Date.now() - at < REQUEST_AGAIN_MS) return;
      lastAsked.set(key, Date.now());
      if (lastAsked.size > 10_000) lastAsked.clear();
      await boss.send(BACKFILL_QUEUE, { token: key }, { singletonKey: key });
    },
    async state(token) {
      const jobs = await boss.findJobs<{ token: string }>(BACKFILL_QUEUE, { key: token.toLowerCase() });
      const last = jobs.at(-1);
      return last ? { state: last.state, retryCount: last.retryCount } : undefined;
    },
    async work(run) {
      // Only the leader works, so a job still active now belonged to a leader that died: fail it,
      // which puts it back in line (retry) instead of waiting out its expiry.
      const stuck = (await boss.findJobs<{ token: string }>(BACKFILL_QUEUE, {})).filter(
        (j) => j.state === 'active',
      );
      if (stuck.length) {
        await boss.fail(
          BACKFILL_QUEUE,
          stuck.map((j) => j.id),
          { reason: 'its worker stopped' },
        );
        opts.log.info({ msg: 'requeued backfills left by the previous leader', jobs: stuck.length });
      }
      workerId = await boss.work<{ token: string }>(
        BACKFILL_QUEUE,
        // Backfills of different tokens run side by side: their index passes share round trips.
        { batchSize: 1, pollingIntervalSeconds: 0.5, localConcurrency: BACKFILLS_AT_ONCE },
        async ([job]) => {
          if (job) await run(job.data.token as Address);
        },
      );
    },
    async stopWork() {
      if (workerId) await boss.offWork(BACKFILL_QUEUE).catch(() => {});
      workerId = undefined;
    },
    async stop() {
      await boss.stop({ graceful: false, close: true }).catch(() => {});
    },
  };
}

/**
 * The engine's backfill for ROLE=api: requests go through the queue, progress is read from the
 * database; `refresh` reads it before the engine asks `complete`/`status` (which stay synchronous).
 */
export function createQueuedBackfill(opts: { db: Db; queue: BackfillQueue; log: Logger }): TokenBackfill {
  const known = new Map<string, { complete: boolean; state: HolderIndexState }>();
  const read = async (token: string, head: bigint) => {
    const key = token.toLowerCase();
    const p = await readBackfillProgress(opts.db, key, head);
    let state = p.state;
    if (!p.complete && state.status === 'indexing') {
      const job = await opts.queue.state(key).catch(() => undefined);
      if (job?.state === 'failed') {
        state = {
          status: 'unavailable',
          reason: 'the token history could not be read (retries exhausted); asking again',
        };
      } else if (job) {
        const named = { created: 'queued', active: 'running', retry: 'retrying' } as const;
        const j = named[job.state as keyof typeof named];
        if (j) state = { ...state, job: j };
      }
    }
    known.set(key, { complete: p.complete, state });
    if (known.size > 10_000) known.clear();
    return p.complete;
  };
  return {
    async refresh(token, head) {
      await read(token, head);
    },
    async ensure(token, o = {}) {
      const head = o.head ?? -1n;
      await opts.queue
        .request(token)
        .catch((e) =>
          opts.log.warn({ msg: 'requesting a backfill failed', token, err: (e as Error).message }),
        );
      const until = Date.now() + (o.waitMs ?? 0);
      for (;;) {
        if (await read(token, head)) return;
        if (Date.now() + POLL_MS > until) return;
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    },
    complete: (token) => known.get(token.toLowerCase())?.complete ?? false,
    status: (token) => known.get(token.toLowerCase())?.state ?? { status: 'indexing', progressPct: null },
  };
}
