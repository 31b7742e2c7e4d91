import { describe, expect, it } from 'vitest';
import { BUYERS_CANNOT_ENTER } from '../../shared/vocabulary';
import type { OwnerPowerFacts, TokenReportFacts } from '../facts/types';
import { ADDR, safeToken, simulatedPowers } from '../test-support/fixtures';
import { analyseToken } from './report';
import { checkHoneypot } from './trade-checks';
import { buyersCannotEnter, tradingSwitch } from './trading-switch';

const buyFailed = {
  status: 'buy_failed',
  pair: ADDR.bluePair,
  router: ADDR.bluePair,
  revertReason: 'not launched',
} as TokenReportFacts['trade'];

/** A simulation that saw closed trading: the probe's own buy failed too. */
function closed(extra: Partial<Extract<OwnerPowerFacts, { status: 'simulated' }>> = {}): OwnerPowerFacts {
  const p = simulatedPowers([]) as Extract<OwnerPowerFacts, { status: 'simulated' }>;
  return {
    ...p,
    callers: [{ address: ADDR.blueDeployer, role: 'owner()', current: true }],
    baseline: { buyOk: false, sellOk: false, buyTaxPct: null, sellTaxPct: null, holderSellOk: null },
    switchSearch: { tried: 14, functions: 6, unjudged: 0 },
    ...extra,
  };
}

const facts = (ownerPowers: OwnerPowerFacts, trade = buyFailed): TokenReportFacts => ({
  ...safeToken,
  trade,
  holderSells: null,
  ownerPowers,
});

const open = {
  selector: '0x6b2649c3' as const,
  signature: 'syncRewards()',
  caller: ADDR.blueDeployer,
  callerRole: 'owner()',
  args: '()',
  measured: true,
  buyOk: true,
  sellOk: true,
  buyTaxPct: 2,
  sellTaxPct: 2,
  holderSellOk: null,
  canClose: false,
};

describe('tradingSwitch (closed trading)', () => {
  it('is not asked when the buy passes', () => {
    expect(tradingSwitch(safeToken)).toBeNull();
  });

  it('names the switch found by effect, whatever its name', () => {
    const sw = tradingSwitch(facts(closed({ onceOpen: open })));
    expect(sw).toEqual({ kind: 'opens', open });
    const e = checkHoneypot(facts(closed({ onceOpen: open })), 90);
    expect(e.outcome).toBe('warn');
    expect(e.detail).toMatch(/can open it with syncRewards\(\)/);
  });

  it('says no privileged call opens trading when every call was judged and none let a buy pass', () => {
    const sw = tradingSwitch(facts(closed()));
    expect(sw?.kind).toBe('none');
    const e = checkHoneypot(facts(closed()), 90);
    expect(e.outcome).toBe('fail');
    expect(e.value).toBe(BUYERS_CANNOT_ENTER.noSwitch);
    expect(e.detail).toMatch(
      /^No privileged call opens trading: buyers cannot enter\. A simulated buy fails \(not launched\)/,
    );
    expect(e.detail).toMatch(/after each of the 14 privileged calls that succeeded \(6 of the 20/);
    expect(buyersCannotEnter(e)).toBe(true);
  });

  it('with nobody holding owner powers, nobody can open it', () => {
    const e = checkHoneypot(facts({ status: 'no_callers', reason: 'owner() is renounced.' }), 90);
    expect(e.outcome).toBe('fail');
    expect(e.detail).toMatch(/^No privileged call opens trading: buyers cannot enter\./);
    expect(e.detail).toMatch(/no address holds owner powers \(owner\(\) is renounced\)/);
  });

  it('an unfinished search fails too, and says what is missing (never better than a finished one)', () => {
    const cases: [OwnerPowerFacts, RegExp][] = [
      [
        closed({ switchSearch: { tried: 3, functions: 2, unjudged: 4 } }),
        /4 functions could not all be judged/,
      ],
      [{ status: 'error', message: 'probe timed out after 8000 ms' }, /probe timed out after 8000 ms/],
      [closed({ switchSearch: undefined }), /not re-run with a buy/],
      [
        closed({
          switchSearch: undefined,
          baseline: { buyOk: true, sellOk: true, buyTaxPct: 0, sellTaxPct: 0, holderSellOk: null },
        }),
        /simulation's own buy passed/,
      ],
      [closed({ callsSimulated: 0 }), /no function of the contract could be simulated/],
    ];
    for (const [p, why] of cases) {
      expect(tradingSwitch(facts(p))?.kind).toBe('unchecked');
      const e = checkHoneypot(facts(p), 90);
      expect(e.outcome).toBe('fail');
      expect(e.value).toBe(BUYERS_CANNOT_ENTER.unchecked);
      expect(e.detail).toMatch(
        /^Buyers cannot enter: a simulated buy fails \(not launched\), and whether a privileged call can open trading could not be checked/,
      );
      expect(e.detail).toMatch(why);
    }
  });

  it('a sell that fails is no "cannot enter"', () => {
    expect(buyersCannotEnter({ check: 'honeypot', outcome: 'fail', value: 'sell fails' })).toBe(false);
    expect(buyersCannotEnter({ check: 'honeypot', outcome: 'warn', value: 'not open yet' })).toBe(false);
  });

  it('the report: Dangerous (buy fails), never Honeypot or Caution, the reason said once', () => {
    const r = analyseToken(facts(closed()));
    expect(r.verdict.kind).toBe('dangerous');
    expect(r.verdict.reason).toMatch(/no privileged call opens trading: buyers cannot enter/i);
    const same = r.verdict.findings.filter((f) => /buyers cannot enter/.test(f.detail));
    expect(same).toHaveLength(1);
    const critical = r.flabScore.evidence.find((e) => e.check === 'critical_finding');
    expect(critical?.detail).toMatch(/cannot be bought/);
    expect(critical?.detail).not.toMatch(/cannot be sold/);
  });
});
