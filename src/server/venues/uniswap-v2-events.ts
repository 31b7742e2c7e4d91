/**
 * Uniswap V2's events, decoded into the indexer's rows: PairCreated → pairs; a pair's Sync →
 * reserves; Swap → swaps; Mint / Burn → liquidity added / removed. Logs that look like these but are
 * malformed are skipped, never half-decoded. Pure.
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

export const V2_TOPICS = {
  pairCreated: toEventSelector('PairCreated(address,address,address,uint256)'),
  sync: toEventSelector('Sync(uint112,uint112)'),
  swap: toEventSelector('Swap(address,uint256,uint256,uint256,uint256,address)'),
  mint: toEventSelector('Mint(address,uint256,uint256)'),
  burn: toEventSelector('Burn(address,uint256,uint256,address)'),
} as const;

/** A V2 factory or pair log as an indexer row; null when it is not one or is malformed. */
export function decodeV2Log(log: RawLog, base: LogPosition): PoolEvent | null {
  const address = log.address.toLowerCase();
  switch (log.topics[0]) {
    case V2_TOPICS.pairCreated: {
      const token0 = topicAddress(log.topics[1]);
      const token1 = topicAddress(log.topics[2]);
      const pair = wordAddress(log.data, 0);
      if (!token0 || !token1 || !pair) return null;
      return { ...base, type: 'pairCreated', factory: address, pair, token0, token1 };
    }
    case V2_TOPICS.sync: {
      if (log.topics.length !== 1) return null;
      const [reserve0, reserve1] = decodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], log.data);
      return { ...base, type: 'sync', pair: address, reserve0, reserve1 };
    }
    case V2_TOPICS.swap: {
      const sender = topicAddress(log.topics[1]);
      const recipient = topicAddress(log.topics[2]);
      const a = [0, 1, 2, 3].map((i) => word(log.data, i));
      if (!sender || !recipient || a.some((x) => x === null)) return null;
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
    case V2_TOPICS.mint: {
      const sender = topicAddress(log.topics[1]);
      const amount0 = word(log.data, 0);
      const amount1 = word(log.data, 1);
      if (!sender || amount0 === null || amount1 === null || log.topics.length !== 2) return null;
      return { ...base, type: 'mint', pair: address, sender, amount0, amount1 };
    }
    case V2_TOPICS.burn: {
      const sender = topicAddress(log.topics[1]);
      const recipient = topicAddress(log.topics[2]);
      const amount0 = word(log.data, 0);
      const amount1 = word(log.data, 1);
      if (!sender || !recipient || amount0 === null || amount1 === null) return null;
      return { ...base, type: 'burn', pair: address, sender, recipient, amount0, amount1 };
    }
    default:
      return null;
  }
}
