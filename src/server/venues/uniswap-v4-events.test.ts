import { encodeAbiParameters, type Hex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RawLog } from './pool-events';
import { poolHandle } from './uniswap-v4';
import { decodeV4Log, isFeeCollection, isWithdrawal, V4_TOPICS } from './uniswap-v4-events';

const PM = '0x498581ff718922c3f8e6a244956af099b2652b2b';
const ID: Hex = `0x${'ab'.repeat(32)}`;
const TOKEN = '0x00000000000000000000000000000000000000f1';
const HOOK = '0x14887920b139c2673b57c0c1ba758b01a1648088';
const ROUTER = '0x6ff5693b99212da76ad316178a184ab56d299b43';
const base = { blockNumber: 10n, logIndex: 1, txHash: '0xaa', ts: 1_700_000_000 };
const raw = (topics: Hex[], data: Hex): RawLog => ({
  address: PM,
  topics,
  data,
  blockNumber: '0xa',
  blockHash: '0x01',
  transactionHash: '0xaa',
  logIndex: '0x1',
});

describe('decodeV4Log', () => {
  it('Initialize: a pool created on the PoolManager, named by its handle, native ETH as 0x0', () => {
    const data = encodeAbiParameters(
      [{ type: 'uint24' }, { type: 'int24' }, { type: 'address' }, { type: 'uint160' }, { type: 'int24' }],
      [0x800000, 60, HOOK, 2n ** 96n, 0],
    );
    const e = decodeV4Log(raw([V4_TOPICS.initialize, ID, pad('0x00'), pad(TOKEN)], data), base);
    expect(e).toMatchObject({
      type: 'pairCreated',
      factory: PM,
      pair: poolHandle(ID),
      token0: '0x0000000000000000000000000000000000000000',
      token1: TOKEN,
      fee: 0x800000,
      tickSpacing: 60,
      hooks: HOOK,
      sqrtPriceX96: 2n ** 96n,
    });
  });

  it('Swap: the swapper paid 1 ETH (negative) and received 990 tokens (positive)', () => {
    const data = encodeAbiParameters(
      [
        { type: 'int128' },
        { type: 'int128' },
        { type: 'uint160' },
        { type: 'uint128' },
        { type: 'int24' },
        { type: 'uint24' },
      ],
      [-(10n ** 18n), 990n * 10n ** 18n, 2n ** 96n, 10n ** 20n, -5, 3000],
    );
    const e = decodeV4Log(raw([V4_TOPICS.swap, ID, pad(ROUTER)], data), base);
    expect(e).toMatchObject({
      type: 'swap',
      pair: poolHandle(ID),
      sender: ROUTER,
      amount0In: 10n ** 18n,
      amount1In: 0n,
      amount0Out: 0n,
      amount1Out: 990n * 10n ** 18n,
      sqrtPriceX96: 2n ** 96n,
      fee: 3000,
    });
  });

  it('ModifyLiquidity: a negative delta is a withdrawal; the salt is the position id', () => {
    const data = encodeAbiParameters(
      [{ type: 'int24' }, { type: 'int24' }, { type: 'int256' }, { type: 'bytes32' }],
      [-887220, 887220, -(10n ** 19n), pad('0x01')],
    );
    const e = decodeV4Log(raw([V4_TOPICS.modifyLiquidity, ID, pad(ROUTER)], data), base);
    expect(e).toMatchObject({
      type: 'v4Liquidity',
      tickLower: -887220,
      tickUpper: 887220,
      liquidityDelta: -(10n ** 19n),
      salt: 1n,
    });
    expect(e && isWithdrawal(e)).toBe(true);
  });

  it('ModifyLiquidity with zero delta: a fee collection, not a withdrawal', () => {
    const data = encodeAbiParameters(
      [{ type: 'int24' }, { type: 'int24' }, { type: 'int256' }, { type: 'bytes32' }],
      [-887220, 887220, 0n, pad('0x07')],
    );
    const e = decodeV4Log(raw([V4_TOPICS.modifyLiquidity, ID, pad(ROUTER)], data), base);
    expect(e).toMatchObject({ type: 'v4Liquidity', liquidityDelta: 0n, salt: 7n, sender: ROUTER });
    expect(e && isWithdrawal(e)).toBe(false);
    expect(e && isFeeCollection(e)).toBe(true);
  });

  it('isFeeCollection: only a zero delta', () => {
    const delta = (d: bigint) =>
      decodeV4Log(
        raw(
          [V4_TOPICS.modifyLiquidity, ID, pad(ROUTER)],
          encodeAbiParameters(
            [{ type: 'int24' }, { type: 'int24' }, { type: 'int256' }, { type: 'bytes32' }],
            [-60, 60, d, pad('0x01')],
          ),
        ),
        base,
      );
    for (const d of [1n, -1n]) {
      const e = delta(d);
      expect(e && isFeeCollection(e)).toBe(false);
    }
  });

  it('ignores other logs and malformed ones', () => {
    expect(decodeV4Log(raw([V4_TOPICS.swap, ID], '0x'), base)).toBeNull();
    expect(decodeV4Log(raw([V4_TOPICS.swap], '0x'), base)).toBeNull();
    expect(decodeV4Log(raw([`0x${'00'.repeat(32)}`, ID], '0x'), base)).toBeNull();
  });
});
