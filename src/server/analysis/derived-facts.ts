/**
 * Facts derived from a token report that several checks share (pure).
 */
import { formatUnits, round } from '../../shared/analysis';
import type { LiquidityLedger } from '../../shared/liquidity-ledger';
import { CREATOR_PULL, LIQUIDITY_DRAIN, RUG, reserveIsRugged } from '../../shared/vocabulary';
import type {
  Capability,
  Holder,
  HolderKind,
  LiquidityEventFact,
  PoolFacts,
  SwapFact,
  TokenReportFacts,
} from '../facts/types';
import { DAY_S, pct } from './evidence-lines';
import { judgeLedger } from './liquidity-ledger';

const POOL_KINDS: readonly HolderKind[] = ['pair', 'locker', 'burn'];

export const isPoolKind = (k: HolderKind) => POOL_KINDS.includes(k);

export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

export function capability(
  facts: TokenReportFacts,
  ...caps: Capability[]
): { found: boolean; via: string[] } {
  const hits = facts.token.capabilities.found.filter((c) => caps.includes(c.capability));
  return { found: hits.length > 0, via: hits.flatMap((c) => c.via) };
}

export function isUpgradeable(facts: TokenReportFacts): boolean {
  const p = facts.token.proxy;
  // A clone's implementation is fixed in its code; a delegating fallback's target is known to move
  // only when a simulated call moved it (code_replaced, judged by the proxy check).
  if (p && p.kind !== 'eip1167' && p.form !== 'fallback') return true;
  return capability(facts, 'upgradeable').found;
}

/**
 * Who can use owner-only functions: 'active' (a live owner or an upgradeable proxy), 'renounced'
 * (owner() is zero/dead and the code cannot be upgraded), 'unknown' (no owner() we could read).
 */
export function ownerControl(facts: TokenReportFacts): 'active' | 'renounced' | 'unknown' {
  if (isUpgradeable(facts)) return 'active';
  if (facts.token.ownerRenounced === true) return 'renounced';
  if (facts.token.ownerRenounced === false) return 'active';
  return 'unknown';
}

/** Top holders that are not the pool, a locker or a burn address. */
export function circulatingHolders(facts: TokenReportFacts): Holder[] {
  return facts.holders.top.filter((h) => !isPoolKind(h.kind));
}

export const sharePct = (hs: readonly Holder[]) =>
  hs.reduce((s, h) => s + (Number.isFinite(h.percentage) ? h.percentage : 0), 0);

export function walletAgeDays(h: Pick<Holder, 'firstSeenAt'>, now: number): number | null {
  if (h.firstSeenAt === null || !Number.isFinite(h.firstSeenAt)) return null;
  return Math.max(0, Math.floor((now - h.firstSeenAt) / DAY_S));
}

/** Token age in days from its creation (or its main pool's creation), null if unknown. */
export function tokenAgeDays(facts: TokenReportFacts): number | null {
  const t = facts.token.createdAt ?? facts.mainPool?.createdAt ?? null;
  if (t === null || !Number.isFinite(t)) return null;
  return Math.max(0, round((facts.now - t) / DAY_S, 1));
}

export function allPools(facts: TokenReportFacts): PoolFacts[] {
  const pools = [...facts.pools];
  if (facts.mainPool && !pools.some((p) => p.pair === facts.mainPool?.pair)) pools.unshift(facts.mainPool);
  return pools;
}

/** Every distinct swap across the pools, newest first. */
export function allSwaps(facts: TokenReportFacts): { swap: SwapFact; pool: PoolFacts }[] {
  const seen = new Set<string>();
  const out: { swap: SwapFact; pool: PoolFacts }[] = [];
  for (const pool of allPools(facts)) {
    for (const swap of pool.recentSwaps) {
      const key = `${swap.txHash}:${swap.trader}:${swap.side}:${swap.tokenAmount}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ swap, pool });
    }
  }
  return out.sort((a, b) => b.swap.timestamp - a.swap.timestamp);
}

/** LP locked or burned share (0–1) a pool without a ledger needs: TS wants ≥ 95%. */
export const LP_SAFE_PASS = 0.95;

/**
 * Share (0–1) of the pool's liquidity the creator's side cannot pull now. With the position ledger
 * (issue 35): everything but what the creator can pull and what could not be judged (unknown is
 * never credited as safe). Without it: the LP share burned or locked in a listed locker.
 */
export const lpSafeShare = (p: PoolFacts) => {
  const l = p.liquidity ? ledgerOf(p) : null;
  if (l && l.creatorPullableShare !== null)
    return Math.min(1, Math.max(0, 1 - l.creatorPullableShare - l.unknownShare));
  // A non-finite share is not counted as locked (conservative: never credit protection we can't see).
  const fin = (n: number) => (Number.isFinite(n) ? n : 0);
  return Math.min(1, Math.max(0, fin(p.lpBurnedShare) + fin(p.lpLockedShare)));
};

/**
 * Is the pool's liquidity safe from its creator? With the ledger: the creator's side can pull at
 * most CREATOR_PULL.passShare now and no more than that share could not be judged. Without it: at
 * least LP_SAFE_PASS of the LP burned or locked (the listed lockers).
 */
export function liquiditySafe(p: PoolFacts): boolean {
  const l = ledgerOf(p);
  if (l && l.creatorPullableShare !== null)
    return l.creatorPullableShare <= CREATOR_PULL.passShare && l.unknownShare <= CREATOR_PULL.passShare;
  return lpSafeShare(p) >= LP_SAFE_PASS;
}

/** The pool's liquidity ledger, judged once per pool object (pure: the same facts give the same ledger). */
const ledgers = new WeakMap<PoolFacts, LiquidityLedger | null>();
export function ledgerOf(p: PoolFacts): LiquidityLedger | null {
  if (!ledgers.has(p)) ledgers.set(p, judgeLedger(p));
  return ledgers.get(p) ?? null;
}

export type DrainEvent = { event: LiquidityEventFact; pool: PoolFacts; share: number };

/** Liquidity removals that took at least `minShare` of the quote reserve, newest first. */
export function drainEvents(
  facts: TokenReportFacts,
  minShare: number = LIQUIDITY_DRAIN.minShare,
): DrainEvent[] {
  const out: DrainEvent[] = [];
  for (const pool of allPools(facts)) {
    for (const event of pool.liquidityEvents) {
      if (event.kind !== 'remove' || event.shareOfPool === null || !Number.isFinite(event.shareOfPool))
        continue;
      if (event.shareOfPool >= minShare) out.push({ event, pool, share: event.shareOfPool });
    }
  }
  return out.sort((a, b) => b.event.timestamp - a.event.timestamp);
}

export type CompletedRug =
  | { rugged: false }
  | {
      rugged: true;
      pool: PoolFacts;
      event: DrainEvent | null;
      reserveOfPeakPct: number | null;
      reason: string;
    };

/**
 * A completed rug: a removal of ≥ 90% of the quote reserve (RUG.singleRemovalShare, shared/vocabulary), or a pool whose
 * quote reserve is now below 5% of its peak.
 */
export function completedRug(facts: TokenReportFacts): CompletedRug {
  const big = drainEvents(facts, RUG.singleRemovalShare)[0];
  for (const pool of allPools(facts)) {
    if (reserveIsRugged(pool.quoteReserve, pool.peakQuoteReserve)) {
      const ofPeak = Number((pool.quoteReserve * 10_000n) / pool.peakQuoteReserve) / 100;
      return {
        rugged: true,
        pool,
        event: big && big.pool.pair === pool.pair ? big : null,
        reserveOfPeakPct: ofPeak,
        reason: `the pool's ${pool.quoteSymbol} reserve is ${pct(ofPeak, 2)} of its peak`,
      };
    }
  }
  if (big) {
    return {
      rugged: true,
      pool: big.pool,
      event: big,
      reserveOfPeakPct: null,
      reason: `one liquidity removal took ${pct(big.share * 100)} of the pool's ${big.pool.quoteSymbol}`,
    };
  }
  return { rugged: false };
}

/**
 * Price impact (percent) of buying `amountUsd` worth of the token with the quote token in a
 * Uniswap V2 constant-product pool with a 0.3% fee:
 *
 *   r = amountUsd / quoteSideUsd           (amount in, as a fraction of the quote reserve; the
 *                                            quote side is half the pool value)
 *   out = Rt·0.997·Δq / (Rq + 0.997·Δq)    (getAmountOut)
 *   impact = 1 − (out / Δq) / (Rt / Rq)    (tokens received vs. tokens at the pre-trade mid price)
 *          = 1 − 0.997 / (1 + 0.997·r)
 *
 * This is the Uniswap V2 SDK's `priceImpact` (it includes the 0.3% fee, so a tiny trade shows ≈0.3%).
 * Equivalently 1 − midPriceBefore / executionPrice. Returns null when it cannot be computed.
 */
export function priceImpactPct(amountUsd: number, poolValueUsd: number | null): number | null {
  if (poolValueUsd === null || !Number.isFinite(poolValueUsd) || poolValueUsd <= 0) return null;
  if (!Number.isFinite(amountUsd) || amountUsd < 0) return null;
  const r = amountUsd / (poolValueUsd / 2);
  const impact = 1 - 0.997 / (1 + 0.997 * r);
  return round(impact * 100, 2);
}

export function decimalsOf(facts: TokenReportFacts): number | null {
  const d = facts.token.decimals;
  return d !== null && Number.isInteger(d) && d >= 0 && d <= 255 ? d : null;
}

/** Whole-token decimal string, or base units + ' (base units)' when decimals are unknown. */
export function tokenAmount(facts: TokenReportFacts, v: bigint): string {
  const d = decimalsOf(facts);
  return d === null ? v.toString() : formatUnits(v, d);
}
