/**
 * For tests: a fresh anvil with the small test scenario built on it (seed 1234, dated now), the
 * set-up the facts tests that read the scenario's contracts directly share. Not the app's start-up
 * (that is runtime.ts, which also indexes, loads saved state and supervises the process).
 */
import type { Logger } from 'pino';
import type { ScenarioManifest } from '../../shared/scenario';
import { createLocalChainClients, type LocalChainClients } from '../chain/client';
import { type AnvilProcess, startAnvil } from './anvil';
import { buildScenario } from './scenario';

export type ScenarioChain = {
  anvil: AnvilProcess;
  chain: LocalChainClients;
  manifest: ScenarioManifest;
  /** Stops anvil without saving its state. */
  stop(): Promise<void>;
};

export async function startScenarioChain(opts: { log: Logger; seed?: number }): Promise<ScenarioChain> {
  const anvil = await startAnvil({ log: opts.log, pruneHistory: true });
  try {
    const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    const manifest = await buildScenario({
      chain,
      variant: 'test',
      seed: opts.seed ?? 1234,
      log: opts.log,
      now: Math.floor(Date.now() / 1000),
    });
    return { anvil, chain, manifest, stop: () => anvil.stop({ save: false }) };
  } catch (e) {
    // A failed build must not leave anvil running behind the failed test.
    await anvil.stop({ save: false });
    throw e;
  }
}
