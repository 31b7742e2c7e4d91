/**
 * `npm run check:scenario`: builds the FULL market scenario cold, N times in a row, each on a fresh
 * anvil, while busy child processes load the CPU, and prints every run's outcome and duration.
 * Exits non-zero if any build fails. This is the acceptance check that a newcomer's first
 * `npm start` cannot fail because the machine is slow or because of the time of day.
 *
 *   npm run check:scenario -- [--runs 20] [--hogs 2] [--variant full|test] [--seed 42]
 *                             [--now <unix s>] [--same-now]
 *
 * Each run ends its history at a different time of day (spread evenly over 24 h, starting at the
 * wall clock), unless --now or --same-now pins it: the build must succeed whatever the hour.
 * With --same-now the runs must also produce the same chain (the head block hash is compared).
 */
import { type ChildProcess, spawn } from 'node:child_process';
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
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
if (variant !== 'full' && variant !== 'test') throw new Error('--variant must be full or test');

const log = pino({ level: process.env.LOG_LEVEL ?? 'warn' });

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
  error?: string;
};

async function buildOnce(run: number, now: number): Promise<Outcome> {
  const started = Date.now();
  let built: ScenarioBuildStats | undefined;
  const anvil = await startAnvil({ log, genesisTimestamp: now - GENESIS_LEAD_S });
  try {
    const chain = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
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
      const phases = b
        ? `  (core ${(b.coreMs / 1000).toFixed(1)} s, history ${(b.historyMs / 1000).toFixed(1)} s, ${b.transactions} txs)`
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
