/**
 * The embedded local chain: anvil (from the npm package @foundry-rs/anvil) as a child process on a
 * free loopback port, chain id 8453. State is persisted by us, not by anvil's own --dump-state: we
 * ask anvil for a dump over RPC and write it atomically (temp file + rename), so a crash while
 * saving can never leave a half-written state file that breaks the next start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { StartupError } from '../errors';
import type { Logger } from '../logger';

export const LOCAL_CHAIN_ID = 8453;
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

export type AnvilProcess = {
  rpcUrl: string;
  port: number;
  /** true when the chain was loaded from a saved state file. */
  restored: boolean;
  /** Save the chain state to `statePath` atomically. */
  saveState(): Promise<void>;
  /** Save state, then stop anvil and wait for the process to exit. Idempotent. */
  stop(opts?: { save?: boolean }): Promise<void>;
  /** Resolves when the process exits (for any reason). */
  exited: Promise<number | null>;
};

export type StartAnvilOptions = {
  /** Where the chain state lives; undefined = ephemeral chain (tests). */
  statePath?: string;
  binaryPath?: string;
  log: Logger;
  /** Block base fee in wei; Base runs at ~0.01 gwei. */
  baseFeeWei?: bigint;
  /** Genesis timestamp of a new chain (unix s), so compressed history can start weeks ago. */
  genesisTimestamp?: number;
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

/**
 * Last line of defence against orphans: anvil runs in its own process group (see launch), so if
 * this process exits before stop() ran — a signal during a cold start, process.exit() on a fatal
 * error — kill whatever anvil children are still alive. 'exit' handlers run synchronously, and
 * kill() is synchronous, so this works even on process.exit().
 */
const liveChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess) {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of liveChildren) c.kill('SIGKILL');
    });
  }
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

/**
 * Execution traces are ~80% of anvil's dump and nothing we serve needs them (blocks, receipts and
 * logs stay): dropping them keeps the state file about five times smaller as the simulator runs.
 */
export function compactState(json: string): string {
  const state = JSON.parse(json) as { transactions?: { info?: { traces?: unknown[] } }[] };
  for (const tx of state.transactions ?? []) if (tx.info) tx.info.traces = [];
  return JSON.stringify(state);
}

/** A state file is usable only if it parses; a corrupt one is moved aside, never loaded. */
function usableStateFile(statePath: string, log: Logger): boolean {
  if (!fs.existsSync(statePath)) return false;
  try {
    const parsed = JSON.parse(fs.readFileSync(statePath, 'utf8')) as { block?: unknown };
    if (parsed && typeof parsed === 'object' && parsed.block) return true;
  } catch {
    // fall through
  }
  const aside = `${statePath}.corrupt-${Date.now()}`;
  fs.renameSync(statePath, aside);
  log.warn({
    msg: 'local chain state file was unreadable; moved aside, starting a new chain',
    moved_to: aside,
  });
  return false;
}

export async function startAnvil(opts: StartAnvilOptions): Promise<AnvilProcess> {
  const { log } = opts;
  const bin = resolveAnvilBinary(opts.binaryPath);
  const restored = opts.statePath ? usableStateFile(opts.statePath, log) : false;

  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort();
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
    if (restored && opts.statePath) args.push('--load-state', opts.statePath);
    else if (opts.genesisTimestamp !== undefined) args.push('--timestamp', String(opts.genesisTimestamp));
    try {
      return await launch(bin, args, port, restored, opts);
    } catch (e) {
      lastError = e;
      // A port taken between our probe and anvil's bind is the only failure worth retrying.
      if (!(e instanceof Error && /address already in use/i.test(e.message))) break;
    }
  }
  if (lastError instanceof StartupError) throw lastError;
  throw new StartupError(
    `The local chain (anvil) failed to start: ${(lastError as Error)?.message ?? 'unknown error'}.`,
    lastError,
  );
}

async function launch(
  bin: string,
  args: string[],
  port: number,
  restored: boolean,
  opts: StartAnvilOptions,
): Promise<AnvilProcess> {
  const { log } = opts;
  const rpcUrl = `http://127.0.0.1:${port}`;
  // Own process group: Ctrl-C in a terminal signals the whole foreground group, and anvil must
  // outlive that signal long enough for us to save its state before we stop it ourselves.
  const child: ChildProcess = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  track(child);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (err) => {
      stderr += String(err);
      resolve(-1);
    });
  });

  // Wait until it answers JSON-RPC, or exits.
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let ready = false;
  let exitCode: number | null | undefined;
  void exited.then((c) => {
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
    child.kill('SIGKILL');
    const why = stderr.trim().split('\n').slice(-3).join(' ').trim();
    throw new StartupError(
      `The local chain (anvil) failed to start${why ? `: ${why}` : exitCode !== undefined ? ` (exit code ${exitCode})` : ' within 30 s'}.`,
    );
  }
  log.info({ msg: 'local chain started', rpc_url: rpcUrl, restored, pid: child.pid });

  let stopping: Promise<void> | undefined;
  let saving: Promise<void> = Promise.resolve();

  const saveState = async () => {
    const statePath = opts.statePath;
    if (!statePath) return;
    // Serialise saves so two never write the temp file at once.
    saving = saving.then(async () => {
      const hex = await rpc<string>(rpcUrl, 'anvil_dumpState', [], 60_000);
      const json = gunzipSync(Buffer.from(hex.slice(2), 'hex')).toString('utf8');
      const tmp = `${statePath}.tmp-${process.pid}`;
      await fs.promises.writeFile(tmp, compactState(json));
      await fs.promises.rename(tmp, statePath);
    });
    return saving;
  };

  const stop = (stopOpts: { save?: boolean } = {}) => {
    stopping ??= (async () => {
      if (stopOpts.save !== false && child.exitCode === null) {
        try {
          await saveState();
        } catch (e) {
          log.error({ msg: 'could not save local chain state', err: (e as Error).message });
        }
      }
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      log.info({ msg: 'local chain stopped' });
    })();
    return stopping;
  };

  return { rpcUrl, port, restored, saveState, stop, exited };
}
