/**
 * Building blocks for evidence lines, and the checks shared by several analysers.
 *
 * Impact rule (every analyser): a check has a weight w (the most it can deduct).
 *   pass → 0, warn → ceil(w × WARN_SHARE), fail → w, unknown → round(w × UNKNOWN_SHARE)
 * unless a check documents an override (e.g. the sell simulation deducts less when it could not run
 * because there is no pool: the missing pool is already counted by the pool-liquidity check).
 * The analyser's score is then `scoreFromEvidence` = clamp(round(100 − Σ impact)).
 *
 * Pure: no I/O, no clock (time is `facts.now`), no randomness.
 */
import { type CheckOutcome, type Evidence, formatUnits, round, UNKNOWN_SHARE } from '../../shared/analysis';
import type {
  Capability,
  Holder,
  HolderKind,
  LiquidityEventFact,
  PoolFacts,
  SwapFact,
  TokenReportFacts,
} from '../facts/types';
import { noPoolSentence, tradesOnlyOnUnreadVenue } from './venue-words';

export const DAY_S = 86_400;
/** Share of the weight a 'warn' deducts. */
export const WARN_SHARE = 0.5;

/** Tax thresholds (percent): above WARN warns, above FAIL fails. */
export const TAX_WARN_PCT = 10;
export const TAX_FAIL_PCT = 25;
/** Creator/owner share of supply (percent). */
export const CREATOR_SHARE_WARN_PCT = 5;
export const CREATOR_SHARE_FAIL_PCT = 20;
/** Top-10 circulating holders' share of supply (percent). */
export const TOP10_WARN_PCT = 30;
export const TOP10_FAIL_PCT = 50;
/** Holder count. */
export const HOLDERS_FAIL_BELOW = 25;
export const HOLDERS_WARN_BELOW = 100;
/** Insider (funded by the deployer) share of supply (percent). */
export const INSIDERS_WARN_PCT = 3;
export const INSIDERS_FAIL_PCT = 10;
/** A wallet younger than this is "fresh". */
export const FRESH_WALLET_DAYS = 7;
export const FRESH_WARN_PCT = 10;
export const FRESH_FAIL_PCT = 25;
/** LP locked or burned share (0–1): TS wants ≥ 95%. */
export const LP_SAFE_PASS = 0.95;
export const LP_SAFE_WARN = 0.5;
/** A lock that ends within this many days no longer protects. */
export const LOCK_EXPIRY_SOON_DAYS = 7;
/** Pool value (USD). */
export const POOL_FAIL_BELOW_USD = 1_000;
export const POOL_WARN_BELOW_USD = 10_000;
/** A liquidity removal taking at least this share of the quote reserve is a "drain event". */
export const LP_DRAIN_MIN_SHARE = 0.2;
/** Completed rug: one removal of ≥ 90% of the quote reserve, or the reserve < 5% of its peak. */
export const RUG_DRAIN_SHARE = 0.9;
export const RUG_RESERVE_OF_PEAK_PCT = 5n;

// ---------------------------------------------------------------------------------------------
// Line builders
// ---------------------------------------------------------------------------------------------

export function impactFor(outcome: CheckOutcome, weight: number): number {
  switch (outcome) {
    case 'pass':
      return 0;
    case 'warn':
      return Math.ceil(weight * WARN_SHARE);
    case 'fail':
      return weight;
    case 'unknown':
      return Math.round(weight * UNKNOWN_SHARE);
  }
}

export type CheckSpec = { check: string; label: string; weight: number };

/** One evidence line with the standard impact for its outcome (or an explicit override). */
export function judged(
  spec: CheckSpec,
  outcome: CheckOutcome,
  value: Evidence['value'],
  detail: string,
  impactOverride?: number,
): Evidence {
  const raw = impactOverride ?? impactFor(outcome, spec.weight);
  const impact = Math.min(spec.weight, Math.max(0, Number.isFinite(raw) ? raw : 0));
  return {
    check: spec.check,
    label: spec.label,
    value: typeof value === 'number' && !Number.isFinite(value) ? null : value,
    outcome,
    weight: spec.weight,
    impact,
    detail,
  };
}

/** Outcome of "higher is worse" against two thresholds (strictly above). */
export function gradeAbove(value: number, warnAbove: number, failAbove: number): CheckOutcome {
  if (value > failAbove) return 'fail';
  if (value > warnAbove) return 'warn';
  return 'pass';
}

/** Outcome of "lower is worse" against two thresholds (strictly below). */
export function gradeBelow(value: number, failBelow: number, warnBelow: number): CheckOutcome {
  if (value < failBelow) return 'fail';
  if (value < warnBelow) return 'warn';
  return 'pass';
}

export const pct = (n: number, digits = 1) => `${round(n, digits)}%`;
export const usd = (n: number) =>
  n >= 1e6 ? `$${round(n / 1e6, 2)}M` : n >= 1e3 ? `$${round(n / 1e3, 1)}K` : `$${round(n, 2)}`;

// ---------------------------------------------------------------------------------------------
// Derived facts (pure)
// ---------------------------------------------------------------------------------------------

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
  if (p && p.kind !== 'eip1167') return true;
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

/** LP share burned or locked (0–1). */
export const lpSafeShare = (p: PoolFacts) => {
  // A non-finite share is not counted as locked (conservative: never credit protection we can't see).
  const fin = (n: number) => (Number.isFinite(n) ? n : 0);
  return Math.min(1, Math.max(0, fin(p.lpBurnedShare) + fin(p.lpLockedShare)));
};

export type DrainEvent = { event: LiquidityEventFact; pool: PoolFacts; share: number };

/** Liquidity removals that took at least `minShare` of the quote reserve, newest first. */
export function drainEvents(facts: TokenReportFacts, minShare = LP_DRAIN_MIN_SHARE): DrainEvent[] {
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
 * A completed rug: a removal of ≥ 90% of the quote reserve (RUG_DRAIN_SHARE), or a pool whose
 * quote reserve is now below 5% of its peak.
 */
export function completedRug(facts: TokenReportFacts): CompletedRug {
  const big = drainEvents(facts, RUG_DRAIN_SHARE)[0];
  for (const pool of allPools(facts)) {
    if (
      pool.peakQuoteReserve > 0n &&
      pool.quoteReserve * 100n < pool.peakQuoteReserve * RUG_RESERVE_OF_PEAK_PCT
    ) {
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

// ---------------------------------------------------------------------------------------------
// Shared checks: (facts, weight) => Evidence
// ---------------------------------------------------------------------------------------------

export type Check = (facts: TokenReportFacts, weight: number) => Evidence;

export const checkCode: Check = (f, w) => {
  const spec = { check: 'contract_code', label: 'Contract code', weight: w };
  return f.token.codeSize > 0
    ? judged(spec, 'pass', f.token.codeSize, `The address holds ${f.token.codeSize} bytes of contract code.`)
    : judged(spec, 'fail', 0, 'There is no contract code at this address, so it is not a working token.');
};

export const checkVerified: Check = (f, w) => {
  const spec = { check: 'source_verified', label: 'Source code verified', weight: w };
  const v = f.token.verification;
  const where = v.source ? ` (${v.source})` : '';
  if (v.status === 'verified')
    return judged(
      spec,
      'pass',
      true,
      `The contract source code is verified${where}, so its rules can be read.`,
    );
  if (v.status === 'unverified')
    return judged(
      spec,
      'fail',
      false,
      'The contract source code is not verified, so nobody can read what it does.',
    );
  return judged(spec, 'unknown', null, 'We could not find out whether the source code is verified.');
};

export const checkProxy: Check = (f, w) => {
  const spec = { check: 'proxy', label: 'Upgradeable proxy', weight: w };
  const p = f.token.proxy;
  if (p?.kind === 'eip1167')
    return judged(
      spec,
      'pass',
      'eip1167',
      'The token is a minimal clone (EIP-1167) whose code cannot be changed.',
    );
  if (isUpgradeable(f)) {
    const ups = p && p.upgradeCount > 0 ? ` It has been upgraded ${p.upgradeCount} time(s).` : '';
    if (p?.admin && /^0x0{40}$/i.test(p.admin))
      return judged(
        spec,
        'warn',
        p.kind,
        `The token is an upgradeable proxy whose admin is the zero address.${ups}`,
      );
    return judged(
      spec,
      'fail',
      p?.kind ?? 'upgradeable',
      `The token is an upgradeable proxy: its admin can replace the code at any time.${ups}`,
    );
  }
  return judged(spec, 'pass', false, 'The token is not a proxy, so its code cannot be swapped.');
};

/** Sell simulation. Unknown (no pool / simulation error) deducts a fixed 10 (at most the weight). */
export const checkHoneypot: Check = (f, w) => {
  const spec = { check: 'honeypot', label: 'Sell simulation (honeypot)', weight: w };
  const t = f.trade;
  switch (t.status) {
    case 'ok':
      return judged(spec, 'pass', 'can sell', 'A simulated buy and sell through the pool both succeeded.');
    case 'sell_failed':
      return judged(
        spec,
        'fail',
        'sell fails',
        `Honeypot: a simulated buy worked but selling it back failed${t.revertReason ? ` (${t.revertReason})` : ''}.`,
      );
    case 'buy_failed':
      return judged(
        spec,
        'warn',
        'buy fails',
        `A simulated buy failed${t.revertReason ? ` (${t.revertReason})` : ''}: trading may not be open, or buys are blocked.`,
      );
    case 'no_pool':
      return judged(
        spec,
        'unknown',
        null,
        tradesOnlyOnUnreadVenue(f)
          ? 'The token trades only on a venue we do not read yet, so buying and selling could not be simulated.'
          : 'No pool to trade in, so buying and selling could not be simulated.',
        10,
      );
    case 'error':
      return judged(
        spec,
        'unknown',
        null,
        'The buy/sell simulation could not be run, so selling is untested.',
        10,
      );
  }
};

function taxCheck(f: TokenReportFacts, w: number, kind: 'buy' | 'sell' | 'transfer'): Evidence {
  const spec = { check: `${kind}_tax`, label: `${kind[0]?.toUpperCase()}${kind.slice(1)} tax`, weight: w };
  const t = f.trade;
  let tax: number | null = null;
  if (t.status === 'ok')
    tax = kind === 'buy' ? t.buyTaxPct : kind === 'sell' ? t.sellTaxPct : t.transferTaxPct;
  else if (t.status === 'sell_failed' && kind === 'buy') tax = t.buyTaxPct;
  if (tax === null || !Number.isFinite(tax))
    return judged(spec, 'unknown', null, `The ${kind} tax could not be measured.`);
  const o = gradeAbove(tax, TAX_WARN_PCT, TAX_FAIL_PCT);
  const v = round(tax, 2);
  const detail =
    o === 'pass'
      ? `The ${kind} tax is ${v}%.`
      : `High ${kind} tax: ${v}% of every ${kind} is taken (above ${o === 'fail' ? TAX_FAIL_PCT : TAX_WARN_PCT}%).`;
  return judged(spec, o, v, detail);
}

export const checkBuyTax: Check = (f, w) => taxCheck(f, w, 'buy');
export const checkSellTax: Check = (f, w) => taxCheck(f, w, 'sell');
export const checkTransferTax: Check = (f, w) => taxCheck(f, w, 'transfer');

export const checkHolderSells: Check = (f, w) => {
  const spec = { check: 'holder_sells', label: 'Sells simulated for real holders', weight: w };
  const h = f.holderSells;
  if (!h || h.sampled <= 0)
    return judged(spec, 'unknown', null, 'Sells could not be simulated for existing holders.');
  const failedShare = h.failed / h.sampled;
  const spread = h.minTaxPct !== null && h.maxTaxPct !== null ? h.maxTaxPct - h.minTaxPct : 0;
  const value = `${h.couldSell}/${h.sampled} could sell`;
  if (failedShare >= 0.5)
    return judged(
      spec,
      'fail',
      value,
      `${h.failed} of ${h.sampled} sampled holders cannot sell their tokens.`,
    );
  if (h.maxTaxPct !== null && h.maxTaxPct > TAX_FAIL_PCT)
    return judged(spec, 'fail', value, `Some holders pay a ${round(h.maxTaxPct, 1)}% tax when they sell.`);
  if (h.failed > 0)
    return judged(
      spec,
      'warn',
      value,
      `${h.failed} of ${h.sampled} sampled holders cannot sell their tokens.`,
    );
  if ((h.maxTaxPct !== null && h.maxTaxPct > TAX_WARN_PCT) || spread > 5)
    return judged(
      spec,
      'warn',
      value,
      `Sell tax differs between holders (${round(h.minTaxPct ?? 0, 1)}% to ${round(h.maxTaxPct ?? 0, 1)}%).`,
    );
  return judged(spec, 'pass', value, `All ${h.sampled} sampled holders could sell.`);
};

/** A capability whose danger depends on who controls the contract. */
function ownerGated(
  f: TokenReportFacts,
  spec: CheckSpec,
  caps: Capability[],
  what: string,
  usedTimes = 0,
  usedWhat = '',
): Evidence {
  const c = capability(f, ...caps);
  const via = c.via.slice(0, 3).join(', ');
  if (usedTimes > 0) return judged(spec, 'fail', true, `${usedWhat} ${usedTimes} time(s) after launch.`);
  if (!c.found) return judged(spec, 'pass', false, `No function to ${what} was found.`);
  const ctl = ownerControl(f);
  if (ctl === 'renounced')
    return judged(spec, 'pass', true, `The contract can ${what} (${via}), but ownership is renounced.`);
  if (ctl === 'unknown')
    return judged(
      spec,
      'warn',
      true,
      `The contract can ${what} (${via}); we could not tell who controls it.`,
    );
  return judged(spec, 'fail', true, `The owner can ${what} (${via}).`);
}

export const checkMint: Check = (f, w) =>
  ownerGated(
    f,
    { check: 'mint', label: 'Mint function', weight: w },
    ['mint'],
    'create new tokens',
    f.events.mintsAfterLaunch,
    'New tokens were minted',
  );

export const checkFeeSetters: Check = (f, w) =>
  ownerGated(
    f,
    { check: 'fee_setters', label: 'Tax can be changed', weight: w },
    ['setFees'],
    'change the buy/sell tax',
    f.events.taxChanges,
    'The tax was changed',
  );

export const checkBlacklist: Check = (f, w) =>
  ownerGated(
    f,
    { check: 'blacklist', label: 'Blacklist / whitelist', weight: w },
    ['blacklist', 'whitelist'],
    'block chosen wallets from trading',
  );

export const checkPause: Check = (f, w) =>
  ownerGated(
    f,
    { check: 'pause', label: 'Pause / trading switch', weight: w },
    ['pause', 'tradingToggle'],
    'pause trading or transfers',
    f.events.pauses,
    'Trading was paused',
  );

export const checkOwnerMovesTokens: Check = (f, w) =>
  ownerGated(
    f,
    { check: 'owner_moves_tokens', label: "Owner can move others' tokens", weight: w },
    ['ownerTransferOthers'],
    "move or change other holders' balances",
  );

export const checkMaxTx: Check = (f, w) => {
  const spec = { check: 'max_tx', label: 'Max transaction / max wallet', weight: w };
  const c = capability(f, 'maxTx', 'maxWallet');
  const maxBuy = f.trade.status === 'ok' ? f.trade.maxBuyEth : null;
  if (!c.found) return judged(spec, 'pass', false, 'No maximum transaction or wallet size was found.');
  return judged(
    spec,
    'warn',
    maxBuy ?? true,
    `Transactions or wallet sizes are capped (${c.via.slice(0, 3).join(', ')})${maxBuy !== null ? `; the largest buy that worked was ${round(maxBuy, 4)} ETH` : ''}, which can stop large holders from selling.`,
  );
};

/** Owner-like control that owner() does not show. */
export const checkHiddenOwner: Check = (f, w) => {
  const spec = { check: 'hidden_owner', label: 'Hidden owner', weight: w };
  const e = f.events;
  const privileged = e.mintsAfterLaunch + e.pauses + e.taxChanges + e.upgrades;
  const ownerHidden = f.token.ownerRenounced !== false;
  if (ownerHidden && privileged > 0)
    return judged(
      spec,
      'warn',
      privileged,
      `owner() shows no active owner, yet ${privileged} privileged action(s) (mint, pause, tax change, upgrade) were recorded.`,
    );
  if (f.token.ownerRenounced === false)
    return judged(
      spec,
      'pass',
      false,
      'The owner is visible through owner(); no hidden owner signs were found.',
    );
  return judged(spec, 'pass', false, 'No privileged actions were recorded, so no hidden owner is evident.');
};

export const checkSelfDestruct: Check = (f, w) => {
  const spec = { check: 'self_destruct', label: 'Self-destruct / external calls', weight: w };
  const sd = capability(f, 'selfDestruct');
  const dc = capability(f, 'delegateCall');
  if (sd.found) return judged(spec, 'fail', 'selfdestruct', 'The contract can self-destruct.');
  if (dc.found && !f.token.proxy)
    return judged(
      spec,
      'warn',
      'delegatecall',
      'The contract runs outside code with delegatecall, which can change its behaviour.',
    );
  return judged(spec, 'pass', false, 'No self-destruct or unexpected delegatecall was found.');
};

export const checkCreatorHistory: Check = (f, w) => {
  const spec = { check: 'creator_history', label: "Creator's earlier rugs", weight: w };
  const d = f.deployer;
  if (!d.address) return judged(spec, 'unknown', null, 'The creator of the token is not known.');
  if (d.ruggedTokens > 0)
    return judged(
      spec,
      'fail',
      d.ruggedTokens,
      `The creator has ${d.ruggedTokens} earlier token(s) whose liquidity was pulled.`,
    );
  if (d.tokensDeployed >= 10)
    return judged(
      spec,
      'warn',
      0,
      `The creator has launched ${d.tokensDeployed} tokens (a serial launcher).`,
    );
  return judged(spec, 'pass', 0, 'The creator has no earlier tokens that lost their liquidity.');
};

export const checkCreatorShare: Check = (f, w) => {
  const spec = { check: 'creator_share', label: 'Creator / owner share', weight: w };
  const who = [f.token.deployer, f.deployer.address, f.token.ownerRenounced ? null : f.token.owner].filter(
    (a): a is NonNullable<typeof a> => !!a,
  );
  const hs = f.holders.top.filter(
    (h) => !isPoolKind(h.kind) && (h.kind === 'deployer' || who.some((a) => sameAddress(a, h.address))),
  );
  if (who.length === 0 && hs.length === 0)
    return judged(
      spec,
      'unknown',
      null,
      "Neither the creator nor the owner is known, so their share can't be checked.",
    );
  const share = round(sharePct(hs), 2);
  const o = gradeAbove(share, CREATOR_SHARE_WARN_PCT, CREATOR_SHARE_FAIL_PCT);
  if (hs.length === 0) return judged(spec, 'pass', 0, 'The creator and owner are not among the top holders.');
  return judged(
    spec,
    o,
    share,
    o === 'pass'
      ? `The creator/owner holds ${pct(share)} of the supply.`
      : `The creator/owner holds ${pct(share)} of the supply (above ${o === 'fail' ? CREATOR_SHARE_FAIL_PCT : CREATOR_SHARE_WARN_PCT}%).`,
  );
};

export const checkTopHolders: Check = (f, w) => {
  const spec = { check: 'top_holders', label: 'Top 10 holders', weight: w };
  if (f.holders.top.length === 0 || f.holders.totalSupply <= 0n)
    return judged(spec, 'unknown', null, 'The holder list is not available.');
  const top10 = circulatingHolders(f).slice(0, 10);
  const share = round(sharePct(top10), 2);
  const o = gradeAbove(share, TOP10_WARN_PCT, TOP10_FAIL_PCT);
  return judged(
    spec,
    o,
    share,
    `The 10 largest holders (not counting pools, lockers and burn addresses) own ${pct(share)} of the supply.`,
  );
};

export const checkHolderCount: Check = (f, w) => {
  const spec = { check: 'holder_count', label: 'Holder count', weight: w };
  const n = f.holders.holderCount;
  if (!Number.isFinite(n) || n < 0 || (n === 0 && f.holders.totalSupply <= 0n))
    return judged(spec, 'unknown', null, 'The number of holders is not known.');
  const o = gradeBelow(n, HOLDERS_FAIL_BELOW, HOLDERS_WARN_BELOW);
  return judged(
    spec,
    o,
    n,
    o === 'pass' ? `${n} wallets hold the token.` : `Only ${n} wallets hold the token.`,
  );
};

export const checkInsiders: Check = (f, w) => {
  const spec = { check: 'insiders', label: 'Insider wallets', weight: w };
  if (!f.deployer.address && !f.token.deployer)
    return judged(spec, 'unknown', null, "Insiders can't be traced because the creator is not known.");
  if (f.holders.top.length === 0) return judged(spec, 'unknown', null, 'The holder list is not available.');
  const ins = f.holders.top.filter((h) => h.fundedByDeployer && !isPoolKind(h.kind) && h.kind !== 'deployer');
  const share = round(sharePct(ins), 2);
  const o = gradeAbove(share, INSIDERS_WARN_PCT, INSIDERS_FAIL_PCT);
  return judged(
    spec,
    o,
    share,
    ins.length === 0
      ? 'No top holder was funded by the creator.'
      : `${ins.length} top holder(s) funded by the creator hold ${pct(share)} of the supply.`,
  );
};

export const checkFreshWallets: Check = (f, w) => {
  const spec = { check: 'fresh_wallets', label: 'Fresh wallets', weight: w };
  const hs = circulatingHolders(f).filter((h) => h.kind === 'eoa' && walletAgeDays(h, f.now) !== null);
  if (hs.length === 0) return judged(spec, 'unknown', null, 'Wallet ages of the top holders are not known.');
  const fresh = hs.filter((h) => (walletAgeDays(h, f.now) ?? Infinity) < FRESH_WALLET_DAYS);
  const share = round(sharePct(fresh), 2);
  const o = gradeAbove(share, FRESH_WARN_PCT, FRESH_FAIL_PCT);
  return judged(
    spec,
    o,
    share,
    fresh.length === 0
      ? `No top holder wallet is younger than ${FRESH_WALLET_DAYS} days.`
      : `${fresh.length} top holder wallet(s) younger than ${FRESH_WALLET_DAYS} days hold ${pct(share)} of the supply.`,
  );
};

export const checkHolderRugHistory: Check = (f, w) => {
  const spec = { check: 'holder_rug_history', label: 'Holders with rug history', weight: w };
  if (f.holders.top.length === 0) return judged(spec, 'unknown', null, 'The holder list is not available.');
  const n = circulatingHolders(f).filter((h) => h.rugHistory > 0).length;
  const o: CheckOutcome = n >= 3 ? 'fail' : n >= 1 ? 'warn' : 'pass';
  return judged(
    spec,
    o,
    n,
    n === 0
      ? 'No top holder was involved in earlier rugs.'
      : `${n} top holder(s) were involved in earlier rugs.`,
  );
};

export const checkLpLocked: Check = (f, w) => {
  const spec = { check: 'lp_locked', label: 'LP locked or burned', weight: w };
  const p = f.mainPool;
  if (!p) return judged(spec, 'unknown', null, 'There is no pool, so there is no liquidity to lock.');
  const safe = lpSafeShare(p);
  const v = round(safe * 100, 1);
  const o = gradeBelow(safe, LP_SAFE_WARN, LP_SAFE_PASS);
  const lockEnds =
    p.lockUnlockTime !== null && p.lpLockedShare > 0 ? (p.lockUnlockTime - f.now) / DAY_S : null;
  if (o === 'pass' && lockEnds !== null && lockEnds < LOCK_EXPIRY_SOON_DAYS && p.lpBurnedShare < LP_SAFE_PASS)
    return judged(
      spec,
      'warn',
      v,
      lockEnds <= 0
        ? `${pct(v)} of the LP is locked or burned, but the lock has already ended.`
        : `${pct(v)} of the LP is locked or burned, but the lock ends in ${round(lockEnds, 1)} days.`,
    );
  return judged(
    spec,
    o,
    v,
    o === 'pass'
      ? `${pct(v)} of the pool's LP tokens are burned or locked.`
      : `Only ${pct(v)} of the pool's LP tokens are burned or locked; the rest can be withdrawn.`,
  );
};

export const checkPoolLiquidity: Check = (f, w) => {
  const spec = { check: 'pool_liquidity', label: 'Pool liquidity', weight: w };
  const p = f.mainPool;
  if (!p)
    return tradesOnlyOnUnreadVenue(f)
      ? judged(spec, 'unknown', null, noPoolSentence(f))
      : judged(spec, 'fail', 0, noPoolSentence(f));
  const v = p.poolValueUsd;
  if (v === null || !Number.isFinite(v))
    return judged(spec, 'unknown', null, "The pool's USD value could not be priced.");
  const o = gradeBelow(v, POOL_FAIL_BELOW_USD, POOL_WARN_BELOW_USD);
  return judged(
    spec,
    o,
    round(v, 2),
    o === 'pass'
      ? `The main pool holds ${usd(v)} of liquidity.`
      : `The main pool holds only ${usd(v)} of liquidity.`,
  );
};

export const checkOwnership: Check = (f, w) => {
  const spec = { check: 'ownership', label: 'Ownership', weight: w };
  if (f.token.ownerRenounced === true)
    return judged(spec, 'pass', true, 'Ownership is renounced: no owner can use owner-only functions.');
  if (f.token.ownerRenounced === false)
    return judged(spec, 'warn', false, 'The contract still has an owner who can use owner-only functions.');
  return judged(
    spec,
    'unknown',
    null,
    'The contract has no readable owner(), so who controls it is unclear.',
  );
};

/** Completed rug. No pool: unknown with no deduction (the missing pool is counted elsewhere). */
export const checkCompletedRug: Check = (f, w) => {
  const spec = { check: 'completed_rug', label: 'Liquidity drained (completed rug)', weight: w };
  if (allPools(f).length === 0)
    return judged(spec, 'unknown', null, 'There is no pool to check for a drain.', 0);
  const r = completedRug(f);
  if (!r.rugged) return judged(spec, 'pass', false, "The pool's liquidity has not been drained.");
  const when = r.event ? ` (tx ${r.event.event.txHash})` : '';
  return judged(spec, 'fail', true, `Rug pulled: ${r.reason}${when}.`);
};

export const checkRecentLpRemoval: Check = (f, w) => {
  const spec = { check: 'recent_lp_removal', label: 'Recent liquidity removal', weight: w };
  if (allPools(f).length === 0) return judged(spec, 'unknown', null, 'There is no pool to watch.', 0);
  const recent = drainEvents(f).filter((d) => d.event.timestamp >= f.now - DAY_S);
  if (recent.length === 0)
    return judged(
      spec,
      'pass',
      0,
      `No removal of ${pct(LP_DRAIN_MIN_SHARE * 100, 0)} or more of the liquidity in 24 h.`,
    );
  const biggest = Math.max(...recent.map((d) => d.share));
  return judged(
    spec,
    biggest >= 0.5 ? 'fail' : 'warn',
    round(biggest * 100, 1),
    `${recent.length} liquidity removal(s) in the last 24 h, the largest taking ${pct(biggest * 100)} of the pool.`,
  );
};

export const checkLpCreatorShare: Check = (f, w) => {
  const spec = { check: 'lp_creator_share', label: "Pool creator's LP share", weight: w };
  const p = f.mainPool;
  if (!p) return judged(spec, 'unknown', null, 'There is no pool.');
  const s = p.lpCreatorShare;
  const o = gradeAbove(s, 0.1, 0.5);
  return judged(
    spec,
    o,
    round(s * 100, 1),
    o === 'pass'
      ? `The pool creator holds ${pct(s * 100)} of the LP tokens.`
      : `The pool creator still holds ${pct(s * 100)} of the LP tokens and can pull that liquidity at any time.`,
  );
};

export const checkTokenAge: Check = (f, w) => {
  const spec = { check: 'token_age', label: 'Token age', weight: w };
  const age = tokenAgeDays(f);
  if (age === null) return judged(spec, 'unknown', null, 'When the token was created is not known.');
  const o = gradeBelow(age, 1, FRESH_WALLET_DAYS);
  return judged(
    spec,
    o,
    age,
    o === 'pass'
      ? `The token is ${Math.floor(age)} days old.`
      : `The token is only ${age} days old; most rugs happen early.`,
  );
};
