import { encodeAbiParameters, type Hex, pad } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RawLog } from '../venues/pool-events';
import { V2_TOPICS } from '../venues/uniswap-v2-events';
import { decodeLog, TOPICS } from './events';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const T = '0x3333333333333333333333333333333333333333';
const base = (topics: Hex[], data: Hex): RawLog => ({
  address: T,
  topics,
  data,
  blockNumber: '0x10',
  blockHash: `0x${'ab'.repeat(32)}`,
  transactionHash: `0x${'cd'.repeat(32)}`,
  logIndex: '0x2',
  blockTimestamp: '0x64',
});

describe('decodeLog', () => {
  it('decodes an ERC-20 Transfer', () => {
    const e = decodeLog(
      base([TOPICS.transfer, pad(A), pad(B)], encodeAbiParameters([{ type: 'uint256' }], [5n])),
    );
    expect(e).toMatchObject({
      type: 'transfer',
      token: T,
      from: A,
      to: B,
      value: 5n,
      blockNumber: 16n,
      logIndex: 2,
      ts: 100,
    });
  });

  it('decodes ERC-721 transfers (token id in topic 3) as position events, not token transfers', () => {
    expect(decodeLog(base([TOPICS.transfer, pad(A), pad(B), pad('0x05')], '0x'))).toMatchObject({
      type: 'position',
      kind: 'transfer',
      manager: T,
      tokenId: 5n,
      from: A,
      to: B,
    });
  });

  it('decodes Swap, Sync, Mint and Burn', () => {
    const swap = decodeLog(
      base(
        [V2_TOPICS.swap, pad(A), pad(B)],
        encodeAbiParameters(Array(4).fill({ type: 'uint256' }), [1n, 0n, 0n, 7n]),
      ),
    );
    expect(swap).toMatchObject({
      type: 'swap',
      pair: T,
      sender: A,
      recipient: B,
      amount0In: 1n,
      amount1Out: 7n,
    });
    const sync = decodeLog(
      base([V2_TOPICS.sync], encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], [3n, 4n])),
    );
    expect(sync).toMatchObject({ type: 'sync', reserve0: 3n, reserve1: 4n });
    const burn = decodeLog(
      base(
        [V2_TOPICS.burn, pad(A), pad(B)],
        encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [8n, 9n]),
      ),
    );
    expect(burn).toMatchObject({ type: 'burn', sender: A, recipient: B, amount0: 8n, amount1: 9n });
  });

  it('uses the fallback timestamp when the provider omits blockTimestamp', () => {
    const log = { ...base([TOPICS.upgraded, pad(A)], '0x'), blockTimestamp: undefined };
    expect(decodeLog(log)).toBeNull();
    expect(decodeLog(log, 42)).toMatchObject({
      type: 'contract',
      kind: 'upgraded',
      ts: 42,
      data: { implementation: A },
    });
  });

  it('rejects truncated data instead of half-decoding', () => {
    expect(decodeLog(base([TOPICS.transfer, pad(A), pad(B)], '0x01'))).toBeNull();
    expect(decodeLog(base([V2_TOPICS.swap, pad(A), pad(B)], '0x'))).toBeNull();
  });
});
