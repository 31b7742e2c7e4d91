/**
 * Charts carry the verdict (issue 37): which verdicts mark a chart, what the mark says, and how a
 * price change is coloured under each verdict — a honeypot's "+82%" is never a green gain.
 */
import type { VerdictKind } from '@shared/analysis';
import { VERDICTS } from '@shared/vocabulary';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { changeLook, chartMark, signedPercent } from './chart-verdict';
import { ChartVerdictMark } from './chart-verdict-mark';

const KINDS = Object.keys(VERDICTS) as VerdictKind[];

describe('which verdicts mark the chart', () => {
  it('a honeypot and a rugged token, with what their price is', () => {
    expect(chartMark('honeypot')?.label).toBe('Honeypot — this price cannot be sold at');
    expect(chartMark('rugged')?.label).toBe('Rugged — liquidity removed');
    for (const k of ['dangerous', 'caution', 'no_major_risk', 'unknown'] as const)
      expect(chartMark(k)).toBeNull();
    expect(chartMark(undefined)).toBeNull();
  });

  it('every verdict whose figures are not meaningful marks its chart (a new one cannot slip past)', () => {
    for (const k of KINDS) {
      expect(chartMark(k) !== null, k).toBe(VERDICTS[k].subScores === 'not_meaningful');
    }
  });

  it('draws the mark in words, with no emoji', () => {
    const mark = chartMark('honeypot');
    if (!mark) throw new Error('no mark');
    const html = renderToStaticMarkup(<ChartVerdictMark mark={mark} />);
    expect(html).toContain('data-testid="chart-verdict-mark"');
    expect(html).toContain('data-verdict="honeypot"');
    expect(html).toContain('Honeypot — this price cannot be sold at');
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});

describe('how a price change is coloured', () => {
  it('a rise on a honeypot or rugged token is red, with the reason — never green', () => {
    expect(changeLook(82, 'honeypot')).toEqual({ className: 'text-red-400', word: 'not a gain: sells fail' });
    expect(changeLook(12.96, 'rugged')).toEqual({
      className: 'text-red-400',
      word: 'not a gain: liquidity removed',
    });
    // A fall needs no reason: it reads as a loss already.
    expect(changeLook(-5, 'honeypot')).toEqual({ className: 'text-red-400', word: null });
  });

  it('a rise is neutral when the verdict caps good figures, green only when it lets them be', () => {
    expect(changeLook(10, 'dangerous').className).toBe('text-slate-300');
    expect(changeLook(10, 'unknown').className).toBe('text-slate-300');
    expect(changeLook(10, 'caution').className).toBe('text-emerald-400');
    expect(changeLook(10, 'no_major_risk').className).toBe('text-emerald-400');
    expect(changeLook(10, undefined).className).toBe('text-emerald-400');
    expect(changeLook(-1, 'no_major_risk')).toEqual({ className: 'text-red-400', word: null });
  });

  it('no verdict colours a rise green while its chart is marked', () => {
    for (const k of KINDS) {
      if (chartMark(k)) expect(changeLook(50, k).className, k).not.toBe('text-emerald-400');
    }
  });

  it('signs the figure', () => {
    expect(signedPercent(82)).toBe('+82.00%');
    expect(signedPercent(-3.1)).toBe('-3.10%');
    expect(signedPercent(0)).toBe('0.00%');
  });
});
