/**
 * `npm run bench -- --replica`: Base mode against the Base replica through the provider-like
 * gateway (80 ms per round trip, eth_getLogs limits, rate limit). The app is started in-process
 * exactly as `BASE_RPC_URL=<gateway> npm start` starts it (startRuntime + createApp, in-memory DB)
 * and every report is a real HTTP GET of /api/tokens/:address/report.
 *
 *   cold  = the first report of each replica token — V2 clean/honeypot/tax/rug and the V3-only
 *           clean and honeypot tokens (backfill from its creation block included),
 *           each in a fresh app so nothing is cached: wall time and JSON-RPC requests (HTTP
 *           requests at the gateway; a batch counts once — background indexer requests during the
 *           report are counted too, as a provider would bill them)
 *   warm  = the same token again within the facts TTL (median of 20)
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createApp } from '../../src/server/api/app';
import { parseConfig } from '../../src/server/config';
import { type Replica, startReplica } from '../../src/server/replica';
import { startRuntime } from '../../src/server/runtime';
import { fmt, median, printTable, verdict } from './stats';

const AIM = { coldMs: 2000, requests: 12 };
const WARM = 20;
const log = pino({ level: process.env.LOG_LEVEL ?? 'silent' });

async function timedGet(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t0;
}

async function coldReport(replica: Replica, token: string, rounds: number) {
  const ms: number[] = [];
  const requests: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const runtime = await startRuntime(
      parseConfig({ BASE_RPC_URL: replica.rpcUrl, LOG_LEVEL: 'silent' }),
      log,
      {
        memoryDb: true,
        ephemeralChain: true,
      },
    );
    const app = await createApp({ ...runtime, log });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/tokens/${token}/report`;
    try {
      replica.gateway.resetStats();
      ms.push(await timedGet(url));
      requests.push(replica.gateway.stats().requests);
      if (i === 0) for (let w = 0; w < WARM; w++) warm.push(await timedGet(url));
    } finally {
      await app.close();
      await runtime.stop();
    }
  }
  return { ms, requests, warm };
}

export async function runReplicaBench(opts: { latencyMs?: number; rounds?: number } = {}): Promise<void> {
  const latencyMs = opts.latencyMs ?? 80;
  const rounds = opts.rounds ?? 3;
  console.log(`\nBase replica behind the gateway (${latencyMs} ms per round trip); building the replica…`);
  const replica = await startReplica({ log, gateway: { latencyMs } });
  try {
    const rows: [string, string, string, string][] = [];
    const kinds = [
      ['clean', 'V2 clean'],
      ['v3Clean', 'V3-only clean'],
      ['honeypot', 'V2 honeypot'],
      ['v3Honeypot', 'V3-only honeypot'],
      ['tax', 'V2 tax'],
      ['rug', 'V2 rug'],
    ] as const;
    for (const [kind, label] of kinds) {
      const main = kind === 'clean' || kind === 'v3Clean';
      const r = await coldReport(replica, replica.manifest.tokens[kind], main ? rounds : 1);
      const coldMs = median(r.ms);
      const req = median(r.requests);
      rows.push([
        `cold report, ${label} token (median of ${r.ms.length})`,
        `${fmt(coldMs)} ms, ${req} requests`,
        `≤ ${AIM.coldMs} ms, ≤ ${AIM.requests}`,
        verdict(coldMs <= AIM.coldMs && req <= AIM.requests),
      ]);
      if (r.warm.length) {
        rows.push([
          `warm report, ${label} token (median of ${r.warm.length})`,
          `${fmt(median(r.warm))} ms, 0 requests`,
          'cached',
          'ok',
        ]);
      }
    }
    printTable(`Base mode at ${latencyMs} ms round trips (gateway requests: a batch counts once)`, rows);
  } finally {
    await replica.stop();
  }
}
