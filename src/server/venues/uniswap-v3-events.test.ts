import { encodeAbiParameters, type Hex, pad, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeLog } from '../indexer/events';
import type { RawLog } from './pool-events';
import { V3_TOPICS } from './uniswap-v3-events';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const P = '0x3333333333333333333333333333333333333333';
const log = (topics: Hex[], data: Hex): RawLog => ({
  address: P,
  topics,
  data,
  blockNumber: '0x10',
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  logIndex: '0x2',
  blockTimestamp: '0x64',
});
const int24 = (n: number) => pad(toHex(BigInt.asUintN(256, BigInt(n))));

describe('Uniswap V3 events', () => {
  it('decodes PoolCreated into a pool with its fee tier', () => {
    const e = decodeLog(
      log(
        [V3_TOPICS.poolCreated, pad(A), pad(B), pad(toHex(3000))],
        encodeAbiParameters(
          [{ type: 'int24' }, { type: 'address' }],
          [60, '0x4444444444444444444444444444444444444444'],
        ),
      ),
    );
    expect(e).toMatchObject({
      type: 'pairCreated',
      factory: P,
      pair: '0x4444444444444444444444444444444444444444',
      token0: A,
      token1: B,
      fee: 3000,
    });
  });

  it('splits a Swap’s signed amounts into in and out', () => {
    const data = encodeAbiParameters(
      [{ type: 'int256' }, { type: 'int256' }, { type: 'uint160' }, { type: 'uint128' }, { type: 'int24' }],
      [-500n, 1_000n, 2n ** 96n, 10n ** 18n, -12],
    );
    expect(decodeLog(log([V3_TOPICS.swap, pad(A), pad(B)], data))).toMatchObject({
      type: 'swap',
      pair: P,
      amount0In: 0n,
      amount0Out: 500n,
      amount1In: 1_000n,
      amount1Out: 0n,
    });
  });

  it('decodes Mint, Burn and Collect as liquidity added, removed and collected', () => {
    const mint = encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
      [A, 7n, 10n, 20n],
    );
    expect(decodeLog(log([V3_TOPICS.mint, pad(B), int24(-600), int24(600)], mint))).toMatchObject({
      type: 'mint',
      pair: P,
      sender: B,
      amount0: 10n,
      amount1: 20n,
    });
    const burn = encodeAbiParameters(
      [{ type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
      [7n, 3n, 4n],
    );
    expect(decodeLog(log([V3_TOPICS.burn, pad(B), int24(-600), int24(600)], burn))).toMatchObject({
      type: 'burn',
      amount0: 3n,
      amount1: 4n,
    });
    const collect = encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint128' }, { type: 'uint128' }],
      [A, 3n, 4n],
    );
    expect(decodeLog(log([V3_TOPICS.collect, pad(B), int24(-600), int24(600)], collect))).toMatchObject({
      type: 'collect',
      recipient: A,
      amount0: 3n,
    });
  });

  it('decodes the position manager’s liquidity events by token id', () => {
    const data = encodeAbiParameters(
      [{ type: 'uint128' }, { type: 'uint256' }, { type: 'uint256' }],
      [9n, 1n, 2n],
    );
    expect(decodeLog(log([V3_TOPICS.decreaseLiquidity, pad(toHex(42))], data))).toMatchObject({
      type: 'position',
      kind: 'decrease',
      manager: P,
      tokenId: 42n,
      liquidity: 9n,
    });
  });

  it('skips malformed logs', () => {
    expect(decodeLog(log([V3_TOPICS.swap, pad(A)], '0x'))).toBeNull();
    expect(decodeLog(log([V3_TOPICS.burn, pad(B), int24(1), int24(2)], '0x1234'))).toBeNull();
  });
});
