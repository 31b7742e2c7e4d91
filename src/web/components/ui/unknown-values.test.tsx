/**
 * Acceptance (issue 21, "unknown is a value"): a token with unknown decimals, an empty wallet and a
 * never-seen airdrop wallet render "unknown" — never a number standing in for the missing figure.
 * Rendered to static markup (no browser needed): the components are the pages' own.
 */
import type { ScannerResult } from '@shared/analysis';
import type { EligibilityResult } from '@shared/market-tools';
import type { Portfolio, WalletStats } from '@shared/portfolio';
import type { YieldOpportunity } from '@shared/yield';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AirdropCard } from '../airdrops/airdrop-card';
import { LiquidityPanel } from '../analysis/analysis-panels';
import { SummaryCards, WalletAnalyticsCard } from '../portfolio/portfolio-parts';
import { OpportunityCard } from '../yield/yield-parts';

/** The text of the element whose text starts with `label` (a row: label then value). */
function rowText(html: string, label: string): string {
  const text = html
    .replace(/<[^>]+>/g, '|')
    .split('|')
    .filter(Boolean);
  const i = text.indexOf(label);
  expect(i, `"${label}" is on the page`).toBeGreaterThanOrEqual(0);
  return text.slice(i + 1, i + 3).join(' ');
}

describe('unknown is rendered as "unknown", never as a number', () => {
  it('a token whose decimals are unknown', () => {
    const scanner = {
      details: {
        name: 'No Decimals',
        symbol: 'NODEC',
        contractVerified: null,
        holderCount: null,
        decimals: null,
        totalSupply: '1000',
      },
    } as unknown as ScannerResult;
    const html = renderToStaticMarkup(<LiquidityPanel scanner={scanner} />);
    const decimals = rowText(html, 'Decimals');
    expect(decimals).toMatch(/^unknown/);
    expect(decimals).not.toMatch(/\d/);
    expect(html).not.toContain('18 decimals');
  });

  it('an empty wallet', () => {
    const p: Portfolio = {
      address: '0x0000000000000000000000000000000000000abc',
      totalValue: 0,
      totalChange24h: null,
      tokenCount: 0,
      riskLevel: null,
      avgFlabScore: null,
      diversificationScore: null,
      unpricedCount: 0,
      unscoredCount: 0,
      holdings: [],
      method: '',
    };
    const html = renderToStaticMarkup(<SummaryCards p={p} />);
    expect(rowText(html, 'Risk level')).toMatch(/^unknown/);
    expect(rowText(html, 'Diversification')).toMatch(/^unknown/);
    expect(html).not.toMatch(/0\/100|conservative|\+0(\.0+)?%/i);
    const stats: WalletStats = {
      address: p.address,
      walletAge: null,
      firstSeenAt: null,
      totalTransactions: 0,
      sentTransactions: 0,
      profitableTokens: 0,
      tradedTokens: 0,
      riskProfile: null,
      gasSpent: 0,
      gasSpentUsd: null,
      gasMethod: '',
    };
    const a = renderToStaticMarkup(<WalletAnalyticsCard s={stats} loading={false} />);
    expect(rowText(a, 'Wallet age')).toMatch(/^unknown/);
    expect(rowText(a, 'Risk profile')).toMatch(/^unknown/);
    expect(a).not.toMatch(/0 days|conservative/i);
  });

  it('a wallet the airdrop checker has never seen', () => {
    const eligibility: EligibilityResult = {
      airdropId: 'local',
      address: '0x0000000000000000000000000000000000000abc',
      eligibilityScore: null,
      eligible: false,
      requirements: [
        {
          id: 'age',
          label: 'Wallet active for 7+ days',
          kind: 'wallet_age_days',
          required: 7,
          status: 'unknown',
          actual: null,
          reason: 'Never seen in the indexed history, so its age is unknown (not 0 days).',
        },
      ],
    };
    const html = renderToStaticMarkup(
      <AirdropCard
        airdrop={
          {
            id: 'local',
            name: 'Local programme',
            description: '',
            status: 'active',
            source: 'https://example.org/',
            website: null,
            twitter: null,
            startDate: null,
            endDate: null,
            requirements: [],
            instructions: [],
            requirementDetails: [{ id: 'age', label: 'Wallet active for 7+ days' }],
          } as never
        }
        open={false}
        onToggle={() => {}}
        eligibility={eligibility}
      />,
    );
    const row = rowText(html, 'Wallet active for 7+ days');
    expect(row).toMatch(/unknown/);
    expect(html).not.toMatch(/\b0 days old\b|\b0 days \(/);
  });

  it('a yield pool whose volume is unpriced: APY "unknown" with the reason, never 0%', () => {
    const reason = "APY unknown: the pool's 24 h volume could not be priced in USD.";
    const o: YieldOpportunity = {
      id: 'pool-x',
      protocol: 'Uniswap V2',
      name: 'TKN/USDC liquidity',
      type: 'liquidity',
      risk: 'medium',
      apy: null,
      tvl: 50_000,
      minDeposit: 0,
      lockPeriod: 0,
      flabScore: 80,
      tags: ['liquidity'],
      description: 'Provide TKN and USDC.',
      verified: true,
      tokenPair: 'TKN/USDC',
      url: '/liquidity-scanner?address=0x1',
      address: '0x1',
      apySource: reason,
      riskReasons: ['Shallow pool.'],
      entryCosts: null,
      breakEven: null,
    };
    const html = renderToStaticMarkup(<OpportunityCard o={o} amount={1000} />);
    expect(rowText(html, 'APY')).toMatch(/^unknown/);
    expect(rowText(html, 'Est. daily')).toMatch(/^unknown/);
    expect(html).toContain('24 h volume could not be priced');
    expect(html).not.toMatch(/0\.00%/);
  });
});
