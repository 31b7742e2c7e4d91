import { describe, expect, it } from 'vitest';
import { analyseToken } from '../server/analysis/report';
import type { TokenReportFacts } from '../server/facts/types';
import { FIXTURES, honeypotToken, ruggedToken, safeToken } from '../server/test-support/fixtures';
import { escapeForTerminal, renderJson, renderReport } from './render';

// biome-ignore lint/suspicious/noControlCharactersInRegex: asserting their absence
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('flab scan terminal report', () => {
  it('shows the token, every score with its band, the evidence marks, trade, holders and pool', () => {
    const text = renderReport(analyseToken(safeToken));
    expect(text).toContain('Blue Chip (');
    for (const label of ['Scanner', 'Rug detector', 'Whales', 'Liquidity', 'FLAB Score', 'Health'])
      expect(text).toMatch(new RegExp(`  ${label} +\\d+/100 (green|yellow|orange|red)`));
    expect(text).toContain('buy and sell succeed');
    expect(text).toContain('Top holders');
    expect(text).toMatch(/impact +[\d.]+% for a \$1\.0K trade/);
    expect(text).toMatch(/^ {2}✓ /m);
    expect(text).toContain('source: verified');
    expect(text).not.toContain('\u001b['); // no colour unless asked
    // safeToken's facts carry no trading patterns: they read unknown, never "none found".
    expect(text).toContain('Trading patterns (main pool, from the index)');
    expect(text).toContain('Snipers and bundles: unknown: indexing');
  });

  it("says who can pull the main pool's liquidity when the report has its ledger", () => {
    const r = analyseToken(safeToken);
    const pool = r.facts.pools[0];
    if (!pool) throw new Error('safeToken has a pool');
    pool.liquidityLedger = {
      positions: [],
      creatorPullableShare: 0.25,
      creatorPullableUsd: 12_500,
      independentShare: 0.5,
      lockedForeverShare: 0.25,
      unlockSchedule: [{ time: 1_800_000_000, activeShare: 0.25 }],
      unknownShare: 0,
      complete: true,
      note: null,
    } as never;
    const text = renderReport(r);
    expect(text).toMatch(/who can pull +creator's side 25(\.0)?% now \(\$12\.5K\)/);
    expect(text).toMatch(/independent 50(\.0)?% · locked for good 25(\.0)?% · unknown 0(\.0)?%/);
    expect(text).toMatch(/unlocks .*: 25(\.0)?% of the liquidity/);
    // Without a ledger the line is left out, not shown as a zero.
    expect(renderReport(analyseToken(safeToken))).not.toContain('who can pull');
  });

  it('flags a honeypot with its revert reason and failed checks', () => {
    const text = renderReport(analyseToken(honeypotToken));
    expect(text).toContain('HONEYPOT: selling fails');
    // The verdict comes before everything else but the token's name, and greys the sub-scores.
    const lines = text.split('\n');
    expect(lines.findIndex((l) => l.startsWith('VERDICT: Honeypot — cannot be sold'))).toBeLessThan(4);
    expect(text).toMatch(/ {2}Whales +\d+\/100 n\/m/);
    expect(text).not.toMatch(/\/100 green/);
    expect(text).toMatch(/^ {2}✗ /m);
  });

  it('prints the band the report carries, deriving none from the number', () => {
    const r = analyseToken(safeToken);
    // A band the number alone would never give: the CLI must read it from the report.
    const odd = {
      ...r,
      whales: { ...r.whales, bands: { score: { band: 'red' as const, capped: true } } },
      health: {
        ...r.health,
        bands: { ...r.health.bands, overall: { band: 'muted' as const, capped: true } },
      },
    };
    const text = renderReport(odd);
    expect(text).toMatch(new RegExp(`  Whales +${r.whales.score}/100 red`));
    expect(text).toMatch(new RegExp(`  Health +${r.health.overallScore}/100 n/m +${r.health.level}`));
  });

  it('lists LP drain events of a rugged token', () => {
    expect(renderReport(analyseToken(ruggedToken))).toMatch(/LP drain event/);
  });

  it('renders every fixture, with unknown values marked', () => {
    for (const f of Object.values(FIXTURES))
      expect(renderReport(analyseToken(f)).length).toBeGreaterThan(200);
    expect(renderReport(analyseToken(FIXTURES.missingDataToken))).toMatch(/^ {2}\? /m);
  });

  it('escapes control and bidi characters from attacker-written names', () => {
    const hostile: TokenReportFacts = {
      ...safeToken,
      token: {
        ...safeToken.token,
        name: 'Evil\u001b[2J\u001b]0;pwned\u0007\rSAFE\u202eTOKEN',
        symbol: 'X\u009b31m',
      },
      trade: { ...honeypotToken.trade, revertReason: 'no\u001b[31m' } as TokenReportFacts['trade'],
    };
    const report = analyseToken(hostile);
    const text = renderReport(report, { color: true });
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing our own colour codes
    const withoutOurColours = text.replace(/\u001b\[\d+m/g, '');
    expect(withoutOurColours).not.toMatch(RAW_CONTROL);
    expect(text).toContain('Evil\\x1b[2J\\x1b]0;pwned\\x07\\x0dSAFE\\u202eTOKEN');
    expect(text).toContain('X\\x9b31m');
    expect(renderJson(report)).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(renderJson(report)).facts.name).toBe(hostile.token.name);
  });

  it('escapeForTerminal keeps ordinary text and clips long strings', () => {
    expect(escapeForTerminal('Café ✓ 🚀')).toBe('Café ✓ 🚀');
    expect(escapeForTerminal('a'.repeat(300), 10)).toBe(`${'a'.repeat(10)}…`);
    expect(escapeForTerminal(null)).toBe('');
  });
});
