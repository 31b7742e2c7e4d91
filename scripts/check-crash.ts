/**
 * `npm run check:crash`: SIGKILL the built app at 20 random moments — during the scenario build,
 * during indexing, during simulator trading — and after each restart compare holder counts and the
 * top 20 balances of several tokens in the index with the chain (see scripts/crash-harness.ts).
 * Also checks that no process the app started (anvil and its watchdog) survives any kill.
 *
 *   npm run check:crash -- [--moments 20] [--seed 1] [--full 0] [--load 0]
 *
 * --load S adds one kill under load: the simulator trading and a deploy load (a deployment sent
 * straight to anvil every 250 ms) for S seconds, then kill -9. It passes when every periodic state
 * save in the run succeeded, no deployment the restarted chain's head covers is missing, the index
 * equals the chain, and the deployments lost were all mined within the longest gap between two
 * saves plus the longest save (a save holds its dump's state) +1 s for measuring: the loss bound.
 *
 * --full N adds N kills during a full-scenario build (minutes each). Exit code 0 only when every
 * moment passes. The seed makes the moments reproducible.
 */
import fs from 'node:fs';
import path from 'node:path';
import { findFreePort } from '../src/server/localchain/anvil';
import { createRng } from '../src/server/localchain/simulator/random';
import { crashAt, crashUnderLoad, type MomentResult, type Phase, REPO_ROOT } from './crash-harness';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isFinite(v) ? v : fallback;
}

const moments = arg('moments', 20);
const seed = arg('seed', 1);
const full = arg('full', 0);
const loadS = arg('load', 0);
const rng = createRng(`check-crash/${seed}`);

/** Kill delay after the phase began, drawn per phase (the test scenario builds in ~10 s). */
const DELAY_MS: Record<Phase, [number, number]> = {
  build: [200, 9_000],
  indexing: [0, 8_000],
  trading: [500, 15_000],
};
const cycle: Phase[] = ['build', 'trading', 'indexing', 'trading'];
const plan: { phase: Phase; delayMs: number; scenario: 'test' | 'full' }[] = [];
for (let i = 0; i < moments; i++) {
  const phase = cycle[i % cycle.length] as Phase;
  const [lo, hi] = DELAY_MS[phase];
  plan.push({ phase, delayMs: Math.round(rng.range(lo, hi)), scenario: 'test' });
}
for (let i = 0; i < full; i++)
  plan.push({ phase: 'build', delayMs: Math.round(rng.range(5_000, 120_000)), scenario: 'full' });

const dataRoot = path.join(REPO_ROOT, '.data-check-crash');
fs.mkdirSync(dataRoot, { recursive: true });
const port = await findFreePort();
const results: (MomentResult & { scenario: string })[] = [];
let failures = 0;
const started = Date.now();
console.log(
  `check:crash — ${plan.length} kills, seed ${seed}, data in ${path.relative(REPO_ROOT, dataRoot)}/`,
);
for (const [i, m] of plan.entries()) {
  const dataDir = path.join(dataRoot, m.scenario);
  const label = `#${String(i + 1).padStart(2)} ${m.scenario} ${m.phase.padEnd(8)} +${(m.delayMs / 1000).toFixed(1)} s`;
  try {
    const r = await crashAt({
      dataDir,
      port,
      phase: m.phase,
      delayMs: m.delayMs,
      env: { SCENARIO: m.scenario },
    });
    results.push({ ...r, scenario: m.scenario });
    const ok = r.verdict.ok && r.survivors.length === 0;
    if (!ok) failures++;
    console.log(
      `${label}  killed in ${r.killedIn.padEnd(8)} survivors ${r.survivors.length}  head ${r.verdict.head}  ` +
        `healthy again in ${r.verdict.recoverS.toFixed(1)} s  ${ok ? 'OK' : 'FAIL'}`,
    );
    for (const p of r.verdict.problems.slice(0, 10)) console.log(`      ${p}`);
    if (r.survivors.length) console.log(`      survivors: ${JSON.stringify(r.survivors)}`);
  } catch (e) {
    failures++;
    console.log(`${label}  ERROR ${(e as Error).message.split('\n').slice(0, 12).join('\n      ')}`);
  }
}
if (loadS > 0) {
  const label = `load  ${loadS} s of simulator + deploys, then kill -9`;
  try {
    const r = await crashUnderLoad({ dataDir: path.join(dataRoot, 'load'), port, runMs: loadS * 1000 });
    const boundMs = r.maxSaveGapMs + r.maxSaveCostMs + 1_000;
    const ok =
      r.saves.failed.length === 0 &&
      r.saves.ok > 0 &&
      r.missingDeploys === 0 &&
      r.verdict.ok &&
      r.lossWindowMs <= boundMs;
    if (!ok) failures++;
    console.log(
      `${label}: saves ${r.saves.ok} ok / ${r.saves.failed.length} failed; ${r.deploys} deployments mined, ` +
        `${r.lostDeploys} lost (blocks ${r.restoredHead + 1n}..${r.killHead}), ${r.missingDeploys} missing below the restored head; ` +
        `loss window ${(r.lossWindowMs / 1000).toFixed(2)} s, longest gap between saves ${(r.maxSaveGapMs / 1000).toFixed(2)} s, longest save ${(r.maxSaveCostMs / 1000).toFixed(2)} s (mining held ≤ ${(r.maxHeldMs / 1000).toFixed(2)} s) → bound ${(boundMs / 1000).toFixed(2)} s; ` +
        `index ${r.verdict.ok ? 'equals the chain' : 'DIFFERS'}  ${ok ? 'OK' : 'FAIL'}`,
    );
    for (const f of r.saves.failed.slice(0, 5)) console.log(`      save failed: ${f}`);
    for (const p of r.verdict.problems.slice(0, 10)) console.log(`      ${p}`);
  } catch (e) {
    failures++;
    console.log(`${label}  ERROR ${(e as Error).message.split('\n').slice(0, 12).join('\n      ')}`);
  }
}
const total = plan.length + (loadS > 0 ? 1 : 0);
const byPhase = (p: string) => results.filter((r) => r.killedIn === p).length;
console.log(
  `\n${total - failures}/${total} kills passed in ${((Date.now() - started) / 60_000).toFixed(1)} min ` +
    `(killed during build ${byPhase('build')}, indexing ${byPhase('indexing')}, trading ${byPhase('trading')}, ` +
    `start-up ${byPhase('starting')}); anvil survivors: ${results.reduce((n, r) => n + r.survivors.length, 0)}`,
);
fs.rmSync(dataRoot, { recursive: true, force: true });
process.exit(failures === 0 ? 0 : 1);
