/** The gateway's options, its counters and its JSON-RPC shapes (gateway.ts re-exports the first two). */

/** A JSON-RPC error a public endpoint answers a call with (gateway-faults.ts). */
export type CallErrorKind = 'timeout' | 'rateLimit' | 'headerNotFound';
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
  /**
   * Share of JSON-RPC calls (inside an answered request) answered with an error public endpoints
   * give instead of their result: -32603 request timed out, -32005 rate limit exceeded, -32000
   * header not found (`callErrorKinds`, all by default).
   */
  callErrorRate?: number;
  callErrorKinds?: readonly CallErrorKind[];
  /** Share of JSON-RPC batches (2+ calls) answered with entries missing. */
  truncateRate?: number;
  /** Share of HTTP requests answered 429 "over rate limit" by the dice (beside the token bucket). */
  rateLimitRate?: number;
  /**
   * Serve a head this many blocks behind the chain's (0 = the real head): eth_blockNumber and every
   * block tag read as it, a later block "header not found" (a public node seen 330 blocks behind).
   */
  staleHeadBlocks?: number;
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
  /** Calls answered with a seeded JSON-RPC error (callErrorRate), batches truncated (truncateRate). */
  callErrors: number;
  truncated: number;
  /** Calls refused because the method (or state overrides) is not offered. */
  unsupported: number;
  /** The methods of each of the last TRACE_REQUESTS requests, in arrival order (a batch lists several). */
  trace: string[][];
};

/** The options as the gateway holds them: every default filled in. */
export type ResolvedGatewayOptions = Required<Omit<GatewayOptions, 'rateLimit'>> & {
  rateLimit: { rps: number; burst: number } | null;
};

/**
 * What the rules read and count: the options (changeable on the fly), the live stats, and the head
 * a stale node serves (read from the chain at its first call, forgotten when staleHeadBlocks changes).
 */
export type GatewayCallContext = {
  opts: ResolvedGatewayOptions;
  stats: GatewayStats;
  pinnedHead?: bigint | undefined;
};

export type RpcCall = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };
export type RpcReply = {
  jsonrpc: '2.0';
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string };
};
