import { describe, expect, it } from 'vitest';
import type { CheckOutcome, Evidence } from '../../shared/analysis';
import { BUYERS_CANNOT_ENTER, VERDICTS } from '../../shared/vocabulary';
import {
  freshInsiderToken,
  highTaxToken,
  honeypotToken,
  missingDataToken,
  ruggedToken,
  safeToken,
  simulatedPowers,
} from '../test-support/fixtures';
import { analyseToken } from './report';
import { isUnestablishedStablecoin } from './trusted-asset';
import { decideVerdict, isRecommendable, oneLine, type VerdictInput, verdictInputOf } from './verdict';

/** One literal evidence line. */
const line = (
  check: string,
  outcome: CheckOutcome,
  detail = `${check} ${outcome}`,
  weight = 10,
): Evidence => ({
  check,
  label: check,
  value: null,
  outcome,
  weight,
  impact: outcome === 'pass' ? 0 : weight,
  detail,
});

const clean: VerdictInput = {
  evidence: [
    line('honeypot', 'pass', 'A simulated buy and sell through the pool both succeeded.', 90),
    line('sell_tax', 'pass'),
    line('mint', 'pass'),
    line('top_holders', 'warn'),
  ],
  completedRug: false,
  rugScore: 12,
  trade: { status: 'ok', buyTaxPct: 0, sellTaxPct: 0 },
  holderSells: { sampled: 4, failed: 0, maxTaxPct: 0 },
  trustedAsset: false,
};
const withLines = (...lines: Evidence[]): VerdictInput => ({
  ...clean,
  evidence: [...lines, ...clean.evidence],
});

describe('decideVerdict (literal evidence)', () => {
  it('a code twin of a honeypot is a caution, never "no major risk" (issue 39 item 3)', () => {
    const v = decideVerdict({
      ...clean,
      honeypotTwin: 'Code twin of 0x7777…7777, a honeypot by our verdict.',
    });
    expect(v.kind).toBe('caution');
    expect(v.findings.map((f) => f.check)).toContain('code_twin');
    expect(v.reason).toContain('Code twin of 0x7777…7777');
  });
  it('no major risk: a buy and a sell worked and nothing failed', () => {
    const v = decideVerdict(clean);
    expect(v.kind).toBe('no_major_risk');
    expect(v.label).toBe('No major risk found');
    expect(v.reason).toMatch(/buy and a sell .* worked .* no check failed; 1 check warn/);
    expect(v.findings).toEqual([]);
  });

  it('honeypot: the sell simulation fails', () => {
    const v = decideVerdict(
      withLines(line('honeypot', 'fail', 'Honeypot: selling it back failed (TRANSFER_FAILED).', 90)),
    );
    expect(v.kind).toBe('honeypot');
    expect(v.label).toBe('Honeypot — cannot be sold');
    expect(v.reason).toBe('Honeypot: selling it back failed (TRANSFER_FAILED).');
    expect(v.findings[0]?.check).toBe('honeypot');
  });

  it('honeypot: most sampled holders cannot sell although a fresh round trip works', () => {
    const v = decideVerdict({
      ...withLines(line('holder_sells', 'fail', '3 of 4 holders cannot sell.')),
      holderSells: { sampled: 4, failed: 3, maxTaxPct: null },
    });
    expect(v.kind).toBe('honeypot');
    expect(v.findings[0]?.check).toBe('holder_sells');
  });

  it('a holder_sells failure from tax alone (holders can sell) is not a honeypot', () => {
    const v = decideVerdict({
      ...withLines(line('holder_sells', 'fail', 'holders pay 30% tax')),
      holderSells: { sampled: 4, failed: 0, maxTaxPct: 30 },
    });
    expect(v.kind).toBe('caution');
  });

  it('rugged: the pool was drained, and it wins over a failing sell', () => {
    const v = decideVerdict({
      ...withLines(
        line('completed_rug', 'fail', 'The pool lost 99% of its liquidity in tx 0xabc.', 60),
        line('honeypot', 'fail', 'Honeypot: selling it back failed.', 90),
      ),
      completedRug: true,
    });
    expect(v.kind).toBe('rugged');
    expect(v.label).toBe('Rugged — liquidity removed');
    expect(v.reason).toMatch(/lost 99%/);
    expect(v.findings.map((f) => f.check)).toEqual(['completed_rug', 'honeypot']);
  });

  it('dangerous: a sell tax at the threshold; caution just below it', () => {
    const at = (sellTaxPct: number) =>
      decideVerdict({ ...clean, trade: { status: 'ok', buyTaxPct: 5, sellTaxPct } });
    expect(at(50).kind).toBe('dangerous');
    expect(at(50).reason).toMatch(/50% tax/);
    expect(at(49).kind).toBe('caution');
    expect(at(49).findings[0]?.check).toBe('sell_tax');
  });

  it('dangerous: an owner power usable today (mint, moves tokens, raises the tax)', () => {
    for (const check of ['mint', 'owner_moves_tokens', 'fee_setters']) {
      const v = decideVerdict(withLines(line(check, 'fail', `${check} usable now`)));
      expect(v.kind, check).toBe('dangerous');
      expect(v.findings[0]?.check).toBe(check);
    }
  });

  it("dangerous: a blacklist — except a trusted stablecoin's compliance freeze", () => {
    const input = withLines(line('blacklist', 'fail', 'can freeze an address'));
    expect(decideVerdict(input).kind).toBe('dangerous');
    expect(decideVerdict({ ...input, trustedAsset: true }).kind).toBe('caution');
  });

  it('dangerous: a buy that fails, and a CRITICAL rug score; several findings name each', () => {
    const v = decideVerdict({
      ...clean,
      trade: { status: 'buy_failed', buyTaxPct: null, sellTaxPct: null },
      rugScore: 85,
    });
    expect(v.kind).toBe('dangerous');
    expect(v.reason).toBe('2 serious findings: Buy fails; Rug score.');
    expect(v.findings.map((f) => f.check)).toEqual(['buy_fails', 'rug_score']);
  });

  it('dangerous, not honeypot: a buy fails and no privileged call opens trading (buyers cannot enter)', () => {
    const closed = {
      ...line(
        'honeypot',
        'fail',
        'No privileged call opens trading: buyers cannot enter. A simulated buy fails.',
        90,
      ),
      value: BUYERS_CANNOT_ENTER.noSwitch,
    };
    for (const value of Object.values(BUYERS_CANNOT_ENTER)) {
      const v = decideVerdict({
        ...withLines({ ...closed, value }),
        trade: { status: 'buy_failed', buyTaxPct: null, sellTaxPct: null },
        holderSells: null,
      });
      expect(v.kind, value).toBe('dangerous');
      expect(v.reason).toBe(closed.detail);
      expect(v.findings[0]?.label).toMatch(/^Buyers cannot enter/);
      // The sell simulation's line is the "Buy fails" finding: said once.
      expect(v.findings.filter((f) => f.detail === closed.detail)).toHaveLength(1);
    }
    // Once open a sell fails: that IS a honeypot.
    const once = decideVerdict({
      ...withLines({ ...closed, value: 'honeypot once open', detail: 'Honeypot once trading opens.' }),
      trade: { status: 'buy_failed', buyTaxPct: null, sellTaxPct: null },
    });
    expect(once.kind).toBe('honeypot');
  });

  it('unknown: selling could not be tested and nothing dangerous was found', () => {
    const v = decideVerdict({
      ...withLines(line('honeypot', 'unknown', 'No pool to trade in, so selling could not be simulated.')),
      trade: { status: 'no_pool', buyTaxPct: null, sellTaxPct: null },
      holderSells: null,
    });
    expect(v.kind).toBe('unknown');
    expect(v.label).toBe('Unknown — not enough data');
    expect(v.reason).toMatch(/No pool/);
  });

  it('caution: any other failed check, named in the reason, at most three findings', () => {
    const v = decideVerdict(
      withLines(
        line('source_verified', 'fail', 'The source is not verified.'),
        line('lp_locked', 'fail', 'No LP is locked.'),
        line('top_holders', 'fail', 'Top 10 own 80%.'),
        line('proxy', 'fail', 'Upgradeable.'),
      ),
    );
    expect(v.kind).toBe('caution');
    expect(v.reason).toMatch(/^It can be sold, but: .* \(and 3 more findings\)\.$/);
    expect(v.findings).toHaveLength(3);
  });

  it('caution: a HIGH rug score', () => {
    expect(decideVerdict({ ...clean, rugScore: 60 }).kind).toBe('caution');
    expect(decideVerdict({ ...clean, rugScore: 59 }).kind).toBe('no_major_risk');
  });

  it('every verdict label comes from the vocabulary', () => {
    for (const [kind, def] of Object.entries(VERDICTS)) expect(def.label.length, kind).toBeGreaterThan(0);
  });
});

describe('tokenVerdict on the analysis fixtures', () => {
  const kind = (f: Parameters<typeof analyseToken>[0]) => analyseToken(f).verdict.kind;
  it('reads each fixture as a trader would', () => {
    expect(kind(honeypotToken)).toBe('honeypot');
    expect(kind(ruggedToken)).toBe('rugged');
    expect(kind(freshInsiderToken)).toBe('dangerous');
    expect(kind(missingDataToken)).toBe('unknown');
    expect(['no_major_risk', 'caution']).toContain(kind(safeToken));
    expect(['dangerous', 'caution']).toContain(kind(highTaxToken));
  });

  it("carries the trader's summary from the same facts", () => {
    const s = analyseToken(honeypotToken).verdict.summary;
    expect(s.canSell).toBe(false);
    const safe = analyseToken(safeToken).verdict.summary;
    expect(safe.canSell).toBe(true);
    expect(safe.sellTaxPct).not.toBeNull();
    expect(safe.mainPool).not.toBeNull();
  });

  it('recommends only Caution and No major risk found', () => {
    expect(isRecommendable({ kind: 'caution' })).toBe(true);
    expect(isRecommendable({ kind: 'no_major_risk' })).toBe(true);
    for (const k of ['honeypot', 'rugged', 'dangerous', 'unknown'] as const)
      expect(isRecommendable({ kind: k })).toBe(false);
  });
});

describe('unknown is sticky (issue 40)', () => {
  it('a danger check that could not be checked makes the verdict Unknown, never Caution or no major risk', () => {
    const v = decideVerdict(
      withLines(line('mint', 'unknown', 'Whether anyone can mint could not be simulated (timeout).')),
    );
    expect(v.kind).toBe('unknown');
    expect(v.reason).toMatch(/could not be checked \(mint\)/);
    expect(v.findings[0]?.check).toBe('mint');
  });

  it('a known danger still decides first: Dangerous beats Unknown', () => {
    const v = decideVerdict(
      withLines(line('pause', 'fail', 'The owner can pause.'), line('mint', 'unknown')),
    );
    expect(v.kind).toBe('dangerous');
  });

  it("a trusted asset's compliance checks stay excused when unknown", () => {
    const v = decideVerdict({ ...withLines(line('blacklist', 'unknown')), trustedAsset: true });
    expect(v.kind).not.toBe('unknown');
  });

  it('owner powers that could not run on a sellable token: Unknown, not Caution', () => {
    const facts = {
      ...safeToken,
      ownerPowers: { status: 'error' as const, message: 'the getter reads timed out' },
    };
    const v = analyseToken(facts).verdict;
    expect(v.kind).toBe('unknown');
    expect(v.reason).toMatch(/could not be checked/);
  });

  it('a blacklist with no holder to test on is unknown, not a pass', () => {
    const p = simulatedPowers([]);
    if (p.status !== 'simulated') throw new Error('fixture');
    const facts = { ...safeToken, ownerPowers: { ...p, baseline: { ...p.baseline, holderSellOk: null } } };
    const r = analyseToken(facts);
    expect(r.scanner.evidence.find((e) => e.check === 'blacklist')?.outcome).toBe('unknown');
    expect(r.verdict.kind).toBe('unknown');
  });

  it('a holder index that has not reached the head is not an empty history', () => {
    const facts = {
      ...safeToken,
      holders: { ...safeToken.holders, top: [], index: { status: 'indexing' as const, progressPct: 40 } },
    };
    const ev = analyseToken(facts).scanner.evidence;
    for (const check of ['creator_share', 'top_holders', 'holder_count', 'insiders']) {
      const e = ev.find((x) => x.check === check);
      expect(e?.outcome, check).toBe('unknown');
    }
    expect(ev.find((x) => x.check === 'creator_share')?.detail).toMatch(
      /not reached the head yet \(40% indexed\)/,
    );
  });

  it('an empty holder list never says "the creator is not among the top holders"', () => {
    const facts = { ...safeToken, holders: { ...safeToken.holders, top: [] } };
    const e = analyseToken(facts).scanner.evidence.find((x) => x.check === 'creator_share');
    expect(e?.outcome).toBe('unknown');
  });

  it('functions found but no call simulated: unknown, not a pass', () => {
    const facts = { ...safeToken, ownerPowers: { ...simulatedPowers([]), callsSimulated: 0 } };
    const mint = analyseToken(facts).scanner.evidence.find((e) => e.check === 'mint');
    expect(mint?.outcome).toBe('unknown');
    expect(mint?.detail).toMatch(
      /could not be checked: no function of the contract could be simulated \(none of the \d+ state-changing functions/,
    );
  });

  it('no function found and none simulated (a proxy read as its forwarding code): unknown, never a pass', () => {
    const none = { ...simulatedPowers([]), functionsProbed: 0, callsSimulated: 0 };
    const facts = { ...safeToken, ownerPowers: none };
    const ev = analyseToken(facts).scanner.evidence;
    for (const check of [
      'mint',
      'pause',
      'blacklist',
      'fee_setters',
      'owner_moves_tokens',
      'max_tx',
      'hidden_owner',
    ]) {
      const e = ev.find((x) => x.check === check);
      expect(e?.outcome, `${check}: ${e?.detail}`).toBe('unknown');
      expect(e?.detail, check).toMatch(
        /could not be checked: no function of the contract could be simulated/,
      );
    }
    const proxied = {
      ...facts,
      token: {
        ...facts.token,
        proxy: {
          kind: 'other' as const,
          form: 'fallback' as const,
          implementation: null,
          beacon: null,
          admin: null,
          upgradeCount: 0,
          lastUpgradeAt: null,
        },
      },
    };
    const mint = analyseToken(proxied).scanner.evidence.find((x) => x.check === 'mint');
    expect(mint?.detail).toMatch(/proxy whose implementation could not be found/);
    expect(analyseToken(facts).verdict.kind).toBe('unknown');
  });
});

describe('trusted assets', () => {
  it("an issuer's excused mint does not make a trusted stablecoin Dangerous", () => {
    const input: VerdictInput = {
      ...clean,
      evidence: [
        line('mint', 'fail', 'The owner can mint.'),
        {
          ...line('mint', 'fail', 'The owner can mint. Not counted: a trusted stablecoin.'),
          weight: 0,
          impact: 0,
        },
        ...clean.evidence,
      ],
      trustedAsset: true,
    };
    expect(decideVerdict(input).kind).toBe('no_major_risk');
    expect(decideVerdict({ ...input, trustedAsset: false }).kind).toBe('dangerous');
  });
});

describe('which token is a trusted asset', () => {
  const parts = (value: Evidence['value'], outcome: CheckOutcome) =>
    ({
      scanner: { evidence: [line('blacklist', 'fail', 'The owner can block a holder now.', 15)] },
      rug: {
        evidence: [{ ...line('trusted_asset', outcome, 'trusted?', 0), value }],
        completedRug: false,
        rugScore: 10,
      },
      facts: { trade: { status: 'ok', buyTaxPct: 0, sellTaxPct: 0 }, holderSells: null },
      liquidity: { pools: [] },
    }) as unknown as Parameters<typeof verdictInputOf>[0];
  it('only the kind found makes one: "Not a trusted asset" passes too, and excuses nothing', () => {
    // Before: every token whose trusted-asset line passed ("Not a trusted asset: judged like any
    // other token") was read as trusted, so a usable blacklist power never made it Dangerous.
    expect(verdictInputOf(parts(false, 'pass')).trustedAsset).toBe(false);
    expect(decideVerdict(verdictInputOf(parts(false, 'pass'))).kind).toBe('dangerous');
    expect(verdictInputOf(parts(false, 'warn')).trustedAsset).toBe(false);
    expect(verdictInputOf(parts('stablecoin', 'pass')).trustedAsset).toBe(true);
    expect(verdictInputOf(parts('wrapped', 'pass')).trustedAsset).toBe(true);
    // A trusted stablecoin's compliance power (blacklist) is an owner power, not a rug.
    expect(decideVerdict(verdictInputOf(parts('stablecoin', 'pass'))).kind).not.toBe('dangerous');
  });
});

describe('a stablecoin that is not established yet (USDC of the test scenario)', () => {
  const mint = line('mint', 'fail', 'New tokens were minted 1 time(s). (usable now by owner())', 20);
  it("its owner's mint is Caution, with the reason; any other danger still decides", () => {
    const input: VerdictInput = { ...withLines(mint), unestablishedStablecoin: true, rugScore: 71 };
    const v = decideVerdict(input);
    expect(v.kind).toBe('caution');
    expect(v.reason).toMatch(/owner can mint; the price has held its \$1 peg/);
    expect(v.findings[0]?.check).toBe('mint');
    // Without that evidence the same mint is Dangerous…
    expect(decideVerdict({ ...input, unestablishedStablecoin: false }).kind).toBe('dangerous');
    // …and a power that blocks holders is Dangerous either way.
    expect(decideVerdict({ ...input, evidence: [line('blacklist', 'fail'), ...input.evidence] }).kind).toBe(
      'dangerous',
    );
  });
  it('is read from the trusted-asset tests: every one met but `used`', () => {
    const t = (test: string, met: boolean) => ({ test, met, detail: test });
    const all = ['peg', 'stable', 'deep', 'used', 'harmless'];
    const only = (failing: string[]) => ({ kind: null, tests: all.map((x) => t(x, !failing.includes(x))) });
    expect(isUnestablishedStablecoin(only(['used']))).toBe(true);
    expect(isUnestablishedStablecoin(only(['used', 'deep']))).toBe(false);
    expect(isUnestablishedStablecoin(only(['peg']))).toBe(false);
    expect(isUnestablishedStablecoin(only(['harmless', 'used']))).toBe(false);
    expect(isUnestablishedStablecoin({ kind: 'stablecoin', tests: all.map((x) => t(x, true)) })).toBe(false);
  });
});

describe('oneLine', () => {
  it('keeps the headline short: no gas context, no list of later blocks', () => {
    expect(
      oneLine(
        'Honeypot: a simulated buy worked but selling it back failed (X) (a fresh wallet paying 0.001 gwei gas, base fee 0 gwei), also 1, 2, 3, 5, 10 and 20 blocks later, and 7 of 8 real holders cannot sell either.',
      ),
    ).toBe(
      'Honeypot: a simulated buy worked but selling it back failed (X), and 7 of 8 real holders cannot sell either.',
    );
  });
});
