import { describe, expect, it } from 'vitest';
import type { TokenReportFacts } from '../facts/types';
import {
  freshInsiderToken,
  highTaxToken,
  honeypotToken,
  missingDataToken,
  ruggedToken,
  safeToken,
} from '../test-support/fixtures';
import { analyseToken } from './report';
import { AVOID_SELL_TAX_PCT, safetyVerdict } from './safety-verdict';

const verdict = (f: TokenReportFacts) => safetyVerdict(analyseToken(f));
const checks = (f: TokenReportFacts) => verdict(f).reasons.map((r) => r.check);

describe('safetyVerdict', () => {
  it('passes a clean token', () => {
    expect(verdict(safeToken)).toMatchObject({ safe: true, reasons: [] });
    expect(['no_major_risk', 'caution']).toContain(verdict(safeToken).verdict.kind);
  });

  it('fails a honeypot with the engine detail as the reason', () => {
    const v = verdict(honeypotToken);
    expect(v.safe).toBe(false);
    expect(v.reasons[0]?.check).toBe('honeypot');
    expect(v.reasons[0]?.detail).toMatch(/selling it back failed/);
  });

  it('fails a completed rug', () => {
    expect(checks(ruggedToken)).toContain('completed_rug');
  });

  it('fails an owner who can mint', () => {
    expect(checks(freshInsiderToken)).toContain('mint');
  });

  it('fails when selling could not be tested', () => {
    expect(checks(missingDataToken)).toContain('sell_untested');
  });

  it('fails a sell tax at the threshold, not below it', () => {
    const at = (pct: number): TokenReportFacts => ({
      ...highTaxToken,
      token: { ...highTaxToken.token, capabilities: { ...highTaxToken.token.capabilities, found: [] } },
      trade: {
        ...(highTaxToken.trade as Extract<TokenReportFacts['trade'], { status: 'ok' }>),
        sellTaxPct: pct,
      },
    });
    // The highTax fixture's owner can also raise the tax (Dangerous either way): the sell-tax
    // finding is the deciding one only from the threshold on.
    const deciding = (f: TokenReportFacts) =>
      verdict(f).reasons.some((r) => /at or above 50%/.test(r.detail));
    expect(checks(at(AVOID_SELL_TAX_PCT))).toContain('sell_tax');
    expect(deciding(at(AVOID_SELL_TAX_PCT))).toBe(true);
    expect(deciding(at(AVOID_SELL_TAX_PCT - 1))).toBe(false);
  });

  it('fails when most real holders cannot sell even if a fresh round trip passes', () => {
    const f: TokenReportFacts = {
      ...safeToken,
      holderSells: { sampled: 4, couldSell: 1, failed: 3, minTaxPct: 0, maxTaxPct: 0 },
    };
    expect(checks(f)).toContain('honeypot');
  });
});
