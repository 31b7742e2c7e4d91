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

export type GatewayOptions = {
  /** JSON-RPC URL of the chain behind the gateway (the replica's anvil). */
  upstreamUrl: string;
  host?: string;
  /** 0 = any free port. */
  port?: number;
  /** Added to every HTTP request before it is answered (the round trip to a remote provider). */
  latencyMs?: number;
  /** eth_getLogs: widest fromBlock..toBlock span accepted. */
  maxBlockRange?: number;
  /** eth_getLogs: most logs one call may return. */
  maxLogs?: number;
  /**
   * How a too-big eth_getLogs result is refused: 'plain' = geth/Infura's
   * `-32005 query returned more than N results`; 'suggest' = the Base nodes' `-32602 query exceeds
   * max results N, retry with the range A-B`.
   */
  resultLimitStyle?: 'plain' | 'suggest';
  /** Token bucket: sustained requests per second and burst; null = unlimited. */
  rateLimit?: { rps: number; burst: number } | null;
  /** Share of HTTP requests answered with a 502/503 (0..1). */
  errorRate?: number;
  /** Share of HTTP requests left hanging for `hangMs`, then dropped (0..1). */
  timeoutRate?: number;
  hangMs?: number;
  /** Seed of the fault dice, so a run can be repeated. */
  seed?: number;
  /** Accept eth_call's third argument (state overrides)? Base's public endpoint does not document it. */
  stateOverrides?: boolean;
  /** Offer eth_simulateV1? */
  simulateV1?: boolean;
  /** Largest JSON-RPC batch accepted. */
  maxBatch?: number;
  /** Extra delay on a request carrying eth_simulateV1: a provider whose heavy calls queue behind others. */
  slowSimulationMs?: number;
  /**
   * Largest request body accepted, in bytes; a bigger one is refused before it is read further with
   * HTTP 413 and geth's plain-text "content length too large (N>LIMIT)" (public providers run geth-
   * like front ends and refuse bodies of a few hundred KB to a few MB).
   */
  maxBodyBytes?: number;
};

export type GatewayStats = {
  /** HTTP requests received (one batch = one request), including refused ones. */
  requests: number;
  /** JSON-RPC calls inside them. */
  calls: number;
  byMethod: Record<string, number>;
  rateLimited: number;
  faults: number;
  timeouts: number;
  /** eth_getLogs calls refused for their range or result size. */
  logLimits: number;
  /** Requests refused for their body size (HTTP 413), and the largest body received. */
  tooLarge: number;
  largestBodyBytes: number;
  /** Calls refused because the method (or state overrides) is not offered. */
  unsupported: number;
  /** The methods of each of the last TRACE_REQUESTS requests, in arrival order (a batch lists several). */
  trace: string[][];
};

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
  hangMs: 30_000,
  seed: 8453,
  stateOverrides: true,
  simulateV1: true,
  maxBatch: 100,
  slowSimulationMs: 0,
  maxBodyBytes: 1_048_576,
} as const satisfies Omit<GatewayOptions, 'upstreamUrl'>;

/** Method prefixes a public endpoint does not serve. */
const PRIVATE_PREFIXES = [
  'debug_',
  'anvil_',
  'evm_',
  'hardhat_',
  'trace_',
  'admin_',
  'personal_',
  'miner_',
  'txpool_',
];
/** Methods that would let a caller change the replica; a public node has no unlocked accounts. */
const PRIVATE_METHODS = new Set(['eth_sendTransaction', 'eth_sign', 'eth_signTransaction', 'eth_accounts']);

type RpcCall = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };
type RpcReply = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } };

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
/** A wait that does not keep the process alive (a hanging request must not block exit). */
const idle = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
const errorReply = (id: unknown, code: number, message: string): RpcReply => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
const hex = (n: bigint) => `0x${n.toString(16)}`;
const isSimulation = (c: RpcCall) => c.method === 'eth_simulateV1';

export async function startRpcGateway(options: GatewayOptions): Promise<RpcGateway> {
  const opts = { ...GATEWAY_DEFAULTS, ...options } as Required<Omit<GatewayOptions, 'rateLimit'>> & {
    rateLimit: { rps: number; burst: number } | null;
  };
  let dice = seeded(opts.seed);
  const fresh = (): GatewayStats => ({
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
    trace: [],
  });
  let stats = fresh();
  let tokens = opts.rateLimit?.burst ?? 0;
  let refilledAt = Date.now();
  const hanging = new Set<http.ServerResponse>();

  const takeToken = (): boolean => {
    const rl = opts.rateLimit;
    if (!rl) return true;
    const now = Date.now();
    tokens = Math.min(rl.burst, tokens + ((now - refilledAt) / 1000) * rl.rps);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };

  async function upstream(body: unknown): Promise<unknown> {
    const res = await fetch(opts.upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.json();
  }

  async function headBlock(): Promise<bigint> {
    const r = (await upstream({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] })) as {
      result: string;
    };
    return BigInt(r.result);
  }

  /** A refusal for calls a public endpoint would refuse before running them, or null to forward. */
  async function refuse(call: RpcCall): Promise<RpcReply | null> {
    const method = typeof call.method === 'string' ? call.method : '';
    if (!method) return errorReply(call.id ?? null, -32600, 'invalid request');
    if (PRIVATE_METHODS.has(method) || PRIVATE_PREFIXES.some((p) => method.startsWith(p))) {
      stats.unsupported++;
      return errorReply(call.id, -32601, `the method ${method} does not exist/is not available`);
    }
    if (method === 'eth_simulateV1' && !opts.simulateV1) {
      stats.unsupported++;
      return errorReply(call.id, -32601, `the method ${method} does not exist/is not available`);
    }
    const params = Array.isArray(call.params) ? call.params : [];
    if (
      (method === 'eth_call' || method === 'eth_estimateGas') &&
      params.length > 2 &&
      !opts.stateOverrides
    ) {
      stats.unsupported++;
      return errorReply(call.id, -32602, 'too many arguments, want at most 2');
    }
    if (method === 'eth_getLogs') {
      const f = (params[0] ?? {}) as { fromBlock?: string; toBlock?: string; blockHash?: string };
      if (f.blockHash) return null;
      const tag = (v: string | undefined, head: () => Promise<bigint>) =>
        v === undefined || v === 'latest' || v === 'safe' || v === 'finalized' || v === 'pending'
          ? head()
          : v === 'earliest'
            ? Promise.resolve(0n)
            : Promise.resolve(BigInt(v));
      let head: Promise<bigint> | undefined;
      const lazyHead = () => {
        head ??= headBlock();
        return head;
      };
      const from = await tag(f.fromBlock, lazyHead);
      const to = await tag(f.toBlock, lazyHead);
      const span = to - from + 1n;
      if (span > BigInt(opts.maxBlockRange)) {
        stats.logLimits++;
        return errorReply(call.id, -32602, `range ${span} exceeds limit of ${opts.maxBlockRange}`);
      }
    }
    return null;
  }

  /** Result-size limit on eth_getLogs answers, applied after the chain answered. */
  function limitLogs(call: RpcCall, reply: RpcReply): RpcReply {
    if (call.method !== 'eth_getLogs' || !Array.isArray(reply.result)) return reply;
    const logs = reply.result as { blockNumber: string }[];
    if (logs.length <= opts.maxLogs) return reply;
    stats.logLimits++;
    if (opts.resultLimitStyle === 'suggest') {
      const f = ((call.params as unknown[])?.[0] ?? {}) as { fromBlock?: string };
      const from = BigInt(f.fromBlock ?? logs[0]?.blockNumber ?? '0x0');
      // The widest range starting at `from` whose logs fit: up to the block before the first overflow.
      const over = BigInt(logs[opts.maxLogs]?.blockNumber ?? '0x0');
      const to = over > from ? over - 1n : from;
      return errorReply(
        call.id,
        -32602,
        `query exceeds max results ${opts.maxLogs}, retry with the range ${hex(from)}-${hex(to)}`,
      );
    }
    return errorReply(call.id, -32005, `query returned more than ${opts.maxLogs} results`);
  }

  async function answer(calls: RpcCall[]): Promise<RpcReply[]> {
    const replies: (RpcReply | null)[] = await Promise.all(calls.map(refuse));
    const forward = calls.filter((_, i) => replies[i] === null);
    if (opts.slowSimulationMs > 0 && forward.some(isSimulation)) await idle(opts.slowSimulationMs);
    if (forward.length > 0) {
      const got = (await upstream(forward)) as RpcReply[];
      const byId = new Map<unknown, RpcReply>();
      for (const r of Array.isArray(got) ? got : [got]) byId.set(JSON.stringify(r.id), r);
      calls.forEach((c, i) => {
        if (replies[i] !== null) return;
        const r = byId.get(JSON.stringify(c.id)) ?? errorReply(c.id, -32603, 'internal error');
        replies[i] = limitLogs(c, r);
      });
    }
    return replies as RpcReply[];
  }

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (c: Buffer) => {
      received += c.length;
      if (received <= opts.maxBodyBytes) chunks.push(c);
    });
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST') return send(res, 405, { error: 'POST JSON-RPC only' });
        stats.requests++;
        stats.largestBodyBytes = Math.max(stats.largestBodyBytes, received);
        if (received > opts.maxBodyBytes) {
          stats.tooLarge++;
          await sleep(opts.latencyMs);
          res.writeHead(413, { 'content-type': 'text/plain' });
          res.end(`content length too large (${received}>${opts.maxBodyBytes})\n`);
          return;
        }
        await sleep(opts.latencyMs);
        if (!takeToken()) {
          stats.rateLimited++;
          return send(res, 429, errorReply(null, -32016, 'over rate limit'));
        }
        const roll = dice();
        if (roll < opts.timeoutRate) {
          stats.timeouts++;
          hanging.add(res);
          await idle(opts.hangMs);
          hanging.delete(res);
          res.destroy();
          return;
        }
        if (roll < opts.timeoutRate + opts.errorRate) {
          stats.faults++;
          const status = dice() < 0.5 ? 502 : 503;
          return send(
            res,
            status,
            `<html><body><h1>${status} ${status === 502 ? 'Bad Gateway' : 'Service Unavailable'}</h1></body></html>`,
          );
        }
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(res, 400, errorReply(null, -32700, 'parse error'));
        }
        const batch = Array.isArray(body);
        const calls = (batch ? body : [body]) as RpcCall[];
        if (batch && calls.length > opts.maxBatch) {
          return send(
            res,
            400,
            errorReply(null, -32600, `batch size too large: ${calls.length} > ${opts.maxBatch}`),
          );
        }
        stats.calls += calls.length;
        stats.trace.push(calls.map((c) => (typeof c.method === 'string' ? c.method : '?')));
        if (stats.trace.length > TRACE_REQUESTS) stats.trace.shift();
        for (const c of calls) {
          const m = typeof c.method === 'string' ? c.method : '?';
          stats.byMethod[m] = (stats.byMethod[m] ?? 0) + 1;
        }
        try {
          const replies = await answer(calls);
          send(res, 200, batch ? replies : replies[0]);
        } catch {
          send(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>');
        }
      })();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    port,
    stats: () => structuredClone(stats),
    resetStats() {
      stats = fresh();
    },
    configure(patch) {
      Object.assign(opts, patch);
      if (patch.seed !== undefined) dice = seeded(patch.seed);
      if (patch.rateLimit !== undefined) tokens = patch.rateLimit?.burst ?? 0;
    },
    async close() {
      for (const r of hanging) r.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
