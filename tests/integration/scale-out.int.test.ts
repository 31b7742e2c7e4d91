/**
 * Issue 25's acceptance: the built app as 2 × ROLE=api and 2 × ROLE=worker against one real
 * Postgres (a throw-away cluster started here) and the Base replica (chain + gateway). Both APIs
 * answer the same report with the same ETag; a journal write on one is read on the other; kill -9
 * of the leading worker → the standby leads within 10 s and goes on indexing; afterwards the index
 * equals the chain (holders of the replica's 6 tokens match their Transfer sums, no row doubled);
 * and at no sampled moment did more than one process hold the leader lock (read from pg_locks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { type Address, keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHandle, REPO_ROOT, startBuiltApp } from '../../scripts/crash-harness';
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from '../../scripts/postgres-cluster';
import { createLocalChainClients } from '../../src/server/chain/client';
import { type Replica, startReplica } from '../../src/server/replica';
import { transferFromATrader } from '../support/base-replica';

const bin = findPostgresBin();
if (!bin) {
  console.warn(
    'scale-out test skipped: PostgreSQL binaries (initdb, pg_ctl) not found — install Debian `postgresql` (.ci/run does).',
  );
}
const built = fs.existsSync(path.join(REPO_ROOT, 'dist/server/main.js'));

const log = pino({ level: 'silent' });
const TRANSFER = keccak256(toHex('Transfer(address,address,uint256)'));
/** pg_locks shows a bigint advisory key as classid (high 32 bits) and objid (low 32 bits). */
const LOCK_SQL = `select a.application_name from pg_locks l join pg_stat_activity a on a.pid = l.pid
  where l.locktype = 'advisory' and l.granted and l.objsubid = 1
    and l.classid::bigint = ${0x464c4142} and l.objid::bigint = ${0x4c454144}`;

let replica: Replica;
let cluster: PostgresCluster;
let sql: pg.Pool;
const procs: AppHandle[] = [];
let api1: AppHandle;
let api2: AppHandle;
let w1: AppHandle;
let w2: AppHandle;
let tmp: string;
/** Lock holders seen by the sampler (application names), at most one per sample. */
const samples: string[][] = [];
/** Checkpoint writes seen by the sampler: `writer@updated_at(ms)`. */
const writes = new Set<string>();
let sampler: NodeJS.Timeout | undefined;

const port = () => 20_000 + Math.floor(Math.random() * 30_000);

function start(role: 'api' | 'worker', name: string): AppHandle {
  const h = startBuiltApp({
    dataDir: path.join(tmp, name),
    port: port(),
    env: {
      ROLE: role,
      WORKER_ID: name,
      DATABASE_URL: cluster.url,
      BASE_RPC_URL: replica.rpcUrl,
      LEADER_CHECK_MS: '500',
      REPORT_BUDGET_MS: '30000',
      LOG_LEVEL: 'info',
    },
  });
  procs.push(h);
  return h;
}

async function getJson(h: AppHandle, url: string) {
  const res = await fetch(`${h.baseUrl}${url}`, { signal: AbortSignal.timeout(60_000) });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.skipIf(!bin || !built)('scale-out: 2 api + 2 worker processes on one Postgres', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-scale-'));
    [replica, cluster] = await Promise.all([
      startReplica({ log, gateway: { latencyMs: 0, rateLimit: null } }),
      startPostgresCluster(bin as string),
    ]);
    sql = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // The first worker migrates and leads; the second stands by.
    w1 = start('worker', 'w1');
    expect(await w1.waitForLog(/this worker leads/, 90_000), w1.output()).toBe(true);
    sampler = setInterval(() => {
      sql
        .query<{ application_name: string }>(LOCK_SQL)
        .then((r) => samples.push(r.rows.map((x) => x.application_name)))
        .catch(() => {});
      sql
        .query<{ w: string; at: Date }>(
          'select written_by as w, updated_at as at from index_checkpoints where written_by is not null',
        )
        .then((r) => {
          for (const x of r.rows) writes.add(`${x.w}@${x.at.getTime()}`);
        })
        .catch(() => {});
    }, 200);
    w2 = start('worker', 'w2');
    api1 = start('api', 'api1');
    api2 = start('api', 'api2');
    expect(await w2.waitForLog(/worker standing by/, 90_000), w2.output()).toBe(true);
    await Promise.all([api1.waitHealthy(90_000), api2.waitHealthy(90_000)]);
  });

  afterAll(async () => {
    clearInterval(sampler);
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await sql?.end().catch(() => {});
    await cluster?.stop();
    await replica?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('both APIs answer the same report with the same ETag', async () => {
    const token = replica.manifest.tokens.clean;
    // The first request asks the worker (through the queue) for the token's history.
    await until(
      'the holder index of the clean token',
      async () => {
        const r = await getJson(api1, `/api/scanner/${token}`);
        return r.status === 200 && JSON.parse(r.text).details.holderIndex?.status === 'complete';
      },
      90_000,
    );
    const a = await getJson(api1, `/api/tokens/${token}/report`);
    const b = await getJson(api2, `/api/tokens/${token}/report`);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.etag).toBe(a.etag);
    expect(b.text).toBe(a.text);
    // And a 304 from the other replica for the first one's ETag.
    const res = await fetch(`${api2.baseUrl}/api/tokens/${token}/report`, {
      headers: { 'if-none-match': a.etag as string },
    });
    await res.body?.cancel();
    expect(res.status).toBe(304);
  });

  it('a journal write on one API is read on the other', async () => {
    const wallet = '0x1111111111111111111111111111111111111111';
    const res = await fetch(`${api1.baseUrl}/api/trading-journal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        walletAddress: wallet,
        tokenSymbol: 'CLN',
        tokenName: 'Clean',
        tokenAddress: replica.manifest.tokens.clean,
        tradeType: 'buy',
        quantity: '10',
        entryPrice: '1.5',
        fees: '1',
      }),
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number | string };
    const read = await getJson(api2, `/api/trading-journal/${wallet}`);
    expect(read.status).toBe(200);
    expect(read.text).toContain(String(created.id));
  });

  it('kill -9 of the leader: the standby leads within 10 s and the index equals the chain', async () => {
    const tokens = Object.values(replica.manifest.tokens) as Address[];
    // Every token asked for (their backfills queue up on the leader); no wait for the answers.
    const asked = tokens.map((t) => getJson(api1, `/api/scanner/${t}`).catch(() => undefined));
    await new Promise((r) => setTimeout(r, 300));
    const killedAt = Date.now();
    w1.child.kill('SIGKILL');
    await w1.exited;
    expect(await w2.waitForLog(/this worker leads/, 10_000), w2.output()).toBe(true);
    const tookOverMs = Date.now() - killedAt;
    expect(tookOverMs).toBeLessThan(10_000);
    console.info(`scale-out: the standby led ${tookOverMs} ms after kill -9 of the leader`);
    await Promise.all(asked);

    // The new leader follows the chain: a transfer made now reaches the index.
    const chain = createLocalChainClients({ rpcUrl: replica.anvil.rpcUrl });
    const clean = replica.manifest.tokens.clean;
    const holdersOn = async (h: AppHandle) => {
      const r = await getJson(h, `/api/scanner/${clean}`);
      return r.status === 200 ? (JSON.parse(r.text).details.holderCount as number | null) : undefined;
    };
    // Both replicas have the clean token's answer in memory (served and shared in the first test).
    const before = await holdersOn(api1);
    expect(before).toBeGreaterThan(0);
    await holdersOn(api2);
    const receiver = '0x2222222222222222222222222222222222222222';
    await transferFromATrader(replica, clean, receiver, 2n);

    // Every token's history complete (the APIs read it from the checkpoints the new leader writes).
    for (const t of tokens) {
      await until(
        `the holder index of ${t}`,
        async () => {
          const r = await getJson(api2, `/api/scanner/${t}`);
          return r.status === 200 && JSON.parse(r.text).details.holderIndex?.status === 'complete';
        },
        90_000,
      );
    }
    await until(
      'the transfer made after the fail-over in the index',
      async () =>
        (
          await sql.query('select 1 from balances where token = $1 and holder = $2', [
            clean.toLowerCase(),
            receiver,
          ])
        ).rowCount === 1,
      30_000,
    );
    // The worker announced the token's new events (NOTIFY): both replicas drop their copies and
    // answer the new holder at once, not when their 10 s TTL and 50 s stale window run out.
    for (const h of [api1, api2]) {
      await until(
        'the new holder in the answer of both APIs',
        async () => (await holdersOn(h)) === (before as number) + 1,
        8_000,
      );
    }

    // The index equals the chain: per token, balances = the Transfer sums and one row per log.
    const head = await chain.public.getBlockNumber({ cacheTime: 0 });
    for (const token of tokens) {
      const logs = await chain.public.request({
        method: 'eth_getLogs',
        params: [{ address: token, fromBlock: '0x0', toBlock: `0x${head.toString(16)}`, topics: [TRANSFER] }],
      } as never);
      const sums = new Map<string, bigint>();
      for (const l of logs as { topics: string[]; data: string }[]) {
        if (l.topics.length !== 3) continue;
        const from = `0x${(l.topics[1] as string).slice(26)}`;
        const to = `0x${(l.topics[2] as string).slice(26)}`;
        const v = BigInt(l.data);
        sums.set(from, (sums.get(from) ?? 0n) - v);
        sums.set(to, (sums.get(to) ?? 0n) + v);
      }
      sums.delete('0x0000000000000000000000000000000000000000');
      const expected = [...sums]
        .filter(([, v]) => v !== 0n)
        .map(([a, v]) => `${a}:${v}`)
        .sort();
      const rows = await sql.query<{ holder: string; balance: string }>(
        'select holder, balance::text as balance from balances where token = $1 and balance <> 0',
        [token.toLowerCase()],
      );
      const actual = rows.rows.map((r) => `${r.holder}:${r.balance}`).sort();
      expect(actual, `holders of ${token}`).toEqual(expected);
      const count = await sql.query<{ n: string }>(
        'select count(*)::text as n from transfers where token = $1',
        [token.toLowerCase()],
      );
      expect(Number(count.rows[0]?.n), `transfer rows of ${token}`).toBe(
        (logs as { topics: string[] }[]).filter((l) => l.topics.length === 3).length,
      );
    }
    const doubled = await sql.query(
      'select block_number, log_index from transfers group by block_number, log_index having count(*) > 1',
    );
    expect(doubled.rowCount).toBe(0);
  });

  it('only one process indexed at any time: one lock holder per sample, checkpoint writers never overlap', async () => {
    expect(samples.length).toBeGreaterThan(10);
    expect(samples.every((s) => s.length <= 1)).toBe(true);
    // Leadership passed from w1 to w2, once.
    const holders = samples.map((s) => s[0]).filter((x): x is string => !!x);
    const changes = holders.filter((h, i) => i === 0 || holders[i - 1] !== h);
    expect(changes).toEqual(['flab-worker w1', 'flab-worker w2']);
    // Checkpoints name their writer: w1's all before w2 led, w2's all after; never an API process.
    const leader = await sql.query<{ value: { workerId: string; since: string } }>(
      "select value from app_meta where key = 'worker_leader'",
    );
    expect(leader.rows[0]?.value.workerId).toBe('w2');
    const w2Since = Date.parse(leader.rows[0]?.value.since as string);
    const seen = [...writes].map((x) => {
      const [w, at] = x.split('@');
      return { w, at: Number(at) };
    });
    expect(new Set(seen.map((x) => x.w))).toEqual(new Set(['w1', 'w2']));
    for (const x of seen) {
      if (x.w === 'w1') expect(x.at).toBeLessThan(w2Since);
      else expect(x.at).toBeGreaterThanOrEqual(w2Since);
    }
  });
});
