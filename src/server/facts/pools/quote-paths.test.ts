/**
 * The quotes' worth from their pools as read: the quote's decimals are the chain's (a 6-decimal
 * coin is not priced as an 18-decimal one), and a failed read is said as such, never as "no path".
 */
import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { type PoolState, Q192 } from '../../venues/venue';
import { priceQuotes } from './quote-paths';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const TOKEN = a(1);
const COIN = a(2);
const WETH = a(0xee);
const USD = a(0xdd);
const x = { weth: WETH, usd: USD, ethUsd: 2000 };

/** COIN's WETH pool: `coin` base units against `wei`. */
function coinPool(coin: bigint, wei: bigint): { base: Address; state: PoolState } {
  return {
    base: COIN,
    state: {
      venue: 'uniswap-v2',
      pair: a(0x100),
      token0: COIN,
      token1: WETH,
      quote: WETH,
      fee: 3000,
      tokenReserve: coin,
      quoteReserve: wei,
      priceX192: (wei * Q192) / coin,
      lpTotalSupply: 0n,
      lpBurned: 0n,
      lpLocked: 0n,
      lockUnlockTime: null,
      lpDeployer: null,
      depthQuote2Pct: null,
    },
  };
}

describe('priceQuotes', () => {
  it('prices a 6-decimal quote with its own decimals, through its WETH pool', () => {
    // 1 000 000 coins (6 decimals) against 10 ETH: 0.00001 ETH, $0.02 each.
    const read = {
      states: [coinPool(10n ** 12n, 10n * 10n ** 18n)],
      tokens: new Map([[COIN, { decimals: 6, symbol: 'COIN' }]]),
      unread: new Set<string>(),
    };
    const q = priceQuotes(TOKEN, [COIN], read, x).get(COIN);
    expect(q?.decimals).toBe(6);
    expect(q?.symbol).toBe('COIN');
    if (!q || 'unpriced' in q.path) throw new Error('unpriced');
    expect(q.path.quoteEth).toBeCloseTo(0.00001, 12);
    expect(q.path.quoteUsd).toBeCloseTo(0.02, 9);
    expect(q.path.legs[0]).toMatchObject({ pool: a(0x100), to: WETH, toSymbol: 'WETH' });
  });

  it('a quote that does not answer decimals() is unpriced, and says so', () => {
    const read = { states: [coinPool(10n ** 12n, 10n ** 18n)], tokens: new Map(), unread: new Set<string>() };
    expect(priceQuotes(TOKEN, [COIN], read, x).get(COIN)?.path).toEqual({
      unpriced: `the quote token ${COIN} does not answer decimals()`,
    });
  });

  it('pools that could not be read: unpriced for that reason, not for "no path"', () => {
    const read = {
      states: [],
      tokens: new Map([[COIN, { decimals: 18, symbol: 'COIN' }]]),
      unread: new Set<string>([COIN]),
    };
    expect(priceQuotes(TOKEN, [COIN], read, x).get(COIN)?.path).toEqual({
      unpriced: expect.stringContaining('could not be read'),
    });
  });
});
