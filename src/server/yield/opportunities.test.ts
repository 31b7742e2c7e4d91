/** What makes an opportunity a stablecoin one: both sides behave as stablecoins (issue 24). */
import { describe, expect, it } from 'vitest';
import { bucketOf } from '../../shared/yield';
import { isStablecoinPool, withBreakEven } from './opportunities';

describe('stablecoin pools', () => {
  it('a USDC/WETH LP is not a stablecoin position; only stablecoin on both sides is', () => {
    const usdc = { stablecoin: true };
    const weth = { stablecoin: false };
    expect(isStablecoinPool(usdc, weth)).toBe(false);
    expect(isStablecoinPool(weth, usdc)).toBe(false);
    expect(isStablecoinPool(usdc, { stablecoin: true })).toBe(true);
    // Unknown (no report for a side) is not a stablecoin.
    expect(isStablecoinPool(usdc, null)).toBe(false);
    // …so such a pool fills the liquidity share of a strategy, not its stablecoin share.
    expect(bucketOf({ type: 'liquidity', tags: ['liquidity', 'impermanent-loss'] })).toBe('liquidity');
  });
});

describe('break-even at an amount', () => {
  const opportunity = () => {
    const costs = {
      gasEnter: 0,
      gasExit: 0,
      gasPriceGwei: 0,
      ethUsd: 3000,
      swapShare: 0,
      swapFeePct: 0,
      swapReserveUsd: null,
      impermanentLoss: false,
      basis: 'test',
    };
    const o = {
      id: 'x',
      protocol: 'P',
      name: 'N',
      type: 'staking' as const,
      risk: 'high' as const,
      apy: 100,
      tvl: 10_000,
      minDeposit: 0,
      lockPeriod: 0,
      flabScore: null,
      tags: [],
      description: '',
      verified: false,
      tokenPair: 'X',
      url: '/x',
      address: null,
      apySource: '',
      riskReasons: [],
      entryCosts: { ...costs, gasEnter: 100_000, gasExit: 100_000, gasPriceGwei: 1 },
      breakEven: null,
    };
    return o;
  };
  it('uses the APY after the amount joins the position', () => {
    const o = opportunity();
    // $0.60 of gas on $10,000 deposited into $10,000: the APY is 50%, not 100%.
    const be = withBreakEven(o, 10_000).breakEven;
    const at50 = (12 * Math.log(1 + 0.6 / 10_000)) / Math.log(1 + ((1 + 0.5 / 365) ** 365 - 1));
    expect(be?.months).toBeCloseTo(at50, 9);
  });

  it('an unknown APY gives no break-even, but the costs are still stated', () => {
    const be = withBreakEven({ ...opportunity(), apy: null }, 10_000).breakEven;
    expect(be?.costsUsd).toBeGreaterThan(0);
    expect(be?.months).toBeNull();
  });
});
