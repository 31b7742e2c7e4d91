/**
 * Starts the built app (`node dist/server/main.js`, built by `npm test` before the e2e project
 * runs) the way a user would, on a free port with a throwaway data directory and the small test
 * scenario, and stops it cleanly afterwards.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'dist/server/main.js');
const READY_POLL_MS = 250;
const READY_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 10_000;
/** How much of the server's output is kept for failure messages. */
const OUTPUT_TAIL_CHARS = 8_000;

export type RunningApp = {
  baseUrl: string;
  /** Its DATA_DIR (removed by `stop`). */
  dataDir: string;
  /** The server's process id (its anvil runs below it). */
  pid: number;
  stop(): Promise<void>;
  /**
   * Freezes the app's anvil (SIGSTOP): the chain stops answering without exiting, so the app's
   * supervisor does not restart it and requests to it hang like a dead RPC. Returns `resume`.
   */
  pauseChain(): () => void;
};

/** The pids of the anvil processes descending from `root` (ps is POSIX). */
export function anvilPidsUnder(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((r) => r.length >= 3)
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm: String(comm) }));
  const below = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows)
      if (below.has(r.ppid) && !below.has(r.pid)) {
        below.add(r.pid);
        grew = true;
      }
  }
  return rows
    .filter((r) => below.has(r.pid) && r.pid !== root && r.comm.startsWith('anvil'))
    .map((r) => r.pid);
}

export type StartAppOptions = {
  /** Extra or overriding environment variables for the server. */
  env?: Record<string, string>;
  /** The server script; the built app by default. Lets the harness be tried on a stand-in server. */
  entry?: string;
  /**
   * A saved chain folder (another app's DATA_DIR/chain: its state and manifest, each written whole)
   * to start from: the app restores that chain and indexes it instead of building the scenario.
   */
  seedChainDir?: string;
};

/** A port nobody listens on right now (the OS picks it; we release it for the server). */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/** Keeps the last few thousand characters of a stream for error messages. */
function tail(stream: NodeJS.ReadableStream | null): () => string {
  let text = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    text = (text + chunk).slice(-OUTPUT_TAIL_CHARS);
  });
  return () => text.trim();
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(timer);
      resolve(true);
    };
    child.once('exit', onExit);
  });
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
}

export async function startApp(options: StartAppOptions = {}): Promise<RunningApp> {
  const entry = options.entry ?? SERVER_ENTRY;
  if (!fs.existsSync(entry)) {
    throw new Error(`${path.relative(REPO_ROOT, entry)} is missing: run \`npm run build\` first.`);
  }
  const port = await findFreePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-e2e-'));
  if (options.seedChainDir) fs.cpSync(options.seedChainDir, path.join(dataDir, 'chain'), { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The tests expect the embedded chain; a developer's BASE_RPC_URL must not switch them to Base.
  delete env.BASE_RPC_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SIMULATOR: 'off',
    SCENARIO: 'test',
    LOG_LEVEL: 'warn',
    // One browser on one address opens many tokens quickly: the cold-analysis limits (tested on
    // their own in src/server/api/cold-gate.isolated.test.ts) are not what these tests are about.
    COLD_RATE_PER_MIN: '100000',
    COLD_CONCURRENCY: '1000',
    ...options.env,
  });

  const child = spawn(process.execPath, [entry], {
    // The server finds dist/web relative to its working directory.
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a last-resort SIGKILL also reaches the anvil child it started.
    detached: true,
  });
  // Detached children outlive an aborted test run; take the group down if this process exits first.
  const killOnExit = () => {
    try {
      if (child.pid && child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const stdout = tail(child.stdout);
  const stderr = tail(child.stderr);
  const output = () => [stderr(), stdout()].filter(Boolean).join('\n--- stdout ---\n') || '(no output)';

  const cleanupDir = () => fs.rmSync(dataDir, { recursive: true, force: true });

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_GRACE_MS))) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        await waitForExit(child, STOP_GRACE_MS);
      }
    }
    cleanupDir();
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isHealthy(baseUrl))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanupDir();
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before /api/health answered 200:\n${output()}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`/api/health did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  return { baseUrl, dataDir, pid: child.pid ?? 0, stop, pauseChain: () => pauseChainUnder(child.pid ?? 0) };
}

/**
 * Freezes (SIGSTOP) the anvil processes below the app `pid`; returns the function that thaws them.
 * Works from any process, so the test files can pause the one app the global set-up started.
 */
export function pauseChainUnder(pid: number): () => void {
  const pids = pid ? anvilPidsUnder(pid) : [];
  if (pids.length === 0) throw new Error(`no anvil process under the app (pid ${pid})`);
  for (const p of pids) process.kill(p, 'SIGSTOP');
  return () => {
    for (const p of pids) {
      try {
        process.kill(p, 'SIGCONT');
      } catch {
        // Gone already.
      }
    }
  };
}

/**
 * The e2e project's one app (tests/e2e/global-setup.ts), as a RunningApp whose `stop` leaves it
 * running for the next file. It waits until the app answers its health check, so a file that
 * follows one that froze and thawed the chain starts on a live app.
 */
export async function sharedApp(): Promise<RunningApp> {
  const { baseUrl, pid, dataDir } = inject('e2eApp');
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await isHealthy(baseUrl))) {
    if (Date.now() > deadline) throw new Error(`the shared app at ${baseUrl} is not healthy`);
    await new Promise((r) => setTimeout(r, READY_POLL_MS));
  }
  return { baseUrl, dataDir, pid, stop: async () => {}, pauseChain: () => pauseChainUnder(pid) };
}
