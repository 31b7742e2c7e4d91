import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TradingPatterns } from '../../../shared/trading-patterns';
import { statusBadge, TradingPatternsView } from './trading-patterns-panel';

const W = '0x5151515151515151515151515151515151515151';
const patterns: TradingPatterns = {
  pool: '0x9001900190019001900190019001900190019001',
  snipers: {
    status: 'found',
    headline: 'Snipers hold 22% of supply in 1 wallet; 1 has sold.',
    launchBlock: 100,
    windowBlocks: 3,
    snipers: 1,
    sniperShareNow: 0.22,
    snipersSold: 1,
    bundledShareNow: 0.22,
    clusterSelling: true,
    clusterSellers: 1,
    wallets: [
      {
        address: W,
        firstBuyBlock: 101,
        firstBuyTx: `0x${'ab'.repeat(32)}`,
        bought: 1,
        shareNow: 0.22,
        sells: 1,
        sold: true,
        fundedBy: '0xf00df00df00df00df00df00df00df00df00df00d',
        fundingTx: `0x${'cd'.repeat(32)}`,
        sniper: true,
      },
    ],
    groups: [],
    note: null,
  },
  wash: {
    status: 'found',
    headline: '90% of 24 h volume is wash.',
    quoteSymbol: '<img src=x onerror=alert(1)>',
    volume: 10,
    washVolume: 9,
    organicShare: 0.1,
    organicTraders: 2,
    traders: 3,
    swaps: 8,
    wallets: [
      {
        address: W,
        reason: 'back_and_forth',
        buys: 3,
        sells: 3,
        volume: 9,
        netShare: 0,
        txs: [`0x${'ef'.repeat(32)}`],
        evidence: 'x',
      },
    ],
    note: null,
  },
  findings: [],
};

describe('the trading patterns panel', () => {
  it('shows each finding with its evidence tables, chain strings as text', () => {
    const html = renderToStaticMarkup(<TradingPatternsView patterns={patterns} />);
    expect(html).toContain('Snipers hold 22% of supply in 1 wallet; 1 has sold.');
    expect(html).toContain('data-testid="sniper-wallets"');
    expect(html).toContain('0x5151…5151');
    expect(html).toContain('101 · ');
    expect(html).toContain('Cluster selling');
    expect(html).toContain('10% organic');
    expect(html).toContain('Back and forth');
    expect(html).not.toContain('<img');
  });
  it('shows the earlier tokens and code twins with their fates', () => {
    const lineage = {
      status: 'found' as const,
      headline: 'Code twin of 0x7777…7777 (honeypot).',
      deployer: `0x${'99'.repeat(20)}`,
      deployerTokenNumber: 1,
      funder: null,
      fingerprint: '0xabc',
      twinOfHoneypot: true,
      tokens: [
        {
          address: `0x${'77'.repeat(20)}`,
          relations: ['twin' as const],
          fate: 'honeypot' as const,
          verdict: 'honeypot',
          twin: 'same' as const,
          similarity: 1,
          createdBlock: 12,
          evidence: '<b>x</b>',
        },
      ],
      note: null,
    };
    const html = renderToStaticMarkup(<TradingPatternsView patterns={{ ...patterns, lineage }} />);
    expect(html).toContain('data-testid="lineage-tokens"');
    expect(html).toContain('Honeypot twin');
    expect(html).toContain('code twin');
    expect(html).not.toContain('<b>x</b>');
  });
  it('reads unknown as unknown, never as none found', () => {
    expect(statusBadge('unknown', 'Found').label).toBe('Unknown');
    expect(statusBadge('none', 'Found').label).toBe('None found');
  });
});
