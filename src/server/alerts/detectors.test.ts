import { describe, expect, it } from 'vitest';
import {
  detectContractChanges,
  detectHoneypotOn,
  detectLiquidityDrain,
  detectNewMints,
  detectRugRisk,
  detectWhaleDumps,
} from './detectors';
import { watchKindOf } from './kinds';

const T = '0x00000000000000000000000000000000000000aa';
const P = '0x00000000000000000000000000000000000000bb';
const W = '0x00000000000000000000000000000000000000cc';
const s = (n: number, quote: bigint, ts = n) => ({ blockNumber: BigInt(n), logIndex: 0, ts, quote });

describe('liquidity_drain', () => {
  it('fires when the quote reserve falls 30%+ from its window peak, keyed by the crossing sync', () => {
    const c = detectLiquidityDrain({
      token: T,
      symbol: 'X',
      pair: P,
      rugScore: 10,
      reserves: [s(1, 100n), s(2, 110n), s(3, 60n), s(4, 50n)],
      removes: [{ txHash: '0x1', ts: 3, provider: W, quoteAmount: 50n }],
    });
    expect(c).toHaveLength(1);
    expect(c[0]?.dedupeKey).toBe(`liquidity_drain:${T}:${P}:3:0`);
    expect(c[0]?.severity).toBe('critical'); // LP burn and > 50%
    expect(c[0]?.details.liquidityChange).toBeCloseTo(-54.5, 1);
  });
  it('is quiet for small moves and clears after recovery', () => {
    /** The pool's reserves over time, with no LP removed. */
    const reservesOnly = (reserves: ReturnType<typeof s>[]) =>
      detectLiquidityDrain({ token: T, symbol: 'X', pair: P, rugScore: 0, reserves, removes: [] });
    expect(reservesOnly([s(1, 100n), s(2, 80n)])).toEqual([]);
    expect(reservesOnly([s(1, 100n), s(2, 50n), s(3, 95n)])).toEqual([]);
  });
});

describe('whale_dump', () => {
  const base = {
    token: T,
    symbol: 'X',
    totalSupply: 1000n,
    excluded: new Set([P]),
    rugScore: 5,
    liquidityChange: -3,
  };
  it('fires when a 1%+ holder sells 25%+ of its holding, once per whale episode', () => {
    const c = detectWhaleDumps({
      ...base,
      sells: [
        { seller: W, txHash: '0xa', ts: 10, amount: 20n },
        { seller: W, txHash: '0xb', ts: 11, amount: 10n },
      ],
      balances: new Map([[W, 30n]]),
    });
    expect(c).toHaveLength(1);
    expect(c[0]?.dedupeKey).toBe(`whale_dump:${T}:${W}:0xa`);
    expect(c[0]?.details.whaleAddress).toBe(W);
    expect(c[0]?.details.volumeChange).toBe(-50);
    expect(c[0]?.severity).toBe('high'); // 3% of supply
  });
  it('ignores small holders, small sells and excluded addresses', () => {
    /** One sell of `amount` by `seller` (after which it holds `held`, or nothing listed). */
    const oneSell = (seller: string, amount: bigint, held?: bigint) =>
      detectWhaleDumps({
        ...base,
        sells: [{ seller, txHash: '0xa', ts: 1, amount }],
        balances: new Map<string, bigint>(held === undefined ? [] : [[seller, held]]),
      });
    expect(oneSell(W, 5n, 3n)).toEqual([]);
    expect(oneSell(W, 3n, 100n)).toEqual([]);
    expect(oneSell(P, 500n)).toEqual([]);
  });
});

describe('contract_change', () => {
  const ev = (
    n: number,
    kind: 'ownership_transferred' | 'upgraded' | 'paused' | 'unpaused',
    data: Record<string, string> = {},
  ) => ({
    blockNumber: BigInt(n),
    logIndex: 0,
    ts: n,
    kind,
    data,
  });
  const base = {
    token: T,
    symbol: 'X',
    previousFees: null,
    currentFees: null,
    observedAt: 1000,

    rugScore: 1,
  };
  it('reports transfers (not the initial assignment), upgrades and a pause still in force', () => {
    const c = detectContractChanges({
      ...base,
      events: [
        ev(1, 'ownership_transferred', {
          previousOwner: '0x0000000000000000000000000000000000000000',
          newOwner: W,
        }),
        ev(2, 'ownership_transferred', { previousOwner: W, newOwner: P }),
        ev(3, 'upgraded', { implementation: P }),
        ev(4, 'paused'),
      ],
    });
    expect(c.map((x) => [x.subject.split(':')[0], x.severity])).toEqual([
      ['ownership_transferred', 'high'],
      ['upgraded', 'critical'],
      ['paused', 'high'],
    ]);
    const unpaused = detectContractChanges({ ...base, events: [ev(4, 'paused'), ev(5, 'unpaused')] });
    expect(unpaused).toEqual([]);
  });
  it('reports fee changes between runs', () => {
    const c = detectContractChanges({
      ...base,
      events: [],
      previousFees: { buyPct: 1, sellPct: 1 },
      currentFees: { buyPct: 1, sellPct: 25 },
    });
    expect(c[0]?.severity).toBe('critical');
    expect(
      detectContractChanges({
        ...base,
        events: [],
        previousFees: { buyPct: 1, sellPct: 1 },
        currentFees: { buyPct: 1, sellPct: 1.5 },
      }),
    ).toEqual([]);
  });
});

describe('rug_risk', () => {
  it('fires at 60 and clears below 50 (hysteresis)', () => {
    const base = { token: T, symbol: 'X', observedAt: 5, topFactors: ['a'] };
    expect(detectRugRisk({ ...base, rugScore: 59, active: false })).toEqual([]);
    expect(detectRugRisk({ ...base, rugScore: 85, active: false })[0]?.severity).toBe('critical');
    expect(detectRugRisk({ ...base, rugScore: 55, active: true })).toHaveLength(1);
    expect(detectRugRisk({ ...base, rugScore: 49, active: true })).toEqual([]);
    expect(detectRugRisk({ ...base, rugScore: null, active: false })).toEqual([]);
  });

  it('names the verdict and the tax that fired, not only the score', () => {
    const base = { token: T, symbol: 'HP', observedAt: 5, topFactors: ['a'], active: false, rugScore: 100 };
    const title = (extra: object) => detectRugRisk({ ...base, ...extra })[0]?.title;
    expect(title({ verdict: { kind: 'honeypot', label: 'Honeypot — cannot be sold' } })).toBe(
      'HP: Honeypot — cannot be sold (rug score 100/100)',
    );
    expect(
      title({
        verdict: { kind: 'dangerous', label: 'Dangerous — High tax' },
        taxes: { buyPct: 2, sellPct: 35 },
      }),
    ).toBe('HP: Dangerous — High tax, sell tax 35% (rug score 100/100)');
    // A caution verdict keeps the score as the title: the score is what fired.
    expect(title({ verdict: { kind: 'caution', label: 'Caution' } })).toBe('HP rug score 100/100');
    expect(title({})).toBe('HP rug score 100/100');
  });
});

describe('new mints and honeypot turned on', () => {
  it('a mint after launch is a contract change graded by its share of supply', () => {
    const out = detectNewMints({
      token: '0xt',
      symbol: 'TKN',
      mints: [
        {
          blockNumber: 10n,
          logIndex: 2,
          ts: 1000,
          to: '0x00000000000000000000000000000000000000aa',
          amount: 60n,
        },
      ],
      totalSupply: 1000n,
      rugScore: 20,
    });
    expect(out).toHaveLength(1);
    expect(out[0]?.subject).toBe('mint:10:2');
    expect(out[0]?.severity).toBe('critical');
    expect(watchKindOf('contract_change', out[0]?.subject ?? '')).toBe('new_mint');
  });

  it('fires only when selling worked before, and stays while it fails', () => {
    const base = {
      token: '0xt',
      symbol: 'TKN',
      observedAt: 5,
      revertReason: 'TRANSFER_FAILED',
      rugScore: null,
    };
    expect(
      detectHoneypotOn({ ...base, previousStatus: null, currentStatus: 'sell_failed', active: false }),
    ).toEqual([]);
    expect(detectHoneypotOn({ ...base, previousStatus: 'ok', currentStatus: 'ok', active: false })).toEqual(
      [],
    );
    const on = detectHoneypotOn({
      ...base,
      previousStatus: 'ok',
      currentStatus: 'sell_failed',
      active: false,
    });
    expect(on.map((c) => [c.subject, c.severity])).toEqual([['honeypot', 'critical']]);
    expect(
      detectHoneypotOn({
        ...base,
        previousStatus: 'sell_failed',
        currentStatus: 'sell_failed',
        active: true,
      }),
    ).toHaveLength(1);
    expect(watchKindOf('contract_change', 'honeypot')).toBe('honeypot_on');
  });

  it('maps every alert to its watch kind', () => {
    expect(watchKindOf('liquidity_drain', '0xpair')).toBe('liquidity_drain');
    expect(watchKindOf('whale_dump', '0xw')).toBe('large_holder_exit');
    expect(watchKindOf('contract_change', 'fee:123')).toBe('tax_change');
    expect(watchKindOf('contract_change', 'ownership_transferred:1:2')).toBe('owner_change');
    expect(watchKindOf('contract_change', 'upgraded:1:2')).toBe('owner_change');
    expect(watchKindOf('contract_change', 'paused:1:2')).toBe('honeypot_on');
    expect(watchKindOf('rug_risk', '0xt')).toBe('rug_risk');
    expect(watchKindOf('other', 'x')).toBeNull();
  });
});
