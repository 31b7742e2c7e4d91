/**
 * Bench module "report": token report latency and JSON-RPC requests per cold report.
 *
 * How the numbers are taken, and why they are honest:
 *   - A fresh anvil with the scenario (full by default, `--scenario test` for a quick run), built
 *     straight against anvil. Then the app is assembled exactly as start-up does it (in-memory PGlite,
 *     migrations, indexer caught up to the head, the scenario's sources verified, the token engine,
 *     the Fastify app) but every chain client it gets talks to anvil through a counting HTTP proxy
 *     in this process. The app listens on a free port and every report is a real HTTP GET of
 *     /api/tokens/:address/report: latency includes routing, analysis and JSON serialisation.
 *   - The app's own anvil cannot be proxied from outside (it picks its port itself), hence this
 *     in-process assembly instead of spawning dist/server/main.js.
 *   - The market simulator runs by default (a block every 2 s, as in the app) and the indexer
 *     follows it, so a cold report competes with live indexing and may wait for the index to reach
 *     the head; `--simulator off` measures a quiet chain. The simulator talks to anvil directly,
 *     so its calls are not in the RPC counts. No deployer-resolver or call-tracker jobs.
 *   - cold = a token this process has never analysed (every scenario token once, in order; the
 *     very first report also warms the process — JIT, lazy imports — and is shown separately but
 *     kept in the figures); warm = 200 sequential requests for a token whose facts are cached.
 *   - RPC round trips = HTTP requests that reached the proxy during one cold report (JSON-RPC
 *     batches would count as one round trip; the calls inside them are counted too).
 *   - 200 simultaneous requests for one token nobody asked for yet: how many analyses ran.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import type { Address } from 'viem';
import { createApp } from '../../src/server/api/app';
import { createLocalChainClients } from '../../src/server/chain/client';
import { describeLocalNetwork } from '../../src/server/chain/network';
import { currentRpcStage } from '../../src/server/chain/rpc-stage';
import { openDatabase } from '../../src/server/db/client';
import { createTokenEngine } from '../../src/server/engine/token-engine';
import { createIndexer } from '../../src/server/indexer/indexer';
import { startAnvil } from '../../src/server/localchain/anvil';
import { buildScenario } from '../../src/server/localchain/scenario';
import { startSimulator } from '../../src/server/localchain/simulator';
import { verifyScenarioSources } from '../../src/server/localchain/verify-scenario';
import { fmt, median, quantile, verdict } from './stats';

const WARM_REQUESTS = 200;
const SIMULTANEOUS = 200;
const AIM = { coldMs: 500, rpc: 10, warmMs: 20, analyses: 1 };

const log = pino({ level: 'warn' });

/** A JSON-RPC proxy in front of anvil that counts HTTP requests and the calls inside them. */
async function startCountingProxy(target: string) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const counts = { requests: 0, calls: 0, methods: new Map<string, number>() };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      counts.requests++;
      try {
        const parsed = JSON.parse(body.toString('utf8')) as { method?: string } | { method?: string }[];
        for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
          counts.calls++;
          const m = String(call.method);
          counts.methods.set(m, (counts.methods.get(m) ?? 0) + 1);
        }
      } catch {
        counts.calls++;
      }
      const out = http.request(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          path: upstream.pathname,
          method: req.method,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      out.on('error', (e) => {
        res.writeHead(502).end(String(e));
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    reset() {
      counts.requests = 0;
      counts.calls = 0;
      counts.methods.clear();
    },
    close: () => {
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function timedGet(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`GET ${url} → ${res.status}: ${text.slice(0, 200)}`);
  return ms;
}

export type ReportBenchOptions = { variant: 'full' | 'test'; simulator: boolean; seed?: number };

export async function runReportBench(opts: ReportBenchOptions): Promise<void> {
  const VARIANT = opts.variant;
  const seed = opts.seed ?? 8453;
  const t0 = Date.now();
  process.stdout.write(`building the ${VARIANT} scenario on a fresh anvil… `);
  const anvil = await startAnvil({
    log,
    genesisTimestamp: Math.floor(Date.now() / 1000) - 60 * 86_400,
    pruneHistory: true,
  });
  const cleanup: (() => Promise<unknown>)[] = [() => anvil.stop({ save: false })];
  try {
    const direct = createLocalChainClients({ rpcUrl: anvil.rpcUrl });
    const manifest = await buildScenario({ chain: direct, variant: VARIANT, seed, log });
    process.stdout.write(`${((Date.now() - t0) / 1000).toFixed(1)} s\n`);

    const proxy = await startCountingProxy(anvil.rpcUrl);
    cleanup.unshift(proxy.close);
    // Each request the app sends, with the report stage that opened it (chain/rpc-stage.ts): the
    // per-token table below. The proxy's count stays the figure; this one only names the stages.
    const staged: string[] = [];
    const chain = createLocalChainClients({
      rpcUrl: proxy.url,
      timeoutMs: 10_000,
      onFetchRequest: () => staged.push(currentRpcStage() ?? 'other'),
    });
    const database = await openDatabase({ kind: 'memory' });
    cleanup.unshift(() => database.close());
    const network = describeLocalNetwork(manifest, chain.rpcUrl);
    // The indexer follows the chain on its own schedule, not for a report: its polls go around the
    // counter, so a report's count is its own requests (they used to land in whichever report was
    // running, one more now and then).
    const indexer = createIndexer({
      db: database.db,
      chain: createLocalChainClients({ rpcUrl: anvil.rpcUrl, timeoutMs: 10_000 }),
      log,
      streams: [{ id: 'local:all', addresses: null, fromBlock: 0n }],
    });
    await Promise.all([
      indexer.syncOnce(),
      verifyScenarioSources({ db: database.db, chain: direct, manifest, log }),
    ]);
    // As in the app: the simulator trades on (a block every 2 s) and the indexer follows it.
    if (opts.simulator) {
      const sim = startSimulator({ chain: direct, manifest, seed, log });
      cleanup.unshift(() => sim.stop());
      indexer.start();
      cleanup.unshift(() => indexer.stop());
    }
    const engine = createTokenEngine({ db: database.db, chain, network, indexer, log });
    const app = await createApp({ database, chain, network, engine, log });
    cleanup.unshift(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const reportUrl = (a: string) => `${base}/api/tokens/${a}/report`;

    // Every token the scenario made, once; one kept aside for the simultaneous test.
    const all = [
      ...new Set(
        [
          ...Object.values(manifest.tokens),
          ...manifest.launches.map((l) => l.token),
          ...manifest.riskDetails.serialRugger.earlierTokens,
          ...Object.values(manifest.uniswapV4Tokens ?? {}),
        ].map((a) => a.toLowerCase() as Address),
      ),
    ];
    const reserved = all.pop() as Address;
    // The scenario's name of each token, for the per-token table.
    const names = new Map<string, string>();
    const nameAll = (rec: Record<string, string> | undefined, prefix = '') => {
      for (const [k, a] of Object.entries(rec ?? {})) names.set(a.toLowerCase(), `${prefix}${k}`);
    };
    nameAll(manifest.tokens as Record<string, string>);
    nameAll(manifest.uniswapV4Tokens as Record<string, string> | undefined);
    nameAll(manifest.uniswapV3?.onlyV3 as Record<string, string> | undefined, 'v3:');
    nameAll(manifest.aerodrome?.only as Record<string, string> | undefined, 'aero:');

    // Cold: one report per never-seen token, sequentially, RPC requests counted per report.
    const cold: {
      ms: number;
      requests: number;
      calls: number;
      token: Address;
      stages: Map<string, number>;
      venue: string;
    }[] = [];
    const methods = new Map<string, number>();
    for (const token of all) {
      proxy.reset();
      staged.length = 0;
      const ms = await timedGet(reportUrl(token));
      const stages = new Map<string, number>();
      for (const st of staged) stages.set(st, (stages.get(st) ?? 0) + 1);
      // The report's main venue, from the facts it just cached (no request).
      const facts = await engine.facts(token).catch(() => null);
      const venue = facts ? (facts.mainPool?.venue ?? 'no pool') : 'facts not kept';
      cold.push({ ms, requests: proxy.counts.requests, calls: proxy.counts.calls, token, stages, venue });
      for (const [m, n] of proxy.counts.methods) methods.set(m, (methods.get(m) ?? 0) + n);
    }

    // Warm: a cached token, 200 sequential requests.
    const flab = (manifest.tokens.FLAB as string).toLowerCase();
    await timedGet(reportUrl(flab)); // (re)fill the cache: its entry may have expired meanwhile
    proxy.reset();
    const warm: number[] = [];
    for (let i = 0; i < WARM_REQUESTS; i++) warm.push(await timedGet(reportUrl(flab)));
    const warmRpc = proxy.counts.requests;

    // 200 simultaneous requests for a token nobody asked for yet.
    const before = engine.stats().analyses;
    proxy.reset();
    const tSim = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, () =>
        fetch(reportUrl(reserved)).then((r) => r.text().then(() => r.status)),
      ),
    );
    const simMs = performance.now() - tSim;
    const simAnalyses = engine.stats().analyses - before;
    const simOk = statuses.filter((s) => s === 200).length;

    const coldMs = cold.map((c) => c.ms);
    const coldReq = cold.map((c) => c.requests);
    const coldCalls = cold.map((c) => c.calls);
    const coldMed = median(coldMs);
    // Tokens that trade only on Uniswap V3 (issue 14): same aims as any cold report.
    const v3Only = new Set(Object.values(manifest.uniswapV3?.onlyV3 ?? {}).map((a) => a.toLowerCase()));
    const coldV3 = cold.filter((c) => v3Only.has(c.token));
    // Tokens that trade only on Aerodrome, classic or Slipstream (issue 27): same aims.
    const aeroOnly = new Set(Object.values(manifest.aerodrome?.only ?? {}).map((a) => a.toLowerCase()));
    const coldAero = cold.filter((c) => aeroOnly.has(c.token));
    // Tokens that trade only on Uniswap V4, hooks included (issue 22): same aims.
    const v4Only = new Set(Object.values(manifest.uniswapV4Tokens ?? {}).map((a) => a.toLowerCase()));
    const coldV4 = cold.filter((c) => v4Only.has(c.token));
    const warmMed = median(warm);
    const rows: [string, string, string, string][] = [
      [
        'cold report (never seen), median',
        `${fmt(coldMed)} ms`,
        `≤ ${AIM.coldMs} ms`,
        verdict(coldMed <= AIM.coldMs),
      ],
      ['cold report, p95', `${fmt(quantile(coldMs, 0.95))} ms`, '', ''],
      ...(coldV3.length > 0
        ? ([
            [
              `cold report, V3-only tokens (${coldV3.length}), median`,
              `${fmt(median(coldV3.map((c) => c.ms)))} ms`,
              `≤ ${AIM.coldMs} ms`,
              verdict(median(coldV3.map((c) => c.ms)) <= AIM.coldMs),
            ],
            [
              'RPC round trips per cold V3 report, max',
              `${Math.max(...coldV3.map((c) => c.requests))}`,
              `≤ ${AIM.rpc}`,
              verdict(Math.max(...coldV3.map((c) => c.requests)) <= AIM.rpc),
            ],
          ] as [string, string, string, string][])
        : []),
      ...(coldAero.length > 0
        ? ([
            [
              `cold report, Aerodrome-only tokens (${coldAero.length}), median`,
              `${fmt(median(coldAero.map((c) => c.ms)))} ms`,
              `≤ ${AIM.coldMs} ms`,
              verdict(median(coldAero.map((c) => c.ms)) <= AIM.coldMs),
            ],
            [
              'cold report, Aerodrome-only tokens, p99',
              `${fmt(
                quantile(
                  coldAero.map((c) => c.ms),
                  0.99,
                ),
              )} ms`,
              '',
              `(${coldAero.length} samples: p99 is about the slowest)`,
            ],
            [
              'RPC round trips per cold Aerodrome report, median',
              `${median(coldAero.map((c) => c.requests))}`,
              `≤ ${AIM.rpc}`,
              verdict(median(coldAero.map((c) => c.requests)) <= AIM.rpc),
            ],
            [
              'RPC round trips per cold Aerodrome report, max',
              `${Math.max(...coldAero.map((c) => c.requests))}`,
              `≤ ${AIM.rpc}`,
              verdict(Math.max(...coldAero.map((c) => c.requests)) <= AIM.rpc),
            ],
          ] as [string, string, string, string][])
        : []),
      ...(coldV4.length > 0
        ? ([
            [
              `cold report, V4-only tokens (${coldV4.length}), median / p99`,
              `${fmt(median(coldV4.map((c) => c.ms)))} / ${fmt(
                quantile(
                  coldV4.map((c) => c.ms),
                  0.99,
                ),
              )} ms`,
              `≤ ${AIM.coldMs} ms`,
              verdict(median(coldV4.map((c) => c.ms)) <= AIM.coldMs),
            ],
            [
              'RPC round trips per cold V4 report, median / max',
              `${median(coldV4.map((c) => c.requests))} / ${Math.max(...coldV4.map((c) => c.requests))}`,
              `≤ ${AIM.rpc}`,
              verdict(Math.max(...coldV4.map((c) => c.requests)) <= AIM.rpc),
            ],
          ] as [string, string, string, string][])
        : []),
      ['cold report, first in process', `${fmt(coldMs[0] ?? Number.NaN)} ms`, '', '(JIT, lazy imports)'],
      [
        'RPC round trips per cold report, median',
        `${median(coldReq)}`,
        `≤ ${AIM.rpc}`,
        verdict(median(coldReq) <= AIM.rpc),
      ],
      [
        'RPC round trips per cold report, max',
        `${Math.max(...coldReq)}`,
        '',
        `(JSON-RPC calls: median ${median(coldCalls)})`,
      ],
      [
        'warm report (cached), median',
        `${fmt(warmMed)} ms`,
        `≤ ${AIM.warmMs} ms`,
        verdict(warmMed <= AIM.warmMs),
      ],
      [
        'warm report, p95',
        `${fmt(quantile(warm, 0.95))} ms`,
        '',
        `(${warmRpc} RPC requests in ${WARM_REQUESTS})`,
      ],
      ['cold / warm median', `${(coldMed / warmMed).toFixed(0)}×`, '', ''],
      [
        `${SIMULTANEOUS} simultaneous cold requests → analyses`,
        `${simAnalyses}`,
        `= ${AIM.analyses}`,
        verdict(simAnalyses === AIM.analyses && simOk === SIMULTANEOUS),
      ],
      ['  … all answered in', `${fmt(simMs)} ms`, '', `(${simOk}/${SIMULTANEOUS} answered 200)`],
    ];
    const w = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0)));
    console.log(
      `\nFull token reports over HTTP · scenario ${VARIANT} · simulator ${opts.simulator ? 'on' : 'off'} · ${cold.length} cold samples · ${WARM_REQUESTS} warm\n`,
    );
    console.log(`${'measure'.padEnd(w[0] ?? 0)}  ${'value'.padStart(w[1] ?? 0)}  ${'aim'.padEnd(w[2] ?? 0)}`);
    for (const [a, b, c, d] of rows)
      console.log(`${a.padEnd(w[0] ?? 0)}  ${b.padStart(w[1] ?? 0)}  ${c.padEnd(w[2] ?? 0)}  ${d}`);
    const perMethod = [...methods]
      .sort((a, b) => b[1] - a[1])
      .map(([m, n]) => `${m} ${(n / cold.length).toFixed(1)}`)
      .join(', ');
    printPerToken(cold, names);
    console.log(
      `\nJSON-RPC calls per cold report by method (the report's own; the indexer's polls are not counted): ${perMethod}`,
    );
  } finally {
    for (const c of cleanup) await c().catch(() => {});
  }
}

/**
 * One line per cold report: the token, its main pool's venue, its round trips (the proxy's count)
 * and the stages that opened them (chain/rpc-stage.ts; a batch shared by stages is named once, for
 * the stage whose call opened it), worst first.
 */
function printPerToken(
  cold: { token: Address; requests: number; stages: Map<string, number>; venue: string }[],
  names: Map<string, string>,
): void {
  const rows: [string, string, number, string][] = [];
  for (const c of cold) {
    const venue = c.venue;
    const stages = [...c.stages]
      .sort((a, b) => b[1] - a[1])
      .map(([st, n]) => `${st} ${n}`)
      .join(', ');
    rows.push([names.get(c.token) ?? c.token.slice(0, 10), venue, c.requests, stages]);
  }
  rows.sort((a, b) => b[2] - a[2]);
  const w0 = Math.max(5, ...rows.map((r) => r[0].length));
  const w1 = Math.max(5, ...rows.map((r) => r[1].length));
  console.log('\nRound trips per cold report, by token (stage that opened each round trip):');
  console.log(`${'token'.padEnd(w0)}  ${'venue'.padEnd(w1)}  trips  stages`);
  for (const [n, v, r, st] of rows)
    console.log(`${n.padEnd(w0)}  ${v.padEnd(w1)}  ${String(r).padStart(5)}  ${st}`);
}
