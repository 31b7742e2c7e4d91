import type { Address } from 'viem';
import { describe, expect, it } from 'vitest';
import { createUniswapV2Venue } from '../../venues/uniswap-v2';
import { createUniswapV3Venue } from '../../venues/uniswap-v3';
import type { PoolState, Venue, VenueId } from '../../venues/venue';
import { PROBE_VENUE } from '../../venues/venue';
import { planTrading } from './trade-plan';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const TOKEN = a(0x70);
const WETH = a(0x4e);
const USDC = a(0x5d);

const v2 = createUniswapV2Venue({ factory: a(1), router: a(2), lockers: [] });
const v3 = createUniswapV3Venue({
  factory: a(3),
  positionManager: a(4),
  swapRouter02: a(5),
  quoterV2: a(6),
  positionLockers: [],
} as never);
const venues = { get: (id: VenueId): Venue | undefined => (id === 'uniswap-v2' ? v2 : v3) };

function pool(
  venue: VenueId,
  pair: number,
  quote: Address,
  quoteReserve: bigint,
  fee = 3000,
  base = TOKEN,
): PoolState {
  const [token0, token1] = base < quote ? [base, quote] : [quote, base];
  return {
    venue,
    pair: a(pair),
    token0,
    token1,
    quote,
    fee,
    tokenReserve: 10n ** 24n,
    quoteReserve,
    priceX192: 1n,
    lpTotalSupply: 0n,
    lpBurned: 0n,
    lpLocked: 0n,
    lockUnlockTime: null,
    lpDeployer: null,
    depthQuote2Pct: null,
  };
}

describe('planTrading', () => {
  it('a WETH pool: single hop, half a percent of its WETH', () => {
    const p = pool('uniswap-v3', 0x100, WETH, 20n * 10n ** 18n, 10000);
    const plan = planTrading(TOKEN, WETH, [{ pair: p.pair }], [p], [], 3000, venues);
    expect(plan?.route).toMatchObject({
      venue: PROBE_VENUE.v3,
      path: [WETH, TOKEN],
      fees: [10000],
      pool: p.pair,
    });
    expect(plan?.buyWei).toBe(10n ** 17n);
  });

  it('the deepest pool quotes USDC: multi-hop through the same venue’s WETH/USDC pool, buy in ETH', () => {
    const usdPool = pool('uniswap-v3', 0x200, USDC, 200_000n * 10n ** 6n, 3000);
    const wethPool = pool('uniswap-v3', 0x300, WETH, 10n ** 18n, 3000);
    const v3Hop = pool('uniswap-v3', 0x400, USDC, 10n ** 12n, 500, WETH);
    const v2Hop = pool('uniswap-v2', 0x500, USDC, 10n ** 12n, 3000, WETH);
    const plan = planTrading(
      TOKEN,
      WETH,
      [{ pair: usdPool.pair }, { pair: wethPool.pair }],
      [usdPool, wethPool],
      [v2Hop, v3Hop],
      2000,
      venues,
    );
    expect(plan?.route).toMatchObject({ path: [WETH, USDC, TOKEN], fees: [500, 3000], pool: usdPool.pair });
    // 0.5% of 200,000 USDC = 1,000 USDC = 0.5 ETH at 2,000 USD/ETH.
    expect(plan?.buyWei).toBe(5n * 10n ** 17n);
  });

  it('a USD pool without a WETH/USD hop on its venue falls back to the next pool; none → null', () => {
    const usdPool = pool('uniswap-v2', 0x200, USDC, 200_000n * 10n ** 6n);
    const wethPool = pool('uniswap-v2', 0x300, WETH, 10n ** 18n);
    const v3Hop = pool('uniswap-v3', 0x400, USDC, 10n ** 12n, 500, WETH);
    const plan = planTrading(
      TOKEN,
      WETH,
      [{ pair: usdPool.pair }, { pair: wethPool.pair }],
      [usdPool, wethPool],
      [v3Hop],
      2000,
      venues,
    );
    expect(plan?.route).toMatchObject({ venue: PROBE_VENUE.v2, path: [WETH, TOKEN], fees: [] });
    expect(planTrading(TOKEN, WETH, [{ pair: usdPool.pair }], [usdPool], [], 2000, venues)).toBeNull();
  });
});

describe('planTrading through a quote’s own path', () => {
  const CREATOR = a(0x6c);
  const quotePrices = (legs: { pool: number; venue: VenueId; to: Address }[], quoteEth = 0.001) =>
    new Map([
      [
        CREATOR as string,
        {
          decimals: 18,
          symbol: 'CREATOR',
          path: {
            legs: legs.map((l) => ({ pool: a(l.pool), venue: l.venue, from: CREATOR, to: l.to, price: 1 })),
            anchor: 'WETH' as const,
            quoteUsd: quoteEth * 3000,
            quoteEth,
          },
        },
      ],
    ]);

  it('a creator-coin pool: WETH → creator coin → token through the coin’s WETH pool on the same venue', () => {
    const p = pool('uniswap-v2', 0x200, CREATOR, 1_000_000n * 10n ** 18n);
    const hop = pool('uniswap-v2', 0x300, WETH, 10n ** 18n, 3000, CREATOR);
    const plan = planTrading(TOKEN, WETH, [{ pair: p.pair }], [p], [], 3000, venues, {
      quotePrices: quotePrices([{ pool: 0x300, venue: 'uniswap-v2', to: WETH }]),
      hopState: (x) => (x === hop.pair ? hop : null),
    });
    expect(plan?.route).toMatchObject({ venue: PROBE_VENUE.v2, path: [WETH, CREATOR, TOKEN], pool: p.pair });
    // 0.5% of 1 M coins = 5 000 coins at 0.001 ETH = 5 ETH.
    expect(plan?.buyWei).toBe(5n * 10n ** 18n);
  });

  it('a path the probe cannot route is skipped and said, never traded through another pool of it', () => {
    const p = pool('uniswap-v2', 0x200, CREATOR, 1_000_000n * 10n ** 18n);
    const hop = pool('uniswap-v3', 0x300, WETH, 10n ** 18n, 3000, CREATOR);
    const said: string[] = [];
    const skipped = (_: string, why: string) => said.push(why);
    const hopState = (x: string) => (x === hop.pair ? hop : null);
    const other = planTrading(TOKEN, WETH, [{ pair: p.pair }], [p], [], 3000, venues, {
      quotePrices: quotePrices([{ pool: 0x300, venue: 'uniswap-v3', to: WETH }]),
      hopState,
      skipped,
    });
    const long = planTrading(TOKEN, WETH, [{ pair: p.pair }], [p], [], 3000, venues, {
      quotePrices: quotePrices([
        { pool: 0x300, venue: 'uniswap-v2', to: USDC },
        { pool: 0x400, venue: 'uniswap-v2', to: WETH },
      ]),
      hopState,
      skipped,
    });
    expect([other, long]).toEqual([null, null]);
    expect(said[0]).toContain('another venue');
    expect(said[1]).toContain('3 pools');
  });
});
