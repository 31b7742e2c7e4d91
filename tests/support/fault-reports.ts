/**
 * The fault-injection property (issue 40 item 6), shared by the replica integration test (a short
 * sample) and `npm run check:faults` (the long run): a fresh Base-mode app reads the replica through
 * a gateway of its own with one kind of fault, reports every token, and each report is compared with
 * the fault-free one of the same token (analysis/report-compare.ts). A report may say less, never
 * more in favour of the token.
 */
import type { Logger } from 'pino';
import {
  compareReports,
  describeImprovements,
  type ReportComparison,
} from '../../src/server/analysis/report-compare';
import { createApp } from '../../src/server/api/app';
import { type Config, parseConfig } from '../../src/server/config';
import type { Replica } from '../../src/server/replica';
import { type GatewayOptions, startRpcGateway } from '../../src/server/replica/gateway';
import { startRuntime } from '../../src/server/runtime';
import type { TokenReport } from '../../src/shared/analysis';

export type FaultKind =
  | 'timeout'
  | 'httpError'
  | 'rateLimit'
  | 'callError'
  | 'truncated'
  | 'staleHead'
  | 'noSimulateV1'
  | 'noStateOverrides'
  | 'mixed';

/** One faulty provider: a kind of fault, at a share of requests or calls (none for feature faults). */
export type FaultCase = {
  kind: FaultKind;
  rate: number | null;
  seed: number;
  /** A stale head on top of the fault (the suite's sample runs both at once). */
  staleHeadBlocks?: number;
};

/** How long a timed-out request hangs, and the app's timeout (short: a run must not wait minutes). */
export const HANG_MS = 3_000;
export const FAULT_RPC_TIMEOUT_MS = 2_000;
/** The stale node seen on Base: 330 blocks (11 minutes) behind. */
export const STALE_BLOCKS = 330;

type FaultPatch = Partial<Omit<GatewayOptions, 'upstreamUrl' | 'host' | 'port'>>;

/** The gateway options of a fault case. */
export function faultOptions(c: FaultCase): FaultPatch {
  const r = c.rate ?? 0;
  switch (c.kind) {
    case 'timeout':
      return { timeoutRate: r, hangMs: HANG_MS };
    case 'httpError':
      return { errorRate: r };
    case 'rateLimit':
      return { rateLimitRate: r };
    case 'callError':
      return { callErrorRate: r };
    case 'truncated':
      return { truncateRate: r };
    case 'staleHead':
      return { staleHeadBlocks: c.rate === null ? STALE_BLOCKS : Math.round(c.rate) };
    case 'noSimulateV1':
      return { simulateV1: false };
    case 'noStateOverrides':
      return { stateOverrides: false };
    case 'mixed':
      // Every failure of a public endpoint at once, each at a share of the rate.
      return {
        timeoutRate: r / 4,
        hangMs: HANG_MS,
        errorRate: r / 4,
        rateLimitRate: r / 4,
        callErrorRate: r / 4,
        truncateRate: r / 4,
      };
  }
}

export const faultLabel = (c: FaultCase): string =>
  `${kindLabel(c)}${c.staleHeadBlocks ? ` + stale head ${c.staleHeadBlocks} blocks` : ''}`;

const kindLabel = (c: FaultCase): string =>
  c.rate === null
    ? c.kind
    : c.kind === 'staleHead'
      ? `${c.kind} ${c.rate} blocks`
      : `${c.kind} ${Math.round(c.rate * 100)}%`;

/** One faulty report and what it said more in favour of its token than the fault-free one. */
export type FaultyReport = {
  fault: FaultCase;
  token: string;
  /** The token's name in the replica (clean, honeypot, …). */
  kind: string;
  status: number;
  /** How long the report took (ms), and the app's start before the first one. */
  ms: number;
  startMs: number;
  comparison: ReportComparison | null;
  /** The faulty report when it improved on the fault-free one (to read what it said). */
  report?: TokenReport;
};

export type FaultRunOptions = {
  replica: Replica;
  log: Logger;
  /** Tokens by kind name, and their fault-free reports. */
  tokens: Record<string, string>;
  baseline: ReadonlyMap<string, TokenReport>;
  latencyMs?: number;
  /** The app's RPC timeout (default FAULT_RPC_TIMEOUT_MS): what a timed-out request costs it. */
  rpcTimeoutMs?: number;
};

/**
 * A Base-mode runtime on the faulty gateway. Its start reads the chain, and a faulty provider can
 * refuse those reads too: tried up to three times (refusing to start is not a report).
 */
async function startUnderFault(config: Config, log: Logger) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startRuntime(config, log, { memoryDb: true, ephemeralChain: true });
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

/** A fresh app (empty index and cache) behind a gateway with `fault`; every token reported once. */
export async function reportsUnderFault(o: FaultRunOptions, fault: FaultCase): Promise<FaultyReport[]> {
  const gateway = await startRpcGateway({
    upstreamUrl: o.replica.anvil.rpcUrl,
    latencyMs: o.latencyMs ?? 20,
    rateLimit: null,
    seed: fault.seed,
    ...faultOptions(fault),
    ...(fault.staleHeadBlocks ? { staleHeadBlocks: fault.staleHeadBlocks } : {}),
  });
  const config = parseConfig({
    BASE_RPC_URL: gateway.url,
    LOG_LEVEL: 'silent',
    RPC_TIMEOUT_MS: String(o.rpcTimeoutMs ?? FAULT_RPC_TIMEOUT_MS),
  });
  const out: FaultyReport[] = [];
  try {
    const t0 = performance.now();
    const runtime = await startUnderFault(config, o.log);
    const app = await createApp({ ...runtime, log: o.log });
    const startMs = Math.round(performance.now() - t0);
    try {
      for (const [kind, token] of Object.entries(o.tokens)) {
        const t1 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/tokens/${token}/report` });
        const ms = Math.round(performance.now() - t1);
        const healthy = o.baseline.get(token);
        const report = res.statusCode === 200 ? (res.json() as TokenReport) : null;
        const comparison = report && healthy ? compareReports(healthy, report) : null;
        const improved = !!comparison && (comparison.checks.length > 0 || comparison.verdict !== null);
        out.push({
          fault,
          token,
          kind,
          status: res.statusCode,
          ms,
          startMs,
          comparison,
          ...(improved && report ? { report } : {}),
        });
      }
    } finally {
      await app.close();
      await runtime.stop();
    }
  } finally {
    await gateway.close();
  }
  return out;
}

/** Every improvement of the reports, one line each: token, fault, check or verdict. */
export function improvementLines(reports: readonly FaultyReport[]): string[] {
  return reports.flatMap((r) =>
    r.comparison
      ? describeImprovements(r.comparison, `${r.kind} (${r.token}) under ${faultLabel(r.fault)}`)
      : [],
  );
}

export type FaultTableRow = {
  fault: string;
  reports: number;
  answered: number;
  checksImproved: number;
  verdictsImproved: number;
  /** Score lines kinder (not checks: see report-compare.ts SCORE_LINES). */
  scoresKinder: number;
};

/** The run's table: by fault kind × rate, reports made, answered (200), checks and verdicts improved. */
export function faultTable(reports: readonly FaultyReport[]): FaultTableRow[] {
  const rows = new Map<string, FaultTableRow>();
  for (const r of reports) {
    const fault = faultLabel(r.fault);
    const row = rows.get(fault) ?? {
      fault,
      reports: 0,
      answered: 0,
      checksImproved: 0,
      verdictsImproved: 0,
      scoresKinder: 0,
    };
    rows.set(fault, row);
    row.reports++;
    if (r.status === 200) row.answered++;
    row.checksImproved += r.comparison?.checks.length ?? 0;
    row.scoresKinder += r.comparison?.scores.length ?? 0;
    if (r.comparison?.verdict) row.verdictsImproved++;
  }
  return [...rows.values()];
}

export function formatFaultTable(rows: readonly FaultTableRow[]): string {
  const head = [
    'fault × rate',
    'reports',
    'answered',
    'checks improved',
    'verdicts improved',
    'score lines kinder',
  ];
  const cells = rows.map((r) => [
    r.fault,
    String(r.reports),
    String(r.answered),
    String(r.checksImproved),
    String(r.verdictsImproved),
    String(r.scoresKinder),
  ]);
  const sum = (f: (r: FaultTableRow) => number) => String(rows.reduce((n, r) => n + f(r), 0));
  cells.push([
    'total',
    sum((r) => r.reports),
    sum((r) => r.answered),
    sum((r) => r.checksImproved),
    sum((r) => r.verdictsImproved),
    sum((r) => r.scoresKinder),
  ]);
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const fmt = (c: string[]) =>
    c.map((x, i) => (i === 0 ? x.padEnd(width[i] ?? 0) : x.padStart(width[i] ?? 0))).join('  ');
  return [fmt(head), width.map((w) => '-'.repeat(w)).join('  '), ...cells.map(fmt)].join('\n');
}
