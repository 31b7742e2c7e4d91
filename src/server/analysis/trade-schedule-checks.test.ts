/**
 * The trade schedule and the sequential exit as the checks and the verdict read them: sells that
 * open later are Caution (never Honeypot with no word, never Safe), a fee that rises is judged on its
 * later level, a launch fee that falls is said and not flagged, first sellers out is Honeypot.
 */
import { describe, expect, it } from 'vitest';
import type { Evidence } from '../../shared/analysis';
import { TRADE_SCHEDULE } from '../../shared/vocabulary';
import type { TokenReportFacts, TradeMoment, TradeSimulationFacts } from '../facts/types';
import { safeToken } from '../test-support/fixtures';
import { checkHolderSells, checkHoneypot, checkSellTax } from './trade-checks';
import { decideVerdict, type VerdictInput } from './verdict';

const ok = safeToken.trade as Extract<TradeSimulationFacts, { status: 'ok' }>;
const T0 = Date.UTC(2026, 11, 3, 14, 1, 50) / 1000;
const SECONDS = [0, 20, 60, 1_800, 86_400];
const moments = (xs: [boolean, number | null][]): TradeMoment[] =>
  xs.map(([sellOk, tax], i) => ({
    secondsAfter: SECONDS[i] as number,
    blocksAfter: Math.min(i * 10, 30),
    at: T0 + (SECONDS[i] as number),
    buyOk: true,
    sellOk,
    buyTaxPct: 0,
    sellTaxPct: sellOk ? tax : null,
    revertReason: sellOk ? null : 'fair launch',
  }));
const withTrade = (trade: TradeSimulationFacts, holderSells = safeToken.holderSells): TokenReportFacts => ({
  ...safeToken,
  trade,
  holderSells,
});

describe('checks on the trade schedule', () => {
  it('sells that open at 14:31:50 (a fair launch ends) warn with the time, not a honeypot', () => {
    const f = withTrade(
      {
        status: 'sell_failed',
        pair: ok.pair,
        router: ok.router,
        buyTaxPct: 0,
        revertReason: 'fair launch',
        schedule: moments([
          [false, null],
          [false, null],
          [false, null],
          [true, 1],
          [true, 1],
        ]),
      },
      { sampled: 4, couldSell: 0, failed: 4, minTaxPct: null, maxTaxPct: null },
    );
    const e = checkHoneypot(f, 30);
    expect(e).toMatchObject({ outcome: 'warn', value: TRADE_SCHEDULE.sellsOpenLater });
    expect(e.detail).toContain('Sells open at 14:31:50 UTC (+30 min)');
    expect(checkSellTax(f, 20)).toMatchObject({ outcome: 'pass', value: 1 });
  });

  it('sells that stop at +1 day are a honeypot from then', () => {
    const f = withTrade({
      ...ok,
      schedule: moments([
        [true, 1],
        [true, 1],
        [true, 1],
        [true, 1],
        [false, null],
      ]),
    });
    expect(checkHoneypot(f, 30)).toMatchObject({ outcome: 'fail', value: TRADE_SCHEDULE.sellsStopLater });
  });

  it('a sell fee of 5% now and 50% after a day fails on the later fee; 80% falling to 1% passes', () => {
    const rising = withTrade({
      ...ok,
      sellTaxPct: 5,
      schedule: moments([
        [true, 5],
        [true, 5],
        [true, 5],
        [true, 5],
        [true, 50],
      ]),
    });
    expect(checkSellTax(rising, 20)).toMatchObject({ outcome: 'fail', value: 50 });
    const falling = withTrade(
      {
        ...ok,
        sellTaxPct: 80,
        schedule: moments([
          [true, 80],
          [true, 1],
          [true, 1],
          [true, 1],
          [true, 1],
        ]),
      },
      { sampled: 4, couldSell: 4, failed: 0, minTaxPct: 79, maxTaxPct: 80 },
    );
    const e = checkSellTax(falling, 20);
    expect(e).toMatchObject({ outcome: 'pass', value: 1 });
    expect(e.detail).toContain('sell fee 80% now, 1% from 14:02:10 UTC (+20 s)');
    expect(checkHolderSells(falling, 10).outcome).toBe('pass');
  });

  it('the first 2 of 5 holders out in sequence, the 3rd refused although it could sell alone: honeypot for the rest', () => {
    const h = safeToken.holderSells as NonNullable<TokenReportFacts['holderSells']>;
    const seller = (i: number, sold: boolean) => ({
      address: `0x${String(i).padStart(40, '0')}` as const,
      ok: sold,
      taxPct: sold ? 1 : null,
      revertReason: sold ? null : 'exit closed',
    });
    const f = withTrade(ok, {
      ...h,
      sequence: {
        sellers: [seller(1, true), seller(2, true), seller(3, false), seller(4, false), seller(5, false)],
        trappedFrom: 3,
      },
    });
    const e = checkHoneypot(f, 30);
    expect(e).toMatchObject({ outcome: 'fail', value: TRADE_SCHEDULE.trappedInLine });
    expect(e.detail).toContain('the first 2 of 5 could sell; the 3rd and later are refused (exit closed)');
  });
});

describe('the verdict on a schedule', () => {
  const line = (check: string, outcome: Evidence['outcome'], value: Evidence['value'] = null): Evidence => ({
    check,
    label: check,
    value,
    outcome,
    weight: 20,
    impact: outcome === 'pass' ? 0 : 20,
    detail: `${check} ${outcome}`,
  });
  const base: VerdictInput = {
    evidence: [line('sell_tax', 'pass'), line('mint', 'pass')],
    completedRug: false,
    rugScore: 10,
    trade: { status: 'ok', buyTaxPct: 0, sellTaxPct: 0 },
    holderSells: { sampled: 4, failed: 0, maxTaxPct: 0 },
    trustedAsset: false,
  };

  it('sells open later: Caution that says so, not Honeypot though holders are stuck now', () => {
    const v = decideVerdict({
      ...base,
      evidence: [
        line('honeypot', 'warn', TRADE_SCHEDULE.sellsOpenLater),
        line('holder_sells', 'fail'),
        ...base.evidence,
      ],
      trade: { status: 'sell_failed', buyTaxPct: 0, sellTaxPct: null, scheduledSellTaxPct: 1 },
      holderSells: { sampled: 4, failed: 4, maxTaxPct: null },
    });
    expect(v.kind).toBe('caution');
    expect(v.findings[0]?.check).toBe('honeypot');
  });

  it('a launch fee that fell is judged after its fall; one that rises, on the later level', () => {
    const fell = decideVerdict({
      ...base,
      evidence: [line('honeypot', 'pass'), ...base.evidence],
      trade: { status: 'ok', buyTaxPct: 0, sellTaxPct: 80, scheduledSellTaxPct: 1 },
      holderSells: { sampled: 4, failed: 0, maxTaxPct: 80 },
    });
    expect(fell.kind).toBe('no_major_risk');
    const rose = decideVerdict({
      ...base,
      evidence: [line('honeypot', 'pass'), ...base.evidence],
      trade: { status: 'ok', buyTaxPct: 0, sellTaxPct: 2, scheduledSellTaxPct: 60 },
    });
    expect(rose.kind).toBe('dangerous');
  });
});
