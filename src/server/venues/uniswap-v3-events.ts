/**
 * Uniswap V3's events, decoded into the indexer's rows: PoolCreated → pairs (with the fee tier);
 * a pool's Swap → swaps (signed amounts split into in/out, as V2 logs them); Mint / Burn →
 * liquidity added / removed; Collect → liquidity 'collect'; and the position manager's ERC-721
 * Transfer, IncreaseLiquidity, DecreaseLiquidity and Collect → position events.
 */
import { decodeAbiParameters, toEventSelector } from 'viem';
import { type LogPosition, type PoolEvent, type RawLog, topicAddress } from './pool-events';

export const V3_TOPICS = {
  poolCreated: toEventSelector('PoolCreated(address,address,uint24,int24,address)'),
  swap: toEventSelector('Swap(address,address,int256,int256,uint160,uint128,int24)'),
  mint: toEventSelector('Mint(address,address,int24,int24,uint128,uint256,uint256)'),
  burn: toEventSelector('Burn(address,int24,int24,uint128,uint256,uint256)'),
  collect: toEventSelector('Collect(address,address,int24,int24,uint128,uint128)'),
  increaseLiquidity: toEventSelector('IncreaseLiquidity(uint256,uint128,uint256,uint256)'),
  decreaseLiquidity: toEventSelector('DecreaseLiquidity(uint256,uint128,uint256,uint256)'),
  positionCollect: toEventSelector('Collect(uint256,address,uint256,uint256)'),
} as const;

/** ERC-721 Transfer shares ERC-20's topic; it has the token id as a third indexed topic. */
export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)');

const abs = (x: bigint) => (x < 0n ? -x : x);

/** A V3 (or position manager) log as an indexer row; null when it is not one or is malformed. */
export function decodeV3Log(log: RawLog, base: LogPosition): PoolEvent | null {
  const address = log.address.toLowerCase();
  const t = log.topics;
  switch (t[0]) {
    case V3_TOPICS.poolCreated: {
      const token0 = topicAddress(t[1]);
      const token1 = topicAddress(t[2]);
      if (!token0 || !token1 || !t[3] || t.length !== 4) return null;
      const fee = Number(BigInt(t[3]));
      const [, pool] = decodeAbiParameters([{ type: 'int24' }, { type: 'address' }], log.data);
      return {
        ...base,
        type: 'pairCreated',
        factory: address,
        pair: pool.toLowerCase(),
        token0,
        token1,
        fee,
      };
    }
    case V3_TOPICS.swap: {
      const sender = topicAddress(t[1]);
      const recipient = topicAddress(t[2]);
      if (!sender || !recipient || t.length !== 3) return null;
      const [a0, a1] = decodeAbiParameters(
        [{ type: 'int256' }, { type: 'int256' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }],
        log.data,
      );
      // Positive: paid into the pool; negative: paid out.
      return {
        ...base,
        type: 'swap',
        pair: address,
        sender,
        recipient,
        amount0In: a0 > 0n ? a0 : 0n,
        amount1In: a1 > 0n ? a1 : 0n,
        amount0Out: a0 < 0n ? abs(a0) : 0n,
        amount1Out: a1 < 0n ? abs(a1) : 0n,
      };
    }
    case V3_TOPICS.mint: {
      const owner = topicAddress(t[1]);
      if (!owner || t.length !== 4) return null;
      const [, , amount0, amount1] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
        log.data,
      );
      return { ...base, type: 'mint', pair: address, sender: owner, amount0, amount1 };
    }
    case V3_TOPICS.burn: {
      const owner = topicAddress(t[1]);
      if (!owner || t.length !== 4) return null;
      const [, amount0, amount1] = decodeAbiParameters(
        [{ type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
        log.data,
      );
      return { ...base, type: 'burn', pair: address, sender: owner, recipient: owner, amount0, amount1 };
    }
    case V3_TOPICS.collect: {
      const owner = topicAddress(t[1]);
      if (!owner || t.length !== 4) return null;
      const [recipient, amount0, amount1] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'uint128' }, { type: 'uint128' }],
        log.data,
      );
      return {
        ...base,
        type: 'collect',
        pair: address,
        sender: owner,
        recipient: recipient.toLowerCase(),
        amount0,
        amount1,
      };
    }
    case V3_TOPICS.increaseLiquidity:
    case V3_TOPICS.decreaseLiquidity: {
      if (!t[1] || t.length !== 2) return null;
      const [liquidity, amount0, amount1] = decodeAbiParameters(
        [{ type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
        log.data,
      );
      return {
        ...base,
        type: 'position',
        manager: address,
        tokenId: BigInt(t[1]),
        kind: t[0] === V3_TOPICS.increaseLiquidity ? 'increase' : 'decrease',
        from: null,
        to: null,
        liquidity,
        amount0,
        amount1,
      };
    }
    case V3_TOPICS.positionCollect: {
      if (!t[1] || t.length !== 2) return null;
      const [recipient, amount0, amount1] = decodeAbiParameters(
        [{ type: 'address' }, { type: 'uint256' }, { type: 'uint256' }],
        log.data,
      );
      return {
        ...base,
        type: 'position',
        manager: address,
        tokenId: BigInt(t[1]),
        kind: 'collect',
        from: null,
        to: recipient.toLowerCase(),
        liquidity: null,
        amount0,
        amount1,
      };
    }
    case TRANSFER_TOPIC: {
      // ERC-721: from, to and the token id all indexed, no data.
      if (t.length !== 4 || !t[3]) return null;
      const from = topicAddress(t[1]);
      const to = topicAddress(t[2]);
      if (!from || !to) return null;
      return {
        ...base,
        type: 'position',
        manager: address,
        tokenId: BigInt(t[3]),
        kind: 'transfer',
        from,
        to,
        liquidity: null,
        amount0: null,
        amount1: null,
      };
    }
    default:
      return null;
  }
}
