/**
 * The embedded local chain: anvil (from the npm package @foundry-rs/anvil) as a child process on a
 * loopback port, chain id 8453. Three promises this module keeps:
 *
 * - State is persisted by us, not by anvil's own --dump-state: we ask anvil for a dump over RPC and
 *   write it atomically in a helper process (state-file.ts), so a crash while saving never leaves a
 *   half-written state file that breaks the next start (ADR 0009).
 * - anvil never outlives the app, even when the app is killed with SIGKILL and no handler of ours
 *   runs: anvil is started by a tiny `sh` watchdog whose stdin is a pipe from this process. The
 *   kernel closes that pipe when this process dies for any reason; the watchdog then reads EOF and
 *   kills its whole process group (anvil included).
 * - anvil is supervised: if it exits while nobody asked it to, it is restarted from the last saved
 *   state on the same port, so the RPC URL every client holds stays valid. Listeners hear 'down'
 *   and 'up' so the simulator can pause meanwhile; the API answers 503 while the port refuses.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ChainUnavailableError, StartupError } from '../errors';
import type { Logger } from '../logger';
import { type SaveResult, saveStateFile, stateFileParses } from './state-file';

export type { SaveResult } from './state-file';

export const LOCAL_CHAIN_ID = 8453;
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;
/** Waits between restart attempts; the last one repeats. A restart that stays up resets it. */
const RESTART_BACKOFF_MS = [0, 250, 1_000, 2_000, 5_000, 10_000];
const STABLE_AFTER_MS = 60_000;
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

export type ChainStatus = 'up' | 'down' | 'stopped';

export type AnvilProcess = {
  rpcUrl: string;
  port: number;
  /** true when the chain was loaded from a saved state file at start. */
  restored: boolean;
  /** pid of the anvil process running now (changes on every restart). */
  pid(): number | undefined;
  /** 'down' between an unexpected exit and the restart answering. */
  status(): ChainStatus;
  /** How many times anvil was restarted after an unexpected exit. */
  restarts(): number;
  /** Hear 'down' and 'up' (after a restart) and 'stopped'. Returns the unsubscribe function. */
  onStatus(listener: (status: ChainStatus) => void): () => void;
  /** Save the chain state to `statePath` atomically. Throws ChainUnavailableError while down. */
  saveState(): Promise<SaveResult | undefined>;
  /**
   * Run `write` (a batch of transactions and the blocks that mine them) while no state dump is
   * being taken, and vice versa. anvil's dump is not atomic with mining; see state-file.ts.
   */
  exclusive<T>(write: () => Promise<T>): Promise<T>;
  /** Save state, then stop anvil and wait for the process to exit. Idempotent. */
  stop(opts?: { save?: boolean }): Promise<void>;
  /** Resolves when anvil is stopped for good (stop(), or it died without a state to restart from). */
  exited: Promise<number | null>;
};

export type StartAnvilOptions = {
  /** Where the chain state lives; undefined = ephemeral chain (tests), which is not restarted. */
  statePath?: string;
  binaryPath?: string;
  log: Logger;
  /** Block base fee in wei; Base runs at ~0.01 gwei. */
  baseFeeWei?: bigint;
  /** Genesis timestamp of a new chain (unix s), so compressed history can start weeks ago. */
  genesisTimestamp?: number;
  /** Restart anvil from its saved state when it exits unexpectedly (default: when statePath is set). */
  supervise?: boolean;
  /**
   * Keep only recent states in memory (anvil --prune-history), not every block's. anvil otherwise
   * snapshots the whole state at each block and writes old snapshots to disk, which made mining the
   * scenario's history three times slower. The local chain never reads state at an old block (a
   * restarted chain has none either); a chain that stands in for Base, where the backfill probes
   * old blocks, keeps its history.
   */
  pruneHistory?: boolean;
};

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
type Instance = {
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

async function rpc<T>(url: string, method: string, params: unknown[] = [], timeoutMs = 5000): Promise<T> {
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

/** A state file is usable only if it parses; a corrupt one is moved aside, never loaded. */
async function usableStateFile(statePath: string, log: Logger): Promise<boolean> {
  if (!fs.existsSync(statePath)) return false;
  if (await stateFileParses(statePath)) return true;
  const aside = `${statePath}.corrupt-${Date.now()}`;
  fs.renameSync(statePath, aside);
  log.warn({
    msg: 'local chain state file was unreadable; moved aside, starting a new chain',
    moved_to: aside,
  });
  return false;
}

function anvilArgs(port: number, opts: StartAnvilOptions, loadState: boolean): string[] {
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
async function launch(bin: string, args: string[], port: number): Promise<Instance> {
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
      const id = await rpc<string>(rpcUrl, 'eth_chainId', [], 1000);
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

const portTaken = (e: unknown) => e instanceof Error && /address already in use/i.test(e.message);

export async function startAnvil(opts: StartAnvilOptions): Promise<AnvilProcess> {
  const { log } = opts;
  const bin = resolveAnvilBinary(opts.binaryPath);
  const restored = opts.statePath ? await usableStateFile(opts.statePath, log) : false;

  let lastError: unknown;
  let first: { inst: Instance; port: number } | undefined;
  for (let attempt = 0; attempt < 3 && !first; attempt++) {
    const port = await findFreePort();
    try {
      first = { inst: await launch(bin, anvilArgs(port, opts, restored), port), port };
    } catch (e) {
      lastError = e;
      // A port taken between our probe and anvil's bind is the only failure worth retrying.
      if (!portTaken(e)) break;
    }
  }
  if (!first) {
    if (lastError instanceof StartupError) throw lastError;
    throw new StartupError(
      `The local chain (anvil) failed to start: ${(lastError as Error)?.message ?? 'unknown error'}.`,
      lastError,
    );
  }
  const { port } = first;
  const rpcUrl = `http://127.0.0.1:${port}`;
  log.info({ msg: 'local chain started', rpc_url: rpcUrl, restored, pid: first.inst.pid() });

  const supervise = opts.supervise ?? Boolean(opts.statePath);
  const listeners = new Set<(s: ChainStatus) => void>();
  let current: Instance = first.inst;
  let status: ChainStatus = 'up';
  let restarts = 0;
  let stopping: Promise<void> | undefined;
  let restarting: Promise<void> | undefined;
  let saving: Promise<unknown> = Promise.resolve();
  /** The tail of the queue of dumps and chain writes (see exclusive). */
  let gate: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(write: () => Promise<T>): Promise<T> => {
    const run = gate.then(write);
    gate = run.catch(() => {});
    return run;
  };
  /** Cuts a restart back-off short when stop() is called. */
  let wake: () => void = () => {};
  let resolveExited: (code: number | null) => void = () => {};
  const exited = new Promise<number | null>((r) => {
    resolveExited = r;
  });

  const setStatus = (s: ChainStatus) => {
    if (status === s) return;
    status = s;
    for (const l of listeners) {
      try {
        l(s);
      } catch (e) {
        log.warn({ msg: 'local chain status listener failed', err: (e as Error).message });
      }
    }
  };

  const restartLoop = async (): Promise<void> => {
    let attempt = 0;
    while (!stopping) {
      const wait = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)] ?? 10_000;
      if (wait > 0)
        await new Promise<void>((r) => {
          const timer = setTimeout(r, wait);
          wake = () => {
            clearTimeout(timer);
            r();
          };
        });
      if (stopping) return;
      attempt++;
      // Atomic saves mean the file is whole; a missing one means nothing was ever saved, and an
      // empty chain on the same URL would only make every client wrong instead of unavailable.
      if (!opts.statePath || !fs.existsSync(opts.statePath)) {
        log.error({ msg: 'the local chain died and there is no saved state to restart it from' });
        setStatus('stopped');
        resolveExited(null);
        return;
      }
      try {
        const inst = await launch(bin, anvilArgs(port, opts, true), port);
        if (stopping) {
          inst.kill('SIGKILL');
          return;
        }
        restarts++;
        current = inst;
        watch(inst);
        log.warn({ msg: 'local chain restarted from its last saved state', pid: inst.pid(), restarts });
        setStatus('up');
        return;
      } catch (e) {
        log.error({
          msg: 'restarting the local chain failed; trying again',
          attempt,
          err: (e as Error).message,
          port_taken: portTaken(e),
        });
      }
    }
  };

  function watch(inst: Instance) {
    const startedAt = Date.now();
    void inst.exited.then((code) => {
      if (stopping || inst !== current) return;
      const stableRun = Date.now() - startedAt > STABLE_AFTER_MS;
      log.error({
        msg: 'the local chain (anvil) exited unexpectedly',
        code,
        stderr: inst.stderr().trim().split('\n').slice(-3).join(' ') || undefined,
        will_restart: supervise,
        after_ms: stableRun ? undefined : Date.now() - startedAt,
      });
      setStatus('down');
      if (!supervise) {
        resolveExited(code);
        return;
      }
      restarting = restartLoop().finally(() => {
        restarting = undefined;
      });
    });
  }
  watch(current);

  /**
   * Makes sure anvil mines again after a save that held mining (the saver resumes it itself; this
   * covers a saver that died in between), mining what waits in the pool.
   */
  const ensureMining = async () => {
    try {
      if (await rpc<boolean>(rpcUrl, 'anvil_getAutomine')) return;
      await rpc(rpcUrl, 'evm_setAutomine', [true]);
      const pool = await rpc<{ pending: string }>(rpcUrl, 'txpool_status');
      if (BigInt(pool.pending) > 0n) await rpc(rpcUrl, 'evm_mine');
      log.warn({ msg: 'mining resumed after a state save that did not resume it' });
    } catch (e) {
      // A restarted anvil automines anyway; a live one that refuses is worth a line.
      if (status === 'up')
        log.warn({ msg: 'could not check mining after a state save', err: (e as Error).message });
    }
  };

  const saveState = async (): Promise<SaveResult | undefined> => {
    const statePath = opts.statePath;
    if (!statePath) return undefined;
    // Serialise saves so two never write the temp file at once.
    const next = saving.then(async (): Promise<SaveResult> => {
      if (status !== 'up') throw new ChainUnavailableError('The local chain is restarting; state not saved.');
      // Writers wait while the dump is taken, not while it is compressed and written to disk.
      let release = () => {};
      const dumped = new Promise<void>((r) => {
        release = r;
      });
      // Our own writers (the simulator) queue behind the dump; anyone else's transactions (a
      // visitor deploying, the faucet) are held in the mempool while the saver takes the dump with
      // automine off, so it is taken at a block boundary and the head cannot move across it ("the
      // chain head moved during each of 5 dumps" under load). The gate's turn ends only once
      // mining is surely back on, so the next writer never finds it held.
      await new Promise<void>((ourTurn) => {
        void exclusive(async () => {
          ourTurn();
          await dumped;
          await ensureMining();
        });
      });
      return saveStateFile(rpcUrl, statePath, { onDumped: release, holdMining: true }).finally(release);
    });
    saving = next.catch(() => {});
    return next;
  };

  const stop = (stopOpts: { save?: boolean } = {}) => {
    stopping ??= (async () => {
      wake();
      await restarting;
      const inst = current;
      const running = inst.child.exitCode === null && inst.child.signalCode === null;
      if (stopOpts.save !== false && running && status === 'up') {
        try {
          await saveState();
        } catch (e) {
          log.error({ msg: 'could not save local chain state', err: (e as Error).message });
        }
      }
      if (running) {
        inst.kill('SIGTERM');
        const timer = setTimeout(() => inst.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await inst.exited;
        clearTimeout(timer);
      }
      setStatus('stopped');
      resolveExited(await inst.exited);
      log.info({ msg: 'local chain stopped' });
    })();
    return stopping;
  };

  return {
    rpcUrl,
    port,
    restored,
    pid: () => current.pid(),
    status: () => status,
    restarts: () => restarts,
    onStatus(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveState,
    exclusive,
    stop,
    exited,
  };
}
