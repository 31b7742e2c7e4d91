/**
 * `npm run check:faults`: the fault-injection property over the Base replica (issue 40 item 6), the
 * long run. One replica; one healthy app reports every token (the fault-free baselines); then for
 * each fault kind × rate a fresh app reads the replica through a faulty gateway and reports every
 * token again (tests/support/fault-reports.ts). A faulty report may say less than the fault-free one,
 * never more in favour of the token: no check kinder (a pass that was not, a warn that was a fail or
 * unknown), no kinder verdict. Prints a table — fault × rate → reports, checks improved, verdicts
 * improved — and each improvement; exits 1 on any.
 *
 *   npm run check:faults -- [--seed 1] [--rates 0.05,0.1,0.2,0.3] [--kinds timeout,callError,…]
 *                           [--tokens clean,tax,…]
 *
 * The faulty reports that improved, and their fault-free ones, are written to .data-check-faults/.
 */
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '../src/server/api/app';
import type { TokenReport } from '../src/shared/analysis';
import { startReplicaWithRuntime } from '../tests/support/base-replica';
import {
  type FaultCase,
  type FaultKind,
  type FaultyReport,
  faultLabel,
  faultTable,
  formatFaultTable,
  improvementLines,
  reportsUnderFault,
  STALE_BLOCKS,
} from '../tests/support/fault-reports';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const RATE_KINDS: FaultKind[] = ['timeout', 'httpError', 'rateLimit', 'callError', 'truncated', 'mixed'];
const FEATURE_KINDS: FaultKind[] = ['noSimulateV1', 'noStateOverrides', 'staleHead'];
const seed = Number(arg('seed') ?? 1);
const rates = (arg('rates') ?? '0.05,0.1,0.2,0.3').split(',').map(Number);
const only = arg('tokens')?.split(',');
const kinds = (arg('kinds')?.split(',') as FaultKind[] | undefined) ?? [...RATE_KINDS, ...FEATURE_KINDS];

const cases: FaultCase[] = [];
for (const kind of kinds) {
  if (RATE_KINDS.includes(kind))
    for (const [i, rate] of rates.entries()) cases.push({ kind, rate, seed: seed * 100 + i });
  else if (kind === 'staleHead') cases.push({ kind, rate: STALE_BLOCKS, seed }, { kind, rate: 40, seed });
  else cases.push({ kind, rate: null, seed });
}

const log = pino({ level: process.env.LOG_LEVEL ?? 'silent' });
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
console.log(`check:faults — ${cases.length} faulty providers, seed ${seed}; building the replica…`);
const base = await startReplicaWithRuntime({ log, gateway: { latencyMs: 20, rateLimit: null } });
const { replica, runtime } = base;
let exit = 1;
try {
  const app = await createApp({ ...runtime, log });
  const baseline = new Map<string, TokenReport>();
  for (const [kind, token] of Object.entries(replica.manifest.tokens)) {
    if (only && !only.includes(kind)) continue;
    // The fault-free report once the token's history is indexed (a cold one may still be catching up).
    for (let i = 0; i < 20; i++) {
      runtime.engine.invalidate(token);
      const res = await app.inject({ method: 'GET', url: `/api/tokens/${token}/report` });
      const r = res.json() as TokenReport;
      if (res.statusCode === 200) baseline.set(token, r);
      if (res.statusCode === 200 && (r.facts.holderIndex?.status ?? 'complete') === 'complete') break;
      await new Promise((x) => setTimeout(x, 500));
    }
    console.log(`  baseline ${kind.padEnd(13)} ${baseline.get(token)?.verdict.kind ?? 'NO REPORT'}`);
  }
  await app.close();
  const all: FaultyReport[] = [];
  const tokens = Object.fromEntries(
    Object.entries(replica.manifest.tokens).filter(([k]) => !only || only.includes(k)),
  );
  const dumpDir = path.resolve(import.meta.dirname, '..', '.data-check-faults');
  for (const c of cases) {
    // A provider so faulty the app could not start (three tries): no report, said as status 0.
    const got = await reportsUnderFault({ replica, log, tokens, baseline }, c).catch((e: Error) => {
      console.log(`  ${faultLabel(c)}: the app did not start (${e.message.split('\n')[0]})`);
      return Object.entries(tokens).map(
        ([kind, token]): FaultyReport => ({
          fault: c,
          token,
          kind,
          status: 0,
          ms: 0,
          startMs: 0,
          comparison: null,
        }),
      );
    });
    for (const r of got.filter((x) => x.report)) {
      fs.mkdirSync(dumpDir, { recursive: true });
      const name = `${r.kind}-${faultLabel(c).replace(/[ %]+/g, '-')}`;
      fs.writeFileSync(path.join(dumpDir, `${name}.faulty.json`), JSON.stringify(r.report, null, 1));
      fs.writeFileSync(
        path.join(dumpDir, `${name}.healthy.json`),
        JSON.stringify(baseline.get(r.token), null, 1),
      );
    }
    all.push(...got);
    const [row] = faultTable(got);
    console.log(
      `  ${faultLabel(c).padEnd(22)} ${row?.answered}/${row?.reports} answered, ${row?.checksImproved} checks and ${row?.verdictsImproved} verdicts improved (${elapsed()})`,
    );
    console.log(
      `      app started in ${got[0]?.startMs} ms; ${got.map((r) => `${r.kind} ${r.status} ${(r.ms / 1000).toFixed(1)} s`).join(', ')}`,
    );
    for (const line of improvementLines(got)) console.log(`      ${line}`);
  }
  const rows = faultTable(all);
  console.log(`\n${formatFaultTable(rows)}\n`);
  const improved = rows.reduce((n, r) => n + r.checksImproved + r.verdictsImproved, 0);
  console.log(
    improved === 0
      ? `check:faults: OK — ${all.length} faulty reports, none says more in favour of its token (${elapsed()})`
      : `check:faults: FAIL — ${improved} improvements by a fault (listed above)`,
  );
  exit = improved === 0 && all.length > 0 ? 0 : 1;
} finally {
  await base.stop();
}
process.exit(exit);
