/**
 * An RPC gateway that behaves like a public Base provider, put between the app and the replica
 * chain: a round-trip delay on every HTTP request, eth_getLogs block-range and result-size limits
 * with the error messages real providers send, rate limiting with HTTP 429, seeded random 5xx and
 * timeouts, and no methods a public endpoint lacks (debug_*, anvil_*, …; optionally no
 * eth_simulateV1 and no eth_call state overrides). It counts HTTP requests (a JSON-RPC batch counts
 * once) so tests and benchmarks can hold the app to a request budget.
 *
 * Never used by the app itself: the app talks to it through BASE_RPC_URL like to any provider.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answer,
  errorReply,
  type GatewayCallContext,
  idle,
  type ResolvedGatewayOptions,
  type RpcCall,
} from './gateway-calls';
import { truncateBatch } from './gateway-faults';
import type { GatewayOptions, GatewayStats } from './gateway-types';

export type { GatewayOptions, GatewayStats } from './gateway-types';

const TRACE_REQUESTS = 200;

export type RpcGateway = {
  url: string;
  port: number;
  stats(): GatewayStats;
  resetStats(): void;
  /** Change behaviour on the fly (tests switch faults on and off). */
  configure(patch: Partial<Omit<GatewayOptions, 'upstreamUrl' | 'host' | 'port'>>): void;
  close(): Promise<void>;
};

export const GATEWAY_DEFAULTS = {
  latencyMs: 80,
  maxBlockRange: 10_000,
  maxLogs: 10_000,
  resultLimitStyle: 'plain',
  rateLimit: { rps: 50, burst: 100 },
  errorRate: 0,
  timeoutRate: 0,
  callErrorRate: 0,
  callErrorKinds: [],
  truncateRate: 0,
  rateLimitRate: 0,
  staleHeadBlocks: 0,
  hangMs: 30_000,
  seed: 8453,
  stateOverrides: true,
  simulateV1: true,
  maxBatch: 100,
  slowSimulationMs: 0,
  maxBodyBytes: 1_048_576,
} as const satisfies Omit<GatewayOptions, 'upstreamUrl'>;

/** mulberry32: a small seeded generator, so fault patterns repeat with the seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The gateway's state: options and stats (what the call rules see), fault dice, rate bucket. */
type GatewayState = GatewayCallContext & {
  dice: () => number;
  tokens: number;
  refilledAt: number;
  /** Requests left hanging (a simulated timeout), destroyed on close. */
  hanging: Set<http.ServerResponse>;
};

const freshStats = (): GatewayStats => ({
  requests: 0,
  calls: 0,
  byMethod: {},
  rateLimited: 0,
  faults: 0,
  timeouts: 0,
  logLimits: 0,
  tooLarge: 0,
  largestBodyBytes: 0,
  unsupported: 0,
  callErrors: 0,
  truncated: 0,
  trace: [],
});

/** Token bucket: true when the request may go on (and a token was taken). */
function takeToken(g: GatewayState): boolean {
  const rl = g.opts.rateLimit;
  if (!rl) return true;
  const now = Date.now();
  g.tokens = Math.min(rl.burst, g.tokens + ((now - g.refilledAt) / 1000) * rl.rps);
  g.refilledAt = now;
  if (g.tokens < 1) return false;
  g.tokens -= 1;
  return true;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * What a provider does to a request before reading its calls: a too-large body (413), the round
 * trip's delay, the rate limit (429), a hang or a 5xx by the fault dice. True when it was answered.
 */
async function refusedAtTheDoor(
  g: GatewayState,
  res: http.ServerResponse,
  received: number,
): Promise<boolean> {
  const { opts, stats } = g;
  stats.requests++;
  stats.largestBodyBytes = Math.max(stats.largestBodyBytes, received);
  if (received > opts.maxBodyBytes) {
    stats.tooLarge++;
    await sleep(opts.latencyMs);
    res.writeHead(413, { 'content-type': 'text/plain' });
    res.end(`content length too large (${received}>${opts.maxBodyBytes})\n`);
    return true;
  }
  await sleep(opts.latencyMs);
  if (!takeToken(g)) {
    stats.rateLimited++;
    send(res, 429, errorReply(null, -32016, 'over rate limit'));
    return true;
  }
  const roll = g.dice();
  if (roll < opts.timeoutRate) {
    stats.timeouts++;
    g.hanging.add(res);
    await idle(opts.hangMs);
    g.hanging.delete(res);
    res.destroy();
    return true;
  }
  if (roll < opts.timeoutRate + opts.errorRate) {
    stats.faults++;
    const status = g.dice() < 0.5 ? 502 : 503;
    send(
      res,
      status,
      `<html><body><h1>${status} ${status === 502 ? 'Bad Gateway' : 'Service Unavailable'}</h1></body></html>`,
    );
    return true;
  }
  if (roll < opts.timeoutRate + opts.errorRate + opts.rateLimitRate) {
    stats.rateLimited++;
    send(res, 429, errorReply(null, -32016, 'over rate limit'));
    return true;
  }
  return false;
}

/** Counts a request's calls: in total, per method, and in the trace of the last requests. */
function countCalls(stats: GatewayStats, calls: RpcCall[]): void {
  stats.calls += calls.length;
  stats.trace.push(calls.map((c) => (typeof c.method === 'string' ? c.method : '?')));
  if (stats.trace.length > TRACE_REQUESTS) stats.trace.shift();
  for (const c of calls) {
    const m = typeof c.method === 'string' ? c.method : '?';
    stats.byMethod[m] = (stats.byMethod[m] ?? 0) + 1;
  }
}

/** One HTTP request, its body read: the door's checks, then its JSON-RPC calls answered. */
async function handle(
  g: GatewayState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  chunks: Buffer[],
  received: number,
): Promise<void> {
  if (req.method !== 'POST') return send(res, 405, { error: 'POST JSON-RPC only' });
  if (await refusedAtTheDoor(g, res, received)) return;
  let body: unknown;
  try {
    body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return send(res, 400, errorReply(null, -32700, 'parse error'));
  }
  const batch = Array.isArray(body);
  const calls = (batch ? body : [body]) as RpcCall[];
  if (batch && calls.length > g.opts.maxBatch) {
    return send(
      res,
      400,
      errorReply(null, -32600, `batch size too large: ${calls.length} > ${g.opts.maxBatch}`),
    );
  }
  countCalls(g.stats, calls);
  try {
    const replies = await answer(g, calls);
    send(res, 200, batch ? truncateBatch(g, replies) : replies[0]);
  } catch {
    send(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>');
  }
}

export async function startRpcGateway(options: GatewayOptions): Promise<RpcGateway> {
  const opts = { ...GATEWAY_DEFAULTS, ...options } as ResolvedGatewayOptions;
  const g: GatewayState = {
    opts,
    stats: freshStats(),
    dice: seeded(opts.seed),
    tokens: opts.rateLimit?.burst ?? 0,
    refilledAt: Date.now(),
    hanging: new Set(),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (c: Buffer) => {
      received += c.length;
      if (received <= opts.maxBodyBytes) chunks.push(c);
    });
    req.on('end', () => void handle(g, req, res, chunks, received));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    stats: () => structuredClone(g.stats),
    resetStats() {
      g.stats = freshStats();
    },
    configure(patch) {
      Object.assign(opts, patch);
      if (patch.seed !== undefined) g.dice = seeded(patch.seed);
      if (patch.staleHeadBlocks !== undefined) g.pinnedHead = undefined;
      if (patch.rateLimit !== undefined) g.tokens = patch.rateLimit?.burst ?? 0;
    },
    async close() {
      for (const r of g.hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
