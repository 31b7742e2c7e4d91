import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { type PoolHoldings, poolHoldings, poolValue } from './pool-value';
import { positionAmounts, Q96 } from './uniswap-v3-math';
import type { PoolState, RawPosition, VenueId } from './venue';

const TOKEN = '0x1000000000000000000000000000000000000001' as Address;
const WETH = '0x4200000000000000000000000000000000000006' as Address;
const HOLDER = '0x2000000000000000000000000000000000000002' as Address;
/** $2,000 an ETH, per raw wei. */
const ETH_USD_PER_RAW = 2000 / 1e18;

function pool(venue: VenueId, x: Partial<PoolState> = {}): PoolState {
  return {
    venue,
    pair: '0x3000000000000000000000000000000000000003',
    token0: TOKEN,
    token1: WETH,
    quote: WETH,
    fee: 3000,
    tokenReserve: 0n,
    quoteReserve: 0n,
    priceX192: null,
    lpTotalSupply: 0n,
    lpBurned: 0n,
    lpLocked: 0n,
    lockUnlockTime: null,
    lpDeployer: null,
    depthQuote2Pct: null,
    ...x,
  };
}
const position = (liquidity: bigint, tickLower: number | null, tickUpper: number | null): RawPosition => ({
  holder: HOLDER,
  manager: null,
  id: null,
  liquidity,
  tickLower,
  tickUpper,
});
/** The pool's raw price (quote per token, token = currency0) from its sqrt price. */
const rawPrice = (sqrtPriceX96: bigint) => (Number(sqrtPriceX96) / Q96) ** 2;
const value = (h: PoolHoldings, quotePerTokenRaw: number | null) =>
  poolValue(h, { quoteUsdPerRaw: ETH_USD_PER_RAW, quotePerTokenRaw });

describe('a pool valued from what its liquidity holds (one rule for every venue)', () => {
  it('a V2 pair: its reserves, the token side worth the quote side at the pool price — twice the quote side', () => {
    const p = pool('uniswap-v2', { tokenReserve: 10n ** 24n, quoteReserve: 10n ** 19n });
    const h = poolHoldings(p, TOKEN, null);
    expect(h).toMatchObject({ basis: 'reserves' });
    const v = value(h, 1e19 / 1e24);
    expect(v.valueUsd).toBeCloseTo(2 * 10 * 2000, 6);
    expect(v).toMatchObject({ basis: 'reserves', note: null });
  });

  it('a dust position at an absurd price inside its range cannot inflate the pool: the token side is capped at the quote side', () => {
    // 1 WETH a token, the price a hair inside the range's lower edge: ~500,000 tokens and ~0.00003 WETH.
    const sqrtPriceX96 = 2n ** 96n + 2n ** 60n;
    const L = 1_930_000_000_000_000_000_000_000n;
    const sqrtF = Number(sqrtPriceX96) / Q96;
    const held = positionAmounts(Number(L), sqrtF, 0, 6000);
    expect(held.amount0 / 1e18).toBeGreaterThan(400_000);
    expect(held.amount1 / 1e18).toBeLessThan(0.001);
    const p = pool('uniswap-v3', {
      v3: { sqrtPriceX96, liquidity: L },
      positions: [position(L, 0, 6000)],
      tokenReserve: BigInt(Math.floor(held.amount0)),
      quoteReserve: BigInt(Math.floor(held.amount1)),
    });
    const h = poolHoldings(p, TOKEN, null);
    expect(h).toMatchObject({ basis: 'positions' });
    const v = value(h, rawPrice(sqrtPriceX96));
    // At its own price the token side is "worth" ~$1e9; what a seller can take out is the quote.
    expect(v.valueUsd).toBeCloseTo(2 * held.amount1 * ETH_USD_PER_RAW, 6);
    expect(v.valueUsd as number).toBeLessThan(2 * 0.001 * 2000);
  });

  it("a concentrated pool's positions are summed at the current price; a quote-heavy pool is not doubled", () => {
    // Price 1 raw (tick 0); one in-range position and one wholly below the price (all quote).
    const sqrtPriceX96 = 2n ** 96n;
    const inRange = position(10n ** 21n, -600, 600);
    const below = position(10n ** 21n, -1200, -600);
    const p = pool('aerodrome-slipstream', {
      v3: { sqrtPriceX96, liquidity: 10n ** 21n },
      positions: [inRange, below],
    });
    const h = poolHoldings(p, TOKEN, null);
    if ('unavailable' in h) throw new Error(h.unavailable);
    const a = positionAmounts(1e21, 1, -600, 600);
    const b = positionAmounts(1e21, 1, -1200, -600);
    expect(h.tokenRaw).toBeCloseTo(a.amount0 + b.amount0, -3);
    expect(h.quoteRaw).toBeCloseTo(a.amount1 + b.amount1, -3);
    const v = value(h, 1);
    // Quote side plus the token side at the price (smaller than the quote side here): under 2× quote.
    expect(v.valueUsd).toBeCloseTo((h.quoteRaw + h.tokenRaw) * ETH_USD_PER_RAW, 6);
    expect(v.valueUsd as number).toBeLessThan(2 * h.quoteRaw * ETH_USD_PER_RAW);
  });

  it('the token may be either currency: token1 takes amount1 as its side', () => {
    const sqrtPriceX96 = 2n ** 96n;
    const p = pool('uniswap-v3', {
      token0: WETH,
      token1: TOKEN,
      v3: { sqrtPriceX96, liquidity: 10n ** 21n },
      positions: [position(10n ** 21n, 0, 600)],
    });
    const h = poolHoldings(p, TOKEN, null);
    if ('unavailable' in h) throw new Error(h.unavailable);
    // At the range's lower edge the position is all currency0: here the quote.
    expect(h.tokenRaw).toBeCloseTo(0, 0);
    expect(h.quoteRaw).toBeGreaterThan(0);
  });

  it("a V3 pool with positions we do not know of: the pool's own balances", () => {
    const sqrtPriceX96 = 2n ** 96n;
    const p = pool('uniswap-v3', {
      v3: { sqrtPriceX96, liquidity: 10n ** 22n },
      positions: [position(10n ** 21n, -600, 600)],
      tokenReserve: 5n * 10n ** 20n,
      quoteReserve: 6n * 10n ** 20n,
    });
    expect(poolHoldings(p, TOKEN, null)).toEqual({ tokenRaw: 5e20, quoteRaw: 6e20, basis: 'balances' });
  });

  it("a V4 pool whose active liquidity is a hook's own (no range read): the index's balance, else unknown with why", () => {
    const sqrtPriceX96 = 2n ** 96n;
    const p = pool('uniswap-v4', {
      v4: {
        poolId: '0xabc',
        key: { currency0: TOKEN, currency1: WETH, fee: 3000, tickSpacing: 60, hooks: HOLDER },
        lpFee: 3000,
        hookPermissions: [],
        sqrtPriceX96,
        liquidity: 10n ** 22n,
      },
      positions: [],
      // What uniswap-v4-read.ts gives with no NFT: the active liquidity's virtual reserves (too high).
      tokenReserve: 10n ** 22n,
      quoteReserve: 10n ** 22n,
    });
    expect(poolHoldings(p, TOKEN, { token: 7n * 10n ** 18n, quote: 3n * 10n ** 18n })).toEqual({
      tokenRaw: 7e18,
      quoteRaw: 3e18,
      basis: 'index',
    });
    const none = poolHoldings(p, TOKEN, null);
    expect(none).toHaveProperty('unavailable');
    const v = value(none, 1);
    expect(v.valueUsd).toBeNull();
    expect(v.note).toMatch(/ranges we do not read/);
    // A running balance below zero holds nothing (never a negative value).
    const h = poolHoldings(p, TOKEN, { token: -5n, quote: 10n ** 18n });
    expect(h).toMatchObject({ tokenRaw: 0, quoteRaw: 1e18 });
  });

  it("a V4 pool whose active liquidity is a hook's own, ranged from the index: summed like an NFT's, not the running balance", () => {
    const sqrtPriceX96 = 2n ** 96n;
    const liquidity = 10n ** 22n;
    const p = pool('uniswap-v4', {
      v4: {
        poolId: '0xabc',
        key: { currency0: TOKEN, currency1: WETH, fee: 3000, tickSpacing: 60, hooks: HOLDER },
        lpFee: 3000,
        hookPermissions: [],
        sqrtPriceX96,
        liquidity,
      },
      positions: [],
      tokenReserve: liquidity,
      quoteReserve: liquidity,
    });
    const truth = positionAmounts(Number(liquidity), 1, -600, 600);
    const h = poolHoldings(p, TOKEN, { token: 1n, quote: 1n }, [position(liquidity, -600, 600)]);
    expect(h).toMatchObject({ basis: 'positions' });
    if ('unavailable' in h) return;
    expect(h.tokenRaw).toBeCloseTo(truth.amount0, -6);
    expect(h.quoteRaw).toBeCloseTo(truth.amount1, -6);
    // One held directly with no range (indexed before ranges were kept): the index's balance again.
    expect(poolHoldings(p, TOKEN, { token: 1n, quote: 1n }, [position(liquidity, null, null)])).toMatchObject(
      {
        basis: 'index',
      },
    );
  });

  it('no price at the current tick, or no USD price for the quote: unknown, with the reason', () => {
    const h: PoolHoldings = { tokenRaw: 1e21, quoteRaw: 1e18, basis: 'reserves' };
    expect(value(h, null)).toMatchObject({ valueUsd: null, basis: 'reserves' });
    expect(value(h, null).note).toMatch(/no liquidity at its current price/);
    const q = poolValue(h, { quoteUsdPerRaw: null, quotePerTokenRaw: 1e-3 });
    expect(q.valueUsd).toBeNull();
    expect(q.note).toMatch(/no USD price/);
  });
});
