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
import fs from 'node:fs';
import { ChainUnavailableError, StartupError } from '../errors';
import type { Logger } from '../logger';
import {
  anvilArgs,
  anvilRpc,
  findFreePort,
  type Instance,
  launchAnvil,
  resolveAnvilBinary,
} from './anvil-process';
import { type SaveResult, saveStateFile, stateFileParses } from './state-file';

export { findFreePort, LOCAL_CHAIN_ID, resolveAnvilBinary, sweepAnvilCaches } from './anvil-process';
export type { SaveResult } from './state-file';

const STOP_TIMEOUT_MS = 5_000;
/** Waits between restart attempts; the last one repeats. A restart that stays up resets it. */
const RESTART_BACKOFF_MS = [0, 250, 1_000, 2_000, 5_000, 10_000];
const STABLE_AFTER_MS = 60_000;

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

const portTaken = (e: unknown) => e instanceof Error && /address already in use/i.test(e.message);

export async function startAnvil(opts: StartAnvilOptions): Promise<AnvilProcess> {
  const { log } = opts;
  const bin = resolveAnvilBinary(opts.binaryPath);
  const restored = opts.statePath ? await usableStateFile(opts.statePath, log) : false;
  const { inst, port } = await launchOnFreePort(bin, opts, restored);
  const chain = new SupervisedAnvil(bin, opts, port, inst);
  log.info({ msg: 'local chain started', rpc_url: chain.rpcUrl, restored, pid: inst.pid() });
  return {
    rpcUrl: chain.rpcUrl,
    port,
    restored,
    pid: () => chain.current.pid(),
    status: () => chain.status,
    restarts: () => chain.restarts,
    onStatus: (listener) => chain.onStatus(listener),
    saveState: () => chain.saveState(),
    exclusive: (write) => chain.exclusive(write),
    stop: (stopOpts) => chain.stop(stopOpts),
    exited: chain.exited,
  };
}

/** The first start, on a free port; a port taken between our probe and anvil's bind is tried again. */
async function launchOnFreePort(
  bin: string,
  opts: StartAnvilOptions,
  restored: boolean,
): Promise<{ inst: Instance; port: number }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await findFreePort();
    try {
      return { inst: await launchAnvil(bin, anvilArgs(port, opts, restored), port), port };
    } catch (e) {
      lastError = e;
      // A port taken between our probe and anvil's bind is the only failure worth retrying.
      if (!portTaken(e)) break;
    }
  }
  if (lastError instanceof StartupError) throw lastError;
  throw new StartupError(
    `The local chain (anvil) failed to start: ${(lastError as Error)?.message ?? 'unknown error'}.`,
    lastError,
  );
}

/**
 * A running anvil and what keeps it: its status and the listeners who hear it change, restarts
 * from the last saved state on the same port after an unexpected exit (when supervised), state
 * saves kept apart from chain writes, and the stop.
 */
class SupervisedAnvil {
  readonly rpcUrl: string;
  current: Instance;
  status: ChainStatus = 'up';
  restarts = 0;
  /** Resolves when anvil is stopped for good. */
  readonly exited: Promise<number | null>;
  private resolveExited: (code: number | null) => void = () => {};
  private readonly listeners = new Set<(s: ChainStatus) => void>();
  private readonly supervise: boolean;
  private readonly log: Logger;
  private stopping: Promise<void> | undefined;
  private restarting: Promise<void> | undefined;
  private saving: Promise<unknown> = Promise.resolve();
  /** The tail of the queue of dumps and chain writes (see exclusive). */
  private gate: Promise<unknown> = Promise.resolve();
  /** Cuts a restart back-off short when stop() is called. */
  private wake: () => void = () => {};

  constructor(
    private readonly bin: string,
    private readonly opts: StartAnvilOptions,
    private readonly port: number,
    first: Instance,
  ) {
    this.rpcUrl = `http://127.0.0.1:${port}`;
    this.log = opts.log;
    this.supervise = opts.supervise ?? Boolean(opts.statePath);
    this.current = first;
    this.exited = new Promise<number | null>((r) => {
      this.resolveExited = r;
    });
    this.watch(first);
  }

  /** Runs `write` while no state dump is being taken, and vice versa (one queue for both). */
  exclusive<T>(write: () => Promise<T>): Promise<T> {
    const run = this.gate.then(write);
    this.gate = run.catch(() => {});
    return run;
  }

  onStatus(listener: (status: ChainStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setStatus(s: ChainStatus): void {
    if (this.status === s) return;
    this.status = s;
    for (const l of this.listeners) {
      try {
        l(s);
      } catch (e) {
        this.log.warn({ msg: 'local chain status listener failed', err: (e as Error).message });
      }
    }
  }

  /** An exit nobody asked for: 'down', then a restart when supervised, else stopped for good. */
  private watch(inst: Instance): void {
    const startedAt = Date.now();
    void inst.exited.then((code) => {
      if (this.stopping || inst !== this.current) return;
      const stableRun = Date.now() - startedAt > STABLE_AFTER_MS;
      this.log.error({
        msg: 'the local chain (anvil) exited unexpectedly',
        code,
        stderr: inst.stderr().trim().split('\n').slice(-3).join(' ') || undefined,
        will_restart: this.supervise,
        after_ms: stableRun ? undefined : Date.now() - startedAt,
      });
      this.setStatus('down');
      if (!this.supervise) {
        this.resolveExited(code);
        return;
      }
      this.restarting = this.restartLoop().finally(() => {
        this.restarting = undefined;
      });
    });
  }

  private async restartLoop(): Promise<void> {
    const { log, opts } = this;
    let attempt = 0;
    while (!this.stopping) {
      const wait = RESTART_BACKOFF_MS[Math.min(attempt, RESTART_BACKOFF_MS.length - 1)] ?? 10_000;
      if (wait > 0)
        await new Promise<void>((r) => {
          const timer = setTimeout(r, wait);
          this.wake = () => {
            clearTimeout(timer);
            r();
          };
        });
      if (this.stopping) return;
      attempt++;
      // Atomic saves mean the file is whole; a missing one means nothing was ever saved, and an
      // empty chain on the same URL would only make every client wrong instead of unavailable.
      if (!opts.statePath || !fs.existsSync(opts.statePath)) {
        log.error({ msg: 'the local chain died and there is no saved state to restart it from' });
        this.setStatus('stopped');
        this.resolveExited(null);
        return;
      }
      try {
        const inst = await launchAnvil(this.bin, anvilArgs(this.port, opts, true), this.port);
        if (this.stopping) {
          inst.kill('SIGKILL');
          return;
        }
        this.restarts++;
        this.current = inst;
        this.watch(inst);
        log.warn({
          msg: 'local chain restarted from its last saved state',
          pid: inst.pid(),
          restarts: this.restarts,
        });
        this.setStatus('up');
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
  }

  /**
   * Makes sure anvil mines again after a save that held mining (the saver resumes it itself; this
   * covers a saver that died in between), mining what waits in the pool.
   */
  private async ensureMining(): Promise<void> {
    const { rpcUrl } = this;
    try {
      if (await anvilRpc<boolean>(rpcUrl, 'anvil_getAutomine')) return;
      await anvilRpc(rpcUrl, 'evm_setAutomine', [true]);
      const pool = await anvilRpc<{ pending: string }>(rpcUrl, 'txpool_status');
      if (BigInt(pool.pending) > 0n) await anvilRpc(rpcUrl, 'evm_mine');
      this.log.warn({ msg: 'mining resumed after a state save that did not resume it' });
    } catch (e) {
      // A restarted anvil automines anyway; a live one that refuses is worth a line.
      if (this.status === 'up')
        this.log.warn({ msg: 'could not check mining after a state save', err: (e as Error).message });
    }
  }

  saveState(): Promise<SaveResult | undefined> {
    const statePath = this.opts.statePath;
    if (!statePath) return Promise.resolve(undefined);
    // Serialise saves so two never write the temp file at once.
    const next = this.saving.then(async (): Promise<SaveResult> => {
      if (this.status !== 'up')
        throw new ChainUnavailableError('The local chain is restarting; state not saved.');
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
        void this.exclusive(async () => {
          ourTurn();
          await dumped;
          await this.ensureMining();
        });
      });
      return saveStateFile(this.rpcUrl, statePath, { onDumped: release, holdMining: true }).finally(release);
    });
    this.saving = next.catch(() => {});
    return next;
  }

  /** Save state (unless told not to), then stop anvil and wait for the process to exit. Idempotent. */
  stop(stopOpts: { save?: boolean } = {}): Promise<void> {
    this.stopping ??= (async () => {
      this.wake();
      await this.restarting;
      const inst = this.current;
      const running = inst.child.exitCode === null && inst.child.signalCode === null;
      if (stopOpts.save !== false && running && this.status === 'up') {
        try {
          await this.saveState();
        } catch (e) {
          this.log.error({ msg: 'could not save local chain state', err: (e as Error).message });
        }
      }
      if (running) {
        inst.kill('SIGTERM');
        const timer = setTimeout(() => inst.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await inst.exited;
        clearTimeout(timer);
      }
      this.setStatus('stopped');
      this.resolveExited(await inst.exited);
      this.log.info({ msg: 'local chain stopped' });
    })();
    return this.stopping;
  }
}
