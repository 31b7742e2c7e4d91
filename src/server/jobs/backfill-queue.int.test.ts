/**
 * ROLE=api's backfill: requests go to the queue, progress is read from the checkpoints the leading
 * worker writes, and the job's state is said while the history loads (here over PGlite in memory
 * and a stand-in queue; the real queue and worker run in tests/integration/scale-out.int.test.ts).
 */
import pino from 'pino';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { indexCheckpoints } from '../db/schema';
import {
  FOLLOWER_STREAM,
  recordBackfillStart,
  tokenStreamId,
  unfinishedBackfills,
} from '../engine/backfill-state';
import { type BackfillQueue, createQueuedBackfill, type JobState } from './backfill-queue';

const TOKEN = '0x00000000000000000000000000000000000000aa' as Address;
const POOL = '0x00000000000000000000000000000000000000bb';
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' });
});
afterAll(async () => {
  await database?.close();
});

function fakeQueue(state: () => JobState | undefined) {
  const requested: string[] = [];
  const queue: BackfillQueue = {
    request: async (t) => {
      requested.push(t);
    },
    state: async () => {
      const s = state();
      return s ? { state: s, retryCount: 0 } : undefined;
    },
    work: async () => {},
    stopWork: async () => {},
    stop: async () => {},
  };
  return { queue, requested };
}

describe('queued backfill (ROLE=api)', () => {
  it('asks the queue, reports progress from the checkpoints and the job state, then completes', async () => {
    const db = database.db;
    let job: JobState | undefined = 'created';
    const { queue, requested } = fakeQueue(() => job);
    const backfill = createQueuedBackfill({ db, queue, log: pino({ level: 'silent' }) });

    await backfill.ensure(TOKEN, { head: 100n, waitMs: 0 });
    expect(requested).toEqual([TOKEN]);
    expect(backfill.complete(TOKEN, 100n)).toBe(false);
    expect(backfill.status(TOKEN, 100n)).toEqual({ status: 'indexing', progressPct: null, job: 'queued' });

    // The leader started at block 0 and has read up to block 39 of 0..100.
    job = 'active';
    await recordBackfillStart(db, TOKEN, 0n);
    await db.insert(indexCheckpoints).values({
      stream: tokenStreamId(TOKEN),
      blockNumber: 39n,
      blockHash: '0x01',
      addresses: [TOKEN, POOL],
    });
    await backfill.refresh?.(TOKEN, 100n);
    expect(backfill.status(TOKEN, 100n)).toEqual({ status: 'indexing', progressPct: 39, job: 'running' });
    // A new leader would resume it from its checkpoint.
    expect(await unfinishedBackfills(db)).toEqual([
      { id: tokenStreamId(TOKEN), addresses: [TOKEN, POOL], fromBlock: 0n, resumeAt: 40n },
    ]);

    // Caught up and merged into the follower: complete, and nothing left to resume.
    job = 'completed';
    await db.insert(indexCheckpoints).values({
      stream: FOLLOWER_STREAM,
      blockNumber: 99n,
      blockHash: '0x02',
      addresses: [TOKEN, POOL],
    });
    await backfill.refresh?.(TOKEN, 100n);
    expect(backfill.complete(TOKEN, 100n)).toBe(true);
    expect(backfill.status(TOKEN, 100n)).toEqual({ status: 'complete' });
    expect(await unfinishedBackfills(db)).toEqual([]);
  });

  it('says so when the job ran out of retries', async () => {
    const other = '0x00000000000000000000000000000000000000cc' as Address;
    const { queue } = fakeQueue(() => 'failed');
    const backfill = createQueuedBackfill({ db: database.db, queue, log: pino({ level: 'silent' }) });
    await backfill.ensure(other, { head: 100n, waitMs: 0 });
    expect(backfill.status(other, 100n).status).toBe('unavailable');
  });
});
