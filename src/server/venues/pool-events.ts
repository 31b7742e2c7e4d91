/**
 * What every venue's log decoder produces: pool events as the indexer stores them (pool creation,
 * reserves, swaps, liquidity added, removed and collected, position NFT events), the raw JSON-RPC
 * log they come from, and the word readers the decoders share. Pure.
 */
import type { Hex } from 'viem';

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

/** Where a decoded log sits: its block, position in the block, transaction and block time. */
export type LogPosition = { blockNumber: bigint; logIndex: number; txHash: string; ts: number };

export type PoolEvent =
  | (LogPosition & {
      type: 'pairCreated';
      factory: string;
      pair: string;
      token0: string;
      token1: string;
      /** V3 fee tier; absent for V2 pairs. */
      fee?: number;
      /** A V4 pool's price at Initialize (later prices come from its swaps). */
      sqrtPriceX96?: bigint;
      /** A V4 pool's tick spacing and hook: with the currencies and fee, its PoolKey. */
      tickSpacing?: number;
      hooks?: string;
    })
  | (LogPosition & { type: 'sync'; pair: string; reserve0: bigint; reserve1: bigint })
  | (LogPosition & {
      type: 'swap';
      pair: string;
      sender: string;
      recipient: string;
      amount0In: bigint;
      amount1In: bigint;
      amount0Out: bigint;
      amount1Out: bigint;
      /** A V4 pool's price after the swap (what its liquidity changes are valued at). */
      sqrtPriceX96?: bigint;
    })
  | (LogPosition & { type: 'mint'; pair: string; sender: string; amount0: bigint; amount1: bigint })
  | (LogPosition & {
      type: 'burn';
      pair: string;
      sender: string;
      recipient: string;
      amount0: bigint;
      amount1: bigint;
    })
  | (LogPosition & {
      type: 'collect';
      pair: string;
      sender: string;
      recipient: string;
      amount0: bigint;
      amount1: bigint;
    })
  | (LogPosition & {
      /**
       * A V4 ModifyLiquidity: range and signed liquidity delta, no token amounts (the store values
       * them at the pool's price then); `salt` is the position NFT id when the sender is a
       * PositionManager.
       */
      type: 'v4Liquidity';
      pair: string;
      sender: string;
      tickLower: number;
      tickUpper: number;
      liquidityDelta: bigint;
      salt: bigint;
    })
  | (LogPosition & {
      type: 'position';
      manager: string;
      tokenId: bigint;
      kind: 'transfer' | 'increase' | 'decrease' | 'collect';
      from: string | null;
      to: string | null;
      liquidity: bigint | null;
      amount0: bigint | null;
      amount1: bigint | null;
    });

export const topicAddress = (t: Hex | undefined): string | null =>
  t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : null;

/** The i-th 32-byte word of a log's data as an unsigned integer; null when the data is too short. */
export const word = (data: Hex, i: number): bigint | null => {
  const start = 2 + i * 64;
  if (data.length < start + 64) return null;
  return BigInt(`0x${data.slice(start, start + 64)}`);
};

/** The i-th 32-byte word of a log's data as an address; null when the data is too short. */
export const wordAddress = (data: Hex, i: number): string | null => {
  const start = 2 + i * 64;
  if (data.length < start + 64) return null;
  return `0x${data.slice(start + 24, start + 64)}`.toLowerCase();
};
