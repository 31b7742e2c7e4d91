/**
 * The JSON-RPC reads of one index range: block headers, a stream's logs, the V4 PoolManager's logs
 * of its tokens and pools, pools the factories created for its tokens, and the position managers'
 * IncreaseLiquidity beside a followed pool's Mint. The pure parts (which logs, which pools) are
 * separate functions beside the reads.
 */
import type { Hex } from 'viem';
import type { ChainClients } from '../chain/client';
import { POOL_CREATION_TOPICS } from '../venues/decode-pool-log';
import type { RawLog } from '../venues/pool-events';
import { V3_TOPICS } from '../venues/uniswap-v3-events';
import { V4_TOPICS } from '../venues/uniswap-v4-events';
import { ALL_TOPICS, type DecodedEvent, decodeLog } from './events';
import type { StreamSpec } from './indexer-types';

export type BlockHeader = { number: bigint; hash: Hex; timestamp: number };

/** A V4 PoolId (32 bytes) in a stream's address list, beside the 20-byte addresses. */
export const isPoolId = (a: string) => a.length === 66;

const hexBlock = (n: bigint) => `0x${n.toString(16)}`;

const topicAddress = (t: Hex | undefined) => (t && t.length === 66 ? `0x${t.slice(26)}` : '');

function requestLogs(chain: ChainClients, filter: Record<string, unknown>): Promise<RawLog[]> {
  return chain.public.request({ method: 'eth_getLogs', params: [filter] } as never) as Promise<RawLog[]>;
}

export async function getHeader(chain: ChainClients, n: bigint): Promise<BlockHeader> {
  const b = await chain.public.getBlock({ blockNumber: n });
  return { number: n, hash: b.hash as Hex, timestamp: Number(b.timestamp) };
}

/** The stream's own logs (every contract when it has no address list; none for PoolIds alone). */
export async function getLogs(
  chain: ChainClients,
  stream: StreamSpec,
  from: bigint,
  to: bigint,
): Promise<RawLog[]> {
  const params: Record<string, unknown> = {
    fromBlock: hexBlock(from),
    toBlock: hexBlock(to),
    topics: [ALL_TOPICS],
  };
  if (stream.addresses) {
    const addresses = stream.addresses.filter((a) => !isPoolId(a));
    if (addresses.length === 0) return [];
    params.address = addresses;
  }
  return requestLogs(chain, params);
}

/** Each log once (the same Initialize can match as currency0 and as currency1 queries). */
export function uniqueLogs(logs: RawLog[]): RawLog[] {
  const seen = new Set<string>();
  return logs.filter((l) => {
    const k = `${l.blockNumber}:${l.logIndex}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The PoolIds of Initialize logs not among the `known` ones. */
export function newPoolIds(inits: RawLog[], known: Set<string>): string[] {
  return [...new Set(inits.map((l) => String(l.topics[1]).toLowerCase()))].filter(
    (id) => isPoolId(id) && !known.has(id),
  );
}

/**
 * The PoolManager's logs for an address-filtered stream in from..to (dex.v4PoolManager): the
 * Initialize of V4 pools of its tokens (two topic-filtered queries: the token as currency0, as
 * currency1), the Swap and ModifyLiquidity of its known V4 pools, and those of pools first seen
 * here (their launch liquidity shares the Initialize's block). One batch, plus one for new pools.
 */
export async function v4LogsOf(
  chain: ChainClients,
  manager: string | undefined,
  addresses: string[],
  from: bigint,
  to: bigint,
): Promise<{ logs: RawLog[]; added: string[] }> {
  if (!manager) return { logs: [], added: [] };
  const q = (topics: unknown[]) =>
    requestLogs(chain, { fromBlock: hexBlock(from), toBlock: hexBlock(to), address: manager, topics });
  const tokens = addresses.filter((a) => !isPoolId(a)).map((a) => `0x${a.slice(2).padStart(64, '0')}`);
  const ids = addresses.filter(isPoolId);
  const activity = [[V4_TOPICS.swap, V4_TOPICS.modifyLiquidity]];
  const [as0, as1, pooled] = await Promise.all([
    tokens.length ? q([[V4_TOPICS.initialize], null, tokens]) : [],
    tokens.length ? q([[V4_TOPICS.initialize], null, null, tokens]) : [],
    ids.length ? q([...activity, ids]) : [],
  ]);
  const inits = uniqueLogs([...as0, ...as1]);
  const added = newPoolIds(inits, new Set(ids));
  const more = added.length ? await q([...activity, added]) : [];
  return { logs: [...inits, ...pooled, ...more], added };
}

/** Pools in factory creation logs for a token `tracked` holds, not followed yet (in log order). */
export function createdPoolsFor(logs: RawLog[], tracked: string[]): string[] {
  const known = new Set(tracked);
  const out: string[] = [];
  for (const l of logs) {
    // Both events index token0 and token1; the pool's address is in the data.
    const t0 = topicAddress(l.topics[1]).toLowerCase();
    const t1 = topicAddress(l.topics[2]).toLowerCase();
    if (!known.has(t0) && !known.has(t1)) continue;
    const e = decodeLog(l, 0);
    if (e?.type === 'pairCreated' && !known.has(e.pair) && !out.includes(e.pair)) out.push(e.pair);
  }
  return out;
}

/** Pools created in from..to by a known factory for a token `tracked` holds, not followed yet. */
export async function newPoolsOf(
  chain: ChainClients,
  factories: string[],
  tracked: string[],
  from: bigint,
  to: bigint,
): Promise<string[]> {
  if (factories.length === 0) return [];
  const logs = await requestLogs(chain, {
    fromBlock: hexBlock(from),
    toBlock: hexBlock(to),
    address: factories,
    topics: [POOL_CREATION_TOPICS],
  });
  return createdPoolsFor(logs, tracked);
}

/** The transactions (and, per block, the managers) where a position manager minted into a pool. */
export function managerMints(
  raw: RawLog[],
  managers: Set<string>,
): { txs: Set<string>; blocks: Map<string, Set<string>> } {
  const txs = new Set<string>();
  const blocks = new Map<string, Set<string>>();
  for (const l of raw) {
    const owner = topicAddress(l.topics[1]).toLowerCase();
    if (l.topics[0] === V3_TOPICS.mint && managers.has(owner)) {
      txs.add(l.transactionHash.toLowerCase());
      blocks.set(l.blockNumber, (blocks.get(l.blockNumber) ?? new Set()).add(owner));
    }
  }
  return { txs, blocks };
}

/**
 * The position managers' IncreaseLiquidity logs from the transactions where one of them minted
 * into a followed pool (V3 and Slipstream pools emit the same Mint; its owner is the manager).
 */
export async function positionLogsFor(
  chain: ChainClients,
  positionManagers: string[],
  raw: RawLog[],
): Promise<RawLog[]> {
  const managers = new Set(positionManagers.map((m) => m.toLowerCase()));
  if (managers.size === 0) return [];
  const { txs, blocks } = managerMints(raw, managers);
  if (blocks.size === 0) return [];
  // One block each, only the managers that minted there (they are busy on Base), all in one batch.
  const perBlock = await Promise.all(
    [...blocks].map(([b, minters]) =>
      requestLogs(chain, {
        fromBlock: b,
        toBlock: b,
        address: [...minters],
        topics: [[V3_TOPICS.increaseLiquidity]],
      }),
    ),
  );
  return perBlock.flat().filter((l) => txs.has(l.transactionHash.toLowerCase()));
}

export async function decodeAll(chain: ChainClients, raw: RawLog[]): Promise<DecodedEvent[]> {
  // Base and anvil put blockTimestamp on logs; other providers don't — fetch those blocks once
  // (all at once: one batch).
  const missing = [...new Set(raw.filter((l) => !l.blockTimestamp).map((l) => BigInt(l.blockNumber)))];
  const ts = new Map<bigint, number>();
  const headers = await Promise.all(missing.map((n) => getHeader(chain, n)));
  for (const h of headers) ts.set(h.number, h.timestamp);
  const out: DecodedEvent[] = [];
  for (const l of raw) {
    const e = decodeLog(l, ts.get(BigInt(l.blockNumber)));
    if (e) out.push(e);
  }
  return out;
}
