/**
 * The gateway's JSON-RPC rules (gateway.ts): which calls a public endpoint refuses before running
 * them, the eth_getLogs range and result-size limits with real providers' messages, and the answer
 * to a batch (forwarded upstream in one request, refusals kept in place).
 */
import { callFault, type FaultContext, isReply, staleHeadCall } from './gateway-faults';
import type { GatewayCallContext, RpcCall, RpcReply } from './gateway-types';

export type { GatewayCallContext, ResolvedGatewayOptions, RpcCall, RpcReply } from './gateway-types';

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

/** A wait that does not keep the process alive (a hanging request must not block exit). */
export const idle = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
export const errorReply = (id: unknown, code: number, message: string): RpcReply => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});
const hex = (n: bigint) => `0x${n.toString(16)}`;
const isSimulation = (c: RpcCall) => c.method === 'eth_simulateV1';

/** POSTs a JSON-RPC body (one call or a batch) to the chain behind the gateway. */
export async function upstream(g: GatewayCallContext, body: unknown): Promise<unknown> {
  const res = await fetch(g.opts.upstreamUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function headBlock(g: GatewayCallContext): Promise<bigint> {
  const r = (await upstream(g, { jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] })) as {
    result: string;
  };
  return BigInt(r.result);
}

/** eth_getLogs: a range wider than maxBlockRange is refused (the head read only for a tag). */
async function refuseLogRange(
  g: GatewayCallContext,
  call: RpcCall,
  params: unknown[],
): Promise<RpcReply | null> {
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
    head ??= headBlock(g);
    return head;
  };
  const from = await tag(f.fromBlock, lazyHead);
  const to = await tag(f.toBlock, lazyHead);
  const span = to - from + 1n;
  if (span > BigInt(g.opts.maxBlockRange)) {
    g.stats.logLimits++;
    return errorReply(call.id, -32602, `range ${span} exceeds limit of ${g.opts.maxBlockRange}`);
  }
  return null;
}

/** A refusal for calls a public endpoint would refuse before running them, or null to forward. */
export async function refuse(g: GatewayCallContext, call: RpcCall): Promise<RpcReply | null> {
  const { opts, stats } = g;
  const method = typeof call.method === 'string' ? call.method : '';
  if (!method) return errorReply(call.id ?? null, -32600, 'invalid request');
  const unavailable =
    PRIVATE_METHODS.has(method) ||
    PRIVATE_PREFIXES.some((p) => method.startsWith(p)) ||
    (method === 'eth_simulateV1' && !opts.simulateV1);
  if (unavailable) {
    stats.unsupported++;
    return errorReply(call.id, -32601, `the method ${method} does not exist/is not available`);
  }
  const params = Array.isArray(call.params) ? call.params : [];
  if ((method === 'eth_call' || method === 'eth_estimateGas') && params.length > 2 && !opts.stateOverrides) {
    stats.unsupported++;
    return errorReply(call.id, -32602, 'too many arguments, want at most 2');
  }
  if (method === 'eth_getLogs') return refuseLogRange(g, call, params);
  return null;
}

/** Result-size limit on eth_getLogs answers, applied after the chain answered. */
export function limitLogs(g: GatewayCallContext, call: RpcCall, reply: RpcReply): RpcReply {
  const { opts } = g;
  if (call.method !== 'eth_getLogs' || !Array.isArray(reply.result)) return reply;
  const logs = reply.result as { blockNumber: string }[];
  if (logs.length <= opts.maxLogs) return reply;
  g.stats.logLimits++;
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

/** The head a stale node serves (`staleHeadBlocks` behind the chain's), or null when not stale. */
async function staleHead(g: GatewayCallContext): Promise<bigint | null> {
  if (g.opts.staleHeadBlocks <= 0) return null;
  if (g.pinnedHead === undefined) {
    const head = (await headBlock(g)) - BigInt(g.opts.staleHeadBlocks);
    g.pinnedHead = head > 0n ? head : 0n;
  }
  return g.pinnedHead;
}

/**
 * The replies to `calls`, in order: a stale node's own answers, refusals and seeded call errors
 * where they fall, the rest from one upstream request.
 */
export async function answer(g: FaultContext, calls: RpcCall[]): Promise<RpcReply[]> {
  const head = await staleHead(g);
  const prepared = head === null ? calls : calls.map((c) => staleHeadCall(c, head));
  const replies: (RpcReply | null)[] = await Promise.all(
    prepared.map(async (c) => (isReply(c) ? c : ((await refuse(g, c)) ?? callFault(g, c)))),
  );
  const forward = prepared.filter((c, i): c is RpcCall => replies[i] === null && !isReply(c));
  if (g.opts.slowSimulationMs > 0 && forward.some(isSimulation)) await idle(g.opts.slowSimulationMs);
  if (forward.length > 0) {
    const got = (await upstream(g, forward)) as RpcReply[];
    const byId = new Map<unknown, RpcReply>();
    for (const r of Array.isArray(got) ? got : [got]) byId.set(JSON.stringify(r.id), r);
    prepared.forEach((c, i) => {
      if (replies[i] !== null || isReply(c)) return;
      const r = byId.get(JSON.stringify(c.id)) ?? errorReply(c.id, -32603, 'internal error');
      replies[i] = limitLogs(g, c, r);
    });
  }
  return replies as RpcReply[];
}
