/**
 * Property tests over arbitrary facts (with nulls, empty lists, odd numbers): the analysers never
 * throw, scores are integers in 0–100 exactly derivable from their evidence, and making a fact worse
 * never makes a score better.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Evidence, scoreFromEvidence, sumImpacts } from '../../shared/analysis';
import { OWNER_POWER_EFFECTS } from '../../shared/vocabulary';
import type {
  Address,
  Capability,
  Holder,
  LiquidityEventFact,
  PoolFacts,
  SwapFact,
  TokenReportFacts,
  TradeSimulationFacts,
} from '../facts/types';
import { FIXTURE_NOW, FIXTURES } from '../test-support/fixtures';
import { priceImpactPct } from './derived-facts';
import { analyseToken } from './report';
import { analyseRug } from './rug-detector';
import { analyseScanner } from './scanner';

const NOW = FIXTURE_NOW;
const addrs: Address[] = ['0x1', '0x2', '0x3', '0xdead', '0x0', '0xabc'].map(
  (a) => `0x${a.slice(2).padStart(40, '0')}` as Address,
);
const arbAddr = fc.constantFrom(...addrs);
const arbHash = fc
  .constantFrom('0xaa', '0xbb', '0xcc')
  .map((h) => `0x${h.slice(2).padStart(64, '0')}` as `0x${string}`);
const arbTs = fc.integer({ min: NOW - 400 * 86_400, max: NOW + 3_600 });
const arbAmount = fc.bigInt({ min: 0n, max: 10n ** 30n });
/** Finite or not: gatherers promise finite numbers, but the analysers must not throw on anything. */
const arbNum = (min: number, max: number, wild: boolean) =>
  wild
    ? fc.oneof(fc.double({ min, max, noNaN: true }), fc.constantFrom(Number.NaN, Infinity, -Infinity))
    : fc.double({ min, max, noNaN: true });
const nullable = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const CAPS: Capability[] = [
  'mint',
  'blacklist',
  'whitelist',
  'pause',
  'setFees',
  'maxTx',
  'maxWallet',
  'ownerTransferOthers',
  'selfDestruct',
  'delegateCall',
  'upgradeable',
  'renounceOwnership',
  'tradingToggle',
];

function arbFacts(wild: boolean): fc.Arbitrary<TokenReportFacts> {
  const holder: fc.Arbitrary<Holder> = fc.record({
    address: arbAddr,
    balance: arbAmount,
    percentage: arbNum(0, 100, wild),
    kind: fc.constantFrom('eoa', 'contract', 'pair', 'locker', 'burn', 'deployer'),
    firstSeenAt: nullable(arbTs),
    lastActiveAt: nullable(arbTs),
    rugHistory: fc.nat(5),
    fundedByDeployer: fc.boolean(),
  });
  const swap: fc.Arbitrary<SwapFact> = fc.record({
    txHash: arbHash,
    blockNumber: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    timestamp: arbTs,
    trader: arbAddr,
    side: fc.constantFrom('buy', 'sell'),
    tokenAmount: arbAmount,
    ethAmount: fc.bigInt({ min: 0n, max: 10n ** 22n }),
    usdValue: nullable(arbNum(0, 1e7, wild)),
  });
  const liq: fc.Arbitrary<LiquidityEventFact> = fc.record({
    kind: fc.constantFrom('add', 'remove'),
    txHash: arbHash,
    timestamp: arbTs,
    provider: nullable(arbAddr),
    quoteAmount: arbAmount,
    shareOfPool: nullable(arbNum(0, 1, wild)),
  });
  const pool: fc.Arbitrary<PoolFacts> = fc.record({
    pair: arbAddr,
    venue: fc.constantFrom('uniswap-v2' as const, 'uniswap-v3' as const),
    venueLabel: fc.constantFrom('Uniswap V2', 'Uniswap V3'),
    feeTier: nullable(fc.constantFrom(100, 500, 3000, 10000)),
    depthUsd2Pct: nullable(arbNum(0, 1e9, wild)),
    quoteToken: arbAddr,
    quoteSymbol: fc.constantFrom('WETH', 'USD'),
    tokenReserve: arbAmount,
    quoteReserve: arbAmount,
    poolValueUsd: nullable(arbNum(0, 1e9, wild)),
    priceUsd: nullable(arbNum(0, 1e4, wild)),
    priceEth: nullable(arbNum(0, 10, wild)),
    lpTotalSupply: arbAmount,
    lpBurnedShare: arbNum(0, 1, wild),
    lpLockedShare: arbNum(0, 1, wild),
    lockUnlockTime: nullable(arbTs),
    lpCreatorShare: arbNum(0, 1, wild),
    createdAt: nullable(arbTs),
    peakQuoteReserve: arbAmount,
    volume24hUsd: nullable(arbNum(0, 1e9, wild)),
    swaps24h: fc.record({ buys: fc.nat(500), sells: fc.nat(500) }),
    priceChange24hPct: nullable(arbNum(-100, 1000, wild)),
    recentSwaps: fc.array(swap, { maxLength: 6 }),
    liquidityEvents: fc.array(liq, { maxLength: 4 }),
  });
  const tax = arbNum(0, 100, wild);
  const trade: fc.Arbitrary<TradeSimulationFacts> = fc.oneof(
    fc.record({
      status: fc.constant('ok' as const),
      pair: arbAddr,
      router: arbAddr,
      buyTaxPct: tax,
      sellTaxPct: tax,
      transferTaxPct: nullable(tax),
      transferFailed: fc.boolean(),
      buyGas: fc.bigInt({ min: 0n, max: 10n ** 7n }),
      sellGas: fc.bigInt({ min: 0n, max: 10n ** 7n }),
      maxBuyEth: nullable(arbNum(0, 100, wild)),
    }),
    fc.record({
      status: fc.constant('sell_failed' as const),
      pair: arbAddr,
      router: arbAddr,
      buyTaxPct: tax,
      revertReason: nullable(fc.string()),
    }),
    fc.record({
      status: fc.constant('buy_failed' as const),
      pair: arbAddr,
      router: arbAddr,
      revertReason: nullable(fc.string()),
    }),
    fc.constant({ status: 'no_pool' as const }),
    fc.record({ status: fc.constant('error' as const), message: fc.string() }),
  );
  return fc
    .record({
      token: fc.record({
        address: arbAddr,
        name: nullable(fc.string()),
        symbol: nullable(fc.string()),
        decimals: nullable(fc.integer({ min: 0, max: 36 })),
        totalSupply: nullable(arbAmount),
        owner: nullable(arbAddr),
        ownerRenounced: nullable(fc.boolean()),
        deployer: nullable(arbAddr),
        createdAtBlock: nullable(fc.bigInt({ min: 0n, max: 10n ** 9n })),
        createdAt: nullable(arbTs),
        codeSize: fc.nat(30_000),
        verification: fc.record({
          status: fc.constantFrom('verified', 'unverified', 'unknown'),
          source: nullable(fc.string()),
          contractName: nullable(fc.string()),
        }),
        capabilities: fc.record({
          found: fc.uniqueArray(
            fc.record({ capability: fc.constantFrom(...CAPS), via: fc.array(fc.string(), { maxLength: 2 }) }),
            { selector: (c) => c.capability, maxLength: 6 },
          ),
          selectorCount: fc.nat(200),
          basis: fc.constantFrom('abi', 'bytecode'),
        }),
        proxy: nullable(
          fc.record({
            kind: fc.constantFrom('eip1967', 'eip1167', 'other'),
            form: fc.constantFrom('clone', 'transparent', 'uups', 'slot', 'beacon', 'legacy', 'fallback'),
            implementation: nullable(arbAddr),
            beacon: nullable(arbAddr),
            admin: nullable(arbAddr),
            upgradeCount: fc.nat(5),
            lastUpgradeAt: nullable(arbTs),
          }),
        ),
      }),
      pools: fc.array(pool, { maxLength: 3 }),
      holders: fc.record({
        holderCount: fc.nat(100_000),
        top: fc.array(holder, { maxLength: 25 }),
        totalSupply: arbAmount,
      }),
      trade,
      holderSells: nullable(
        fc.record({
          sampled: fc.nat(10),
          couldSell: fc.nat(10),
          failed: fc.nat(10),
          minTaxPct: nullable(tax),
          maxTaxPct: nullable(tax),
        }),
      ),
      deployer: fc.record({
        address: nullable(arbAddr),
        tokensDeployed: fc.nat(50),
        ruggedTokens: fc.nat(5),
      }),
      events: fc.record({
        ownershipTransfers: fc.nat(5),
        upgrades: fc.nat(5),
        pauses: fc.nat(5),
        mintsAfterLaunch: fc.nat(5),
      }),
      ownerPowers: fc.oneof(
        fc.constant({ status: 'no_callers' as const, reason: 'none' }),
        fc.record({ status: fc.constant('error' as const), message: fc.string() }),
        fc.record({
          status: fc.constant('simulated' as const),
          callers: fc.constant([] as { address: `0x${string}`; role: string; current: boolean }[]),
          functionsProbed: fc.nat(50),
          callsSimulated: fc.nat(500),
          baseline: fc.record({
            buyOk: fc.boolean(),
            sellOk: fc.boolean(),
            buyTaxPct: nullable(tax),
            sellTaxPct: nullable(tax),
            holderSellOk: nullable(fc.boolean()),
          }),
          findings: fc.array(
            fc.record({
              selector: fc.constant('0x12345678' as const),
              signature: nullable(fc.string()),
              caller: arbAddr,
              callerRole: fc.constantFrom('owner()', 'deployer', 'marketingWallet()'),
              args: fc.string(),
              effects: fc.subarray([...OWNER_POWER_EFFECTS], { minLength: 1 }),
              detail: fc.string(),
              usable: fc.boolean(),
              buyTaxAfterPct: nullable(tax),
              sellTaxAfterPct: nullable(tax),
            }),
            { maxLength: 4 },
          ),
          inconclusive: fc.constant(
            [] as { selector: `0x${string}`; signature: string | null; reason: string }[],
          ),
          rpcRequests: fc.nat(20),
        }),
      ),
      rugFeatures: fc.dictionary(
        fc.constantFrom(
          'lp_creator_holding_ratio',
          'token_creator_holding_ratio',
          'number_of_token_creation_of_creator',
          'swap_rate',
          'bogus',
        ),
        arbNum(-2, 300, wild),
      ),
      mainIsFirst: fc.boolean(),
    })
    .map(({ mainIsFirst, ...f }) => ({
      ...f,
      now: NOW,
      mainPool: mainIsFirst ? (f.pools[0] ?? null) : null,
    }));
}

const isScore = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;

function checkLines(ev: readonly Evidence[]) {
  for (const e of ev) {
    expect(e.impact).toBeGreaterThanOrEqual(0);
    expect(e.impact).toBeLessThanOrEqual(e.weight);
    expect(['pass', 'warn', 'fail', 'unknown']).toContain(e.outcome);
    expect(e.detail.length).toBeGreaterThan(0);
  }
}

const RUNS = { numRuns: 300 };

describe('analyser properties', () => {
  it('never throw on arbitrary facts (including NaN/Infinity) and keep scores integers in 0–100', () => {
    fc.assert(
      fc.property(arbFacts(true), fc.double({ min: 0, max: 1e7, noNaN: true }), (facts, amountUsd) => {
        const r = analyseToken(facts, { amountUsd });
        for (const s of [
          r.scanner.score,
          r.rug.rugScore,
          r.rug.score,
          r.whales.whaleScore,
          r.liquidity.liquidityScore,
          r.liquidity.rugScore,
          r.flabScore.flabScore,
          r.health.overallScore,
          r.health.securityScore,
          r.health.liquidityScore,
          r.health.communityScore,
          r.health.momentumScore,
        ])
          expect(isScore(s)).toBe(true);
        expect(r.rug.dataCoverage).toBeGreaterThanOrEqual(0);
        expect(r.rug.dataCoverage).toBeLessThanOrEqual(1);
        expect(r.scanner.risks.length).toBeLessThanOrEqual(4);
        expect(r.whales.topHolders.length).toBeLessThanOrEqual(20);
        expect(() => JSON.stringify(r)).not.toThrow();
      }),
      RUNS,
    );
  });

  it('score = clamp(round(100 − Σ impact)) for every analyser', () => {
    fc.assert(
      fc.property(arbFacts(false), (facts) => {
        const r = analyseToken(facts, { amountUsd: 1000 });
        const pairs: [number, Evidence[]][] = [
          [r.scanner.score, r.scanner.evidence],
          [r.rug.score, r.rug.evidence],
          [r.whales.whaleScore, r.whales.evidence],
          [r.liquidity.liquidityScore, r.liquidity.evidence],
          [r.flabScore.flabScore, r.flabScore.evidence],
          [r.health.overallScore, r.health.evidence],
          [r.health.communityScore, r.health.communityEvidence],
          [r.health.momentumScore, r.health.momentumEvidence],
        ];
        for (const [score, ev] of pairs) {
          checkLines(ev);
          expect(score).toBe(Math.min(100, Math.max(0, Math.round(100 - sumImpacts(ev)))));
        }
        expect(r.rug.rugScore).toBe(100 - r.rug.score);
      }),
      RUNS,
    );
  });

  it('adding a failing evidence line never raises a score', () => {
    const line = fc.record({
      check: fc.string(),
      label: fc.string(),
      value: fc.constant(null),
      outcome: fc.constantFrom('pass', 'warn', 'fail', 'unknown') as fc.Arbitrary<Evidence['outcome']>,
      weight: fc.nat(100),
      impact: fc.nat(100),
      detail: fc.constant('x'),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 20 }), line, (ev, extra) => {
        const failing = { ...extra, outcome: 'fail' as const, impact: extra.weight };
        expect(scoreFromEvidence([...ev, failing])).toBeLessThanOrEqual(scoreFromEvidence(ev));
      }),
    );
  });

  it('a new dangerous capability never raises the scanner score nor lowers the rug score', () => {
    const risky: Capability[] = [
      'mint',
      'blacklist',
      'pause',
      'setFees',
      'ownerTransferOthers',
      'selfDestruct',
      'upgradeable',
      'maxTx',
    ];
    fc.assert(
      fc.property(arbFacts(false), fc.constantFrom(...risky), (facts, cap) => {
        fc.pre(!facts.token.capabilities.found.some((c) => c.capability === cap));
        const worse: TokenReportFacts = {
          ...facts,
          token: {
            ...facts.token,
            capabilities: {
              ...facts.token.capabilities,
              found: [...facts.token.capabilities.found, { capability: cap, via: ['x()'] }],
            },
          },
        };
        expect(analyseScanner(worse).score).toBeLessThanOrEqual(analyseScanner(facts).score);
        expect(analyseRug(worse).rugScore).toBeGreaterThanOrEqual(analyseRug(facts).rugScore);
      }),
      RUNS,
    );
  });

  // A same-block sell failure while real holders can sell is a cooldown, not a honeypot (by design),
  // so the property holds when no holder sample shows that sells work later.
  it('a failing sell (no holder able to sell) never raises the scanner score nor lowers the rug score', () => {
    fc.assert(
      fc.property(arbFacts(false), (input) => {
        const facts: TokenReportFacts = { ...input, holderSells: null };
        const t = facts.trade;
        const buyTaxPct = t.status === 'ok' || t.status === 'sell_failed' ? t.buyTaxPct : 0;
        const worse: TokenReportFacts = {
          ...facts,
          trade: { status: 'sell_failed', pair: addrs[0]!, router: addrs[1]!, buyTaxPct, revertReason: null },
        };
        expect(analyseScanner(worse).score).toBeLessThanOrEqual(analyseScanner(facts).score);
        expect(analyseScanner(worse).score).toBeLessThanOrEqual(10);
        expect(analyseRug(worse).rugScore).toBeGreaterThanOrEqual(analyseRug(facts).rugScore);
      }),
      RUNS,
    );
  });

  it("the creator's earlier rugs never raise the scanner score", () => {
    fc.assert(
      fc.property(arbFacts(false), fc.integer({ min: 1, max: 5 }), (facts, more) => {
        const worse = {
          ...facts,
          deployer: { ...facts.deployer, ruggedTokens: facts.deployer.ruggedTokens + more },
        };
        expect(analyseScanner(worse).score).toBeLessThanOrEqual(analyseScanner(facts).score);
        expect(analyseRug(worse).rugScore).toBeGreaterThanOrEqual(analyseRug(facts).rugScore);
      }),
      RUNS,
    );
  });

  it('a completed rug (≥ 90% drain) is always HIGH or CRITICAL and never lowers the rug score', () => {
    fc.assert(
      fc.property(arbFacts(false), fc.double({ min: 0.9, max: 1, noNaN: true }), (facts, share) => {
        const base = facts.mainPool ?? FIXTURES.safeToken.mainPool!;
        const drained: PoolFacts = {
          ...base,
          liquidityEvents: [
            {
              kind: 'remove',
              txHash: `0x${'d'.repeat(64)}`,
              timestamp: NOW - 60,
              provider: null,
              quoteAmount: 1n,
              shareOfPool: share,
            },
            ...base.liquidityEvents,
          ],
        };
        const before = { ...facts, mainPool: base, pools: [base, ...facts.pools.filter((p) => p !== base)] };
        const after = {
          ...before,
          mainPool: drained,
          pools: [drained, ...facts.pools.filter((p) => p !== base)],
        };
        const r = analyseRug(after);
        expect(['HIGH', 'CRITICAL']).toContain(r.riskLevel);
        expect(r.completedRug).toBe(true);
        expect(r.rugScore).toBeGreaterThanOrEqual(analyseRug(before).rugScore);
      }),
      RUNS,
    );
  });

  it('price impact is in [0.3, 100) and grows with the amount', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e8, noNaN: true }),
        fc.double({ min: 0, max: 1e8, noNaN: true }),
        (pool, a, b) => {
          const lo = priceImpactPct(Math.min(a, b), pool)!;
          const hi = priceImpactPct(Math.max(a, b), pool)!;
          expect(lo).toBeGreaterThanOrEqual(0.3);
          expect(hi).toBeLessThanOrEqual(100);
          expect(hi).toBeGreaterThanOrEqual(lo);
        },
      ),
    );
  });
});
