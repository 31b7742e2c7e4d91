/**
 * Builds the test scenario once for the whole integration project (issue 34): anvil's state, the
 * scenario manifest and the database — indexed to the head, scenario sources verified — are saved
 * in one DATA_DIR that every file copies (src/server/test-support/scenario-runtime.ts). Files that
 * test the build itself (localchain/scenario*.int.test.ts) still build their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { parseConfig } from '../../src/server/config';
import { startRuntime } from '../../src/server/runtime';
import { TEST_SCENARIO_ENV } from '../../src/server/test-support/scenario-runtime';

export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-int-saved-'));
  const started = performance.now();
  const runtime = await startRuntime(
    parseConfig({ ...TEST_SCENARIO_ENV, DATA_DIR: dataDir }),
    pino({ level: 'silent' }),
  );
  await runtime.stop();
  process.stdout.write(
    `integration set-up: test scenario built, indexed and saved in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );
  project.provide('scenarioDataDir', dataDir);
  return () => fs.rmSync(dataDir, { recursive: true, force: true });
}
