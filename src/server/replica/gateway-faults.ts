/**
 * The gateway's faults inside a JSON-RPC answer (gateway.ts decides those at the door: 5xx, hangs,
 * 429s): a call answered with the errors public Base endpoints give (-32603 request timed out,
 * -32005 rate limit, -32000 header not found), a batch answered with entries missing, and a stale
 * head — a node serving a head `staleHeadBlocks` behind the chain, which knows no later block.
 */
import type { CallErrorKind, GatewayCallContext, RpcCall, RpcReply } from './gateway-types';

export type { CallErrorKind } from './gateway-types';
export const CALL_ERROR_KINDS: readonly CallErrorKind[] = ['timeout', 'rateLimit', 'headerNotFound'];

const CALL_ERRORS: Record<CallErrorKind, { code: number; message: string }> = {
  timeout: { code: -32603, message: 'request timed out' },
  rateLimit: { code: -32005, message: 'rate limit exceeded' },
  headerNotFound: { code: -32000, message: 'header not found' },
};

/** The fault dice the gateway rolls (seeded: the same seed, the same faults). */
export type FaultContext = GatewayCallContext & { dice: () => number };

/** An error reply for `call` by the dice (a share `callErrorRate` of calls), or null to answer it. */
export function callFault(g: FaultContext, call: RpcCall): RpcReply | null {
  if (g.opts.callErrorRate <= 0 || g.dice() >= g.opts.callErrorRate) return null;
  const kinds = g.opts.callErrorKinds.length > 0 ? g.opts.callErrorKinds : CALL_ERROR_KINDS;
  const kind = kinds[Math.floor(g.dice() * kinds.length)] as CallErrorKind;
  g.stats.callErrors++;
  return { jsonrpc: '2.0', id: call.id, error: { ...CALL_ERRORS[kind] } };
}

/**
 * A batch's replies with entries dropped (a share `truncateRate` of batches of two or more): each
 * entry kept with even odds, at least one dropped. A single call is never truncated.
 */
export function truncateBatch(g: FaultContext, replies: RpcReply[]): RpcReply[] {
  if (replies.length < 2 || g.opts.truncateRate <= 0 || g.dice() >= g.opts.truncateRate) return replies;
  const drop = Math.floor(g.dice() * replies.length);
  const kept = replies.filter((_, i) => i !== drop && g.dice() < 0.5);
  g.stats.truncated++;
  return kept.length < replies.length ? kept : replies.slice(1);
}

/** Where each method takes its block (index into params). */
const BLOCK_PARAM: Record<string, number> = {
  eth_call: 1,
  eth_estimateGas: 1,
  eth_createAccessList: 1,
  eth_simulateV1: 1,
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
  eth_getStorageAt: 2,
  eth_getProof: 2,
  eth_getBlockByNumber: 0,
  eth_feeHistory: 1,
};
const TAGS = new Set(['latest', 'pending', 'safe', 'finalized']);
const hex = (n: bigint) => `0x${n.toString(16)}`;
const headerNotFound = (id: unknown): RpcReply => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32000, message: 'header not found' },
});

/** A block parameter as the stale node reads it: a tag is its head; a later number it does not know. */
function staleBlock(v: unknown, head: bigint): { block: string } | 'unknown' {
  if (v === undefined || (typeof v === 'string' && TAGS.has(v))) return { block: hex(head) };
  if (typeof v === 'string' && v.startsWith('0x') && BigInt(v) > head) return 'unknown';
  return { block: v as string };
}

/** eth_getLogs on the stale node: tags and later numbers end at its head; a range past it is empty. */
function staleLogs(call: RpcCall, params: unknown[], head: bigint): RpcCall | RpcReply {
  const f = { ...((params[0] ?? {}) as Record<string, unknown>) };
  if (f.blockHash) return call;
  const at = (v: unknown) => {
    const b = staleBlock(v, head);
    return b === 'unknown' ? hex(head) : b.block;
  };
  const from = f.fromBlock === 'earliest' ? '0x0' : at(f.fromBlock);
  if (typeof f.fromBlock === 'string' && f.fromBlock.startsWith('0x') && BigInt(f.fromBlock) > head)
    return { jsonrpc: '2.0', id: call.id, result: [] };
  return { ...call, params: [{ ...f, fromBlock: from, toBlock: at(f.toBlock) }, ...params.slice(1)] };
}

/**
 * `call` as a node whose head is `head` serves it: eth_blockNumber answered with it, block tags read
 * as it, a later block "header not found". Returns the call to forward (rewritten) or the reply.
 */
export function staleHeadCall(call: RpcCall, head: bigint): RpcCall | RpcReply {
  const method = typeof call.method === 'string' ? call.method : '';
  const params = Array.isArray(call.params) ? [...call.params] : [];
  if (method === 'eth_blockNumber') return { jsonrpc: '2.0', id: call.id, result: hex(head) };
  if (method === 'eth_getLogs') return staleLogs(call, params, head);
  const i = BLOCK_PARAM[method];
  if (i === undefined) return call;
  const b = staleBlock(params[i], head);
  if (b === 'unknown')
    return method === 'eth_getBlockByNumber'
      ? { jsonrpc: '2.0', id: call.id, result: null }
      : headerNotFound(call.id);
  while (params.length < i) params.push(null);
  params[i] = b.block;
  return { ...call, params };
}

export const isReply = (x: RpcCall | RpcReply): x is RpcReply => 'result' in x || 'error' in x;
