/**
 * Starts the embedded local Base chain and makes sure it holds the scenario:
 *   DATA_DIR/chain/state.json     anvil's state (blocks, logs, accounts), saved atomically
 *   DATA_DIR/chain/manifest.json  what the scenario deployed, written only after the state is saved
 * A state without a manifest means a start was interrupted mid-build: it is discarded and rebuilt,
 * so an interrupted cold start never breaks the next one.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ScenarioManifest } from '../../shared/scenario';
import { createLocalChainClients, type LocalChainClients } from '../chain/client';
import { StartupError } from '../errors';
import type { Logger } from '../logger';
import { type AnvilProcess, startAnvil } from './anvil';
import { buildScenario } from './scenario';
import { type Simulator, startSimulator } from './simulator';
import { writeFileDurable } from './state-file';

/**
 * How often the saver looks at the head; it saves only when a block was mined since the last save,
 * and waits at least SAVE_COST_FACTOR times the last save's duration so that saving a big chain
 * (the full scenario's dump takes seconds on a loaded machine) never takes more than about a tenth
 * of the time. This bounds what a kill -9 or an anvil crash can roll the chain back by to a few
 * blocks; the index is reconciled with whatever the chain holds after a restart (ADR 0009).
 */
export const STATE_SAVE_INTERVAL_MS = 2_000;
const SAVE_COST_FACTOR = 10;
/** A new chain's genesis is dated before the scenario's history (which spans ~8 weeks). */
const GENESIS_LEAD_S = 60 * 86_400;

export type LocalChain = {
  clients: LocalChainClients;
  manifest: ScenarioManifest;
  anvil: AnvilProcess;
  /** true when the scenario was built during this start. */
  built: boolean;
  /**
   * Settles once a chain built in this start is on disk with its manifest (at once for a restored
   * or ephemeral chain). Until then a killed anvil has nothing to restart from: the app waits for
   * it before it listens (it takes a few seconds and overlaps the index catching up).
   */
  saved: Promise<void>;
  stop(): Promise<void>;
};

export type StartLocalChainOptions = {
  /** undefined = ephemeral chain (tests): nothing is read or written on disk. */
  dataDir: string | undefined;
  variant: 'full' | 'test';
  seed: number;
  simulator: { enabled: boolean; blockMs: number };
  anvilPath?: string;
  rpcTimeoutMs?: number;
  log: Logger;
  /** Fixed "now" (unix seconds) for deterministic tests. */
  now?: number;
  /** Told when a start-up phase ends ('chain' running, 'scenario' built or restored). */
  onPhase?: (phase: 'chain' | 'scenario', detail: string) => void;
};

function readManifest(file: string): ScenarioManifest | undefined {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as ScenarioManifest;
    return m && m.version === 1 && m.tokens?.FLAB ? m : undefined;
  } catch {
    return undefined;
  }
}

export async function startLocalChain(opts: StartLocalChainOptions): Promise<LocalChain> {
  const { log } = opts;
  const chainDir = opts.dataDir ? path.join(opts.dataDir, 'chain') : undefined;
  const statePath = chainDir ? path.join(chainDir, 'state.json') : undefined;
  const manifestPath = chainDir ? path.join(chainDir, 'manifest.json') : undefined;
  if (chainDir) {
    fs.mkdirSync(chainDir, { recursive: true });
    // Temp files of saves a kill interrupted (the state or manifest itself is always whole).
    for (const f of fs.readdirSync(chainDir))
      if (/\.tmp-\d+$/.test(f)) fs.rmSync(path.join(chainDir, f), { force: true });
  }

  let manifest = manifestPath ? readManifest(manifestPath) : undefined;
  if (statePath && !manifest && fs.existsSync(statePath)) {
    log.warn({
      msg: 'local chain state has no scenario manifest (an earlier start was interrupted); rebuilding',
    });
    fs.rmSync(statePath, { force: true });
  }

  const genesisTimestamp = (opts.now ?? Math.floor(Date.now() / 1000)) - GENESIS_LEAD_S;
  let anvil = await startAnvil({
    statePath,
    binaryPath: opts.anvilPath,
    log,
    genesisTimestamp,
    pruneHistory: true,
  });
  let clients = createLocalChainClients({ rpcUrl: anvil.rpcUrl, timeoutMs: opts.rpcTimeoutMs });

  // A manifest only counts if the chain really holds its contracts.
  if (manifest && anvil.restored) {
    const code = await clients.public
      .getCode({ address: manifest.tokens.FLAB as `0x${string}` })
      .catch(() => undefined);
    if (!code || code === '0x') {
      log.warn({ msg: 'saved local chain does not hold the scenario; rebuilding' });
      manifest = undefined;
      await anvil.stop({ save: false });
      if (statePath) fs.rmSync(statePath, { force: true });
      anvil = await startAnvil({
        statePath,
        binaryPath: opts.anvilPath,
        log,
        genesisTimestamp,
        pruneHistory: true,
      });
      clients = createLocalChainClients({ rpcUrl: anvil.rpcUrl, timeoutMs: opts.rpcTimeoutMs });
    }
  } else if (manifest && !anvil.restored) {
    manifest = undefined;
  }
  opts.onPhase?.('chain', anvil.restored && manifest ? 'anvil, saved state restored' : 'anvil, new chain');

  let built = false;
  let firstSave: Promise<void> | undefined;
  if (!manifest) {
    const started = Date.now();
    log.info({ msg: 'building the local market scenario', variant: opts.variant, seed: opts.seed });
    try {
      manifest = await buildScenario({
        chain: clients,
        variant: opts.variant,
        seed: opts.seed,
        log,
        now: opts.now,
      });
    } catch (cause) {
      await anvil.stop({ save: false });
      if (statePath) fs.rmSync(statePath, { force: true });
      throw new StartupError(`Building the local market scenario failed: ${(cause as Error).message}`, cause);
    }
    built = true;
    if (statePath && manifestPath) {
      // Saved in the background while the index catches up: the dump of a full chain takes
      // seconds. The manifest is written only once that state is on disk, so a start killed
      // before then rebuilds, as an interrupted build always does; stop() waits for it.
      const written = manifest;
      firstSave = anvil
        .saveState()
        .then(() => writeFileDurable(manifestPath, JSON.stringify(written, null, 2)))
        .catch((e) =>
          log.warn({
            msg: 'saving the new local chain failed; the next start rebuilds it',
            err: (e as Error).message,
          }),
        );
    }
    log.info({
      msg: 'local market scenario ready',
      duration_ms: Date.now() - started,
      block: manifest.builtAtBlock,
    });
    opts.onPhase?.('scenario', `${opts.variant} scenario built to block ${manifest.builtAtBlock}`);
  }

  const finalAnvil = anvil;
  const finalManifest = manifest;
  const finalClients = clients;
  let stopping: Promise<void> | undefined;

  // The simulator runs only while the chain is up: it is stopped when anvil dies and started
  // afresh (re-reading balances from the restored chain) once the supervisor has restarted it.
  let sim: Simulator | undefined;
  let simChange: Promise<void> = Promise.resolve();
  const runSimulator = (on: boolean) => {
    if (!opts.simulator.enabled) return simChange;
    simChange = simChange.then(async () => {
      if (on && !sim && !stopping) {
        sim = startSimulator({
          chain: finalClients,
          manifest: finalManifest,
          seed: opts.seed,
          blockMs: opts.simulator.blockMs,
          log,
          exclusive: finalAnvil.exclusive,
        });
      } else if (!on && sim) {
        const s = sim;
        sim = undefined;
        await s.stop().catch((e) => log.warn({ msg: 'simulator stop failed', err: (e as Error).message }));
      }
    });
    return simChange;
  };
  void runSimulator(true);
  const unsubscribe = finalAnvil.onStatus((status) => void runSimulator(status === 'up'));

  const saver = statePath ? startStateSaver(finalAnvil, finalClients, log) : undefined;

  return {
    clients: finalClients,
    manifest: finalManifest,
    anvil: finalAnvil,
    built,
    saved: firstSave ?? Promise.resolve(),
    stop: () => {
      stopping ??= (async () => {
        unsubscribe();
        await firstSave;
        await saver?.stop();
        await runSimulator(false);
        await finalAnvil.stop({ save: Boolean(statePath) });
      })();
      return stopping;
    },
  };
}

/**
 * Saves the chain whenever its head moved since the last save (see STATE_SAVE_INTERVAL_MS).
 */
function startStateSaver(anvil: AnvilProcess, clients: LocalChainClients, log: Logger) {
  let savedHead: bigint | undefined;
  let lastCostMs = 0;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  const pass = async () => {
    if (anvil.status() !== 'up') return;
    const head = await clients.public.getBlockNumber({ cacheTime: 0 });
    if (head === savedHead) return;
    const t0 = performance.now();
    const r = await anvil.saveState();
    lastCostMs = performance.now() - t0;
    savedHead = head;
    if (r)
      log.debug({
        msg: 'chain state saved',
        block: head.toString(),
        bytes: r.bytes,
        dump_ms: Math.round(r.dumpMs),
        write_ms: Math.round(r.writeMs),
        held_ms: Math.round(r.heldMs),
      });
  };
  const loop = () => {
    if (stopped) return;
    inFlight = pass()
      .catch((e) => log.warn({ msg: 'periodic chain state save failed', err: (e as Error).message }))
      .finally(() => {
        inFlight = undefined;
        if (!stopped) {
          timer = setTimeout(loop, Math.max(STATE_SAVE_INTERVAL_MS, SAVE_COST_FACTOR * lastCostMs));
          timer.unref();
        }
      });
  };
  timer = setTimeout(loop, STATE_SAVE_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await inFlight;
    },
  };
}
