import { zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { poolHandle, positionRange } from './uniswap-v4';
import {
  decodeHookPermissions,
  hookFlags,
  hookTouchesSwaps,
  poolIdOf,
  sortCurrencies,
} from './uniswap-v4-pool-key';

describe('V4 pool key and hook permissions', () => {
  it('reads the permission flags from the low 14 bits of the hook address', () => {
    // 0x…0088: beforeSwap (bit 7) and beforeSwapReturnDelta (bit 3), the NoOp shape.
    const noop = '0x14887920b139c2673b57c0c1ba758b01a1648088';
    expect(hookFlags(noop)).toBe(0x88);
    expect(decodeHookPermissions(noop).map((p) => p.name)).toEqual(['beforeSwap', 'beforeSwapReturnDelta']);
    expect(decodeHookPermissions(noop)[1]?.words).toMatch(/can change the price you get/);
    expect(hookTouchesSwaps(noop)).toBe(true);
    // afterSwapReturnDelta (bit 2) is the fee-taking one.
    expect(decodeHookPermissions('0x0000000000000000000000000000000000000044')[1]?.words).toMatch(
      /can take a fee from every swap/,
    );
    expect(decodeHookPermissions(zeroAddress)).toEqual([]);
    // Only liquidity permissions: no power over swaps.
    expect(hookTouchesSwaps('0x0000000000000000000000000000000000000800')).toBe(false);
  });

  it('names a pool by keccak(abi.encode(key)) and hands out its first 20 bytes', () => {
    const key = {
      currency0: zeroAddress,
      currency1: '0x0000000000000000000000000000000000000001' as const,
      fee: 3000,
      tickSpacing: 60,
      hooks: zeroAddress,
    };
    const id = poolIdOf(key);
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(poolIdOf({ ...key, hooks: '0x0000000000000000000000000000000000000080' })).not.toBe(id);
    expect(poolHandle(id)).toBe(id.slice(0, 42));
    expect(sortCurrencies('0x0000000000000000000000000000000000000001', zeroAddress)[0]).toBe(zeroAddress);
  });

  it('unpacks a position range from PositionInfo (signed 24-bit ticks at bits 8 and 32)', () => {
    const enc = (v: number) => BigInt(v < 0 ? v + 0x1000000 : v);
    const info = (enc(887220) << 32n) | (enc(-887220) << 8n) | 1n;
    expect(positionRange(info)).toEqual({ tickLower: -887220, tickUpper: 887220 });
  });
});
