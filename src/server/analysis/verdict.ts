/**
 * The verdict (issue 24): one sentence per token, decided once from the evidence the scanner and
 * the rug detector produced, so every page, tool and the CLI say the same thing. Pure.
 *
 * In order — the first that holds decides:
 * 1. Rugged — liquidity removed: the rug detector's completed rug (the pool was drained).
 * 2. Honeypot — cannot be sold: the sell simulation fails for a fresh buyer, for most real holders
 *    who bought through the pool, later (locked wallets), after a clock jump (time bomb) or once
 *    the trading switch opens trading. A buy that fails with no known switch is no honeypot: buyers
 *    cannot enter, which is Dangerous (below).
 * 3. Dangerous: a sell tax at or above VERDICT.dangerousSellTaxPct; an owner power usable today that
 *    mints, moves holders' tokens, raises the tax, blocks holders or pauses (DANGER_CHECKS; a trusted
 *    stablecoin's freeze/pause powers excepted; the mint of a token that behaves as a stablecoin in
 *    every measured way but is not yet established is Caution: its peg held, so it was issuance); a buy that fails; a rug score at or above
 *    VERDICT.dangerousRugScore when selling was tested (untested, the score is mostly unknowns).
 * 4. Unknown — not enough data: selling could not be tested (no pool we read, simulation error).
 * 5. Caution: any other failed check, a buy or sell tax above TAX.warnPct, or a rug score at or
 *    above VERDICT.cautionRugScore.
 * 6. No major risk found: a buy and a sell worked and no check failed.
 *
 * The safety verdict of the recommending tools (`safetyVerdict`) is this verdict: a token is safe to
 * recommend only under "Caution" or "No major risk found".
 */
import {
  type Evidence,
  type LiquidityResult,
  type RugResult,
  type ScannerResult,
  sortEvidenceWorstFirst,
  type TokenReport,
  type TokenVerdict,
  type TraderSummary,
  type VerdictFinding,
  type VerdictKind,
} from '../../shared/analysis';
import type { LiquidityLedger } from '../../shared/liquidity-ledger';
import {
  BUYERS_CANNOT_ENTER,
  COMPLIANCE_CHECKS,
  CREATOR_PULL,
  DANGER_CHECKS,
  HONEYPOT,
  OWNER_POWER_LABELS,
  type OwnerPowerEffect,
  TAX,
  TRADE_SCHEDULE,
  VERDICT,
  VERDICTS,
} from '../../shared/vocabulary';
import { buyersCannotEnter } from './trading-switch';

/** What the verdict reads: evidence lines and a few facts, all literal (tests build them by hand). */
export type VerdictInput = {
  /**
   * The look-alike-code warning (issue 39 item 3): the token's runtime code is the same or nearly
   * the same as a token our verdict called a honeypot. A caution, never a verdict of its own: the
   * simulations decide whether this token is one.
   */
  honeypotTwin?: string | null;
  /** The scanner's and the rug detector's evidence lines (a check listed twice counts once). */
  evidence: readonly Evidence[];
  completedRug: boolean;
  rugScore: number;
  trade: {
    status: string;
    buyTaxPct: number | null;
    sellTaxPct: number | null;
    /**
     * The taxes the trade schedule judges on (analysis/trade-schedule.ts): the worst later fee, or
     * the fee after a launch fee falls; absent when no schedule was simulated.
     */
    scheduledBuyTaxPct?: number | null;
    scheduledSellTaxPct?: number | null;
  };
  holderSells: { sampled: number; failed: number; maxTaxPct: number | null } | null;
  /** The token behaves as a centrally issued stablecoin or a wrapped asset (trusted_asset passes). */
  trustedAsset: boolean;
  /**
   * It behaves as a stablecoin in every measured way but is too young or too little held to be
   * trusted (isUnestablishedStablecoin): its owner's mint has kept the $1 peg — issuance — so it is a
   * reason for Caution, not Dangerous. Other powers and the rug score still count in full.
   */
  unestablishedStablecoin?: boolean;
};

export type VerdictDecision = Omit<TokenVerdict, 'summary'>;

const MAX_FINDINGS = 3;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const pct = (n: number) => `${Math.round(n * 10) / 10}%`;

function byCheck(evidence: readonly Evidence[]): Map<string, Evidence> {
  const out = new Map<string, Evidence>();
  for (const e of evidence) if (!out.has(e.check)) out.set(e.check, e);
  return out;
}

const finding = (e: Evidence): VerdictFinding => ({
  check: e.check,
  label: e.label,
  outcome: e.outcome,
  detail: e.detail,
});

/** The check's own line as the finding, or the one given when the evidence has no line for it. */
function findingOr(
  ev: Map<string, Evidence>,
  check: string,
  fallback: Omit<VerdictFinding, 'check'>,
): VerdictFinding {
  const e = ev.get(check);
  return e ? finding(e) : { check, ...fallback };
}

/** The deciding lines first, then the worst other failed lines, at most MAX_FINDINGS. */
function findingsOf(deciding: VerdictFinding[], evidence: readonly Evidence[]): VerdictFinding[] {
  const out = [...deciding];
  for (const e of sortEvidenceWorstFirst(evidence.filter((x) => x.weight > 0 && x.outcome === 'fail'))) {
    if (out.length >= MAX_FINDINGS) break;
    // A line already said (the buy that fails is the sell simulation's own line) is not repeated.
    if (!out.some((f) => f.check === e.check || f.detail === e.detail)) out.push(finding(e));
  }
  return out.slice(0, MAX_FINDINGS);
}

/**
 * One line from an evidence sentence: the simulation's gas context and the list of later blocks it
 * tried stay in the finding, not in the headline's reason.
 */
export function oneLine(detail: string): string {
  return detail
    .replace(/ \(a fresh wallet paying [^)]*\)/g, '')
    .replace(/, also [\d, ]+(and \d+ )?blocks later/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function decided(kind: VerdictKind, reason: string, findings: VerdictFinding[]): VerdictDecision {
  return { kind, label: VERDICTS[kind].label, reason: oneLine(reason), findings };
}

/** The evidence the verdict reads, by check, and the figures several steps compare. */
type VerdictContext = {
  input: VerdictInput;
  ev: Map<string, Evidence>;
  lines: Evidence[];
  /** The check's line when it failed. */
  failed: (check: string) => Evidence | undefined;
  /** The highest measured sell tax (the simulation's or a sampled holder's); -1 when none was. */
  sellTax: number;
  buyTax: number | null;
  /** Selling could not be tested (no pool we read, simulation error). */
  untested: boolean;
};

function verdictContext(input: VerdictInput): VerdictContext {
  // A trusted asset's issuer controls (mint, ownership, …) are how it works: a check the rug
  // detector excused (weight 0) does not decide, whichever analyser's line says it.
  const excused = new Set(
    input.trustedAsset
      ? input.evidence.filter((e) => e.weight === 0 && e.outcome !== 'pass').map((e) => e.check)
      : [],
  );
  const ev = byCheck(input.evidence.filter((e) => !excused.has(e.check) || e.check === 'completed_rug'));
  return {
    input,
    ev,
    lines: [...ev.values()],
    failed: (check) => {
      const e = ev.get(check);
      return e && e.outcome === 'fail' ? e : undefined;
    },
    sellTax: scheduledTax(
      Math.max(num(input.trade.sellTaxPct) ?? -1, num(input.holderSells?.maxTaxPct) ?? -1),
      num(input.trade.scheduledSellTaxPct),
    ),
    buyTax:
      num(input.trade.buyTaxPct) === null
        ? null
        : scheduledTax(num(input.trade.buyTaxPct) ?? -1, num(input.trade.scheduledBuyTaxPct)),
    // A rug score built mostly from unknowns (selling untested) says "not enough data", not "Dangerous".
    untested: input.trade.status === 'no_pool' || input.trade.status === 'error',
  };
}

/**
 * A tax measured now (and by holders, in the same moment), against the schedule's: a launch fee
 * that fell is judged after its fall; one that rises, on its worst later level.
 */
const scheduledTax = (measured: number, scheduled: number | null) =>
  scheduled === null ? measured : scheduled < measured ? scheduled : Math.max(measured, scheduled);

/** 1. Rugged. */
function ruggedVerdict({ input, ev, lines }: VerdictContext): VerdictDecision | null {
  if (!input.completedRug) return null;
  const f = findingOr(ev, 'completed_rug', {
    label: 'Liquidity drained (completed rug)',
    outcome: 'fail',
    detail: "The pool's liquidity has been removed.",
  });
  return decided('rugged', f.detail, findingsOf([f], lines));
}

/**
 * The sell simulation's failed line, unless it failed because buyers cannot enter: that is Dangerous
 * ("Buy fails", below), not Honeypot.
 */
const sellFailed = (e: Evidence | undefined) => (e && buyersCannotEnter(e) ? undefined : e);

/** 2. Honeypot. */
function honeypotVerdict(x: VerdictContext): VerdictDecision | null {
  const { input, failed, lines } = x;
  // A V4 hook that keeps the input or reverts sells is a honeypot like a failed sell (hook-checks.ts).
  const honeypot = sellFailed(failed('honeypot')) ?? failed('hook_honeypot');
  const h = input.holderSells;
  // Holders stuck in a launch window the schedule saw open are not a honeypot (Caution says when).
  const holdersStuck =
    !!h && h.sampled > 0 && h.failed / h.sampled >= HONEYPOT.failedHolderShare && !sellsOpenLater(x.ev);
  const holderSells = failed('holder_sells');
  if (!honeypot && !(holdersStuck && holderSells)) return null;
  const first = finding((honeypot ?? holderSells) as Evidence);
  return decided('honeypot', first.detail, findingsOf([first], lines));
}

/**
 * The failed owner-power checks: dangerous ones, and those that are Caution for this token (an
 * unestablished stablecoin's mint, which kept its peg: issuance).
 */
function ownerPowerFindings({ input, failed }: VerdictContext): {
  danger: VerdictFinding[];
  issuance: VerdictFinding[];
} {
  const danger: VerdictFinding[] = [];
  const issuance: VerdictFinding[] = [];
  for (const check of DANGER_CHECKS) {
    if (input.trustedAsset && (COMPLIANCE_CHECKS as readonly string[]).includes(check)) continue;
    const e = failed(check);
    if (!e) continue;
    if (check === 'mint' && input.unestablishedStablecoin)
      issuance.push({
        ...finding(e),
        outcome: 'warn',
        detail: `The owner can mint; the price has held its $1 peg (issuance of a stablecoin, not dilution), but it is not yet an established stablecoin. ${e.detail}`,
      });
    else danger.push(finding(e));
  }
  return { danger, issuance };
}

/** 3. Dangerous. */
function dangerousVerdict(x: VerdictContext): VerdictDecision | null {
  const { input, ev, sellTax } = x;
  const danger: VerdictFinding[] = [];
  if (sellTax >= VERDICT.dangerousSellTaxPct) {
    const e = ev.get('sell_tax');
    danger.push({
      check: 'sell_tax',
      label: e?.label ?? 'Sell tax',
      outcome: 'fail',
      detail: `A sell pays ${pct(sellTax)} tax (at or above ${VERDICT.dangerousSellTaxPct}%): half or more of every exit is taken.`,
    });
  }
  danger.push(...ownerPowerFindings(x).danger);
  if (input.trade.status === 'buy_failed') {
    const e = ev.get('honeypot');
    danger.push({
      check: 'buy_fails',
      label:
        !e || !buyersCannotEnter(e)
          ? 'Buy fails'
          : e.value === BUYERS_CANNOT_ENTER.noSwitch
            ? 'Buyers cannot enter (no privileged call opens trading)'
            : 'Buyers cannot enter',
      outcome: 'fail',
      detail: e?.detail ?? 'A simulated buy failed: trading may not be open, or buys are blocked.',
    });
  }
  if (!x.untested && input.rugScore >= VERDICT.dangerousRugScore) {
    danger.push({
      check: 'rug_score',
      label: 'Rug score',
      outcome: 'fail',
      detail: `The rug detector scores it ${Math.round(input.rugScore)}/100 (CRITICAL from ${VERDICT.dangerousRugScore}).`,
    });
  }
  if (danger.length === 0) return null;
  const reason =
    danger.length === 1
      ? (danger[0] as VerdictFinding).detail
      : `${danger.length} serious findings: ${danger.map((d) => d.label.replace(/ \(measured\)$/, '')).join('; ')}.`;
  return decided('dangerous', reason, findingsOf(danger, x.lines));
}

/**
 * The danger checks that could not be checked (a failed read, a simulation that did not run, no
 * subject to test on). Unknown is sticky (issue 40): such a check never counts as "no danger".
 */
function uncheckedDangers({ input, ev }: VerdictContext): Evidence[] {
  return DANGER_CHECKS.flatMap((check) => {
    if (input.trustedAsset && (COMPLIANCE_CHECKS as readonly string[]).includes(check)) return [];
    const e = ev.get(check);
    return e && e.outcome === 'unknown' && e.weight > 0 ? [e] : [];
  });
}

/** 4. Unknown: selling could not be tested, or a danger check could not be checked. */
function unknownVerdict(x: VerdictContext): VerdictDecision | null {
  const { untested, ev, lines } = x;
  if (untested) {
    const f = findingOr(ev, 'honeypot', {
      label: 'Sell simulation (honeypot)',
      outcome: 'unknown',
      detail: 'Selling could not be tested.',
    });
    return decided('unknown', f.detail, findingsOf([f], lines));
  }
  const unchecked = uncheckedDangers(x);
  if (unchecked.length === 0) return null;
  const names = unchecked.map((e) => e.label.replace(/ \(measured\)$/, '').toLowerCase()).join(', ');
  return decided(
    'unknown',
    `It can be sold, but ${unchecked.length === 1 ? 'one danger check' : `${unchecked.length} danger checks`} could not be checked (${names}): ${(unchecked[0] as Evidence).detail}`,
    findingsOf(unchecked.map(finding), lines),
  );
}

/** The sell simulation's line when sells fail now but the schedule saw them open later. */
const sellsOpenLater = (ev: VerdictContext['ev']) => {
  const e = ev.get('honeypot');
  return e?.outcome === 'warn' && e.value === TRADE_SCHEDULE.sellsOpenLater ? e : undefined;
};

/** 5. Caution. */
function cautionVerdict(x: VerdictContext): VerdictDecision | null {
  const { input, ev, lines, sellTax, buyTax } = x;
  const caution: VerdictFinding[] = [...ownerPowerFindings(x).issuance];
  const opens = sellsOpenLater(ev);
  if (opens) caution.push(finding(opens));
  if (sellTax > TAX.warnPct || (buyTax ?? 0) > TAX.warnPct) {
    const sell = sellTax > TAX.warnPct;
    caution.push(
      findingOr(ev, sell ? 'sell_tax' : 'buy_tax', {
        label: sell ? 'Sell tax' : 'Buy tax',
        outcome: 'warn',
        detail: `Tax above ${TAX.warnPct}%: buy ${buyTax === null ? 'unknown' : pct(buyTax)}, sell ${sellTax < 0 ? 'unknown' : pct(sellTax)}.`,
      }),
    );
  }
  if (input.honeypotTwin)
    caution.push({
      check: 'code_twin',
      label: 'Code twin of a honeypot',
      outcome: 'warn',
      detail: input.honeypotTwin,
    });
  if (input.rugScore >= VERDICT.cautionRugScore)
    caution.push({
      check: 'rug_score',
      label: 'Rug score',
      outcome: 'warn',
      detail: `The rug detector scores it ${Math.round(input.rugScore)}/100 (HIGH from ${VERDICT.cautionRugScore}).`,
    });
  const otherFails = sortEvidenceWorstFirst(
    lines.filter((e) => e.weight > 0 && e.outcome === 'fail' && !caution.some((c) => c.check === e.check)),
  );
  if (caution.length === 0 && otherFails.length === 0) return null;
  const findings = findingsOf(caution, lines);
  const first = findings[0] as VerdictFinding;
  const more = otherFails.length + caution.length - 1;
  return decided(
    'caution',
    `It can be sold, but: ${first.detail.replace(/\.$/, '')}${more > 0 ? ` (and ${more} more finding${more === 1 ? '' : 's'})` : ''}.`,
    findings,
  );
}

/** 6. No major risk found. */
function noMajorRiskVerdict({ lines, buyTax, sellTax }: VerdictContext): VerdictDecision {
  const warns = lines.filter((e) => e.weight > 0 && e.outcome === 'warn').length;
  const taxes = buyTax !== null && sellTax >= 0 ? ` (buy tax ${pct(buyTax)}, sell tax ${pct(sellTax)})` : '';
  return decided(
    'no_major_risk',
    `A buy and a sell through the pool worked${taxes} and no check failed${warns > 0 ? `; ${warns} check${warns === 1 ? '' : 's'} warn (see the evidence)` : ''}.`,
    [],
  );
}

/** The first of the six verdicts (the list at the top of this file) whose condition holds. */
export function decideVerdict(input: VerdictInput): VerdictDecision {
  const x = verdictContext(input);
  return (
    ruggedVerdict(x) ??
    honeypotVerdict(x) ??
    dangerousVerdict(x) ??
    unknownVerdict(x) ??
    cautionVerdict(x) ??
    noMajorRiskVerdict(x)
  );
}

const isTrustedKind = (v: Evidence['value']) => v === 'stablecoin' || v === 'wrapped';

/** The parts the verdict is built from, before their score bands (which need the verdict). */
type ReportParts = {
  /** The lineage finding's honeypot twin line (trading-patterns.ts honeypotTwinLine), when any. */
  honeypotTwin?: string | null;
  scanner: ScannerResult;
  rug: RugResult;
  facts: TokenReport['facts'];
  liquidity: LiquidityResult;
};

export function verdictInputOf(r: ReportParts): VerdictInput {
  const t = r.facts.trade;
  const evidence = [...r.scanner.evidence, ...r.rug.evidence];
  return {
    honeypotTwin: r.honeypotTwin ?? null,
    evidence,
    completedRug: r.rug.completedRug,
    rugScore: r.rug.rugScore,
    trade: {
      status: String(t.status ?? 'error'),
      buyTaxPct: num(t.buyTaxPct),
      sellTaxPct: num(t.sellTaxPct),
      scheduledBuyTaxPct: num(t.scheduledBuyTaxPct),
      scheduledSellTaxPct: num(t.scheduledSellTaxPct),
    },
    holderSells: r.facts.holderSells,
    // The line passes for every token ("Not a trusted asset: judged like any other token" is a pass
    // too); only its value — the kind found — says the token IS one.
    trustedAsset: evidence.some((e) => e.check === 'trusted_asset' && isTrustedKind(e.value)),
    unestablishedStablecoin: evidence.some(
      (e) => e.check === 'trusted_asset' && e.value === 'unestablished_stablecoin',
    ),
  };
}

/** The figures a trader reads first, from the report's facts (nothing estimated). */
export function traderSummary(r: ReportParts): TraderSummary {
  const f = r.facts;
  const t = f.trade;
  const h = f.holderSells;
  let canSell: boolean | null;
  let canSellDetail: string;
  const honeypot = r.scanner.evidence.find((e) => e.check === 'honeypot');
  if (h && h.sampled > 0) {
    canSell = h.failed / h.sampled < HONEYPOT.failedHolderShare && honeypot?.outcome !== 'fail';
    canSellDetail = `${canSell ? 'yes' : 'no'}: ${h.couldSell} of ${h.sampled} sampled holders could sell`;
  } else if (t.status === 'ok' || t.status === 'sell_failed') {
    canSell = t.status === 'ok' && honeypot?.outcome !== 'fail';
    canSellDetail = canSell
      ? 'yes: a simulated buy and sell worked (no holder sample)'
      : `no: ${honeypot?.detail ?? 'the simulated sell failed'}`;
  } else {
    canSell = null;
    canSellDetail = `not tested: ${honeypot?.detail ?? 'the sell could not be simulated'}`;
  }
  const p = f.ownerPowers;
  const label = (e: string) => OWNER_POWER_LABELS[e as OwnerPowerEffect] ?? e;
  const ownerPowersNow = [
    ...new Set(
      p.powers
        .filter((x) => x.usable)
        .map((x) => `${x.effects.map(label).join(' / ')} (${x.function.split('(')[0]})`),
    ),
  ];
  const mainPair = r.liquidity.pools[0]?.pool;
  const main = f.pools.find((x) => x.pair === mainPair) ?? f.pools[0] ?? null;
  const top = r.scanner.evidence.find((e) => e.check === 'top_holders');
  return {
    buyTaxPct: num(t.buyTaxPct),
    sellTaxPct: num(t.sellTaxPct),
    transferTaxPct: num(t.transferTaxPct),
    canSell,
    canSellDetail,
    ownerPowersNow,
    ownerPowersChecked: p.status === 'simulated' || p.status === 'no_callers',
    lpLockedShare: main ? Math.min(1, main.lpLockedShare + main.lpBurnedShare) : null,
    lpUnlockAt: main?.lockUnlockTime ?? null,
    ...pullableNow(main?.liquidityLedger ?? null),
    top10SharePct: top && typeof top.value === 'number' ? top.value : null,
    mainPool: main?.pair ?? null,
  };
}

/** The ledger's reading of the main pool for the summary tile (issue 35): what the creator can pull now. */
function pullableNow(l: LiquidityLedger | null) {
  if (!l) return {};
  const next = l.unlockSchedule[0];
  const unlockNote = next
    ? `${Math.round(next.activeShare * 100)}% unlocks on ${new Date(next.time * 1000).toUTCString().slice(5, 16)}`
    : l.lockedForeverShare && l.lockedForeverShare > CREATOR_PULL.mostShare
      ? `${Math.round(l.lockedForeverShare * 100)}% locked for good or burned`
      : null;
  return {
    creatorPullableShare: l.creatorPullableShare,
    creatorPullableUsd: l.creatorPullableUsd,
    unlockNote,
  };
}

export function tokenVerdict(r: ReportParts): TokenVerdict {
  return { ...decideVerdict(verdictInputOf(r)), summary: traderSummary(r) };
}

/** May the token be recommended (Pump Finder, yield)? Only under Caution or No major risk found. */
export function isRecommendable(v: Pick<TokenVerdict, 'kind'>): boolean {
  return v.kind === 'caution' || v.kind === 'no_major_risk';
}
