/**
 * `npm run bench -- --replicas N`: the app as N × ROLE=api + 1 × ROLE=worker on one Postgres (a
 * throw-away cluster) against the Base replica (gateway at --latency ms per round trip, no rate
 * limit), measured in one run:
 * - cached throughput of GET /api/scanner/:address on ONE api process, then on all N at once (the
 *   load split evenly, one autocannon per process, summed) — the ratio is what the replicas buy;
 * - a burst of 50 never-seen tokens (ERC-20s deployed for the run, no pool) sent at once, spread
 *   over the api processes: per-request wall time p50 / p99, and how many were refused (429/503).
 * The load comes from autocannon in child processes at nice 10 (one per api process in the N run,
 * remote-load.ts), as clients on other machines would; they still share the cores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import type { Address } from 'viem';
import { createLocalChainClients } from '../../src/server/chain/client';
import { ScenarioToken } from '../../src/server/localchain/artifacts/generated';
import { deployContract } from '../../src/server/localchain/deploy';
import { startReplica } from '../../src/server/replica';
import { findPostgresBin, startPostgresCluster } from '../postgres-cluster';
import { freePort } from './app-process';
import { remoteCannon } from './mixed';
import { fmt, printTable, quantile } from './stats';
import { cannon } from './throughput';

type Proc = { child: ChildProcess; url: string; out: () => string };

function spawnRole(role: 'api' | 'worker', env: Record<string, string>, port: number, name: string): Proc {
  const main = path.resolve('dist/server/main.js');
  let out = '';
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      ...env,
      ROLE: role,
      PORT: String(port),
      HOST: '127.0.0.1',
      WORKER_ID: name,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, url: `http://127.0.0.1:${port}`, out: () => out };
}

async function healthy(p: Proc, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`an api process exited: ${p.out().slice(-800)}`);
    const ok = await fetch(`${p.url}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error('an api process did not answer /api/health in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function runReplicasBench(opts: {
  replicas: number;
  connections: number;
  durationS: number;
  latencyMs: number;
}) {
  const bin = findPostgresBin();
  if (!fs.existsSync('dist/server/main.js'))
    throw new Error('dist/server/main.js is missing: run `npm run build` first');
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found: install Debian `postgresql`');
  const log = pino({ level: 'silent' });
  const [replica, cluster] = await Promise.all([
    startReplica({ log, gateway: { latencyMs: opts.latencyMs, rateLimit: null } }),
    startPostgresCluster(bin),
  ]);
  const procs: Proc[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-bench-replicas-'));
  try {
    const env = { DATABASE_URL: cluster.url, BASE_RPC_URL: replica.rpcUrl, DATA_DIR: tmp };
    procs.push(spawnRole('worker', env, await freePort(), 'bench-worker'));
    const apis: Proc[] = [];
    for (let i = 0; i < opts.replicas; i++)
      apis.push(spawnRole('api', env, await freePort(), `bench-api-${i}`));
    procs.push(...apis);
    await Promise.all(apis.map((a) => healthy(a, 120_000)));
    const token = replica.manifest.tokens.clean;
    const path_ = `/api/scanner/${token}`;
    // Warm: the token's history complete, then each replica has the shared answer in memory.
    for (let i = 0; i < 240; i++) {
      const body = await fetch(`${apis[0]?.url}${path_}`).then(
        (r) => r.json() as Promise<{ details?: { holderIndex?: { status: string } } }>,
      );
      if (body.details?.holderIndex?.status === 'complete') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const a of apis) await cannon({ url: `${a.url}${path_}`, connections: 10, duration: 2 });

    // Shared-cache look-ups in Postgres during the cached runs (should be a handful per TTL, not per request).
    const lookups = async () => {
      const c = new pg.Client(cluster.url);
      await c.connect();
      const r = await c.query<{ n: string }>(
        "select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text as n from pg_stat_user_tables where relname = 'answer_cache'",
      );
      await c.end();
      return Number(r.rows[0]?.n ?? 0);
    };
    const lookupsBefore = await lookups();
    const one = await remoteCannon({
      url: `${apis[0]?.url}${path_}`,
      connections: opts.connections,
      duration: opts.durationS,
    });
    const perProc = Math.max(1, Math.round(opts.connections / apis.length));
    const all = await Promise.all(
      apis.map((a) =>
        remoteCannon({ url: `${a.url}${path_}`, connections: perProc, duration: opts.durationS }),
      ),
    );
    const sumRps = all.reduce((s, r) => s + r.requests.average, 0);
    const each = all.map((r) => r.requests.average.toFixed(0)).join(' + ');
    const p99 = Math.max(...all.map((r) => r.latency.p99));
    const errs = all.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0);
    printTable(
      `Cached GET /api/scanner/:address · ${opts.connections} connections × ${opts.durationS} s · one Postgres, ${os.cpus().length} cores`,
      [
        [
          '1 api process',
          `${one.requests.average.toFixed(0)} req/s`,
          `p99 ${one.latency.p99} ms`,
          `${one.errors + one.non2xx} errors/non-2xx`,
        ],
        [
          `${apis.length} api processes`,
          `${sumRps.toFixed(0)} req/s`,
          `p99 ${p99} ms`,
          `${errs} errors/non-2xx (${each} req/s)`,
        ],
        [`${apis.length} / 1`, `${(sumRps / one.requests.average).toFixed(2)}×`, '', ''],
        ['answer_cache scans', `${(await lookups()) - lookupsBefore}`, 'during both runs', ''],
      ],
    );

    // 50 never-seen tokens: fresh ERC-20s on the replica chain, asked for all at once.
    const chain = createLocalChainClients({ rpcUrl: replica.anvil.rpcUrl });
    const owner = '0x00000000000000000000000000000000000b3c11' as Address;
    await chain.test.impersonateAccount({ address: owner });
    const fresh: Address[] = [];
    for (let i = 0; i < 50; i++) {
      fresh.push(
        await deployContract(chain, ScenarioToken, [`Burst ${i}`, `B${i}`, 18, 10n ** 27n, owner], owner),
      );
    }
    const started = performance.now();
    const results = await Promise.all(
      fresh.map(async (t, i) => {
        const at = performance.now();
        const res = await fetch(`${apis[i % apis.length]?.url}/api/scanner/${t}`).catch(() => undefined);
        const text = (await res?.text().catch(() => '')) ?? '';
        let code = '';
        if (res && res.status !== 200) {
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? '';
          } catch {
            code = 'not JSON';
          }
        }
        return { ms: performance.now() - at, status: res?.status ?? 0, code };
      }),
    );
    const wall = performance.now() - started;
    const ok = results.filter((r) => r.status === 200).map((r) => r.ms);
    const refused = results.filter((r) => r.status === 429 || r.status === 503).length;
    const other = results.length - ok.length - refused;
    printTable(
      `Burst of 50 never-seen tokens at once over ${apis.length} api processes (gateway ${opts.latencyMs} ms per round trip)`,
      [
        [
          'answered 200',
          `${ok.length}`,
          `p50 ${fmt(quantile(ok, 0.5))} ms · p99 ${fmt(quantile(ok, 0.99))} ms`,
          `all done in ${fmt(wall)} ms`,
        ],
        [
          'refused 429/503',
          `${refused}`,
          [
            ...new Set(
              results.filter((r) => r.status === 429 || r.status === 503).map((r) => `${r.status} ${r.code}`),
            ),
          ].join(', '),
          '',
        ],
        [
          'other',
          `${other}`,
          results
            .filter((r) => r.status !== 200 && r.status !== 429 && r.status !== 503)
            .map((r) => r.status)
            .join(' '),
          '',
        ],
      ],
    );
  } finally {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map((p) => (p.child.exitCode === null ? new Promise((r) => p.child.once('exit', r)) : undefined)),
    );
    await cluster.stop();
    await replica.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
