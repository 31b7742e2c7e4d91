/**
 * The trading-pattern analysers on small hand-made histories: a sniped launch with one funder, a
 * same-block bundle, a wallet trading back and forth, an LP trading its own pool, a funded cluster
 * ending the day flat, a clean look-alike, and an index that has not reached the head.
 */
import { describe, expect, it } from 'vitest';
import { PATTERNS } from '../../shared/vocabulary';
import type {
  Address,
  PatternFunding,
  PatternSwap,
  TokenReportFacts,
  TradingPatternFacts,
} from '../facts/types';
import { safeToken } from '../test-support/fixtures';
import { judgeSnipers } from './pattern-snipers';
import { judgeWash } from './pattern-wash';
import { analyseTokenHealth } from './token-health';
import { analyseTradingPatterns, momentumBlock } from './trading-patterns';

const E18 = 10n ** 18n;
const NOW = 1_800_000_000;
const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as Address;
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as `0x${string}`;
const ROUTER = a(0xeeee);
const DEPLOYER = a(0xd);
const FUNDER = a(0xf);
let n = 0;

const swap = (
  trader: Address,
  side: 'buy' | 'sell',
  block: number,
  tokens: bigint,
  quote: bigint,
  ts = NOW - 3600,
): PatternSwap => ({
  txHash: tx(++n),
  blockNumber: BigInt(block),
  ts,
  trader,
  side,
  tokenAmount: tokens * E18,
  quoteAmount: quote * 10n ** 15n,
});
const fund = (from: Address, to: Address, block: number, asset: Address | 'eth' = 'eth'): PatternFunding => ({
  from,
  to,
  asset,
  amount: E18,
  blockNumber: BigInt(block),
  txHash: tx(++n),
});

function read(x: Partial<Extract<TradingPatternFacts, { status: 'read' }>>): TradingPatternFacts {
  return {
    status: 'read',
    token: a(0x7070),
    pool: a(0x9001),
    quoteSymbol: 'WETH',
    quoteDecimals: 18,
    launchBlock: 100n,
    earlySwaps: [],
    daySwaps: [],
    dayTruncated: false,
    balances: {},
    sells: {},
    fundings: [],
    ethScan: { fromBlock: 80n, toBlock: 102n, failed: null },
    lpProviders: [DEPLOYER],
    infrastructure: [ROUTER, a(0x9001)],
    deployer: DEPLOYER,
    totalSupply: 1000n * E18,
    decimals: 18,
    ...x,
  };
}

describe('snipers and bundles', () => {
  const snipers = [a(0x51), a(0x52), a(0x53), a(0x54)];
  const sniped = read({
    earlySwaps: [
      ...snipers.map((w) => swap(w, 'buy', 101, 50n, 100n)),
      swap(a(0x60), 'buy', 140, 10n, 20n),
      swap(ROUTER, 'buy', 101, 10n, 20n),
    ],
    balances: {
      [a(0x51)]: 50n * E18,
      [a(0x52)]: 50n * E18,
      [a(0x53)]: 50n * E18,
      [a(0x54)]: 0n,
      [a(0x60)]: 10n * E18,
    },
    sells: { [a(0x54)]: 1 },
    fundings: snipers.map((w) => fund(FUNDER, w, 95)),
  });

  it('names the buys of the first blocks, their share of supply now and who sold', () => {
    const s = judgeSnipers(sniped, 'unknown: indexing');
    expect(s.status).toBe('found');
    expect(s.snipers).toBe(4);
    expect(s.sniperShareNow).toBeCloseTo(0.15, 5);
    expect(s.snipersSold).toBe(1);
    expect(s.headline).toContain('Snipers hold 15% of supply in 4 wallets; 1 has sold.');
    // The router is infrastructure, never a sniper; the late buyer is not one either.
    expect(s.wallets.map((w) => w.address)).not.toContain(ROUTER);
    expect(s.wallets.find((w) => w.address === a(0x60))).toBeUndefined();
  });

  it('groups the same-block buyers and the wallets one address funded, with the evidence', () => {
    const s = judgeSnipers(sniped, 'unknown: indexing');
    const block = s.groups.find((g) => g.kind === 'same_block');
    expect(block?.block).toBe(101);
    expect(block?.wallets).toHaveLength(4);
    const funder = s.groups.find((g) => g.kind === 'same_funder');
    expect(funder?.funder).toBe(FUNDER);
    expect(funder?.sold).toBe(1);
    expect(s.clusterSelling).toBe(true);
    expect(s.wallets.every((w) => w.fundedBy === FUNDER && w.fundingTx)).toBe(true);
  });

  it('a funded group with fewer than PATTERNS.clusterMinSnipers snipers selling is no selling sniper cluster', () => {
    const [x, y] = [a(0x61), a(0x62)];
    const s = judgeSnipers(
      read({
        earlySwaps: [swap(x, 'buy', 101, 5n, 5n), swap(y, 'buy', 180, 5n, 5n)],
        fundings: [fund(FUNDER, x, 99), fund(FUNDER, y, 175)],
        sells: { [x]: 1, [y]: 1 },
      }),
      'unknown: indexing',
    );
    expect(s.groups.map((g) => g.kind)).toEqual(['same_funder']);
    expect(s.snipers).toBe(1);
    expect(s.clusterSelling).toBe(false);
    expect(
      momentumBlock(analysed(read({ earlySwaps: [swap(x, 'buy', 101, 5n, 5n)], sells: { [x]: 1 } }))),
    ).toBeNull();
  });

  it('does not link a funding long before the buy (other than the deployer), nor one after it', () => {
    const s = judgeSnipers(
      read({
        earlySwaps: [swap(a(0x71), 'buy', 200, 1n, 1n), swap(a(0x72), 'buy', 250, 1n, 1n)],
        fundings: [
          fund(FUNDER, a(0x71), 200 - PATTERNS.fundingLookbackBlocks - 5),
          fund(FUNDER, a(0x72), 260),
        ],
      }),
      'unknown: indexing',
    );
    expect(s.status).toBe('none');
    expect(s.groups).toEqual([]);
    expect(s.headline).toContain('No bundled buys found');
  });

  it('the token itself pays for no buy: a hand-out of it links only from the deployer', () => {
    const token = a(0x7070);
    const [x, y] = [a(0x83), a(0x84)];
    const s = judgeSnipers(
      read({
        earlySwaps: [swap(x, 'buy', 250, 1n, 1n), swap(y, 'buy', 251, 1n, 1n)],
        fundings: [fund(FUNDER, x, 249, token), fund(FUNDER, y, 249, token)],
      }),
      'unknown: indexing',
    );
    expect(s.groups).toEqual([]);
  });

  it('links any wallet the deployer funded before its buy', () => {
    const s = judgeSnipers(
      read({
        earlySwaps: [swap(a(0x81), 'buy', 250, 1n, 1n)],
        fundings: [fund(DEPLOYER, a(0x81), 10, a(0xaa))],
      }),
      'unknown: indexing',
    );
    expect(s.groups[0]?.evidence).toContain('funded by the deployer');
  });
});

describe('wash-traded volume', () => {
  const washer = a(0x91);
  const organic = [a(0xa1), a(0xa2), a(0xa3)];
  const day = read({
    daySwaps: [
      swap(washer, 'buy', 500, 100n, 100n, NOW - 7000),
      swap(washer, 'sell', 501, 100n, 99n, NOW - 6900),
      swap(washer, 'buy', 502, 100n, 100n, NOW - 6800),
      swap(washer, 'sell', 503, 98n, 97n, NOW - 6700),
      ...organic.map((w, i) => swap(w, 'buy', 510 + i, 10n, 10n, NOW - 5000 + i)),
      swap(DEPLOYER, 'sell', 520, 10n, 10n, NOW - 100),
    ],
  });

  it('counts a wallet trading back and forth and an LP trading its own pool as wash', () => {
    const w = judgeWash(day, 'unknown: indexing');
    expect(w.status).toBe('found');
    expect(w.wallets.map((x) => [x.address, x.reason])).toEqual([
      [washer, 'back_and_forth'],
      [DEPLOYER, 'liquidity_provider'],
    ]);
    // 396 + 10 of 436 (finney) is wash; three organic traders.
    expect(w.volume).toBeCloseTo(0.436, 6);
    expect(w.washVolume).toBeCloseTo(0.406, 6);
    expect(w.organicShare).toBeCloseTo(30 / 436, 3);
    expect(w.organicTraders).toBe(3);
    expect(w.wallets[0]?.txs).toHaveLength(4);
    expect(momentumBlock(analysed(day))).toContain('Mostly wash volume');
  });

  it('counts a funded cluster that ends the day flat, not one independent buyer', () => {
    const [x, y] = [a(0xb1), a(0xb2)];
    const w = judgeWash(
      read({
        daySwaps: [
          swap(x, 'buy', 600, 50n, 50n),
          swap(y, 'sell', 601, 49n, 49n, NOW - 100),
          swap(a(0xc1), 'buy', 602, 5n, 5n),
        ],
        fundings: [fund(FUNDER, x, 590), fund(FUNDER, y, 590, a(0xaa))],
      }),
      'unknown: indexing',
    );
    expect(w.wallets.map((v) => v.reason)).toEqual(['cluster', 'cluster']);
    expect(w.organicTraders).toBe(1);
  });

  it('reads a clean look-alike (many independent buyers, some selling part) as all organic', () => {
    const clean = read({
      daySwaps: Array.from({ length: 12 }, (_, i) => [
        swap(a(0x200 + i), 'buy', 700 + i, 20n, 20n, NOW - 50_000 + i * 3000),
        ...(i % 3 === 0 ? [swap(a(0x200 + i), 'sell', 800 + i, 5n, 5n, NOW - 1000 + i)] : []),
      ]).flat(),
      lpProviders: [],
    });
    const w = judgeWash(clean, 'unknown: indexing');
    expect(w.status).toBe('none');
    expect(w.organicShare).toBe(1);
    expect(w.organicTraders).toBe(12);
    expect(w.headline).toContain('No wash trading found');
  });
});

const analysed = (p: TradingPatternFacts) => analyseTradingPatterns({ ...safeToken, tradingPatterns: p });

describe('the report part', () => {
  it('says "unknown: indexing" with the progress while the index has not reached the head', () => {
    const f: TokenReportFacts = {
      ...safeToken,
      holders: { ...safeToken.holders, index: { status: 'indexing', progressPct: 42 } },
      tradingPatterns: { status: 'indexing', reason: 'behind the head' },
    };
    const p = analyseTradingPatterns(f);
    expect(p.snipers.status).toBe('unknown');
    expect(p.wash.status).toBe('unknown');
    expect(p.snipers.headline).toContain('unknown: indexing, 42% done');
    expect(p.wash.organicShare).toBeNull();
    expect(p.findings).toEqual([]);
  });

  it('an index with no swap or liquidity of the pool is unknown, not "none found"', () => {
    const p = analysed(read({ launchBlock: null }));
    expect(p.snipers.status).toBe('unknown');
    expect(p.wash.headline).toContain('unknown: indexing');
  });

  it('token health never reads strong momentum on mostly wash volume', () => {
    const washed: TokenReportFacts = {
      ...safeToken,
      mainPool: safeToken.mainPool ? { ...safeToken.mainPool, priceChange24hPct: 40 } : null,
      tradingPatterns: read({
        daySwaps: [swap(a(0x91), 'buy', 500, 100n, 100n), swap(a(0x91), 'sell', 501, 100n, 100n)],
      }),
    };
    const h = analyseTokenHealth(washed);
    expect(h.indicators.momentum).toBe('weak');
    expect(h.indicatorWhy.momentum).toContain('Mostly wash volume');
    expect(h.momentumEvidence.find((e) => e.check === 'turnover')?.detail).toContain('organic volume');
  });
});
