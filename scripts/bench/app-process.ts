/**
 * The built app (dist/server/main.js) as a user runs it, in its own process: a DATA_DIR kept
 * between bench runs (so only the first run pays the cold start), the full scenario and the
 * simulator unless told otherwise.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type AppProcess = { url: string; startMs: number; stop(): Promise<void> };

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export async function startAppProcess(opts: {
  dataDir: string;
  scenario: 'full' | 'test';
  simulator: boolean;
  timeoutMs?: number;
}): Promise<AppProcess> {
  const main = path.resolve('dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      SCENARIO: opts.scenario,
      SIMULATOR: opts.simulator ? 'on' : 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 15 * 60_000);
  for (;;) {
    if (exited) throw new Error(`the app exited before answering: ${stderr.slice(-800)}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error('the app did not answer /api/health in time');
    }
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    stop: async () => {
      if (exited) return;
      const done = new Promise((r) => child.on('exit', r));
      child.kill('SIGTERM');
      await done;
    },
  };
}

export async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (r.status !== 200) throw new Error(`GET ${url} → ${r.status}: ${(await r.text()).slice(0, 200)}`);
  return (await r.json()) as T;
}
