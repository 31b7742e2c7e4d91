/**
 * Bench module "mixed": many connections over a mix of the pages' endpoints for a while (default
 * 200 × 60 s): req/s, p50/p99, errors; /api/health latency measured by a separate poller process
 * (so autocannon's own work does not inflate it), and the app's event-loop delay as it reports it
 * on /api/health. Aim: 0 errors, p99 ≤ 250 ms, /api/health p99 ≤ 50 ms, event-loop p99 ≤ 50 ms.
 *
 * Then the floor: the same load and the same poller against a bare node:http server that answers
 * every path with the bytes the app gave for it (no work at all). What the poller sees there is what
 * 200 busy connections on these cores cost any Node server; the app's figures read against it.
 *
 * The load comes from autocannon in a child process at nice 10 (remote-load.ts): on one machine the
 * generator would otherwise take the server's CPU, which clients on the network never do.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import type { NetworkInfo } from '../../src/shared/network';
import { type AppProcess, getJson } from './app-process';
import { type FixedAnswer, startBareServer } from './bare-server';
import { LOAD_NICE } from './remote-load';
import { printTable, quantile, verdict } from './stats';

export type MixedOptions = { connections: number; durationS: number };

/** autocannon in its own process at nice 10, as clients on another machine (remote-load.ts). */
export function remoteCannon(opts: autocannon.Options): Promise<autocannon.Result> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'remote-load.ts'), JSON.stringify(opts)],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  // At once, from here: loading tsx and autocannon takes the child a second of CPU, which at normal
  // priority lands on the server and the poller just as the measured run starts.
  if (child.pid !== undefined)
    try {
      os.setPriority(child.pid, LOAD_NICE);
    } catch {
      // remote-load.ts lowers itself too once it runs.
    }
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as autocannon.Result));
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without a result`)));
  });
}

const POLLER = `
const url = process.argv[1];
const lat = [];
let stop = false;
process.on('message', () => { stop = true; });
(async () => {
  while (!stop) {
    const t = performance.now();
    try { const r = await fetch(url); await r.arrayBuffer(); lat.push(r.status === 200 ? performance.now() - t : -1); }
    catch { lat.push(-1); }
    await new Promise((r) => setTimeout(r, 200));
  }
  process.send(lat, () => process.exit(0));
})();
`;

/** "429 × 12, 503 × 3": which non-2xx answers the load got, so a count in the table can be read. */
function nonOkStatuses(result: autocannon.Result): string {
  const stats = (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.entries(stats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, s]) => `${code} × ${s.count}`)
    .join(', ');
}

type HealthBody = {
  eventLoopDelay?: { windowSeconds: number; p50Ms: number; p99Ms: number; maxMs: number } | null;
};

export async function runMixedBench(app: AppProcess, opts: MixedOptions) {
  const net = await getJson<NetworkInfo>(`${app.url}/api/network`);
  const demo = await getJson<{ address: string }>(`${app.url}/api/demo-wallet`).catch(() => null);
  const tokens = Object.values(net.tokens).slice(0, 6);
  const paths: string[] = [];
  for (const t of tokens) {
    for (const p of ['scanner', 'rug-detector', 'whale-tracker', 'liquidity', 'flab-score', 'token-health'])
      paths.push(`/api/${p}/${t}`);
    paths.push(`/api/tokens/${t}/report`, `/api/tokens/${t}/candles?interval=1h`);
  }
  paths.push(
    '/api/network',
    '/api/yield-opportunities',
    '/api/yield-strategies',
    '/api/pump-opportunities',
    '/api/security-stats',
    '/api/airdrops',
  );
  if (demo) paths.push(`/api/portfolio/${demo.address}`, `/api/wallet-stats/${demo.address}`);
  // Warm every path once, as pages that are already open would have; keep the bytes for the floor.
  const answers: Record<string, FixedAnswer> = {};
  // A path whose warm answer is not 2xx (a token with no pool has no candles: 404 by design) is
  // left out of the load and named in the table, so the non-2xx count measures only what the load did.
  const warmFailures: string[] = [];
  for (const p of [...paths, '/api/health']) {
    const r = await fetch(app.url + p);
    if (r.status >= 300) {
      warmFailures.push(`${p} ${r.status}`);
      await r.arrayBuffer();
      const at = paths.indexOf(p);
      if (at >= 0) paths.splice(at, 1);
      continue;
    }
    const body = Buffer.from(await r.arrayBuffer());
    answers[p] = {
      body,
      headers: { 'content-type': r.headers.get('content-type') ?? 'application/json' },
    };
  }

  const load = async (url: string, durationS: number) => {
    const poller = spawn(process.execPath, ['-e', POLLER, `${url}/api/health`], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const result = await remoteCannon({
      url,
      connections: opts.connections,
      duration: durationS,
      timeout: 30,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    const health = await new Promise<number[]>((resolve) => {
      poller.once('message', (m) => resolve(m as number[]));
      poller.send('stop');
    });
    return { result, health, ok: health.filter((x) => x >= 0) };
  };
  const { result, health, ok } = await load(app.url, opts.durationS);
  const loop = (await getJson<HealthBody>(`${app.url}/api/health`)).eventLoopDelay;
  const healthP99 = quantile(ok, 0.99);
  const errors = result.errors + result.timeouts;

  const floorS = Math.min(opts.durationS, 20);
  const bare = await startBareServer(answers);
  let floor: Awaited<ReturnType<typeof load>>;
  try {
    floor = await load(bare.url, floorS);
  } finally {
    await bare.stop();
  }
  printTable(
    `Mixed load · ${opts.connections} connections × ${opts.durationS} s over ${paths.length} endpoints (tokens' parts and reports, candles, yield, pump, portfolio, security, airdrops); load generator at nice ${LOAD_NICE}, as clients on another machine`,
    [
      ['requests', `${result.requests.average.toFixed(0)} req/s`, `${result.requests.total} in all`, ''],
      [
        'latency p50 / p99',
        `${result.latency.p50} / ${result.latency.p99} ms`,
        'aim p99 ≤ 250 ms',
        verdict(result.latency.p99 <= 250),
      ],
      ['latency max', `${result.latency.max} ms`, '', ''],
      [
        'errors + timeouts / non-2xx',
        `${errors} / ${result.non2xx}`,
        'aim 0',
        verdict(errors === 0 && result.non2xx === 0),
      ],
      [
        'non-2xx by status (paths left out: warm answer not 2xx)',
        nonOkStatuses(result) || 'none',
        warmFailures.join(', ') || 'none',
        '',
      ],
      [
        '/api/health p50 / p99 (poller, every 200 ms)',
        `${quantile(ok, 0.5).toFixed(1)} / ${healthP99.toFixed(1)} ms`,
        'aim p99 ≤ 50 ms',
        `${verdict(healthP99 <= 50 && ok.length === health.length)} (${health.length - ok.length} failed of ${health.length})`,
      ],
      [
        `floor: bare node:http, same bytes, same load (${floorS} s)`,
        `${floor.result.requests.average.toFixed(0)} req/s, p99 ${floor.result.latency.p99} ms`,
        `/api/health p50 / p99 ${quantile(floor.ok, 0.5).toFixed(1)} / ${quantile(floor.ok, 0.99).toFixed(1)} ms`,
        '',
      ],
      [
        `event-loop delay p50 / p99 / max (app, last ${loop?.windowSeconds ?? '?'} s)`,
        loop ? `${loop.p50Ms} / ${loop.p99Ms} / ${loop.maxMs} ms` : 'not reported',
        'aim p99 ≤ 50 ms',
        verdict(!!loop && loop.p99Ms <= 50),
      ],
    ],
  );
  return { result, healthP99, loop, floorHealthP99: quantile(floor.ok, 0.99) };
}
