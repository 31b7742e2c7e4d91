import { describe, expect, it } from 'vitest';
import { scoreFromEvidence } from '../../shared/analysis';
import {
  FIXTURE_NOW,
  freshInsiderToken,
  missingDataToken,
  ruggedToken,
  safeToken,
} from '../test-support/fixtures';
import { analyseWhales, WHALE_THRESHOLD_PCT } from './whales';

describe('whale tracker on literal fixtures', () => {
  it('counts whales ≥ 1% excluding pool, locker and burn', () => {
    expect(WHALE_THRESHOLD_PCT).toBe(1);
    const r = analyseWhales(safeToken);
    // a1..a6 (3, 2.5, 2, 1.8, 1.5, 1.2) and the deployer at exactly 1%; not the pair (10%) or burn (5%).
    expect(r.whaleCount).toBe(7);
    expect(r.concentration.topFivePercentage).toBeCloseTo(10.8, 6);
    expect(r.concentration.ruggedWallets).toBe(0);
    expect(r.whaleScore).toBe(scoreFromEvidence(r.evidence));
    expect(r.whaleScore).toBeGreaterThanOrEqual(80);
  });

  it('lists the top holders with types, balances in whole tokens, ages and activity', () => {
    const r = analyseWhales(safeToken);
    expect(r.topHolders.length).toBeLessThanOrEqual(20);
    expect(r.topHolders[0]).toMatchObject({
      rank: 1,
      walletType: 'Liquidity pool',
      balance: '100000000',
      percentage: 10,
    });
    expect(r.topHolders[1]?.walletType).toBe('Burn');
    expect(r.topHolders[2]).toMatchObject({
      walletType: 'Whale',
      walletAge: 180,
      lastActive: (FIXTURE_NOW - 3600) * 1000,
    });
    expect(r.topHolders.find((h) => h.walletType === 'Deployer')).toBeDefined();
    expect(r.topHolders.find((h) => h.walletType === 'Contract')).toBeDefined();
    expect(r.topHolders.find((h) => h.walletType === 'Large holder')).toBeDefined();
  });

  it('labels a pool the report does not price as a pool, saying so', () => {
    const pair = safeToken.holders.top.find((h) => h.kind === 'pair');
    if (!pair) throw new Error('the fixture has no pool holder');
    const r = analyseWhales({ ...safeToken, unpricedPools: [pair.address] });
    expect(r.topHolders[0]).toMatchObject({
      address: pair.address,
      walletType: 'Liquidity pool (not priced)',
    });
    // Still a pool: not a whale, not counted in the top 5.
    expect(r.whaleCount).toBe(analyseWhales(safeToken).whaleCount);
    const unread = analyseWhales({ ...safeToken, unreadPools: [pair.address] });
    expect(unread.topHolders[0]?.walletType).toBe('Liquidity pool (venue not read)');
  });

  it('reports whale swaps with ETH values and new entries in the last 12 h', () => {
    const r = analyseWhales(safeToken);
    const buy = r.recentTransactions.find((t) => t.side === 'buy');
    expect(buy).toMatchObject({
      value: 10,
      timestamp: FIXTURE_NOW - 7200,
      to: '0x00000000000000000000000000000000000000a1',
    });
    expect(r.newWhaleEntries.map((e) => e.transactionType)).toEqual(['Buy', 'Sell']);
    expect(r.newWhaleEntries[0]).toMatchObject({
      amount: '4000000',
      walletAge: 180,
      time: (FIXTURE_NOW - 7200) * 1000,
    });
    // The 10,000-token buy by a non-whale is not listed.
    expect(r.recentTransactions.every((t) => t.hash !== `0x${'5a3'.padStart(64, '0')}`)).toBe(true);
  });

  it('flags insider and fresh whales', () => {
    const r = analyseWhales(freshInsiderToken);
    const ev = Object.fromEntries(r.evidence.map((e) => [e.check, e]));
    expect(ev.whale_insiders?.outcome).toBe('fail');
    // 5 wallets under 7 days old hold 20% (> 10% warn, not > 25%).
    expect(ev.whale_fresh).toMatchObject({ outcome: 'warn', value: 20 });
    expect(r.concentration.ruggedWallets).toBe(1);
    expect(r.whaleScore).toBeLessThan(60);
  });

  it('sees the rug deployer selling', () => {
    const r = analyseWhales(ruggedToken);
    expect(r.newWhaleEntries.some((e) => e.transactionType === 'Sell')).toBe(true);
  });

  it('whales of unknown wallet age are left out of the fresh share and counted', () => {
    expect(analyseWhales(safeToken).skippedUnknown).toBe(0);
    const top = safeToken.holders.top.map((h, i) => (i === 2 ? { ...h, firstSeenAt: null } : h));
    const r = analyseWhales({ ...safeToken, holders: { ...safeToken.holders, top } });
    expect(r.whaleCount).toBe(7);
    expect(r.skippedUnknown).toBe(1);
    const fresh = r.evidence.find((e) => e.check === 'whale_fresh');
    expect(fresh?.detail).toMatch(/1 whale wallet\(s\) of unknown age left out/);
  });

  it('reports unknowns without a holder list', () => {
    const r = analyseWhales(missingDataToken);
    expect(r.whaleCount).toBe(0);
    expect(r.concentration.topFivePercentage).toBeNull();
    expect(r.evidence.filter((e) => e.outcome === 'unknown').length).toBeGreaterThanOrEqual(4);
  });
});
