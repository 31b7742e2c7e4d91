// `npm run bench:start`: time from process spawn to the first 200 from /api/health.
//   cold = new DATA_DIR (anvil + scenario build + indexing), warm = the same DATA_DIR again.
// Prints median and p95 of several runs. Needs `npm run build` first (npm run bench:start does it);
// the build itself (a no-op when nothing changed, contracts at install) is not in these figures.
// Flags: --cold N (default 3) --warm N (default 5) --scenario full|test (default full)
//        --simulator on|off (default on, as npm start). The machine's load is printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: flags } = parseArgs({
  options: {
    cold: { type: 'string', default: process.env.COLD_RUNS ?? '3' },
    warm: { type: 'string', default: process.env.WARM_RUNS ?? '5' },
    scenario: { type: 'string', default: process.env.SCENARIO ?? 'full' },
    simulator: { type: 'string', default: 'on' },
  },
});
const COLD_RUNS = Number(flags.cold);
const WARM_RUNS = Number(flags.warm);
const SCENARIO = flags.scenario;
const SIMULATOR = flags.simulator;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
console.log(
  `bench:start · scenario ${SCENARIO}, simulator ${SIMULATOR} · ${os.cpus().length} cores, load ${load()} (1/5/15 min)`,
);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SCENARIO,
      SIMULATOR,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`app exited before answering: ${stderr.slice(-500)}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((r) => (exited ? r() : child.on('exit', r)));
  return ms;
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p95: q(0.95), min: s[0], max: s[s.length - 1] };
};
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'flab-bench-'));
try {
  const cold = [];
  let warmDir;
  for (let i = 0; i < COLD_RUNS; i++) {
    const dir = path.join(root, `cold-${i}`);
    cold.push(await startOnce(dir));
    warmDir = dir;
    console.log(`cold run ${i + 1}/${COLD_RUNS}: ${fmt(cold.at(-1))}`);
  }
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) {
    warm.push(await startOnce(warmDir));
    console.log(`warm run ${i + 1}/${WARM_RUNS}: ${fmt(warm.at(-1))}`);
  }
  const c = stats(cold);
  const w = stats(warm);
  console.log(
    `\nstart-up to first 200 from /api/health (scenario ${SCENARIO}, simulator ${SIMULATOR}, ${os.cpus().length} cores, load ${load()})`,
  );
  console.log(`  cold  median ${fmt(c.median)}  p95 ${fmt(c.p95)}  (aim ≤ 60 s, ${COLD_RUNS} runs)`);
  console.log(`  warm  median ${fmt(w.median)}  p95 ${fmt(w.p95)}  (aim ≤ 5 s, ${WARM_RUNS} runs)`);
  console.log(`  cold/warm ratio ${(c.median / w.median).toFixed(1)}×`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
