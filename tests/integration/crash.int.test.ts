/**
 * CI's subset of `npm run check:crash`: the built app is SIGKILLed once during the scenario build,
 * once while indexing and once while the simulator trades; after each kill no process it started
 * survives, and after the restart the index equals the chain (holder counts, top 20 balances, every
 * Transfer exactly once). The script runs 20 random moments; these three are fixed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { crashAt, type Phase } from '../../scripts/crash-harness';
import { findFreePort } from '../../src/server/localchain/anvil';
import '../../src/server/test-support/scenario-runtime';

const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flab-crash-')), 'data');
afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

const moments: [Phase, number][] = [
  ['build', 2_500],
  ['indexing', 1_500],
  ['trading', 4_000],
];

describe.skipIf(process.platform !== 'linux')('SIGKILL of the app at chosen moments', () => {
  it.each(moments)(
    'killed during %s (+%i ms): nothing survives, and after the restart the index equals the chain',
    async (phase, delayMs) => {
      // The build moment builds; the indexing one starts from the saved test scenario's chain (the
      // integration set-up's), restored and indexed from nothing, so the suite pays for one build.
      const saved = inject('scenarioDataDir');
      const r = await crashAt({
        dataDir,
        port: await findFreePort(),
        phase,
        delayMs,
        seedChainDir: saved ? path.join(saved, 'chain') : undefined,
      });
      expect(r.survivors).toEqual([]);
      expect(r.verdict.problems).toEqual([]);
    },
    900_000,
  );
});
