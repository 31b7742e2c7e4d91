/**
 * Bench module "throughput": a cached GET /api/scanner/:address on the running app against a bare
 * Node http server answering the same bytes with the same headers, on the same machine in the same
 * run, one after the other with the same autocannon settings. Each server is a process of its own;
 * autocannon runs in the bench process. Aim: the app ≥ 50% of bare, p99 ≤ 50 ms at 50 connections.
 */
import autocannon from 'autocannon';
import type { AppProcess } from './app-process';
import { startBareServer } from './bare-server';
import { printTable, verdict } from './stats';

export type ThroughputOptions = { connections: number; durationS: number };

type Run = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

/** Seconds of load on each server before the measured runs. */
const WARMUP_S = 3;

export async function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const summary = (r: autocannon.Result): Run => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts,
  non2xx: r.non2xx,
  total: r.requests.total,
});

export async function runThroughputBench(app: AppProcess, token: string, opts: ThroughputOptions) {
  const appUrl = `${app.url}/api/scanner/${token}`;
  // Warm the cache, then take the exact bytes and headers the app answers with.
  await fetch(appUrl).then((r) => r.arrayBuffer());
  const res = await fetch(appUrl);
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {
    'content-type': res.headers.get('content-type') ?? 'application/json',
    etag: res.headers.get('etag') ?? '',
    'cache-control': res.headers.get('cache-control') ?? 'no-cache',
  };
  const bare = await startBareServer({ [`/api/scanner/${token}`]: { body, headers } });
  try {
    const settings = { connections: opts.connections, duration: opts.durationS };
    // Warm the load generator (its own JIT) and both servers first: the run measured first used to
    // carry autocannon's warm-up, and the bare server measured slower than the app behind it.
    for (const url of [`${bare.url}/api/scanner/${token}`, appUrl])
      await cannon({ connections: opts.connections, duration: WARMUP_S, url });
    const bareRun = summary(await cannon({ ...settings, url: `${bare.url}/api/scanner/${token}` }));
    const appRun = summary(await cannon({ ...settings, url: appUrl }));
    const ratio = appRun.rps / bareRun.rps;
    const line = (name: string, r: Run): [string, string, string, string] => [
      name,
      `${r.rps.toFixed(0)} req/s`,
      `p50 ${r.p50} ms · p99 ${r.p99} ms`,
      `${r.total} requests, ${r.errors} errors, ${r.non2xx} non-2xx`,
    ];
    printTable(
      `Cached GET /api/scanner/:address (${body.length} bytes) vs a bare Node server with the same bytes · ${opts.connections} connections × ${opts.durationS} s each`,
      [
        line('bare node:http', bareRun),
        line('FLAB Hub', appRun),
        [
          'FLAB Hub / bare',
          `${(ratio * 100).toFixed(0)}%`,
          'aim ≥ 50%, app p99 ≤ 50 ms',
          verdict(ratio >= 0.5 && appRun.p99 <= 50 && appRun.errors === 0 && appRun.non2xx === 0),
        ],
      ],
    );
    return { bare: bareRun, app: appRun, ratio, bytes: body.length };
  } finally {
    await bare.stop();
  }
}
