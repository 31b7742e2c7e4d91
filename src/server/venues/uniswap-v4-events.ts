/**
 * Uniswap V4's PoolManager events as indexer rows, pure. Every pool's events come from the one
 * PoolManager, named by PoolId (topic 1); rows carry the pool's handle (uniswap-v4.ts) as `pair`.
 * - Initialize → pairCreated (factory: the PoolManager; currencies as the PoolManager has them,
 *   native ETH as 0x0; the fee, with the dynamic-fee flag as is; tickSpacing and hooks kept);
 * - Swap → swap. V4 logs the swapper's balance change (negative: paid in), the opposite sign of V3's
 *   pool-side amounts; split into in/out as V2 logs them;
 * - ModifyLiquidity → liquidity change (tick range, signed liquidity delta, salt = the position NFT
 *   id for a PositionManager; the event carries no token amounts: the store values them at the
 *   pool's price, uniswap-v4-liquidity.ts). A negative delta is a withdrawal, stored as V3's Burn is;
 *   a zero delta is a fee collection, stored as 'collect' (no amounts: the event gives none).
 * Position NFT transfers are the PositionManager's ERC-721 Transfer, which the V3 decoder already
 * reads for any manager (uniswap-v3-events.ts).
 */
import { decodeAbiParameters, type Hex, toEventSelector } from 'viem';
import type { LogPosition, PoolEvent, RawLog } from './pool-events';
import { poolHandle } from './uniswap-v4-pool-key';

export const V4_TOPICS = {
  initialize: toEventSelector('Initialize(bytes32,address,address,uint24,int24,address,uint160,int24)'),
  swap: toEventSelector('Swap(bytes32,address,int128,int128,uint160,uint128,int24,uint24)'),
  modifyLiquidity: toEventSelector('ModifyLiquidity(bytes32,address,int24,int24,int256,bytes32)'),
} as const;

/** A V4 liquidity change: the PoolManager logs the range and signed liquidity, no token amounts. */
export type V4LiquidityEvent = Extract<PoolEvent, { type: 'v4Liquidity' }> & { poolId: Hex };

export type V4PoolEvent =
  | (Extract<PoolEvent, { type: 'pairCreated' }> & { poolId: Hex; tickSpacing: number; hooks: string })
  | (Extract<PoolEvent, { type: 'swap' }> & { poolId: Hex; fee: number })
  | V4LiquidityEvent;

const addr = (t: Hex | undefined) => (t && t.length === 66 ? `0x${t.slice(26)}`.toLowerCase() : null);
const neg = (x: bigint) => (x < 0n ? -x : 0n);
const pos = (x: bigint) => (x > 0n ? x : 0n);

/** A PoolManager log as a row; null when it is not one of these events or is malformed. */
export function decodeV4Log(log: RawLog, base: LogPosition): V4PoolEvent | null {
  const t = log.topics;
  const poolId = t[1];
  if (typeof poolId !== 'string' || poolId.length !== 66) return null;
  const pair = poolHandle(poolId);
  try {
    switch (t[0]) {
      case V4_TOPICS.initialize: {
        const token0 = addr(t[2]);
        const token1 = addr(t[3]);
        if (!token0 || !token1 || t.length !== 4) return null;
        const [fee, tickSpacing, hooks, sqrtPriceX96] = decodeAbiParameters(
          [
            { type: 'uint24' },
            { type: 'int24' },
            { type: 'address' },
            { type: 'uint160' },
            { type: 'int24' },
          ],
          log.data,
        );
        return {
          ...base,
          type: 'pairCreated',
          factory: log.address.toLowerCase(),
          pair,
          poolId,
          token0,
          token1,
          fee,
          tickSpacing,
          hooks: hooks.toLowerCase(),
          sqrtPriceX96,
        };
      }
      case V4_TOPICS.swap: {
        const sender = addr(t[2]);
        if (!sender || t.length !== 3) return null;
        const [a0, a1, sqrtPriceX96, , , fee] = decodeAbiParameters(
          [
            { type: 'int128' },
            { type: 'int128' },
            { type: 'uint160' },
            { type: 'uint128' },
            { type: 'int24' },
            { type: 'uint24' },
          ],
          log.data,
        );
        // The swapper's view: negative = paid into the pool, positive = received.
        return {
          ...base,
          type: 'swap',
          pair,
          poolId,
          sender,
          // The PoolManager does not log who received the output (the router takes it for the user).
          recipient: sender,
          amount0In: neg(a0),
          amount1In: neg(a1),
          amount0Out: pos(a0),
          amount1Out: pos(a1),
          sqrtPriceX96,
          fee,
        };
      }
      case V4_TOPICS.modifyLiquidity: {
        const sender = addr(t[2]);
        if (!sender || t.length !== 3) return null;
        const [tickLower, tickUpper, liquidityDelta, salt] = decodeAbiParameters(
          [{ type: 'int24' }, { type: 'int24' }, { type: 'int256' }, { type: 'bytes32' }],
          log.data,
        );
        return {
          ...base,
          type: 'v4Liquidity',
          pair,
          poolId,
          sender,
          tickLower,
          tickUpper,
          liquidityDelta,
          salt: BigInt(salt),
        };
      }
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** A withdrawal of liquidity (negative delta): the V4 counterpart of a V2/V3 burn. */
export const isWithdrawal = (e: V4PoolEvent): e is V4LiquidityEvent =>
  e.type === 'v4Liquidity' && e.liquidityDelta < 0n;

/**
 * A fee collection: in V4 collecting fees is a ModifyLiquidity with zero delta (the PositionManager's
 * DECREASE_LIQUIDITY of 0). Not a withdrawal, never a drain; stored as 'collect' without amounts.
 */
export const isFeeCollection = (e: V4PoolEvent): e is V4LiquidityEvent =>
  e.type === 'v4Liquidity' && e.liquidityDelta === 0n;
