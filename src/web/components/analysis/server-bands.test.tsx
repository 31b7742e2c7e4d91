/**
 * Issue 21: the page colours a score by the band the server decided (a result's `bands`), never by
 * re-deriving one from the number. Each figure below is given a band its number alone would never
 * get (95 shown red, 10 shown green), so a component that still worked the band out would fail.
 * Rendered to static markup (no browser needed): the components are the pages' own.
 */
import type { Banded, ScannerResult } from '@shared/analysis';
import type { Holding, Portfolio } from '@shared/portfolio';
import type { ShownBand } from '@shared/vocabulary';
import { ShieldCheck } from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { UtilityResult } from '../home/utility-result';
import { HoldingsCard } from '../portfolio/portfolio-parts';
import { ScoreCard } from './score-card';

const red: ShownBand = { band: 'red', capped: false };
const green: ShownBand = { band: 'green', capped: false };

/** The class attribute of the element holding `text` as its first text. */
function classOf(html: string, text: string): string {
  const at = html.indexOf(`>${text}`);
  expect(at, `"${text}" is rendered`).toBeGreaterThan(0);
  const open = html.lastIndexOf('<', at);
  return html.slice(open, at).match(/class="([^"]*)"/)?.[1] ?? '';
}

describe('score colours come from the server band', () => {
  it('ScoreCard shows the band it is given, whatever the number', () => {
    const high = renderToStaticMarkup(
      <ScoreCard title="FLAB Scanner" icon={ShieldCheck} score={95} shown={red} evidence={[]} />,
    );
    expect(high).toContain('data-band="red"');
    expect(classOf(high, '95')).toContain('text-red-400');
    const low = renderToStaticMarkup(<ScoreCard title="Whales" score={10} shown={green} evidence={[]} />);
    expect(low).toContain('data-band="green"');
    expect(classOf(low, '10')).toContain('text-emerald-400');
  });

  it("the home utility result colours its big score by the answer's bands.score", () => {
    const data: Banded<ScannerResult> = {
      score: 95,
      bands: { score: red },
      contractVerified: true,
      holderCount: 12,
      risks: [],
      evidence: [],
    } as unknown as Banded<ScannerResult>;
    const html = renderToStaticMarkup(<UtilityResult type="scanner" data={data} />);
    expect(classOf(html, '95')).toContain('text-red-400');
  });

  it("a portfolio holding's FLAB Score is coloured by its bands.flabScore, neutral when unscored", () => {
    const holding = (over: Partial<Holding>): Holding => ({
      address: '0x00000000000000000000000000000000000000a1',
      symbol: 'TKN',
      name: 'Token',
      isVerified: true,
      value: 10,
      change24h: null,
      balance: 1,
      balanceRaw: '1',
      decimals: 18,
      price: 10,
      flabScore: 95,
      bands: { flabScore: { band: 'orange', capped: false } },
      allocation: 100,
      marketCap: null,
      volume24h: null,
      holders: null,
      verdict: null,
      unknownReason: null,
      ...over,
    });
    const p = (h: Holding): Portfolio => ({
      address: '0x0000000000000000000000000000000000000abc',
      totalValue: 10,
      totalChange24h: null,
      tokenCount: 1,
      riskLevel: null,
      avgFlabScore: null,
      diversificationScore: null,
      unpricedCount: 0,
      unscoredCount: 0,
      holdings: [h],
      method: '',
    });
    // The row links to the token's page: a router with a fixed path renders it outside a browser.
    const render = (h: Holding) =>
      renderToStaticMarkup(
        <Router ssrPath="/portfolio">
          <HoldingsCard p={p(h)} refreshing={false} onRefresh={() => {}} />
        </Router>,
      );
    const scored = render(holding({}));
    expect(classOf(scored, 'Score ')).toContain('text-orange-400');
    const unscored = render(holding({ flabScore: null, bands: { flabScore: null } }));
    expect(classOf(unscored, 'Score ')).toContain('text-slate-400');
  });
});
