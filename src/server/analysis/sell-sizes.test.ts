import { describe, expect, it } from 'vitest';
import type { HookFacts, LadderRung } from '../../shared/uniswap-v4-hook';
import { judgeHook } from './hook-verdict';
import { judgeSellSizes, quoteWords, sellSizeWords } from './sell-sizes';

const E = 10n ** 18n;
const rung = (amountIn: bigint, sells: boolean, lossBps = 100n): LadderRung => ({
  amountIn,
  buyOut: (amountIn * 1000n * (10_000n - lossBps)) / 10_000n,
  sellIn: amountIn * 1000n,
  sellOut: sells ? (amountIn * 99n) / 100n : null,
  spotOut: amountIn * 1000n,
  spotBack: amountIn,
});
/** An auction pool read 1,500× too deep: sizes up to 0.015 ETH sell, 0.15 ETH and up revert. */
const sizes = [
  15n * 10n ** 12n,
  15n * 10n ** 13n,
  15n * 10n ** 14n,
  15n * 10n ** 15n,
  15n * 10n ** 16n,
  15n * 10n ** 17n,
];
const auction: HookFacts = {
  hook: '0xe35c6abc9b67768cd832a54d965bc516b8f900c0',
  permissions: ['beforeSwap', 'afterSwap'],
  hasCode: true,
  owner: '0x0000000000000000000000000000000000000000',
  proxy: null,
  buy: { amountIn: sizes[3] as bigint, amountOut: ((sizes[3] as bigint) * 1000n * 997n) / 1000n },
  sell: { amountIn: (sizes[3] as bigint) * 1000n, amountOut: ((sizes[3] as bigint) * 997n) / 1000n },
  buyLater: null,
  spotOut: (sizes[3] as bigint) * 1000n,
  spotBack: sizes[3] as bigint,
  ladder: sizes.map((s, i) => rung(s, i <= 3)),
  depthQuote: 150n * E,
};
const eth = (raw: number) => quoteWords(raw, null, 18, 'WETH');

describe('judgeSellSizes', () => {
  it('a sell that reverts only above the sizes that pass: a large sell, bounded by the ladder', () => {
    const s = judgeSellSizes(auction, null);
    expect(s.largeSellFails).toMatchObject({
      tokensIn: (sizes[4] as bigint) * 1000n,
      valueQuote: sizes[4],
      passedUpToQuote: ((sizes[3] as bigint) * 99n) / 100n,
      poolHoldsFrom: 'ladder',
      belowDepth: false,
    });
    expect(sellSizeWords(s, eth).join(' ')).toMatch(
      /^A large sell fails: the pool holds less than 0\.15 WETH/,
    );
  });

  it('the ledger says what the pool holds: a failing sell worth more is depth, one worth less a size limit', () => {
    const beyond = judgeSellSizes(auction, 0.1e18);
    expect(beyond.largeSellFails).toMatchObject({ poolHoldsFrom: 'positions', belowDepth: false });
    expect(sellSizeWords(beyond, eth)[0]).toMatch(/the pool holds 0\.1 WETH/);
    const within = judgeSellSizes(auction, 100e18);
    expect(within.largeSellFails?.belowDepth).toBe(true);
    expect(sellSizeWords(within, eth)[0]).toMatch(/only in pieces/);
  });

  it('the venue read the positions: their amounts are the depth, a failing sell worth less is a limit', () => {
    const known = { ...auction, depthQuote: 100n * E, depthFromPositions: true };
    expect(judgeSellSizes(known, null).largeSellFails).toMatchObject({
      poolHoldsFrom: 'positions',
      belowDepth: true,
    });
    // Read from active liquidity (an upper bound): the ladder alone bounds it.
    expect(judgeSellSizes({ ...known, depthFromPositions: false }, null).largeSellFails).toMatchObject({
      poolHoldsFrom: 'ladder',
      belowDepth: false,
    });
  });

  it('nothing to say when every size sells, or when nothing sells (the honeypot test decides)', () => {
    expect(
      judgeSellSizes({ ...auction, ladder: sizes.map((s) => rung(s, true)) }, null).largeSellFails,
    ).toBeNull();
    expect(
      judgeSellSizes({ ...auction, ladder: sizes.map((s) => rung(s, false)) }, null).largeSellFails,
    ).toBeNull();
    expect(judgeSellSizes({ ...auction, ladder: undefined }, null)).toEqual({
      largeSellFails: null,
      impactMarkIn: null,
    });
  });

  it('the buy size at which price impact reaches 10%, beyond the smallest size’s loss (the fee)', () => {
    const ladder = sizes.map((s, i) => rung(s, true, [30n, 30n, 40n, 200n, 1100n, 5000n][i] as bigint));
    expect(judgeSellSizes({ ...auction, ladder }, null).impactMarkIn).toBe(sizes[4]);
  });

  it('money in dollars when priced', () => {
    expect(quoteWords(1e17, 3100e-18, 18, 'WETH')).toBe('$310');
    expect(quoteWords(1e15, 3100e-18, 18, 'WETH')).toBe('$3.1');
  });
});

describe('judgeHook with the ladder', () => {
  it('an auction pool read too deep is no honeypot: fees at the reference size, the large sell said', () => {
    const v = judgeHook(auction);
    expect(v.honeypot).toBe(false);
    expect(v.level).toBe('ok');
    expect(v.sizeLines[0]).toMatch(/A large sell fails/);
    expect(v.evidence.join(' ')).toMatch(/A large sell fails/);
  });

  it('a sell limit below the depth the ledger shows is a caution, not a honeypot', () => {
    const v = judgeHook(auction, null, { ledgerQuote: 100e18, money: eth });
    expect(v).toMatchObject({ honeypot: false, level: 'caution' });
  });

  it('a pool where no size sells is still a honeypot, and says nothing of large sells', () => {
    const none = {
      ...auction,
      ladder: sizes.map((s) => rung(s, false)),
      sell: { ...auction.sell, amountOut: null },
    } as HookFacts;
    const v = judgeHook(none);
    expect(v.honeypot).toBe(true);
    expect(v.honeypotReason).toMatch(/every sell revert, at every size tried \(sells worth /);
    expect(v.sizeLines).toEqual([]);
  });
});
