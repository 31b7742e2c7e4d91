/**
 * Aerodrome's events, decoded into the indexer's rows. Classic: PoolFactory's PoolCreated → pairs;
 * a pool's Sync → reserves; Swap → swaps; Burn → liquidity removed (its Mint has Uniswap V2's
 * signature, so the V2 decoder reads it). Slipstream: CLFactory's PoolCreated → pairs; its pools and
 * position manager emit Uniswap V3's exact events, which the V3 decoder reads. Pure.
 */
import { decodeAbiParameters, toEventSelector } from 'viem';
import {
  type LogPosition,
  type PoolEvent,
  type RawLog,
  topicAddress,
  word,
  wordAddress,
} from './pool-events';

export const AERODROME_TOPICS = {
  poolCreated: toEventSelector('PoolCreated(address,address,bool,address,uint256)'),
  sync: toEventSelector('Sync(uint256,uint256)'),
  swap: toEventSelector('Swap(address,address,uint256,uint256,uint256,uint256)'),
  burn: toEventSelector('Burn(address,address,uint256,uint256)'),
} as const;

export const SLIPSTREAM_TOPICS = {
  poolCreated: toEventSelector('PoolCreated(address,address,int24,address)'),
} as const;

/** An Aerodrome factory or classic pool log as an indexer row; null when it is none or is malformed. */
export function decodeAerodromeLog(log: RawLog, base: LogPosition): PoolEvent | null {
  const address = log.address.toLowerCase();
  const t = log.topics;
  switch (t[0]) {
    case AERODROME_TOPICS.poolCreated:
    case SLIPSTREAM_TOPICS.poolCreated: {
      const token0 = topicAddress(t[1]);
      const token1 = topicAddress(t[2]);
      const pair = wordAddress(log.data, 0);
      if (!token0 || !token1 || !pair || t.length !== 4) return null;
      // Neither carries a fee: classic pools' fee is the factory's, Slipstream's is the pool's.
      return { ...base, type: 'pairCreated', factory: address, pair, token0, token1 };
    }
    case AERODROME_TOPICS.sync: {
      if (t.length !== 1) return null;
      const [reserve0, reserve1] = decodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], log.data);
      return { ...base, type: 'sync', pair: address, reserve0, reserve1 };
    }
    case AERODROME_TOPICS.swap: {
      const sender = topicAddress(t[1]);
      const recipient = topicAddress(t[2]);
      const a = [0, 1, 2, 3].map((i) => word(log.data, i));
      if (!sender || !recipient || t.length !== 3 || a.some((x) => x === null)) return null;
      const [amount0In, amount1In, amount0Out, amount1Out] = a as bigint[];
      return {
        ...base,
        type: 'swap',
        pair: address,
        sender,
        recipient,
        amount0In: amount0In!,
        amount1In: amount1In!,
        amount0Out: amount0Out!,
        amount1Out: amount1Out!,
      };
    }
    case AERODROME_TOPICS.burn: {
      const sender = topicAddress(t[1]);
      const recipient = topicAddress(t[2]);
      const amount0 = word(log.data, 0);
      const amount1 = word(log.data, 1);
      if (!sender || !recipient || amount0 === null || amount1 === null || t.length !== 3) return null;
      return { ...base, type: 'burn', pair: address, sender, recipient, amount0, amount1 };
    }
    default:
      return null;
  }
}
