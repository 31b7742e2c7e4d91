/**
 * `npm run check:scenario`: builds the FULL market scenario cold, N times in a row, each on a fresh
 * anvil, while busy child processes load the CPU, and prints every run's outcome and duration.
 * Exits non-zero if any build fails. This is the acceptance check that a newcomer's first
 * `npm start` cannot fail because the machine is slow or because of the time of day.
 *
 *   npm run check:scenario -- [--runs 20] [--hogs 2] [--variant full|test] [--seed 42]
 *                             [--now <unix s>] [--same-now] [--profile]
 *
 * Each run ends its history at a different time of day (spread evenly over 24 h, starting at the
 * wall clock), unless --now or --same-now pins it: the build must succeed whatever the hour.
 * With --same-now the runs must also produce the same chain (the head block hash is compared).
 * --profile prints, after the runs, the JSON-RPC round trips by method and the time spent in them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import pino from 'pino';
import { createLocalChainClients } from '../src/server/chain/client';
import { startAnvil } from '../src/server/localchain/anvil';
import { buildScenario, type ScenarioBuildStats } from '../src/server/localchain/scenario';

const DAY = 86_400;
/** As the app starts it (src/server/localchain/index.ts): genesis weeks before the history. */
const GENESIS_LEAD_S = 60 * DAY;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const runs = Number(arg('runs') ?? 20);
const hogs = Number(arg('hogs') ?? 2);
const variant = (arg('variant') ?? 'full') as 'full' | 'test';
const seed = Number(arg('seed') ?? 8453);
const fixedNow = arg('now') === undefined ? undefined : Number(arg('now'));
const sameNow = flag('same-now');
const profile = flag('profile');
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
if (variant !== 'full' && variant !== 'test') throw new Error('--variant must be full or test');

const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

/** Round trips, calls and milliseconds by JSON-RPC method (the first of a batch), for --profile. */
const rpcProfile = new Map<string, { trips: number; calls: number; ms: number }>();
function profileFetch(): void {
  const real = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const started = performance.now();
    try {
      return await real(input, init);
    } finally {
      let method = 'other';
      let calls = 1;
      try {
        const body = JSON.parse(String(init?.body)) as { method: string } | { method: string }[];
        const list = Array.isArray(body) ? body : [body];
        method = list[0]?.method ?? method;
        calls = list.length;
      } catch {
        // not JSON-RPC
      }
      const e = rpcProfile.get(method) ?? { trips: 0, calls: 0, ms: 0 };
      e.trips++;
      e.calls += calls;
      e.ms += performance.now() - started;
      rpcProfile.set(method, e);
    }
  };
}

function printProfile(): void {
  console.log('\nJSON-RPC by method (round trips, calls, time waiting):');
  const rows = [...rpcProfile.entries()].sort((a, b) => b[1].ms - a[1].ms);
  for (const [method, e] of rows) {
    console.log(
      `  ${method.padEnd(34)} ${String(e.trips).padStart(7)} trips ${String(e.calls).padStart(8)} calls ${(e.ms / 1000).toFixed(2).padStart(8)} s`,
    );
  }
}

/** Busy loops in child processes: the CPU load under which cold starts used to fail. */
function startHogs(n: number): ChildProcess[] {
  return Array.from({ length: n }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
}

type Outcome = {
  run: number;
  now: number;
  ok: boolean;
  ms: number;
  head?: string;
  /** Head block's timestamp minus `now`: the history must end at or before now. */
  headLag?: number;
  built?: ScenarioBuildStats;
  /** CPU seconds anvil and this process spent on the build (--profile): load-independent work. */
  cpu?: { anvil: number; node: number };
  error?: string;
};

/** CPU seconds (user + system) a process has used so far, from /proc (Linux only). */
function processCpuSeconds(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

async function buildOnce(run: number, now: number): Promise<Outcome> {
  const started = Date.now();
  let built: ScenarioBuildStats | undefined;
  const anvil = await startAnvil({ log, genesisTimestamp: now - GENESIS_LEAD_S, pruneHistory: true });
  try {
    const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    const cpu0 = { anvil: processCpuSeconds(anvil.pid()), node: process.cpuUsage() };
    const manifest = await buildScenario({
      chain,
      variant,
      seed,
      log,
      now,
      onBuilt: (stats) => {
        built = stats;
      },
    });
    const nodeCpu = process.cpuUsage(cpu0.node);
    const cpu = {
      anvil: processCpuSeconds(anvil.pid()) - cpu0.anvil,
      node: (nodeCpu.user + nodeCpu.system) / 1e6,
    };
    const block = await chain.public.getBlock({ blockNumber: BigInt(manifest.builtAtBlock) });
    const headLag = Number(block.timestamp) - now;
    // A build that needed the safety net's top-ups, or whose history runs past now, is a failure
    // of the plan even though the chain was built.
    const planOk = built !== undefined && built.unplannedTopUps.length === 0 && headLag <= 0;
    return {
      run,
      now,
      ok: planOk,
      ms: Date.now() - started,
      head: `${block.number}:${block.hash}`,
      headLag,
      built,
      cpu,
      error: planOk
        ? undefined
        : `plan gap: ${built?.unplannedTopUps.length ?? '?'} unplanned top-ups, head ${headLag} s from now`,
    };
  } catch (e) {
    return { run, now, ok: false, ms: Date.now() - started, error: (e as Error).message };
  } finally {
    await anvil.stop({ save: false });
  }
}

async function main() {
  const base = fixedNow ?? Math.floor(Date.now() / 1000);
  if (profile) profileFetch();
  const hogProcs = startHogs(hogs);
  const stopHogs = () => {
    for (const h of hogProcs) h.kill('SIGKILL');
  };
  // Busy children must never outlive the check (Ctrl-C, a CI timeout's SIGTERM, any exit).
  process.once('exit', stopHogs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopHogs();
      process.exit(130);
    });
  }
  console.log(
    `check:scenario — ${runs} cold ${variant} builds (seed ${seed}) with ${hogs} CPU hog(s) running`,
  );
  const outcomes: Outcome[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // Spread the end of history over the day (minus a whole number of minutes), so every hour
      // of the day is tried; --same-now/--now keep it fixed to compare chains.
      const now =
        fixedNow !== undefined || sameNow ? base : base - Math.floor((i * DAY) / runs / 60) * 60 - i * 7;
      const o = await buildOnce(i + 1, now);
      outcomes.push(o);
      const when = new Date(now * 1000).toISOString().slice(11, 19);
      const b = o.built;
      const cpu = o.cpu ? `, cpu anvil ${o.cpu.anvil.toFixed(1)} s + node ${o.cpu.node.toFixed(1)} s` : '';
      const phases = b
        ? `  (core ${(b.coreMs / 1000).toFixed(1)} s, history ${(b.historyMs / 1000).toFixed(1)} s, ${b.transactions} txs${cpu})`
        : '';
      console.log(
        `run ${String(o.run).padStart(2)}  now=${now} (${when} UTC)  ${o.ok ? 'ok  ' : 'FAIL'}  ${(o.ms / 1000).toFixed(1)} s${phases}${
          o.head ? `  head ${o.head} at now${o.headLag}s` : ''
        }${o.error ? `  ${o.error}` : ''}`,
      );
    }
  } finally {
    stopHogs();
  }
  const ok = outcomes.filter((o) => o.ok);
  const ms = ok.map((o) => o.ms).sort((a, b) => a - b);
  const median = ms[Math.floor((ms.length - 1) / 2)];
  console.log(
    `\n${ok.length}/${outcomes.length} succeeded` +
      (ms.length > 0
        ? `; build time median ${((median ?? 0) / 1000).toFixed(1)} s, max ${((ms[ms.length - 1] ?? 0) / 1000).toFixed(1)} s`
        : ''),
  );
  if (profile) printProfile();
  let failed = ok.length !== outcomes.length;
  if (fixedNow !== undefined || sameNow) {
    const heads = new Set(ok.map((o) => o.head));
    if (heads.size > 1) {
      console.log(`NOT deterministic: ${heads.size} different head blocks for the same seed and now`);
      failed = true;
    } else if (ok.length > 1) console.log('deterministic: every run produced the same head block');
  }
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
