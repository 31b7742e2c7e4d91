/**
 * The terminal report of `flab scan` (pure: report in, text out). Every string that comes from the
 * chain — token name and symbol, revert reasons, labels built from them — is written by whoever
 * deployed the token, so control characters (ANSI escapes, carriage returns, bidi overrides) are
 * shown escaped and never reach the terminal raw.
 */
import type { CheckOutcome, Evidence, TokenReport } from '../shared/analysis';
import {
  type ShownBand,
  type SubScoreBand,
  subScoreNote,
  VERDICTS,
  type VerdictTone,
} from '../shared/vocabulary';

export type RenderOptions = { color?: boolean; source?: string };

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** Makes an attacker-written string safe to print: control and bidi characters become escapes. */
export function escapeForTerminal(value: unknown, max = 200): string {
  const s = value === null || value === undefined ? '' : String(value);
  const clipped = s.length > max ? `${s.slice(0, max)}…` : s;
  return clipped.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

/** JSON for the terminal: JSON escapes C0 controls itself; C1 and bidi characters are escaped too. */
export function renderJson(report: unknown): string {
  const json = JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2);
  return json.replace(
    /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const MARK: Record<CheckOutcome, string> = { pass: '✓', warn: '⚠', fail: '✗', unknown: '?' };
const ANSI = { red: 31, green: 32, yellow: 33, orange: 33, magenta: 35, dim: 2, bold: 1, cyan: 36 } as const;
type Style = keyof typeof ANSI;
const BAND_STYLE: Record<SubScoreBand, Style> = {
  muted: 'dim',
  green: 'green',
  yellow: 'yellow',
  orange: 'orange',
  red: 'red',
};
const TONE_STYLE: Record<VerdictTone, Style> = {
  critical: 'red',
  high: 'red',
  medium: 'yellow',
  low: 'green',
  unknown: 'dim',
};
const OUTCOME_STYLE: Record<CheckOutcome, Style> = {
  pass: 'green',
  warn: 'yellow',
  fail: 'red',
  unknown: 'dim',
};

function fmtUsd(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return 'unknown';
  if (Math.abs(n) >= 1e9) return `$${(n / 1e9).toFixed(2)}B`;
  if (Math.abs(n) >= 1e6) return `$${(n / 1e6).toFixed(2)}M`;
  if (Math.abs(n) >= 1e3) return `$${(n / 1e3).toFixed(1)}K`;
  if (Math.abs(n) >= 1) return `$${n.toFixed(2)}`;
  return `$${n.toPrecision(3)}`;
}
const fmtPct = (n: number | null | undefined, digits = 2) =>
  n === null || n === undefined || !Number.isFinite(n) ? 'unknown' : `${Number(n.toFixed(digits))}%`;
const fmtDate = (ms: number | null | undefined) =>
  ms === null || ms === undefined || !Number.isFinite(ms)
    ? 'unknown'
    : new Date(ms).toISOString().slice(0, 10);
const fmtValue = (v: Evidence['value']) =>
  v === null ? '—' : typeof v === 'number' ? String(Number(v.toFixed(4))) : escapeForTerminal(v, 60);

/** Colours a string when the report is printed in colour, else leaves it as it is. */
type Paint = (style: Style, s: string) => string;

const e = escapeForTerminal;
const heading = (c: Paint, s: string) => ['', c('bold', s)];
const symbolOf = (report: TokenReport) => (report.facts.symbol === null ? '?' : e(report.facts.symbol, 30));

/** The token's name, address and where the report came from, then whether its source is verified. */
function headerLines(report: TokenReport, opts: RenderOptions, c: Paint): string[] {
  const f = report.facts;
  const name = f.name === null ? 'unknown name' : e(f.name, 80);
  return [
    `${c('bold', `${name} (${symbolOf(report)})`)}  ${e(report.address, 42)}`,
    c(
      'dim',
      `report of ${new Date(report.generatedAt).toISOString()}${opts.source ? ` · ${e(opts.source, 120)}` : ''}`,
    ),
  ];
}

/** The verdict first: one sentence a trader reads in a second (issue 24), its findings and figures. */
function verdictLines(report: TokenReport, c: Paint): string[] {
  const verdict = report.verdict;
  const tone = TONE_STYLE[VERDICTS[verdict.kind].tone];
  const out = ['', c('bold', c(tone, `VERDICT: ${verdict.label}`)), `  ${e(verdict.reason, 300)}`];
  for (const x of verdict.findings)
    out.push(`  ${c(OUTCOME_STYLE[x.outcome], MARK[x.outcome])} ${e(x.label, 60)}: ${e(x.detail, 240)}`);
  const s = verdict.summary;
  const pctOrUnknown = (x: number | null) => (x === null ? 'not measured' : fmtPct(x, 1));
  out.push(
    `  tax buy ${pctOrUnknown(s.buyTaxPct)} · sell ${pctOrUnknown(s.sellTaxPct)} · transfer ${pctOrUnknown(s.transferTaxPct)} · can sell: ${e(s.canSellDetail, 120)}`,
    `  owner powers usable now: ${!s.ownerPowersChecked ? 'not checked' : s.ownerPowersNow.length ? e(s.ownerPowersNow.join(', '), 200) : 'none found'} · LP locked/burned ${s.lpLockedShare === null ? 'no pool' : fmtPct(s.lpLockedShare * 100, 1)}${s.lpUnlockAt ? ` until ${fmtDate(s.lpUnlockAt * 1000)}` : ''} · top 10 hold ${s.top10SharePct === null ? 'unknown' : fmtPct(s.top10SharePct, 1)}`,
  );
  const v = report.facts.verification;
  out.push(
    `source: ${v.status === 'verified' ? c('green', 'verified') : v.status === 'unverified' ? c('red', 'unverified') : c('dim', 'unknown')}` +
      `${v.contractName ? ` (${e(v.contractName, 80)})` : ''}${v.source ? c('dim', ` via ${e(v.source, 60)}`) : ''}`,
  );
  return out;
}

/**
 * Each score in the band the server decided under the verdict (the report's `bands`: greyed or
 * never green; the scanner and the rug detector, which the verdict is built from, are only kept out
 * of green). The CLI prints it and works out none itself.
 */
function scoreLines(r: TokenReport, c: Paint): string[] {
  const band = (score: number, shown: ShownBand) => {
    const b = shown.band;
    return c(BAND_STYLE[b], `${String(score).padStart(3)}/100 ${(b === 'muted' ? 'n/m' : b).padEnd(6)}`);
  };
  const rows: [string, number, ShownBand, string][] = [
    ['Scanner', r.scanner.score, r.scanner.bands.score, r.scanner.status],
    [
      'Rug detector',
      r.rug.score,
      r.rug.bands.score,
      `${r.rug.riskLevel} risk · rug score ${r.rug.rugScore} · data for ${Math.round(r.rug.dataCoverage * 100)}% of its features`,
    ],
    [
      'Whales',
      r.whales.score,
      r.whales.bands.score,
      `${r.whales.whaleCount} whales · top 5 hold ${fmtPct(r.whales.concentration.topFivePercentage, 1)}`,
    ],
    [
      'Liquidity',
      r.liquidity.score,
      r.liquidity.bands.score,
      `${r.liquidity.riskLevel} risk · ${e(r.liquidity.liquidityData.liquidityHealth, 40)}`,
    ],
    [
      'FLAB Score',
      r.flabScore.score,
      r.flabScore.bands.score,
      `grade ${r.flabScore.grade} · ${r.flabScore.status}`,
    ],
    ['Health', r.health.overallScore, r.health.bands.overall, r.health.level],
  ];
  const out = heading(c, 'Scores');
  for (const [label, score, shown, note] of rows)
    out.push(`  ${label.padEnd(13)} ${band(score, shown)}  ${e(note, 120)}`);
  const note = subScoreNote(r.verdict.kind);
  if (note) out.push(c('dim', `  (sub-scores ${note})`));
  return out;
}

/** The simulated buy and sell, and the sampled holders' own sells. */
function tradeLines(report: TokenReport, c: Paint): string[] {
  const out = heading(c, 'Trade simulation');
  const t = report.facts.trade;
  const num = (x: unknown) => (typeof x === 'number' ? fmtPct(x) : 'unknown');
  const reason = t.revertReason ? ` — "${e(t.revertReason, 120)}"` : '';
  if (t.status === 'ok') {
    out.push(
      `  ${c('green', MARK.pass)} buy and sell succeed · buy tax ${num(t.buyTaxPct)} · sell tax ${num(t.sellTaxPct)} · transfer tax ${num(t.transferTaxPct)}`,
    );
  } else if (t.status === 'sell_failed') {
    out.push(`  ${c('red', MARK.fail)} HONEYPOT: selling fails${reason}`);
    out.push(`    buy tax ${num(t.buyTaxPct)}`);
  } else if (t.status === 'buy_failed') {
    out.push(`  ${c('red', MARK.fail)} buying fails${reason}`);
  } else {
    out.push(
      `  ${c('dim', MARK.unknown)} not simulated (${e(t.status, 30)}${t.message ? `: ${e(t.message, 120)}` : ''})`,
    );
  }
  const h = report.facts.holderSells;
  if (h) {
    out.push(
      `  ${h.failed > 0 ? c('red', MARK.fail) : c('green', MARK.pass)} ${h.couldSell}/${h.sampled} sampled holders could sell` +
        (h.minTaxPct !== null ? ` · tax ${fmtPct(h.minTaxPct)}–${fmtPct(h.maxTaxPct)}` : ''),
    );
  }
  return out;
}

/** The main pool's value, impact and LP shares, then the LP drains. */
function liquidityLines(r: TokenReport, c: Paint): string[] {
  const out = heading(c, 'Liquidity');
  const ld = r.liquidity.liquidityData;
  const pool = r.facts.pools[0];
  if (pool) {
    out.push(`  pool          ${e(pool.pair, 42)} (${symbolOf(r)}/${e(pool.quoteSymbol, 20)})`);
    out.push(
      `  value         ${fmtUsd(ld.poolValue)} · price ${fmtUsd(pool.priceUsd)} · 24 h volume ${fmtUsd(ld.tradingVolume24h)}`,
    );
    out.push(`  impact        ${fmtPct(ld.priceImpact)} for a ${fmtUsd(r.liquidity.amountUsd)} trade`);
    out.push(
      `  LP            ${fmtPct(pool.lpLockedShare * 100, 1)} locked${ld.liquidityLockTime ? ` until ${fmtDate(ld.liquidityLockTime)}` : ''} · ${fmtPct(pool.lpBurnedShare * 100, 1)} burned · ${fmtPct(pool.lpCreatorShare * 100, 1)} with the creator`,
    );
    out.push(...ledgerLines(pool.liquidityLedger, c));
  } else {
    out.push(`  ${c('dim', 'no pool found')}`);
  }
  const drains = r.liquidity.rugAnalysis.lpDrainEvents;
  if (drains.count > 0) {
    out.push(`  ${c('red', MARK.fail)} ${drains.count} LP drain event(s):`);
    for (const d of drains.events.slice(0, 5))
      out.push(`    ${fmtDate(d.time)} ${fmtPct(d.shareOfPool * 100, 1)} of the pool · tx ${e(d.hash, 66)}`);
  }
  return out;
}

type Ledger = NonNullable<TokenReport['facts']['pools'][number]['liquidityLedger']>;

/** Who can pull the main pool's liquidity (the ledger, issue 35): shares of active liquidity. */
function ledgerLines(l: Ledger | undefined, c: Paint): string[] {
  if (!l) return [];
  const share = (x: number | null) => (x === null ? 'unknown' : fmtPct(x * 100, 1));
  const pull = l.creatorPullableShare;
  const paint = pull === null ? 'dim' : pull > 0 ? 'red' : 'green';
  const out = [
    `  who can pull  ${c(paint, `creator's side ${share(pull)} now`)}${l.creatorPullableUsd !== null ? ` (${fmtUsd(l.creatorPullableUsd)})` : ''} · independent ${share(l.independentShare)} · locked for good ${share(l.lockedForeverShare)} · unknown ${share(l.unknownShare)}`,
  ];
  for (const u of l.unlockSchedule.slice(0, 3))
    out.push(`    unlocks ${fmtDate(u.time * 1000)}: ${fmtPct(u.activeShare * 100, 1)} of the liquidity`);
  if (l.note) out.push(`    ${c('dim', e(l.note, 200))}`);
  return out;
}

function holderLines(r: TokenReport, c: Paint): string[] {
  const out = heading(c, `Top holders (${r.facts.holderCount} holders)`);
  const holders = r.whales.topHolders.slice(0, 10);
  if (holders.length === 0) out.push(`  ${c('dim', 'none known')}`);
  for (const h of holders) {
    out.push(
      `  ${String(h.rank).padStart(2)}. ${e(h.address, 42)} ${fmtPct(h.percentage).padStart(7)}  ${e(h.walletType, 30)}` +
        (h.walletAge !== null ? c('dim', ` · ${h.walletAge} d old`) : '') +
        (h.rugHistory > 0 ? c('red', ` · ${h.rugHistory} rug(s)`) : ''),
    );
  }
  return out;
}

/** Every analyser's evidence lines, each with its mark, value, impact and sentence. */
function evidenceLines(r: TokenReport, c: Paint): string[] {
  const sections: [string, Evidence[]][] = [
    ['Scanner', r.scanner.evidence],
    ['Rug detector', r.rug.evidence],
    ['Whales', r.whales.evidence],
    ['Liquidity', r.liquidity.evidence],
    ['Health', [...r.health.evidence, ...r.health.communityEvidence, ...r.health.momentumEvidence]],
  ];
  const out: string[] = [];
  for (const [title, evidence] of sections) {
    if (evidence.length === 0) continue;
    out.push(...heading(c, `Evidence: ${title}`));
    for (const ev of evidence) {
      const impact = ev.weight > 0 ? c('dim', ` −${Number(ev.impact.toFixed(1))}/${ev.weight}`) : '';
      out.push(
        `  ${c(OUTCOME_STYLE[ev.outcome], MARK[ev.outcome])} ${e(ev.label, 40).padEnd(32)} ${fmtValue(ev.value).padEnd(14)}${impact}`,
      );
      out.push(`      ${c('dim', e(ev.detail, 200))}`);
    }
  }
  return out;
}

/** Snipers, bundles, wash volume and lineage (issue 39): each headline and its evidence lines. */
function patternLines(r: TokenReport, c: Paint): string[] {
  const p = r.tradingPatterns;
  if (!p) return [];
  const out = [...heading(c, 'Trading patterns (main pool, from the index)')];
  out.push(`  ${e(p.snipers.headline, 400)}`);
  for (const g of p.snipers.groups.slice(0, 5)) out.push(`      ${c('dim', e(g.evidence, 200))}`);
  out.push(`  ${e(p.wash.headline, 300)}`);
  for (const w of p.wash.wallets.slice(0, 5)) out.push(`      ${c('dim', e(w.evidence, 200))}`);
  if (p.lineage) {
    out.push(`  ${e(p.lineage.headline, 400)}`);
    for (const t of p.lineage.tokens.slice(0, 5)) out.push(`      ${c('dim', e(t.evidence, 200))}`);
  }
  return out;
}

function closingLines(r: TokenReport, c: Paint): string[] {
  const out = r.rug.recommendation
    ? [...heading(c, 'Recommendation'), `  ${e(r.rug.recommendation, 300)}`]
    : [];
  out.push(
    '',
    c('dim', 'Scores: 100 − the sum of the evidence impacts (−impact/weight). Not financial advice.'),
  );
  return out;
}

export function renderReport(report: TokenReport, opts: RenderOptions = {}): string {
  const c: Paint = (style, s) => (opts.color ? `\u001b[${ANSI[style]}m${s}\u001b[0m` : s);
  const out = [
    ...headerLines(report, opts, c),
    ...verdictLines(report, c),
    ...scoreLines(report, c),
    ...tradeLines(report, c),
    ...liquidityLines(report, c),
    ...holderLines(report, c),
    ...patternLines(report, c),
    ...evidenceLines(report, c),
    ...closingLines(report, c),
  ];
  return `${out.join('\n')}\n`;
}
