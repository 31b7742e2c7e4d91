/**
 * The one entry point the indexer calls for pool logs: every venue's event topics, and a decoder
 * that hands a log to the venue whose event it is. Which venue a log belongs to is known only here
 * and in the venue modules (ADR 0007). Pure.
 */
import type { Hex } from 'viem';
import { AERODROME_TOPICS, decodeAerodromeLog, SLIPSTREAM_TOPICS } from './aerodrome-events';
import type { LogPosition, PoolEvent, RawLog } from './pool-events';
import { decodeV2Log, V2_TOPICS } from './uniswap-v2-events';
import { decodeV3Log, V3_TOPICS } from './uniswap-v3-events';
import { decodeV4Log, V4_TOPICS } from './uniswap-v4-events';

/** Every pool event topic of every venue: the indexer asks for these with the token events. */
export const POOL_EVENT_TOPICS: Hex[] = [
  ...Object.values(V2_TOPICS),
  ...Object.values(V3_TOPICS),
  ...Object.values(AERODROME_TOPICS),
  ...Object.values(SLIPSTREAM_TOPICS),
  // V4's PoolManager: Initialize, Swap and ModifyLiquidity (valued by the store at the pool's price).
  V4_TOPICS.initialize,
  V4_TOPICS.swap,
  V4_TOPICS.modifyLiquidity,
];

/** Pool creation on every venue's factory (V2 PairCreated, V3 PoolCreated). */
export const POOL_CREATION_TOPICS: Hex[] = [
  V2_TOPICS.pairCreated,
  V3_TOPICS.poolCreated,
  AERODROME_TOPICS.poolCreated,
  SLIPSTREAM_TOPICS.poolCreated,
];

const V4_TOPIC_SET = new Set<Hex | undefined>(Object.values(V4_TOPICS));
const V2_TOPIC_SET = new Set<Hex | undefined>(Object.values(V2_TOPICS));
const AERODROME_TOPIC_SET = new Set<Hex | undefined>([
  ...Object.values(AERODROME_TOPICS),
  ...Object.values(SLIPSTREAM_TOPICS),
]);

/**
 * A pool or position log of any venue as an indexer row; null when it is none or is malformed.
 * The venues' event signatures differ, so the first topic names the venue (Aerodrome classic's Mint
 * and Slipstream's pool events share V2's and V3's signatures and decode the same way) (an ERC-721 Transfer
 * with the id in topic 3 is the V3 position manager's).
 */
export function decodePoolLog(log: RawLog, position: LogPosition): PoolEvent | null {
  if (AERODROME_TOPIC_SET.has(log.topics[0])) return decodeAerodromeLog(log, position);
  if (V4_TOPIC_SET.has(log.topics[0])) {
    // Rows keyed by the pool's handle (first 20 bytes of its PoolId); currencies in the
    // PoolManager's order, native ETH as 0x0 (gather presents it as WETH, ADR 0026).
    return decodeV4Log(log, position);
  }
  return V2_TOPIC_SET.has(log.topics[0]) ? decodeV2Log(log, position) : decodeV3Log(log, position);
}
