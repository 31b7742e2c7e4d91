/**
 * `npm run bench`: honest performance figures, one module per measurement (scripts/bench/*.ts).
 * Defaults are what a user runs — the FULL scenario with the market simulator on — and every run
 * prints the machine and its load average, because figures from a busy machine must say so.
 *
 *   report      cold/warm token report latency, JSON-RPC round trips per cold report, 200
 *               simultaneous cold requests → analyses (in-process app on a fresh anvil)
 *   throughput  cached /api/scanner/:address vs a bare Node server on the same bytes (ratio)
 *   mixed       many connections over a mix of endpoints: req/s, p50/p99, errors, /api/health p99,
 *               the app's event-loop delay
 *   replica     (only with --replica) Base mode against the Base replica through a gateway at 80 ms
 *               per round trip: cold report wall time and JSON-RPC requests, warm report
 *   (`npm run bench:start` measures cold and warm start.)
 *
 * Flags (all optional):
 *   --only report,throughput,mixed   modules to run (default: all three)
 *   --scenario full|test             default full
 *   --simulator on|off               default on
 *   --connections N --duration S     throughput: default 50 connections × 10 s per server
 *   --mixed-connections N --mixed-duration S   mixed load: default 200 × 60 s
 *   --replica                        run only the Base replica module (`npm run bench -- --replica`)
 *   --replicas N                     run only the scale-out module (scripts/bench/replicas.ts): N ×
 *                                    ROLE=api + 1 worker on a throw-away Postgres against the Base
 *                                    replica; cached throughput of 1 vs N processes, a burst of 50
 *                                    never-seen tokens (--latency MS per round trip, default 80)
 *   --data-dir DIR                   the app's DATA_DIR for throughput/mixed (default .data-bench,
 *                                    kept: only the first run pays the cold start)
 * e.g. a quick run: npm run bench -- --scenario test --duration 3 --mixed-connections 50 --mixed-duration 10
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NetworkInfo } from '../src/shared/network';
import { getJson, startAppProcess } from './bench/app-process';
import { runMixedBench } from './bench/mixed';
import { runReplicaBench } from './bench/replica';
import { runReplicasBench } from './bench/replicas';
import { runReportBench } from './bench/report';
import { machineLine } from './bench/stats';
import { runThroughputBench } from './bench/throughput';

const MODULES = ['report', 'throughput', 'mixed'] as const;
type Module = (typeof MODULES)[number];

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string', default: MODULES.join(',') },
    scenario: { type: 'string', default: 'full' },
    simulator: { type: 'string', default: 'on' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    'mixed-connections': { type: 'string', default: '200' },
    'mixed-duration': { type: 'string', default: '60' },
    'data-dir': { type: 'string', default: '.data-bench' },
    replica: { type: 'boolean', default: false },
    replicas: { type: 'string' },
    latency: { type: 'string', default: '80' },
  },
});

function positive(name: string, v: string | undefined): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer (got "${v}")`);
  return n;
}

async function main() {
  if (flags.replicas !== undefined) {
    const replicas = positive('replicas', flags.replicas);
    console.log(`FLAB Hub bench · ${replicas} api replicas on one Postgres\nmachine: ${machineLine()}`);
    await runReplicasBench({
      replicas,
      connections: positive('connections', flags.connections),
      durationS: positive('duration', flags.duration),
      latencyMs: Number(flags.latency ?? '80'),
    });
    console.log(`\nmachine at the end: ${machineLine()}`);
    return;
  }
  if (flags.replica) {
    console.log(`FLAB Hub bench · Base replica\nmachine: ${machineLine()}`);
    await runReplicaBench();
    return;
  }
  const only = (flags.only ?? '').split(',').map((s) => s.trim()) as Module[];
  for (const m of only) if (!MODULES.includes(m)) throw new Error(`--only: unknown module "${m}"`);
  if (flags.scenario !== 'full' && flags.scenario !== 'test')
    throw new Error('--scenario must be full or test');
  if (flags.simulator !== 'on' && flags.simulator !== 'off') throw new Error('--simulator must be on or off');
  const scenario = flags.scenario;
  const simulator = flags.simulator === 'on';
  const isDefault = scenario === 'full' && simulator;
  console.log(
    `FLAB Hub bench · scenario ${scenario}, simulator ${simulator ? 'on' : 'off'}${isDefault ? ' (the defaults: what `npm start` runs)' : ' (NOT the defaults)'}`,
  );
  console.log(`machine: ${machineLine()}`);
  console.log(
    'The app, anvil, the simulator and the load generator share these cores; other work on the machine shows in the load average.',
  );

  if (only.includes('report')) await runReportBench({ variant: scenario, simulator });

  if (only.includes('throughput') || only.includes('mixed')) {
    const dataDir = path.resolve(flags['data-dir'] ?? '.data-bench', `${scenario}`);
    console.log(`\nstarting the built app (DATA_DIR ${dataDir})…`);
    const app = await startAppProcess({ dataDir, scenario, simulator });
    console.log(`first 200 from /api/health after ${(app.startMs / 1000).toFixed(1)} s`);
    try {
      const net = await getJson<NetworkInfo>(`${app.url}/api/network`);
      const token = (net.flabToken ?? Object.values(net.tokens)[0]) as string;
      if (only.includes('throughput'))
        await runThroughputBench(app, token, {
          connections: positive('connections', flags.connections),
          durationS: positive('duration', flags.duration),
        });
      if (only.includes('mixed'))
        await runMixedBench(app, {
          connections: positive('mixed-connections', flags['mixed-connections']),
          durationS: positive('mixed-duration', flags['mixed-duration']),
        });
    } finally {
      await app.stop();
    }
  }
  console.log(`\nmachine at the end: ${machineLine()}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`bench failed: ${(e as Error).stack ?? e}`);
    process.exit(1);
  },
);
