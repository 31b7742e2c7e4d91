/**
 * The embeddable safety badge (issue 26): a token's verdict, its FLAB Score and when they were
 * computed, as an SVG (and a PNG rasterised from the same SVG, badge/png.ts). Pure: the route hands
 * it a report (or the reason there is none) and gets text back.
 *
 * Everything shown comes from the report we computed. An address that is not a token, or a token
 * whose analysis failed, gets a badge that says so and shows no score: a badge is shown on other
 * people's pages, where a made-up number would do the most harm.
 *
 * Token names and symbols come from the chain and are hostile: they are cut to a short length,
 * stripped of control characters and XML-escaped before they reach the SVG.
 */
import type { TokenReport } from '../../shared/analysis';
import { analysisPath, BADGE_HEIGHT, BADGE_WIDTH } from '../../shared/badge';
import { type BadgeVerdict, badgeVerdictOf } from './verdict';

export type BadgeFormat = 'svg' | 'png';

export type BadgeModel =
  | {
      kind: 'report';
      address: string;
      symbol: string | null;
      verdict: BadgeVerdict;
      /** The FLAB Score (0–100) of the same report. */
      score: number;
      /** ms epoch of the facts the report was computed from. */
      computedAt: number;
      /** The trading-pattern findings (issue 39), said in the hover text; [] when none. */
      findings?: string[];
    }
  | {
      kind: 'unknown' | 'failed';
      address: string;
      /** One short sentence: "Not a token contract", "Analysis unavailable". */
      reason: string;
    };

/** Who can pull the main pool's liquidity now (the ledger, issue 35), in one hover sentence. */
function liquidityFinding(report: TokenReport): string[] {
  const share = report.facts.pools[0]?.liquidityLedger?.creatorPullableShare;
  if (share === undefined) return [];
  if (share === null) return ['Who can pull the liquidity could not be read.'];
  if (share === 0) return ["The creator's side can pull none of the liquidity now."];
  return [`The creator's side can pull ${Math.round(share * 1000) / 10}% of the liquidity now.`];
}

export function badgeFromReport(report: TokenReport): BadgeModel {
  return {
    kind: 'report',
    address: report.address.toLowerCase(),
    symbol: report.scanner.details.symbol ?? report.facts.symbol,
    verdict: badgeVerdictOf(report),
    score: report.flabScore.flabScore,
    computedAt: report.generatedAt,
    findings: [...liquidityFinding(report), ...(report.tradingPatterns?.findings ?? [])],
  };
}

const MAX_SYMBOL_CHARS = 12;

/** Hostile chain text → at most `max` printable characters (no controls, no bidi overrides). */
export function cleanChainText(s: string | null | undefined, max = MAX_SYMBOL_CHARS): string | null {
  if (!s) return null;
  const clean = [...s]
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .filter((c) => !/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/.test(c))
    .join('')
    .trim();
  if (!clean) return null;
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : clean;
}

/** XML text and attribute escaping (the five predefined entities). */
export function escapeXml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** "2026-11-26 12:04 UTC": the time a report was computed, readable on any page. */
export function formatComputedAt(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const COLOURS = {
  safe: '#15803d',
  caution: '#b45309',
  danger: '#b91c1c',
  neutral: '#52525b',
} as const;

/** Bold DejaVu Sans averages about 0.64 em per character: the largest size (≤ 14) that fits. */
function headlineSize(text: string, widthPx: number): number {
  const chars = [...text].length;
  return Math.max(9, Math.min(14, Math.floor(widthPx / (chars * 0.64))));
}

/** The badge as an SVG document (UTF-8 text). */
export function renderBadgeSvg(m: BadgeModel): string {
  const short = `${m.address.slice(0, 6)}…${m.address.slice(-4)}`;
  let colour: string;
  let headline: string;
  let subline: string;
  let scoreText: string | null = null;
  if (m.kind === 'report') {
    colour = COLOURS[m.verdict.tone];
    const symbol = cleanChainText(m.symbol) ?? short;
    headline = `${symbol}: ${m.verdict.label}`;
    scoreText = `${m.score}/100`;
    subline = `FLAB Score · computed ${formatComputedAt(m.computedAt)}`;
  } else {
    colour = COLOURS.neutral;
    headline = `${short}: ${m.reason}`;
    subline = m.kind === 'unknown' ? 'No score: nothing to analyse' : 'No score: try again later';
  }
  const findings = m.kind === 'report' && m.findings?.length ? `. ${m.findings.join(' ')}` : '';
  const title = `FLAB Hub: ${headline}${scoreText ? `, FLAB Score ${scoreText}` : ''}${findings}`;
  const e = escapeXml;
  const W = BADGE_WIDTH;
  const H = BADGE_HEIGHT;
  const left = 84;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${e(title)}">`,
    `<title>${e(title)}</title>`,
    // Relative: the link follows the site that served the badge, and no Host header is echoed.
    `<a href="${e(analysisPath(m.address))}" target="_blank">`,
    `<rect width="${W}" height="${H}" rx="8" fill="#18181b"/>`,
    `<rect width="${left}" height="${H}" rx="8" fill="${colour}"/>`,
    `<rect x="${left - 8}" width="8" height="${H}" fill="${colour}"/>`,
    `<g font-family="DejaVu Sans, Verdana, sans-serif" fill="#ffffff">`,
    `<text x="${left / 2}" y="24" font-size="11" text-anchor="middle">FLAB Hub</text>`,
    `<text x="${left / 2}" y="46" font-size="${scoreText ? 17 : 13}" font-weight="bold" text-anchor="middle">${e(scoreText ?? 'no score')}</text>`,
    `<text x="${left + 12}" y="27" font-size="${headlineSize(headline, W - left - 20)}" font-weight="bold">${e(headline)}</text>`,
    `<text x="${left + 12}" y="47" font-size="10" fill="#d4d4d8">${e(subline)}</text>`,
    `</g>`,
    `</a>`,
    `</svg>`,
  ].join('');
}
