/**
 * One anvil process: where its binary is, the arguments it runs with, spawning it behind the
 * watchdog that takes it down with this process (however this process dies), its own disk cache,
 * and waiting until it answers JSON-RPC. The supervision around it (restarts, state saves, stop)
 * is in anvil.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../errors';

export const LOCAL_CHAIN_ID = 8453;
const READY_TIMEOUT_MS = 30_000;
/**
 * States kept in memory under --prune-history. Not zero: a call at "latest" is resolved to a block
 * number first, and with no past state kept, a block mined in between made it fail with "block
 * height is N+1 but requested was N" (seen as a faucet 503 and as reads failing while the simulator
 * mined). Sixteen blocks cover any call in flight; reads pinned further back are not made locally.
 */
const RECENT_STATES = 16;

/**
 * The watchdog (POSIX sh). Our pipe is moved to fd 3 and anvil gets /dev/null as stdin; a
 * background subshell blocks reading fd 3 and, at EOF (this process died or closed the pipe),
 * SIGKILLs the process group the watchdog leads. The watchdog itself waits for anvil and exits
 * with its status, so an exit of anvil is seen here as an exit of the child. The first line on
 * stdout is anvil's pid (the supervisor and the crash tests want the real process).
 *
 * It also owns anvil's disk cache ($1, see anvilCacheDir): removed when anvil exits, and when
 * this process dies (anvil is killed first so nothing writes into it again).
 */
const WATCHDOG = [
  'cache=$1; shift',
  'exec 3<&0 </dev/null',
  '"$@" 3<&- >/dev/null &',
  'pid=$!',
  'echo "$pid"',
  '( cat <&3 >/dev/null 2>&1; kill -9 "$pid"; sleep 0.2; rm -rf "$cache"; kill -9 0 ) >/dev/null 2>&1 &',
  'exec 3<&-',
  'wait "$pid"',
  'status=$?',
  'rm -rf "$cache"',
  'exit "$status"',
].join('\n');

/**
 * anvil writes the states of old blocks to disk (about 600 MB for the replica's history) under
 * ~/.foundry/anvil/tmp by default, and never removes them when it is killed: a day of test runs
 * filled a 250 GB disk. Each spawn gets its own directory instead, named for this process so a
 * later start can remove what a killed one left behind (sweepAnvilCaches).
 */
const CACHE_PREFIX = 'flab-anvil-cache-';

let swept = false;
function anvilCacheDir(): string {
  // Once per process: what a killed earlier run left behind.
  if (!swept) {
    swept = true;
    sweepAnvilCaches();
  }
  return fs.mkdtempSync(path.join(os.tmpdir(), `${CACHE_PREFIX}${process.pid}-`));
}

const processAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Remove cache directories in `dir` whose owning process is gone. */
export function sweepAnvilCaches(dir = os.tmpdir()): number {
  let removed = 0;
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    if (!name.startsWith(CACHE_PREFIX)) continue;
    const owner = Number(name.slice(CACHE_PREFIX.length).split('-')[0]);
    if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || processAlive(owner)) continue;
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export function resolveAnvilBinary(override?: string): string {
  if (override) return override;
  const platformPkg: Record<string, string> = {
    'linux-x64': '@foundry-rs/anvil-linux-amd64',
    'linux-arm64': '@foundry-rs/anvil-linux-arm64',
    'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
    'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
    'win32-x64': '@foundry-rs/anvil-win32-amd64',
  };
  const pkg = platformPkg[`${process.platform}-${process.arch}`];
  if (!pkg)
    throw new StartupError(
      `The local chain (anvil) has no build for ${process.platform}-${process.arch}; set BASE_RPC_URL to use a remote chain.`,
    );
  try {
    const require = createRequire(import.meta.url);
    const pkgJson = require.resolve(`${pkg}/package.json`);
    const bin = path.join(path.dirname(pkgJson), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
    fs.accessSync(bin, fs.constants.X_OK);
    return bin;
  } catch (cause) {
    throw new StartupError(
      `The local chain binary (${pkg}) is not installed; run "npm install" again.`,
      cause,
    );
  }
}

/** One running anvil (behind its watchdog where there is a POSIX shell). */
export type Instance = {
  child: ChildProcess;
  pid: () => number | undefined;
  exited: Promise<number | null>;
  /** anvil's disk cache for old states (--cache-path), removed when it exits. */
  cache: string;
  /** Signal the whole process group (watchdog + anvil), falling back to the child alone. */
  kill(signal: NodeJS.Signals): void;
  stderr(): string;
};

/**
 * Second line of defence, for a normal process.exit() (a fatal error, a signal during a cold
 * start): 'exit' handlers run synchronously and kill() is synchronous. The watchdog covers the
 * cases where no handler runs at all (SIGKILL, OOM killer).
 */
const liveInstances = new Set<Instance>();
let exitHookInstalled = false;
function track(inst: Instance) {
  liveInstances.add(inst);
  void inst.exited.then(() => liveInstances.delete(inst));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const i of liveInstances) {
        i.kill('SIGKILL');
        fs.rmSync(i.cache, { recursive: true, force: true });
      }
    });
  }
}

const useWatchdog = process.platform !== 'win32';

function spawnAnvil(bin: string, baseArgs: string[]): Instance {
  const cache = anvilCacheDir();
  const args = [...baseArgs, '--cache-path', cache];
  // Own process group: Ctrl-C in a terminal signals the whole foreground group, and anvil must
  // outlive that signal long enough for us to save its state before we stop it ourselves.
  const child: ChildProcess = useWatchdog
    ? spawn('/bin/sh', ['-c', WATCHDOG, 'flab-anvil', cache, bin, ...args], {
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      })
    : spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let anvilPid: number | undefined = useWatchdog ? undefined : child.pid;
  if (useWatchdog) {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      if (anvilPid !== undefined) return;
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line && /^\d+$/.test(line.trim())) anvilPid = Number(line.trim());
    });
    // EPIPE on a closed watchdog must never become an uncaught error.
    child.stdin?.on('error', () => {});
  }
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code, signal) => {
      // Closing the pipe tells the watchdog to take down whatever is left of its group.
      child.stdin?.destroy();
      // The watchdog removes the cache when anvil exits on its own; a signal to the whole group
      // (stop(), a restart) takes the watchdog down too, so the removal is ours.
      fs.rmSync(cache, { recursive: true, force: true });
      resolve(code ?? (signal ? 128 : null));
    });
    child.once('error', (err) => {
      stderr += String(err);
      resolve(-1);
    });
  });
  const inst: Instance = {
    child,
    pid: () => anvilPid,
    exited,
    cache,
    kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        if (child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        child.kill(signal);
      }
    },
    stderr: () => stderr,
  };
  track(inst);
  return inst;
}

export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function anvilRpc<T>(
  url: string,
  method: string,
  params: unknown[] = [],
  timeoutMs = 5000,
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

export function anvilArgs(
  port: number,
  opts: { baseFeeWei?: bigint; pruneHistory?: boolean; statePath?: string; genesisTimestamp?: number },
  loadState: boolean,
): string[] {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(LOCAL_CHAIN_ID),
    '--hardfork',
    'prague',
    '--auto-impersonate',
    '--block-base-fee-per-gas',
    String(opts.baseFeeWei ?? 10_000_000n),
    '--gas-limit',
    '150000000',
    '--silent',
  ];
  if (opts.pruneHistory) args.push('--prune-history', String(RECENT_STATES));
  if (loadState && opts.statePath) args.push('--load-state', opts.statePath);
  else if (opts.genesisTimestamp !== undefined) args.push('--timestamp', String(opts.genesisTimestamp));
  return args;
}

/** Spawn and wait until it answers JSON-RPC; a failure kills it and throws with anvil's last words. */
export async function launchAnvil(bin: string, args: string[], port: number): Promise<Instance> {
  const rpcUrl = `http://127.0.0.1:${port}`;
  const inst = spawnAnvil(bin, args);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let ready = false;
  let exitCode: number | null | undefined;
  void inst.exited.then((c) => {
    exitCode = c;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) break;
    try {
      const id = await anvilRpc<string>(rpcUrl, 'eth_chainId', [], 1000);
      if (Number(id) === LOCAL_CHAIN_ID) {
        ready = true;
        break;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!ready) {
    inst.kill('SIGKILL');
    const why = inst.stderr().trim().split('\n').slice(-3).join(' ').trim();
    throw new StartupError(
      `The local chain (anvil) failed to start${why ? `: ${why}` : exitCode !== undefined ? ` (exit code ${exitCode})` : ' within 30 s'}.`,
    );
  }
  return inst;
}
