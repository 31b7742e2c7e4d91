import { describe, expect, it } from 'vitest';
import type { EarlierToken, LineageFacts } from '../../shared/lineage-facts';
import { honeypotTwinLine, judgeLineage, lineageFindings } from './pattern-lineage';

const A = (n: number) => `0x${String(n).padStart(40, '0')}`;
const DEPLOYER = A(9);

const earlier = (x: Partial<EarlierToken> & { address: string }): EarlierToken => ({
  relations: ['deployer'],
  createdBlock: 10n,
  rugged: false,
  verdict: null,
  twin: null,
  ...x,
});

const read = (x: Partial<Extract<LineageFacts, { status: 'read' }>>): LineageFacts => ({
  status: 'read',
  deployer: DEPLOYER,
  createdBlock: 30n,
  deployerTokens: 1,
  funder: null,
  funderScan: null,
  fingerprint: { hash: '0xabc', sketch: [1, 2], selectors: ['0xa9059cbb'], size: 100 },
  earlier: [],
  compared: 4,
  ...x,
});

describe('serial deployers and look-alike code', () => {
  it("says the deployer's 3rd token and its earlier tokens' fates, with evidence", () => {
    const l = judgeLineage(
      read({
        deployerTokens: 3,
        earlier: [earlier({ address: A(1), rugged: true }), earlier({ address: A(2), verdict: 'honeypot' })],
      }),
      'unknown: indexing',
    );
    expect(l.status).toBe('found');
    expect(l.headline).toContain("The deployer's 3rd token; its 2 earlier tokens: 1 rugged, 1 a honeypot.");
    expect(l.tokens.map((t) => t.fate)).toEqual(['rugged', 'honeypot']);
    expect(l.tokens[0]?.evidence).toContain('its pool was rugged');
    expect(lineageFindings(l)).toEqual([
      "Serial deployer: the deployer's 3rd token; 2 earlier tokens were 1 rugged, 1 a honeypot.",
    ]);
  });

  it('names a code twin that was a honeypot, and counts it as a finding', () => {
    const l = judgeLineage(
      read({
        earlier: [
          earlier({
            address: A(5),
            relations: ['twin'],
            verdict: 'honeypot',
            twin: { kind: 'same', similarity: 1 },
          }),
        ],
      }),
      'unknown: indexing',
    );
    expect(l.twinOfHoneypot).toBe(true);
    expect(l.headline).toContain('Code twin of 0x0000…0005 (honeypot).');
    expect(lineageFindings(l)[0]).toContain('a honeypot by our verdict');
    expect(honeypotTwinLine(l)).toBe('Code twin of 0x0000…0005, a honeypot by our verdict.');
  });

  it('never guesses a fate: a token we never analysed is "not analysed"', () => {
    const l = judgeLineage(read({ deployerTokens: 2, earlier: [earlier({ address: A(1) })] }), 'x');
    expect(l.tokens[0]?.fate).toBe('not_analysed');
    expect(lineageFindings(l)).toEqual([]);
  });

  it('a clean token: no earlier token, no twin — "none" with what was compared', () => {
    const l = judgeLineage(read({}), 'x');
    expect(l.status).toBe('none');
    expect(l.headline).toContain('No code twin among 4 fingerprinted tokens');
    expect(l.twinOfHoneypot).toBe(false);
  });

  it('while indexing: unknown with the progress note, never none', () => {
    const l = judgeLineage({ status: 'indexing', reason: 'behind' }, 'unknown: indexing, 40% done');
    expect(l.status).toBe('unknown');
    expect(l.headline).toContain('indexing, 40% done');
  });
});
