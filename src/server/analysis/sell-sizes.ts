/**
 * What the hook test's size ladder says (facts/hooks/probe-sizes.ts), judged by effect. Pure.
 *
 * - A sell that reverts only at sizes above what the pool can pay is not a honeypot: a pool pays
 *   what its range holds and no more (Doppler's auction curve refuses the rest). The report says
 *   "a large sell fails: the pool holds $X", X being what the pool holds on the quote side — the
 *   position ledger's amounts when it was gathered, or the venue's when it read the positions; else
 *   the ladder bounds it: less than the sell that reverted, more than the largest that passed.
 * - A sell that reverts at a size the pool could pay (its positions hold more) is a limit on
 *   the size of a sell: holders leave only in pieces. Said so, and graded as a caution, not a
 *   honeypot — the smaller sells pass.
 * - The buy size at which price impact (the loss beyond the smallest size's, which is the fee)
 *   reaches PROBE_LADDER.impactMarkPct.
 */
import type { HookFacts, LadderRung } from '../../shared/uniswap-v4-hook';
import { PROBE_LADDER } from '../../shared/vocabulary';
import type { TokenReportFacts } from '../facts/types';

export type SellSizes = {
  /** The smallest sell above the passing ones that reverts; null when every tried size sells. */
  largeSellFails: {
    /** Tokens sold (raw) and their value at the pool price (quote raw). */
    tokensIn: bigint;
    valueQuote: bigint;
    /** The most a passing sell got (quote raw). */
    passedUpToQuote: bigint;
    /**
     * What the pool holds on the quote side (quote raw): the ledger's or the venue's position
     * amounts, else (ladder) only bounded: passedUpToQuote below, valueQuote above.
     */
    poolHoldsQuote: number;
    poolHoldsFrom: 'positions' | 'ladder';
    /** The failing sell is worth less than the pool holds: a size limit, not depth. */
    belowDepth: boolean;
  } | null;
  /** The smallest buy (quote raw) whose price impact reaches impactMarkPct; null when none did. */
  impactMarkIn: bigint | null;
};

const lossPct = (got: bigint | null, fair: bigint): number | null =>
  got === null || fair === 0n ? null : got >= fair ? 0 : Number(((fair - got) * 10_000n) / fair) / 100;

const sells = (r: LadderRung) => r.sellOut !== null && r.sellOut > 0n;

/**
 * `ledgerQuote`: the quote side the pool's positions hold at the current price (raw, the position
 * ledger's sum), when it was gathered; null otherwise.
 */
export function judgeSellSizes(f: HookFacts, ledgerQuote: number | null): SellSizes {
  // What the pool holds, known apart from the ladder: the ledger's sum, else the venue's amounts
  // when it read them from the positions (a lower bound, so a sell worth less is not depth).
  const held =
    ledgerQuote ?? (f.depthFromPositions && f.depthQuote !== undefined ? Number(f.depthQuote) : null);
  const rungs = (f.ladder ?? []).filter((r) => r.sellIn > 0n);
  let largeSellFails: SellSizes['largeSellFails'] = null;
  const lastOk = rungs.reduce((at, r, i) => (sells(r) ? i : at), -1);
  // Only failures above a size that sells: a pool where nothing sells is the honeypot test's case.
  const fail = lastOk >= 0 ? rungs.slice(lastOk + 1).find((r) => r.sellOut === null) : undefined;
  if (fail) {
    const passedUpToQuote = rungs[lastOk]?.sellOut ?? 0n;
    const poolHoldsQuote = held ?? Number(passedUpToQuote);
    largeSellFails = {
      tokensIn: fail.sellIn,
      valueQuote: fail.spotBack,
      passedUpToQuote,
      poolHoldsQuote,
      poolHoldsFrom: held !== null ? 'positions' : 'ladder',
      // A sell that fails for want of liquidity has taken out all the pool holds, and each token
      // gets at most the spot price: one worth less than the holdings failed for another reason.
      belowDepth: held !== null && Number(fail.spotBack) < held,
    };
  }
  const buys = (f.ladder ?? []).filter((r) => r.buyOut !== null && r.buyOut > 0n);
  const base = buys[0] ? lossPct(buys[0].buyOut, buys[0].spotOut) : null;
  const mark =
    base === null
      ? undefined
      : buys.find((r) => (lossPct(r.buyOut, r.spotOut) ?? 0) - base >= PROBE_LADDER.impactMarkPct);
  return { largeSellFails, impactMarkIn: mark?.amountIn ?? null };
}

/** An amount in words: "$1,234" when priced, else the raw quote amount with its decimals applied. */
export function quoteWords(raw: number, usdPerRaw: number | null, decimals: number, symbol: string): string {
  if (usdPerRaw !== null && Number.isFinite(usdPerRaw) && usdPerRaw > 0) return usdWords(raw * usdPerRaw);
  return `${(raw / 10 ** decimals).toLocaleString('en-US', { maximumSignificantDigits: 4 })} ${symbol}`;
}

/** The ladder's evidence sentences (none when every size sold and no impact mark was reached). */
export function sellSizeWords(s: SellSizes, money: (raw: number) => string): string[] {
  const out: string[] = [];
  const l = s.largeSellFails;
  if (l)
    out.push(
      l.belowDepth
        ? `A sell worth ${money(Number(l.valueQuote))} reverts although the pool holds ${money(l.poolHoldsQuote)}; sells up to ${money(Number(l.passedUpToQuote))} pass: a limit on the size of a sell — holders can leave only in pieces (not a honeypot: smaller sells pass).`
        : `A large sell fails: the pool holds ${l.poolHoldsFrom === 'positions' ? money(l.poolHoldsQuote) : `less than ${money(Number(l.valueQuote))}`} (a sell worth ${money(Number(l.valueQuote))} reverts; sells up to ${money(Number(l.passedUpToQuote))} pass). A pool cannot pay more than it holds — not a honeypot.`,
    );
  if (s.impactMarkIn !== null)
    out.push(
      `Price impact reaches ${PROBE_LADDER.impactMarkPct}% at a buy of ${money(Number(s.impactMarkIn))}.`,
    );
  return out;
}

/**
 * What the main pool can pay a seller, in USD: its positions' quote side (the position ledger) when
 * gathered, else the quote half of the pool's value; null when unpriced.
 */
export function poolPaysUsd(f: TokenReportFacts): number | null {
  const p = f.mainPool;
  if (!p) return null;
  const l = p.liquidity;
  if (l && l.quoteUsdPerRaw !== null && l.positions.some((x) => x.quoteRaw !== null))
    return l.positions.reduce((a, x) => a + (x.quoteRaw ?? 0), 0) * l.quoteUsdPerRaw;
  // poolValueUsd is the quote side plus a token side capped at it (ADR 0047): half never exceeds the quote.
  return p.poolValueUsd !== null ? p.poolValueUsd / 2 : null;
}

/**
 * Sampled holders whose whole balance, at the pool's price, is worth more than the pool can pay:
 * their whole-balance sell failing says how deep the pool is, not that the token limits sells.
 */
export function holdersBeyondDepth(f: TokenReportFacts): { addresses: Set<string>; poolUsd: number } | null {
  const poolUsd = poolPaysUsd(f);
  const price = f.mainPool?.priceUsd ?? null;
  const dec = f.token.decimals;
  if (poolUsd === null || price === null || dec === null) return null;
  const addresses = new Set<string>();
  for (const s of f.holderSells?.sellers ?? []) {
    const held = f.holders.top.find((x) => x.address.toLowerCase() === s.address.toLowerCase());
    if (held && (Number(held.balance) / 10 ** dec) * price > poolUsd) addresses.add(s.address.toLowerCase());
  }
  return { addresses, poolUsd };
}

/** "$1,234" (whole dollars above $10). */
export const usdWords = (usd: number) =>
  `$${usd.toLocaleString('en-US', { maximumFractionDigits: usd < 10 ? 2 : 0 })}`;
