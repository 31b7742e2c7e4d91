import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, neutraliseCell, parseCsv, toCsv } from './csv';

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks (RFC 4180)', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines']])).toBe('a,"b,c","say ""hi""","two\nlines"\r\n');
  });

  it('neutralises formula injection in text cells', () => {
    for (const bad of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx', '=HYPERLINK("http://evil","x")']) {
      const cell = parseCsv(toCsv([[bad]]))[0]?.[0];
      expect(cell).toBe(`'${bad}`);
    }
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`);
    expect(neutraliseCell('FLAB')).toBe('FLAB');
  });

  it('writes numbers as numbers, including negatives', () => {
    expect(toCsv([[-12.5, 0, 3, null, undefined, Number.NaN]])).toBe('-12.5,0,3,,,\r\n');
  });

  it('adds a BOM on request and the parser ignores it', () => {
    const s = toCsv([['é']], { bom: true });
    expect(s.charCodeAt(0)).toBe(0xfeff);
    expect(parseCsv(s)).toEqual([['é']]);
  });

  it('property: what is exported parses back unchanged (apart from the neutralising apostrophe)', () => {
    const cell = fc.oneof(fc.string(), fc.constantFrom('', '"', ',', '\r\n', '=A1', '-1', '@x', '\t', 'a"b'));
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 8 }), (rows) => {
        expect(parseCsv(toCsv(rows))).toEqual(rows.map((r) => r.map(neutraliseCell)));
      }),
      { numRuns: 500 },
    );
  });
});
