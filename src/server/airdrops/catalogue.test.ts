import { describe, expect, it } from 'vitest';
import {
  filterAirdrops,
  loadCatalogue,
  resolveDates,
  statusOf,
  summarise,
  toAirdrop,
  withChainProgramme,
} from './catalogue';

const NOW = Date.parse('2026-01-10T00:00:00Z');

describe('airdrop catalogue', () => {
  it('every entry validates and names a public https source; local entries are marked', () => {
    const c = loadCatalogue();
    expect(c.length).toBeGreaterThan(4);
    for (const e of c) expect(e.source).toMatch(/^https:\/\//);
    // Every local programme is backed by a contract the scenario deploys (nothing hand-typed).
    const local = c.filter((e) => e.local);
    expect(local.map((e) => e.id)).toEqual(['flab-staking-rewards']);
    for (const e of local) {
      expect(e.backedBy).toBeDefined();
      expect(e.rewardAmount).toBeUndefined();
      expect(e.startOffsetDays ?? e.endOffsetDays ?? e.startDate ?? e.endDate).toBeUndefined();
    }
    // Real programmes without verified dates carry the date they were last checked.
    for (const e of c.filter((x) => !x.local && !(x.startDate && x.endDate)))
      expect(e.checkedAt).toBeDefined();
    expect(new Set(c.map((e) => e.id)).size).toBe(c.length);
  });
  it('active only with a start in the past and an end in the future; no dates is unknown', () => {
    expect(statusOf({ startDate: '2026-01-01', endDate: '2026-02-01' }, NOW)).toBe('active');
    expect(statusOf({ startDate: '2026-01-11', endDate: null }, NOW)).toBe('upcoming');
    expect(statusOf({ startDate: null, endDate: '2026-01-09' }, NOW)).toBe('ended');
    expect(statusOf({}, NOW)).toBe('unknown');
    expect(statusOf({ startDate: '2026-01-01', endDate: null }, NOW)).toBe('unknown');
    expect(statusOf({ startDate: null, endDate: '2026-02-01' }, NOW)).toBe('unknown');
  });
  it('a chain-backed programme takes its dates and reward from the contract', () => {
    const staking = loadCatalogue().find((e) => e.backedBy === 'staking');
    if (!staking) throw new Error('no staking programme');
    const p = {
      contract: '0xabc',
      startMs: NOW - 86_400_000,
      endMs: NOW + 3 * 86_400_000,
      rewardAmount: 5000,
    };
    const a = toAirdrop(withChainProgramme(staking, p), NOW, () => 0.01, p.contract);
    expect(a).toMatchObject({ status: 'active', estimatedValue: 50, contract: '0xabc' });
    // Not funded (no reward period): no dates, status unknown, no value.
    const none = toAirdrop(withChainProgramme(staking, null), NOW, () => 0.01);
    expect(none).toMatchObject({ status: 'unknown', estimatedValue: null });
  });
  it('summary and filters are computed from the list', () => {
    const list = loadCatalogue().map((e) =>
      toAirdrop(resolveDates(e, NOW), NOW, (s) => (s === 'FLAB' ? 0.01 : null)),
    );
    const s = summarise(list, NOW);
    expect(s.active + s.upcoming + s.ended + list.filter((a) => a.status === 'unknown').length).toBe(
      list.length,
    );
    expect(s.active).toBe(0);
    expect(filterAirdrops(list, 'nft', '').every((a) => a.category === 'nft')).toBe(true);
    expect(filterAirdrops(list, 'all', 'stake').map((a) => a.id)).toContain('flab-staking-rewards');
    expect(filterAirdrops(list, 'all', 'zzzz-nothing')).toEqual([]);
  });
});
