/**
 * Killing anvil alone (SIGKILL of its pid) while the app runs: /api/health answers 503 within a
 * second, 200 again within 15 s (anvil restarted from its saved state on the same port), the
 * simulator trades again, and the index loses nothing and counts nothing twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type AppHandle,
  chainTruth,
  checkedTokens,
  compareIndex,
  descendants,
  indexAnswer,
  processName,
  restartAndCompare,
  savedTokens,
  startBuiltApp,
  stopApp,
} from '../../scripts/crash-harness';
import { findFreePort } from '../../src/server/localchain/anvil';
import { copySavedScenario } from '../../src/server/test-support/scenario-runtime';

const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flab-anvil-kill-')), 'data');
// The app starts on a copy of the saved test scenario (chain and index): building it is not what
// is tested here (crash.int.test.ts kills a build), the supervisor's restart of anvil is.
const seeded = copySavedScenario();
if (seeded) fs.renameSync(seeded, dataDir);
afterAll(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

async function status(app: AppHandle, route: string): Promise<number> {
  try {
    const res = await fetch(`${app.baseUrl}${route}`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return 0;
  }
}

/** ms until `route` answers `want`, polling every 50 ms; undefined after `withinMs`. */
async function msUntil(app: AppHandle, route: string, want: number, withinMs: number) {
  const t0 = Date.now();
  while (Date.now() - t0 < withinMs) {
    if ((await status(app, route)) === want) return Date.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
  }
  return undefined;
}

function killAnvil(app: AppHandle): number {
  const pid = descendants(app.child.pid as number).find((p) => processName(p) === 'anvil');
  if (!pid) throw new Error('no anvil process below the app');
  process.kill(pid, 'SIGKILL');
  return pid;
}

async function head(app: AppHandle): Promise<bigint> {
  const res = await fetch(`${app.baseUrl}/api/health`);
  return BigInt(((await res.json()) as { chain: { headBlock: string } }).chain.headBlock);
}

describe.skipIf(process.platform !== 'linux')('anvil killed alone', () => {
  it('answers 503 at once, heals within 15 s, and the index still equals the chain', async () => {
    const port = await findFreePort();
    // A still chain first: the index must come out of the restart exactly as it went in.
    const app = startBuiltApp({ dataDir, port, env: { SIMULATOR: 'off' } });
    try {
      await app.waitHealthy(600_000);
      const network = (await (await fetch(`${app.baseUrl}/api/network`)).json()) as { rpcUrl: string };
      // Killed before its first save, anvil would have nothing to restart from: wait for it.
      const before = await chainTruth(network.rpcUrl, await savedTokens(dataDir));

      killAnvil(app);
      expect(await msUntil(app, '/api/health', 503, 1_000)).toBeDefined();
      // Not also /api/network: the supervisor often has anvil back before a second probe could see it down.
      expect(await msUntil(app, '/api/health', 200, 15_000)).toBeDefined();
      // Let the indexer run a pass over the restarted chain, then stop cleanly and read the index.
      await new Promise((r) => setTimeout(r, 3_000));
      expect(await stopApp(app)).toEqual([]);
      expect(compareIndex(before, await indexAnswer(dataDir, checkedTokens(dataDir)))).toEqual([]);
    } finally {
      await stopApp(app);
    }

    // Now with the simulator trading: it pauses while anvil is down and trades again after.
    const live = startBuiltApp({ dataDir, port, env: { SIMULATOR: 'on', SIMULATOR_BLOCK_MS: '500' } });
    try {
      await live.waitHealthy(600_000);
      await new Promise((r) => setTimeout(r, 3_000));
      killAnvil(live);
      expect(await msUntil(live, '/api/health', 503, 1_000)).toBeDefined();
      expect(await msUntil(live, '/api/health', 200, 15_000)).toBeDefined();
      const healed = await head(live);
      const deadline = Date.now() + 20_000;
      while ((await head(live)) <= healed && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250));
      expect(await head(live)).toBeGreaterThan(healed);
      expect(live.output()).not.toMatch(/uncaught exception/);
      expect(await stopApp(live)).toEqual([]);
    } finally {
      await stopApp(live);
    }
    const verdict = await restartAndCompare({ dataDir, port });
    expect(verdict.problems).toEqual([]);
  }, 900_000);
});
