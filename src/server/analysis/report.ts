/**
 * One token report: every analyser over one set of facts, each computed once and shared (the rug
 * detector feeds liquidity, all feed the FLAB Score and token health), plus a JSON-safe digest of the
 * facts. Pure.
 */
import type { FactsSummary, TokenReport } from '../../shared/analysis';
import type { LiquidityLedger } from '../../shared/liquidity-ledger';
import type { PoolHookFacts } from '../../shared/uniswap-v4-hook';
import { DEFAULT_AMOUNT_USD, HOOK_PERMISSIONS, shownBand } from '../../shared/vocabulary';
import type { PoolFacts, TokenReportFacts, TradeContext } from '../facts/types';
import { ledgerOf } from './derived-facts';
import { analyseFlabScore } from './flab-score';
import { hookPoolContext } from './hook-checks';
import { type HookPoolContext, judgeHook } from './hook-verdict';
import { analyseLiquidity } from './liquidity';
import { summariseOwnerPowers } from './owner-power-checks';
import { honeypotTwinLine } from './pattern-lineage';
import { analyseRug, type RugOptions } from './rug-detector';
import { analyseScanner } from './scanner';
import { analyseTokenHealth } from './token-health';
import { readTradeSchedule } from './trade-schedule';
import { analyseTradingPatterns } from './trading-patterns';
import { tokenVerdict } from './verdict';
import { analyseWhales } from './whales';

export type ReportOptions = RugOptions & {
  amountUsd?: number;
  /** The main pool venue's quoted price impact (see facts/pools/price-impact.ts); undefined for V2. */
  quotedImpactPct?: number | null;
};

/** The simulated user's gas price and the later blocks tried, flat (the summary holds no arrays). */
function tradeContext(t: TradeContext): Record<string, number | string | null> {
  const schedule = readTradeSchedule(t.schedule);
  return {
    gasPriceGwei: t.gasPriceGwei ?? null,
    baseFeeGwei: t.baseFeeGwei ?? null,
    laterBlocksProbed: t.laterBlocksProbed ? t.laterBlocksProbed.join(',') : null,
    // The taxes the schedule judges on (the verdict reads them): only when one was simulated.
    ...(schedule
      ? {
          scheduledBuyTaxPct: schedule.buyFee?.judged ?? null,
          scheduledSellTaxPct: schedule.sellFee?.judged ?? null,
        }
      : {}),
  };
}

export function summariseFacts(f: TokenReportFacts): FactsSummary {
  const t = f.trade;
  const trade: Record<string, string | number | null> =
    t.status === 'ok'
      ? {
          status: t.status,
          pair: t.pair,
          router: t.router,
          buyTaxPct: t.buyTaxPct,
          sellTaxPct: t.sellTaxPct,
          transferTaxPct: t.transferTaxPct,
          buyGas: t.buyGas.toString(),
          sellGas: t.sellGas.toString(),
          maxBuyEth: t.maxBuyEth,
          sellDelayBlocks: t.sellDelayBlocks ?? null,
          sellBlockedAfterBlocks: t.sellBlockedAfterBlocks ?? null,
          clockJumpDays: t.clockJump?.days ?? null,
          sellOkAfterClockJump: t.clockJump ? (t.clockJump.sellOk ? 'yes' : 'no') : null,
          sellTaxPctAfterClockJump: t.clockJump?.sellTaxPct ?? null,
          transferDelayBlocks: t.transferDelayBlocks ?? null,
          ...tradeContext(t),
        }
      : t.status === 'sell_failed'
        ? {
            status: t.status,
            pair: t.pair,
            router: t.router,
            buyTaxPct: t.buyTaxPct,
            revertReason: t.revertReason,
            ...tradeContext(t),
          }
        : t.status === 'buy_failed'
          ? { status: t.status, pair: t.pair, router: t.router, revertReason: t.revertReason }
          : t.status === 'error'
            ? { status: t.status, message: t.message }
            : { status: t.status };
  const pools = [...f.pools];
  if (f.mainPool && !pools.some((p) => p.pair === f.mainPool?.pair)) pools.unshift(f.mainPool);
  const totalValue = pools.reduce(
    (sum, p) => sum + (p.poolValueUsd !== null && Number.isFinite(p.poolValueUsd) ? p.poolValueUsd : 0),
    0,
  );
  return {
    now: f.now,
    address: f.token.address,
    name: f.token.name,
    symbol: f.token.symbol,
    decimals: f.token.decimals,
    totalSupply: f.token.totalSupply === null ? null : f.token.totalSupply.toString(),
    owner: f.token.owner,
    ownerRenounced: f.token.ownerRenounced,
    deployer: f.token.deployer,
    createdAt: f.token.createdAt,
    codeSize: f.token.codeSize,
    verification: { ...f.token.verification },
    capabilities: f.token.capabilities.found.map((c) => ({ capability: c.capability, via: [...c.via] })),
    capabilityBasis: f.token.capabilities.basis,
    proxy: f.token.proxy ? { ...f.token.proxy } : null,
    trade,
    holderSells: f.holderSells ? { ...f.holderSells } : null,
    holderCount: Number.isFinite(f.holders.holderCount) ? f.holders.holderCount : null,
    ...(f.holders.index ? { holderIndex: f.holders.index } : {}),
    ...(f.provider ? { provider: f.provider } : {}),
    topHolderCount: f.holders.top.length,
    unreadPoolCount: f.unreadPools?.length ?? 0,
    pools: pools.map((p) => ({
      pair: p.pair,
      venue: p.venue,
      venueLabel: p.venueLabel,
      feeTier: p.feeTier,
      share: totalValue > 0 && p.poolValueUsd !== null ? p.poolValueUsd / totalValue : null,
      depthUsd2Pct: p.depthUsd2Pct,
      quoteSymbol: p.quoteSymbol,
      ...(p.pricePath ? { pricePath: p.pricePath.map((l) => ({ ...l })) } : {}),
      ...(p.priceNote ? { priceNote: p.priceNote } : {}),
      ...(p.routeNote ? { routeNote: p.routeNote } : {}),
      tokenReserve: p.tokenReserve.toString(),
      quoteReserve: p.quoteReserve.toString(),
      peakQuoteReserve: p.peakQuoteReserve.toString(),
      poolValueUsd: p.poolValueUsd,
      poolValueBasis: p.poolValueBasis ?? null,
      poolValueNote: p.poolValueNote ?? null,
      priceUsd: p.priceUsd,
      priceEth: p.priceEth,
      twapPriceUsd: p.twapPriceUsd ?? null,
      twapDeviationPct: p.twapDeviationPct ?? null,
      twapNote: p.twapNote ?? null,
      lpBurnedShare: p.lpBurnedShare,
      lpLockedShare: p.lpLockedShare,
      lpCreatorShare: p.lpCreatorShare,
      lockUnlockTime: p.lockUnlockTime,
      createdAt: p.createdAt,
      volume24hUsd: p.volume24hUsd,
      swaps24h: { ...p.swaps24h },
      priceChange24hPct: p.priceChange24hPct,
      recentSwapCount: p.recentSwaps.length,
      liquidityEventCount: p.liquidityEvents.length,
      ...ledgerField(p),
    })),
    deployerFacts: { ...f.deployer },
    events: { ...f.events },
    ownerPowers: summariseOwnerPowers(f.ownerPowers),
    rugFeatures: { ...f.rugFeatures },
    ...(f.hook ? { hook: summariseHook(f.hook, hookPoolContext(f)) } : {}),
  };
}

/** The pool's ledger as the checks judged it (derived-facts.ts keeps it: judged once per pool). */
function ledgerField(p: PoolFacts): { liquidityLedger?: LiquidityLedger } {
  const l = ledgerOf(p);
  return l ? { liquidityLedger: l } : {};
}

/** The hook verdict, JSON-safe, for the page's Hook panel and the pools lists. */
function summariseHook(h: PoolHookFacts, pool: HookPoolContext): NonNullable<FactsSummary['hook']> {
  if (!h.facts)
    return {
      pool: h.pool,
      hook: h.hook,
      measured: false,
      level: null,
      honeypot: null,
      honeypotReason: null,
      buyFeePct: null,
      sellFeePct: null,
      decayingTo: null,
      // The permissions are the low 14 bits of the hook's address, known without a read.
      permissions: HOOK_PERMISSIONS.filter(
        (p) => (Number(BigInt(h.hook) & 0x3fffn) & (1 << p.bit)) !== 0,
      ).map((p) => ({ name: p.name, words: p.words })),
      upgradeable: null,
      owner: null,
      ownerPowers: null,
      evidence: ['The hook could not be measured: no liquidity to quote, or the chain did not answer.'],
    };
  const v = judgeHook(h.facts, h.powers, pool);
  return {
    pool: h.pool,
    hook: v.hook,
    measured: true,
    level: v.level,
    honeypot: v.honeypot,
    honeypotReason: v.honeypotReason,
    buyFeePct: v.buyFeePct,
    sellFeePct: v.sellFeePct,
    decayingTo: v.decayingTo,
    permissions: v.permissions,
    upgradeable: v.upgradeable,
    owner: v.owner,
    ownerPowers: v.ownerPowers?.status ?? null,
    evidence: v.evidence,
  };
}

export function analyseToken(facts: TokenReportFacts, opts: ReportOptions = {}): TokenReport {
  const amountUsd = opts.amountUsd ?? DEFAULT_AMOUNT_USD;
  const scanner = analyseScanner(facts);
  const rug = analyseRug(facts, opts);
  const whales = analyseWhales(facts);
  const liquidity = analyseLiquidity(facts, { ...opts, amountUsd, rug });
  const flabScore = analyseFlabScore(facts, { ...opts, scanner, rug, liquidity, whales });
  const summary = summariseFacts(facts);
  const tradingPatterns = analyseTradingPatterns(facts);
  const honeypotTwin = tradingPatterns.lineage ? honeypotTwinLine(tradingPatterns.lineage) : null;
  const verdict = tokenVerdict({ scanner, rug, liquidity, facts: summary, honeypotTwin });
  // Health's score cards are banded under the verdict on the server; the page only reads the bands.
  const health = analyseTokenHealth(facts, {
    ...opts,
    scanner,
    rug,
    liquidity,
    verdict: verdict.kind,
    patterns: tradingPatterns,
  });
  // Every other score card too, here because the verdict is built from these parts: each part's
  // `score` gets its band under the verdict (shownBand, once), and the page and the CLI read it. The
  // scanner's safety and the rug detector's are the verdict's own measures (decidesVerdict).
  const bands = (score: number, decidesVerdict = false) => ({
    score: shownBand(score, verdict.kind, decidesVerdict),
  });
  return {
    address: facts.token.address,
    generatedAt: facts.now * 1000,
    scanner: { ...scanner, bands: bands(scanner.score, true) },
    rug: { ...rug, bands: bands(rug.score, true) },
    whales: { ...whales, bands: bands(whales.score) },
    liquidity: { ...liquidity, bands: bands(liquidity.score) },
    flabScore: { ...flabScore, bands: bands(flabScore.score) },
    health,
    facts: summary,
    verdict,
    tradingPatterns,
  };
}
