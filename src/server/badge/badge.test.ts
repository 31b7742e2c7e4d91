import { describe, expect, it } from 'vitest';
import { analyseToken } from '../analysis/report';
import { safeToken } from '../test-support/fixtures';
import { badgeFromReport, cleanChainText, escapeXml, formatComputedAt, renderBadgeSvg } from './badge';

const addr = '0x1234567890abcdef1234567890abcdef12345678';

describe('badge SVG', () => {
  it('escapes a hostile symbol and strips control and bidi characters', () => {
    const svg = renderBadgeSvg({
      kind: 'report',
      address: addr,
      symbol: '<script>alert("x")</script>\u202e&',
      verdict: { label: 'No major risk found', tone: 'safe', kind: 'no_major_risk' },
      score: 82,
      computedAt: Date.UTC(2026, 10, 26, 12, 4),
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('\u202e');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('82/100');
    expect(svg).toContain('2026-11-26 12:04 UTC');
    expect(svg).toContain(`href="/token-analysis?address=${addr}"`);
  });

  it('says the trading-pattern findings in its hover text (issue 39)', () => {
    const svg = renderBadgeSvg({
      kind: 'report',
      address: addr,
      symbol: 'WASH',
      verdict: { label: 'Caution', tone: 'caution', kind: 'caution' },
      score: 60,
      computedAt: 0,
      findings: ['Wash volume: only 1% of 24 h volume is organic (1 organic traders).'],
    });
    expect(svg).toMatch(/<title>[^<]*Wash volume: only 1% of 24 h volume is organic/);
  });

  it("says who can pull the main pool's liquidity, when the report read it (issue 35)", () => {
    const report = analyseToken(safeToken);
    // No ledger gathered: nothing said about it (not "none").
    expect(renderBadgeSvg(badgeFromReport(report))).not.toContain('pull');
    const pool = report.facts.pools[0];
    if (!pool) throw new Error('safeToken has a pool');
    pool.liquidityLedger = { creatorPullableShare: 0.4 } as never;
    const model = badgeFromReport(report);
    expect(renderBadgeSvg(model)).toMatch(
      /<title>[^<]*The creator(&apos;|')s side can pull 40% of the liquidity now/,
    );
    pool.liquidityLedger = { creatorPullableShare: null } as never;
    expect(renderBadgeSvg(badgeFromReport(report))).toContain('could not be read');
  });

  it('shows no score for an unknown address or a failed analysis', () => {
    for (const kind of ['unknown', 'failed'] as const) {
      const svg = renderBadgeSvg({ kind, address: addr, reason: 'Not a token contract' });
      expect(svg).not.toMatch(/\d+\/100/);
      expect(svg).toContain('no score');
      expect(svg).toContain('Not a token contract');
    }
  });

  it('cleans and cuts chain text', () => {
    expect(cleanChainText('\u0000\u0007')).toBeNull();
    expect(cleanChainText('ABCDEFGHIJKLMNOP')).toBe('ABCDEFGHIJK…');
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&apos;');
    expect(formatComputedAt(0)).toBe('1970-01-01 00:00 UTC');
  });
});
