/**
 * The integration tests' runtime on the test scenario, from the state the integration project's
 * global set-up saved once (tests/integration/global-setup.ts): a copy of its DATA_DIR — anvil's
 * chain state, the scenario manifest and the indexed, verified database — in a fresh folder, so a
 * file starts in about a second instead of building and indexing the scenario itself (issue 34).
 * Outside that project (no saved state provided) it builds the scenario on an ephemeral chain, as
 * every file once did. Test support only: no product code imports it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { inject } from 'vitest';
import type { ScenarioManifest } from '../../shared/scenario';
import { createLocalChainClients } from '../chain/client';
import { parseConfig } from '../config';
import { startAnvil } from '../localchain/anvil';
import { type ScenarioChain, startScenarioChain } from '../localchain/scenario-chain';
import type { Logger } from '../logger';
import { type Runtime, startRuntime } from '../runtime';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR holding the built, indexed test scenario (never written to: tests copy it). */
    scenarioDataDir?: string;
  }
}

/** The settings every scenario test runs with: the small scenario, no market loop, no logs. */
export const TEST_SCENARIO_ENV = { SCENARIO: 'test', SIMULATOR: 'off', LOG_LEVEL: 'silent' } as const;

/** A fresh copy of the saved scenario's DATA_DIR, or undefined when no saved state was provided. */
export function copySavedScenario(): string | undefined {
  const saved = inject('scenarioDataDir');
  if (!saved || !fs.existsSync(path.join(saved, 'chain', 'manifest.json'))) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-int-'));
  fs.cpSync(saved, dir, { recursive: true });
  return dir;
}

/**
 * Starts the runtime on the test scenario: from a copy of the saved state when there is one (its
 * folder is removed again by `stop`), else built on an ephemeral chain with an in-memory database.
 */
export async function startScenarioRuntime(
  opts: { log?: Logger; env?: Record<string, string> } = {},
): Promise<Runtime> {
  const log = opts.log ?? pino({ level: 'silent' });
  const dataDir = copySavedScenario();
  if (!dataDir)
    return startRuntime(parseConfig({ ...TEST_SCENARIO_ENV, ...opts.env }), log, {
      memoryDb: true,
      ephemeralChain: true,
    });
  try {
    const runtime = await startRuntime(
      parseConfig({ ...TEST_SCENARIO_ENV, ...opts.env, DATA_DIR: dataDir }),
      log,
    );
    return {
      ...runtime,
      stop: async () => {
        try {
          await runtime.stop();
        } finally {
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}

/**
 * The test scenario's chain alone (no runtime, no database), for the facts tests that read its
 * contracts directly: anvil restored from a copy of the saved state when there is one (about a
 * second), else built afresh (startScenarioChain, 15–40 s on a 2-core machine).
 */
export async function startSavedScenarioChain(opts: { log?: Logger } = {}): Promise<ScenarioChain> {
  const log = opts.log ?? pino({ level: 'silent' });
  const saved = inject('scenarioDataDir');
  const savedChain = saved ? path.join(saved, 'chain') : undefined;
  if (!savedChain || !fs.existsSync(path.join(savedChain, 'manifest.json')))
    return startScenarioChain({ log });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-int-chain-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.copyFileSync(path.join(savedChain, 'state.json'), path.join(dir, 'state.json'));
    const manifest = JSON.parse(
      fs.readFileSync(path.join(savedChain, 'manifest.json'), 'utf8'),
    ) as ScenarioManifest;
    const anvil = await startAnvil({
      statePath: path.join(dir, 'state.json'),
      log,
      pruneHistory: true,
      supervise: false,
    });
    if (!anvil.restored) {
      await anvil.stop({ save: false });
      throw new Error('the saved test scenario state did not load');
    }
    const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    return {
      anvil,
      chain,
      manifest,
      stop: async () => {
        try {
          await anvil.stop({ save: false });
        } finally {
          remove();
        }
      },
    };
  } catch (e) {
    remove();
    throw e;
  }
}
