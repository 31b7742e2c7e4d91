import { describe, expect, it } from 'vitest';
import { filterAirdrops, loadCatalogue, resolveDates, statusOf, summarise, toAirdrop } from './catalogue';

const NOW = Date.parse('2026-01-10T00:00:00Z');

describe('airdrop catalogue', () => {
  it('every entry validates and names a public https source; local entries are marked', () => {
    const c = loadCatalogue();
    expect(c.length).toBeGreaterThan(4);
    for (const e of c) expect(e.source).toMatch(/^https:\/\//);
    expect(c.filter((e) => e.local).map((e) => e.id)).toEqual(
      expect.arrayContaining(['flab-staking-rewards', 'flab-lending-suppliers', 'flab-dex-traders']),
    );
    expect(new Set(c.map((e) => e.id)).size).toBe(c.length);
  });
  it('status comes from dates', () => {
    expect(statusOf({ startDate: '2026-01-01', endDate: '2026-02-01' }, NOW)).toBe('active');
    expect(statusOf({ startDate: '2026-01-11', endDate: null }, NOW)).toBe('upcoming');
    expect(statusOf({ startDate: null, endDate: '2026-01-09' }, NOW)).toBe('ended');
    expect(statusOf({}, NOW)).toBe('active');
  });
  it('summary and filters are computed from the list', () => {
    const list = loadCatalogue().map((e) =>
      toAirdrop(resolveDates(e, NOW), NOW, (s) => (s === 'FLAB' ? 0.01 : null)),
    );
    const s = summarise(list, NOW);
    expect(s.active + s.upcoming + s.ended).toBe(list.length);
    expect(s.upcoming).toBe(1);
    expect(s.ended).toBe(1);
    // Only the open FLAB programmes are valued: (1,000,000 + 250,000 + 750,000) × $0.01.
    expect(s.totalEstimatedValue).toBe(20_000);
    expect(s.endingSoon).toBe(1);
    expect(filterAirdrops(list, 'nft', '').every((a) => a.category === 'nft')).toBe(true);
    expect(filterAirdrops(list, 'all', 'stake').map((a) => a.id)).toContain('flab-staking-rewards');
    expect(filterAirdrops(list, 'all', 'zzzz-nothing')).toEqual([]);
  });
});
