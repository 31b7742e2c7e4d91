/**
 * Bench module "throughput": a cached GET /api/scanner/:address on the running app against a bare
 * Node http server answering the same bytes with the same headers, on the same machine in the same
 * run, one after the other with the same autocannon settings. Each server is a process of its own;
 * autocannon runs in the bench process. Aim: the app ≥ 50% of bare, p99 ≤ 50 ms at 50 connections.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { type AppProcess, freePort } from './app-process';
import { printTable, verdict } from './stats';

export type ThroughputOptions = { connections: number; durationS: number };

type Run = { rps: number; p50: number; p99: number; errors: number; non2xx: number; total: number };

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

const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const body = fs.readFileSync(process.argv[1]);
const headers = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
  .listen(Number(process.argv[3]), '127.0.0.1', () => process.send('ready'));
`;

async function startBareServer(body: Buffer, headers: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-bare-'));
  const bodyFile = path.join(dir, 'body');
  const headerFile = path.join(dir, 'headers.json');
  fs.writeFileSync(bodyFile, body);
  fs.writeFileSync(headerFile, JSON.stringify(headers));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER, bodyFile, headerFile, String(port)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (c) => reject(new Error(`bare server exited (${c})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      const done = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await done;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

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
  const bare = await startBareServer(body, headers);
  try {
    const settings = { connections: opts.connections, duration: opts.durationS };
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
