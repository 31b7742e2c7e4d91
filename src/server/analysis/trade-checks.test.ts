import { describe, expect, it } from 'vitest';
import type { TokenReportFacts, TradeSimulationFacts } from '../facts/types';
import { safeToken } from '../test-support/fixtures';
import {
  checkHolderSells,
  checkHoneypot,
  checkSellCooldown,
  checkSellTax,
  checkTransferTax,
} from './trade-checks';

const ok = safeToken.trade as Extract<TradeSimulationFacts, { status: 'ok' }>;
const context = { gasPriceGwei: 0.011, baseFeeGwei: 0.01, laterBlocksProbed: [1, 2, 5, 20] };
const withTrade = (trade: TradeSimulationFacts, holderSells = safeToken.holderSells): TokenReportFacts => ({
  ...safeToken,
  trade,
  holderSells,
});

describe('trade checks over several blocks', () => {
  it('a sell that passes 2 blocks after the buy is a 2-block cooldown, not a honeypot', () => {
    const f = withTrade({ ...ok, ...context, sellDelayBlocks: 2, sellBlockedAfterBlocks: null });
    expect(checkHoneypot(f, 30)).toMatchObject({ outcome: 'pass', value: 'can sell later' });
    expect(checkSellCooldown(f, 5)).toMatchObject({ outcome: 'warn', value: '2 blocks' });
  });

  it('a sell that passes at first and fails 5 blocks later is a wallet-lock honeypot', () => {
    const f = withTrade({
      ...ok,
      ...context,
      sellDelayBlocks: 0,
      sellBlockedAfterBlocks: 5,
      sellBlockedReason: 'locked',
    });
    const e = checkHoneypot(f, 30);
    expect(e).toMatchObject({ outcome: 'fail', value: 'sells locked later' });
    expect(e.detail).toContain('5 blocks after the buy');
    expect(checkSellCooldown(f, 5).outcome).toBe('warn');
  });

  it('a sell that fails with the clock moved 30 days ahead is a time-bomb honeypot', () => {
    const f = withTrade({
      ...ok,
      ...context,
      clockJump: { days: 30, sellOk: false, sellTaxPct: null, revertReason: 'trading closed' },
    });
    const e = checkHoneypot(f, 30);
    expect(e).toMatchObject({ outcome: 'fail', value: 'sells stop within 30 days' });
    expect(e.detail).toContain('trading closed');
  });

  it('a sell tax that rises by the clock is graded at its later value; one that falls is not', () => {
    const rising = withTrade({
      ...ok,
      ...context,
      sellTaxPct: 2,
      clockJump: { days: 30, sellOk: true, sellTaxPct: 90, revertReason: null },
    });
    expect(checkSellTax(rising, 10)).toMatchObject({ outcome: 'fail', value: 90 });
    expect(checkSellTax(rising, 10).detail).toContain('2% today');
    const falling = withTrade({
      ...ok,
      ...context,
      sellTaxPct: 8,
      clockJump: { days: 30, sellOk: true, sellTaxPct: 2, revertReason: null },
    });
    expect(checkSellTax(falling, 10)).toMatchObject({ outcome: 'pass', value: 8 });
  });

  it('a sell that never passes, with no holder able to sell, is a honeypot tried in later blocks too', () => {
    const f = withTrade(
      {
        status: 'sell_failed',
        pair: ok.pair,
        router: ok.router,
        buyTaxPct: 0,
        revertReason: 'gas',
        ...context,
      },
      { sampled: 3, couldSell: 0, failed: 3, minTaxPct: null, maxTaxPct: null },
    );
    const e = checkHoneypot(f, 30);
    expect(e.outcome).toBe('fail');
    expect(e.detail).toContain('1, 2, 5 and 20 blocks later');
    expect(e.detail).toContain('0.011 gwei');
  });

  it('a fresh buyer stuck for 20 blocks while holders sell: a long cooldown, not a honeypot', () => {
    const f = withTrade(
      {
        status: 'sell_failed',
        pair: ok.pair,
        router: ok.router,
        buyTaxPct: 0,
        revertReason: 'cooldown',
        ...context,
      },
      { sampled: 4, couldSell: 4, failed: 0, minTaxPct: 0, maxTaxPct: 0 },
    );
    expect(checkHoneypot(f, 30).outcome).toBe('pass');
    expect(checkSellCooldown(f, 5)).toMatchObject({ outcome: 'warn', value: 'over 20 blocks' });
  });

  it('a transfer that never passes is not a 100% tax', () => {
    const f = withTrade({
      ...ok,
      ...context,
      transferTaxPct: null,
      transferFailed: true,
      transferDelayBlocks: null,
    });
    expect(checkTransferTax(f, 5)).toMatchObject({ outcome: 'unknown', value: null });
    expect(checkSellCooldown(f, 5)).toMatchObject({ outcome: 'warn', value: 'transfers fail' });
  });

  it('names the holders by age that cannot sell', () => {
    const f = withTrade(ok, {
      sampled: 3,
      couldSell: 1,
      failed: 2,
      minTaxPct: 0,
      maxTaxPct: 0,
      sellers: [
        {
          address: '0x01',
          role: 'oldest buyer',
          boughtBlock: 10,
          ok: false,
          afterBlocks: null,
          taxPct: null,
          revertReason: 'locked',
        },
        {
          address: '0x02',
          role: 'median buyer',
          boughtBlock: 20,
          ok: false,
          afterBlocks: null,
          taxPct: null,
          revertReason: 'locked',
        },
        {
          address: '0x03',
          role: 'latest buyer',
          boughtBlock: 30,
          ok: true,
          afterBlocks: 1,
          taxPct: 0,
          revertReason: null,
        },
      ] as never,
    });
    const e = checkHolderSells(f, 10);
    expect(e.outcome).toBe('fail');
    expect(e.detail).toContain('oldest buyer and median buyer');
  });
});

describe('holder sells from their own wallet and of their whole balance', () => {
  const seller = (role: string, extra: object) => ({
    address: '0x01',
    role,
    boughtBlock: 10,
    ok: true,
    afterBlocks: 1,
    taxPct: 0,
    revertReason: null,
    ...extra,
  });
  const holders = (sellers: object[]) => ({
    sampled: sellers.length,
    couldSell: sellers.filter((s) => (s as { ok: boolean }).ok).length,
    failed: sellers.filter((s) => !(s as { ok: boolean }).ok).length,
    minTaxPct: 0,
    maxTaxPct: 0,
    sellers: sellers as never,
  });

  it('wallets that cannot sell while a contract can: a honeypot that names the wallet sell', () => {
    const stuck = { ok: false, afterBlocks: null, taxPct: null, revertReason: 'anti-bot' };
    const wallet = { wallet: { ok: false, taxPct: null, revertReason: 'anti-bot' } };
    const f = withTrade(
      { ...ok, ...context },
      holders([
        seller('oldest buyer', { ...stuck, ...wallet }),
        seller('median buyer', { ...stuck, ...wallet }),
        seller('latest buyer', { ...stuck, ...wallet }),
      ]),
    );
    const e = checkHoneypot(f, 30);
    expect(e.outcome).toBe('fail');
    expect(e.detail).toContain(
      'from their own wallet (no contract code, straight to the router) revert (anti-bot)',
    );
    expect(e.detail).toContain('a sell made by a contract passes');
    expect(checkHolderSells(f, 10).outcome).toBe('fail');
  });

  it('a tenth sells but not the whole balance: a size limit (warn), never a cooldown or a honeypot', () => {
    const whole = { whole: { ok: false, taxPct: null, revertReason: 'max sell' } };
    const h = holders([
      seller('oldest buyer', whole),
      seller('median buyer', whole),
      seller('deployer', { whole: { ok: true, taxPct: 0, revertReason: null } }),
    ]);
    const f = withTrade(
      {
        status: 'sell_failed',
        pair: ok.pair,
        router: ok.router,
        buyTaxPct: 0,
        revertReason: 'max sell',
        ...context,
      },
      h,
    );
    expect(checkHoneypot(f, 30)).toMatchObject({ outcome: 'warn', value: 'only in pieces' });
    expect(checkSellCooldown(f, 5)).toMatchObject({ outcome: 'warn', value: 'sell size limited' });
    const l = checkHolderSells(f, 10);
    expect(l.outcome).toBe('warn');
    expect(l.detail).toContain('not their whole balance in one sell (max sell)');
  });

  it('whole balances worth more than the pool can pay: "a large sell fails", not a size limit', () => {
    const pool = safeToken.mainPool;
    if (!pool) throw new Error('fixture without a main pool');
    // Worth ten times the pool's quote side at its price: no pool could pay that in one sell.
    const whale = (address: string) => ({
      address: address as `0x${string}`,
      balance:
        BigInt(Math.round((((pool.poolValueUsd ?? 0) * 10) / (pool.priceUsd ?? 1)) * 1e6)) * 10n ** 12n,
      percentage: 10,
      kind: 'eoa' as const,
      firstSeenAt: null,
      lastActiveAt: null,
      rugHistory: 0,
      fundedByDeployer: false,
    });
    const whole = { whole: { ok: false, taxPct: null, revertReason: 'NotEnoughLiquidity' } };
    const base = withTrade(
      {
        status: 'sell_failed',
        pair: ok.pair,
        router: ok.router,
        buyTaxPct: 0,
        revertReason: null,
        ...context,
      },
      holders([
        seller('oldest buyer', { ...whole, address: '0x00000000000000000000000000000000000000a1' }),
        seller('median buyer', { ...whole, address: '0x00000000000000000000000000000000000000a2' }),
      ]),
    );
    const f: TokenReportFacts = {
      ...base,
      token: { ...base.token, decimals: 18 },
      holders: {
        ...base.holders,
        top: [
          whale('0x00000000000000000000000000000000000000a1'),
          whale('0x00000000000000000000000000000000000000a2'),
        ],
      },
    };
    const l = checkHolderSells(f, 10);
    expect(l.outcome).toBe('pass');
    expect(l.detail).toMatch(/^A large sell fails: the pool holds \$/);
    expect(checkHoneypot(f, 30).value).not.toBe('only in pieces');
    expect(checkSellCooldown(f, 5).value).not.toBe('sell size limited');
  });

  it('the deployer alone stopped by a max-transaction rule is no size limit on holders', () => {
    const f = withTrade(
      { ...ok, ...context },
      holders([
        seller('oldest buyer', { whole: { ok: true, taxPct: 0, revertReason: null } }),
        seller('deployer', { whole: { ok: false, taxPct: null, revertReason: 'max tx' } }),
      ]),
    );
    const l = checkHolderSells(f, 10);
    expect(l.outcome).toBe('pass');
    expect(l.detail).toContain('their whole balance at once');
  });
});
