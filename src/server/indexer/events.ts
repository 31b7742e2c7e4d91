/**
 * The event streams the indexer follows, and a pure decoder from raw JSON-RPC logs to typed rows.
 * Logs that look like ours but are malformed (e.g. ERC-721 Transfer with the id in topic 3) are
 * skipped, never half-decoded.
 */
import { decodeAbiParameters, type Hex, toEventSelector } from 'viem';
import { decodeV3Log, V3_TOPICS } from '../venues/uniswap-v3-events';

export const TOPICS = {
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  pairCreated: toEventSelector('PairCreated(address,address,address,uint256)'),
  sync: toEventSelector('Sync(uint112,uint112)'),
  swap: toEventSelector('Swap(address,uint256,uint256,uint256,uint256,address)'),
  mint: toEventSelector('Mint(address,uint256,uint256)'),
  burn: toEventSelector('Burn(address,uint256,uint256,address)'),
  ownershipTransferred: toEventSelector('OwnershipTransferred(address,address)'),
  upgraded: toEventSelector('Upgraded(address)'),
  paused: toEventSelector('Paused(address)'),
  unpaused: toEventSelector('Unpaused(address)'),
} as const;

export const ALL_TOPICS: Hex[] = [...Object.values(TOPICS), ...Object.values(V3_TOPICS)];

export type RawLog = {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  blockHash: Hex;
  transactionHash: Hex;
  logIndex: Hex;
  blockTimestamp?: Hex;
  removed?: boolean;
};

type Base = { blockNumber: bigint; logIndex: number; txHash: string; ts: number };

export type DecodedEvent =
  | (Base & { type: 'transfer'; token: string; from: string; to: string; value: bigint })
  | (Base & {
      type: 'pairCreated';
      factory: string;
      pair: string;
      token0: string;
      token1: string;
      /** V3 fee tier; absent for V2 pairs. */
      fee?: number;
    })
  | (Base & { type: 'sync'; pair: string; reserve0: bigint; reserve1: bigint })
  | (Base & {
      type: 'swap';
      pair: string;
      sender: string;
      recipient: string;
      amount0In: bigint;
      amount1In: bigint;
      amount0Out: bigint;
      amount1Out: bigint;
    })
  | (Base & { type: 'mint'; pair: string; sender: string; amount0: bigint; amount1: bigint })
  | (Base & {
      type: 'burn';
      pair: string;
      sender: string;
      recipient: string;
      amount0: bigint;
      amount1: bigint;
    })
  | (Base & {
      type: 'collect';
      pair: string;
      sender: string;
      recipient: string;
      amount0: bigint;
      amount1: bigint;
    })
  | (Base & {
      type: 'position';
      manager: string;
      tokenId: bigint;
      kind: 'transfer' | 'increase' | 'decrease' | 'collect';
      from: string | null;
      to: string | null;
      liquidity: bigint | null;
      amount0: bigint | null;
      amount1: bigint | null;
    })
  | (Base & {
      type: 'contract';
      address: string;
      kind: 'ownership_transferred' | 'upgraded' | 'paused' | 'unpaused';
      data: Record<string, string>;
    });

const topicAddress = (t: Hex | undefined): string | null =>
  t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : null;

const word = (data: Hex, i: number): bigint | null => {
  const start = 2 + i * 64;
  if (data.length < start + 64) return null;
  return BigInt(`0x${data.slice(start, start + 64)}`);
};

const wordAddress = (data: Hex, i: number): string | null => {
  const start = 2 + i * 64;
  if (data.length < start + 64) return null;
  return `0x${data.slice(start + 24, start + 64)}`.toLowerCase();
};

/** `ts` must be supplied when the provider does not put blockTimestamp on logs. */
export function decodeLog(log: RawLog, tsFallback?: number): DecodedEvent | null {
  if (log.removed) return null;
  const t0 = log.topics[0];
  const tsHex = log.blockTimestamp;
  const ts = tsHex ? Number(BigInt(tsHex)) : tsFallback;
  if (ts === undefined) return null;
  const base: Base = {
    blockNumber: BigInt(log.blockNumber),
    logIndex: Number(BigInt(log.logIndex)),
    txHash: log.transactionHash.toLowerCase(),
    ts,
  };
  const address = log.address.toLowerCase();
  try {
    switch (t0) {
      case TOPICS.transfer: {
        // ERC-20 has exactly 3 topics and the value in data; ERC-721 puts the id in topic 3
        // (position NFTs: decoded by the V3 venue).
        if (log.topics.length === 4) return decodeV3Log(log, base);
        if (log.topics.length !== 3) return null;
        const from = topicAddress(log.topics[1]);
        const to = topicAddress(log.topics[2]);
        const value = word(log.data, 0);
        if (!from || !to || value === null) return null;
        return { ...base, type: 'transfer', token: address, from, to, value };
      }
      case TOPICS.pairCreated: {
        const token0 = topicAddress(log.topics[1]);
        const token1 = topicAddress(log.topics[2]);
        const pair = wordAddress(log.data, 0);
        if (!token0 || !token1 || !pair) return null;
        return { ...base, type: 'pairCreated', factory: address, pair, token0, token1 };
      }
      case TOPICS.sync: {
        if (log.topics.length !== 1) return null;
        const [reserve0, reserve1] = decodeAbiParameters(
          [{ type: 'uint112' }, { type: 'uint112' }],
          log.data,
        );
        return { ...base, type: 'sync', pair: address, reserve0, reserve1 };
      }
      case TOPICS.swap: {
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
      case TOPICS.mint: {
        const sender = topicAddress(log.topics[1]);
        const amount0 = word(log.data, 0);
        const amount1 = word(log.data, 1);
        if (!sender || amount0 === null || amount1 === null || log.topics.length !== 2) return null;
        return { ...base, type: 'mint', pair: address, sender, amount0, amount1 };
      }
      case TOPICS.burn: {
        const sender = topicAddress(log.topics[1]);
        const recipient = topicAddress(log.topics[2]);
        const amount0 = word(log.data, 0);
        const amount1 = word(log.data, 1);
        if (!sender || !recipient || amount0 === null || amount1 === null) return null;
        return { ...base, type: 'burn', pair: address, sender, recipient, amount0, amount1 };
      }
      case TOPICS.ownershipTransferred: {
        const previousOwner = topicAddress(log.topics[1]);
        const newOwner = topicAddress(log.topics[2]);
        if (!previousOwner || !newOwner) return null;
        return {
          ...base,
          type: 'contract',
          address,
          kind: 'ownership_transferred',
          data: { previousOwner, newOwner },
        };
      }
      case TOPICS.upgraded: {
        const implementation = topicAddress(log.topics[1]);
        if (!implementation) return null;
        return { ...base, type: 'contract', address, kind: 'upgraded', data: { implementation } };
      }
      case TOPICS.paused:
      case TOPICS.unpaused: {
        const account = wordAddress(log.data, 0) ?? '';
        return {
          ...base,
          type: 'contract',
          address,
          kind: t0 === TOPICS.paused ? 'paused' : 'unpaused',
          data: { account },
        };
      }
      default:
        return decodeV3Log(log, base);
    }
  } catch {
    return null;
  }
}
