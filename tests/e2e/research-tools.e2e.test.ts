import type { LiquidityResult, TokenHealthResult, WhaleResult } from '@shared/analysis';
import { formatPercent, formatPoolValue } from '@shared/format';
import type { NetworkInfo } from '@shared/network';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, VIEWPORTS, waitForToast } from './browser';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 240_000;
/** The first analysis of a token reads the chain and the index: allow it some time. */
const DATA_TIMEOUT_MS = 60_000;
const HOSTILE_NAME = '<img src=x onerror=alert(1)>';

let network: NetworkInfo;

/** GET an API path of the shared app as JSON. */
const api = <T>(p: string): Promise<T> => ready().api<T>(p);

const ready = holdE2eSession(async ({ app, api }) => {
  network = await api<NetworkInfo>('/api/network');
  // Warm the engine for the tokens the tests use, so timings in the browser are the page's own.
  const flab = network.tokens.FLAB as string;
  await Promise.all([
    api(`/api/whale-tracker/${flab}`),
    api(`/api/liquidity/${flab}?amount=1000`),
    api(`/api/token-health/${network.tokens.DEGEN}`),
  ]);
}, HOOK_TIMEOUT_MS);

const token = (symbol: string) => {
  const a = network.tokens[symbol];
  if (!a) throw new Error(`the scenario has no ${symbol}`);
  return a;
};

/** Holds matching API requests until released, so a test can see the loading state. */
async function holdRequests(page: Page, pattern: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(pattern, async (route) => {
    await gate;
    // The page may have been closed meanwhile; nothing to continue then.
    await route.fallback().catch(() => {});
  });
  return release;
}

/** Counts requests whose URL path contains `part`. */
function countRequests(page: Page, part: string) {
  const counter = { n: 0 };
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.includes(part)) counter.n++;
  });
  return counter;
}

describe('Whale Tracker', () => {
  it('validates the address, shows loading, then the API figures for FLAB', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const flab = token('FLAB');
      await page.goto('/whale-tracker');
      await page.locator('h1', { hasText: 'Whale Tracker' }).waitFor();
      await page
        .getByText(
          'Monitor top 20 holders, track new whale entries, and analyze wallet histories for any Base token',
        )
        .waitFor();
      await page.getByText('Enter a token address to start tracking whales').waitFor();
      const input = page.getByPlaceholder('Enter token contract address (0x...)');
      const button = page.getByRole('button', { name: 'Track Whales' });
      expect(await button.isDisabled()).toBe(true);
      await input.fill(flab.slice(0, 41));
      expect(await button.isDisabled()).toBe(true);
      await input.fill(flab);
      expect(await button.isEnabled()).toBe(true);

      const release = await holdRequests(page, '**/api/whale-tracker/**');
      // Keyboard: Enter in the field submits.
      await input.press('Enter');
      await page.getByText('Analyzing whale activity...').waitFor();
      release();

      await page.getByTestId('whale-results').waitFor({ timeout: DATA_TIMEOUT_MS });
      const expected = await api<WhaleResult>(`/api/whale-tracker/${flab}`);
      expect((await page.getByTestId('total-whales').getByTestId('stat-value').textContent())?.trim()).toBe(
        String(expected.whaleCount),
      );
      expect((await page.getByTestId('top5-holdings').getByTestId('stat-value').textContent())?.trim()).toBe(
        formatPercent(expected.concentration.topFivePercentage, 1),
      );
      expect((await page.getByTestId('whale-score').getByTestId('score-value').textContent())?.trim()).toBe(
        String(expected.whaleScore),
      );
      expect((await page.getByTestId('risky-wallets').getByTestId('stat-value').textContent())?.trim()).toBe(
        String(expected.concentration.ruggedWallets),
      );

      for (const heading of ['Top 20 Holders', 'New Whale Entries (Last 12 Hours)', 'Risk Assessment']) {
        await page.getByRole('heading', { name: heading }).waitFor();
      }
      const rows = page.getByTestId('holder-row');
      expect(await rows.count()).toBe(Math.min(20, expected.topHolders.length));
      const first = expected.topHolders[0];
      if (!first) throw new Error('FLAB has no holders');
      const firstRow = rows.first();
      expect(await firstRow.textContent()).toContain(`#${first.rank}`);
      expect(await firstRow.textContent()).toContain(first.walletType);
      expect((await firstRow.getByTestId('holder-percentage').textContent())?.trim()).toBe(
        formatPercent(first.percentage, 2),
      );
      expect(await firstRow.textContent()).toMatch(/(\d+h )?\d+m ago|\d+ (day|month)s? ago|[\d.]+ years ago/);
      expect(await firstRow.textContent()).toMatch(/Clean|\d+ rugs/);
      expect(await page.getByTestId('whale-entry').count()).toBe(expected.newWhaleEntries.length);
      // The holder distribution chart marks the liquidity pool.
      await page.getByTestId('holder-distribution').locator('[data-kind="pool"]').waitFor();
      await page.getByTestId('holder-distribution').locator('svg.recharts-surface').first().waitFor();

      // The whale score opens its evidence, by keyboard.
      const scoreButton = page.getByTestId('whale-score').getByRole('button');
      await scoreButton.focus();
      await page.keyboard.press('Enter');
      expect(await scoreButton.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByTestId('whale-score').locator('li[data-outcome]').count()).toBe(
        expected.evidence.length,
      );

      await saveScreenshot(page, 'whale-tracker-desktop');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the error with Retry instead of a sample result', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.route('**/api/whale-tracker/**', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'CHAIN_UNAVAILABLE', message: 'The chain RPC is down.' } }),
        }),
      );
      await page.goto('/whale-tracker');
      await page.getByPlaceholder('Enter token contract address (0x...)').fill(token('BRETT'));
      await page.getByRole('button', { name: 'Track Whales' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to analyze whale activity' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('503: The chain RPC is down.');
      expect(await page.getByTestId('whale-results').count()).toBe(0);
      await page.unroute('**/api/whale-tracker/**');
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('whale-results').waitFor({ timeout: DATA_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });

  it('fits a phone screen', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl, 'phone');
    try {
      await page.goto('/whale-tracker');
      await page.getByPlaceholder('Enter token contract address (0x...)').fill(token('FLAB'));
      await page.getByRole('button', { name: 'Track Whales' }).click();
      await page.getByTestId('whale-results').waitFor({ timeout: DATA_TIMEOUT_MS });
      await page.getByTestId('holder-distribution').locator('svg.recharts-surface').first().waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'whale-tracker-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Enhanced Liquidity Scanner', () => {
  it('toasts an invalid address, starts only after a valid submit, shows the API figures and refetches every 15 s', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const flab = token('FLAB');
      await page.clock.install();
      const requests = countRequests(page, '/api/liquidity/');
      await page.goto('/liquidity-scanner');
      await page.locator('h1', { hasText: 'Enhanced Liquidity Scanner' }).waitFor();
      await page.getByText('Comprehensive liquidity analysis with real-time rug detection').waitFor();
      await page.getByRole('link', { name: '← Back to Home' }).waitFor();
      const amount = page.getByLabel('Amount (USD)');
      expect(await amount.inputValue()).toBe('1000');
      expect(await page.getByRole('button', { name: 'Refresh' }).isDisabled()).toBe(true);

      const address = page.getByLabel('Token Address');
      await address.fill('0x1234');
      await page.getByRole('button', { name: 'Analyze Liquidity' }).click();
      await waitForToast(page, ['Invalid Address', 'Please enter a valid token contract address'], {
        variant: 'destructive',
      });
      expect(requests.n).toBe(0);

      await address.fill(flab);
      const release = await holdRequests(page, '**/api/liquidity/**');
      await page.getByRole('button', { name: 'Analyze Liquidity' }).click();
      await page.getByRole('button', { name: 'Analyzing...' }).waitFor();
      release();
      await page.getByTestId('liquidity-results').waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(requests.n).toBe(1);

      const expected = await api<LiquidityResult>(`/api/liquidity/${flab}?amount=1000`);
      expect((await page.getByTestId('pool-value').getByTestId('stat-value').textContent())?.trim()).toBe(
        formatPoolValue(expected.liquidityData.poolValue),
      );
      expect((await page.getByTestId('price-impact').textContent())?.trim()).toBe(
        formatPercent(expected.liquidityData.priceImpact, 2),
      );
      expect(
        (await page.getByTestId('liquidity-score').getByTestId('score-value').textContent())?.trim(),
      ).toBe(String(expected.liquidityScore));
      expect(await page.getByTestId('risk-level').textContent()).toContain(expected.riskLevel);
      await page.getByText('Live monitoring active - Updated every 30 seconds').waitFor();
      for (const heading of [
        'Liquidity Analysis',
        'Rug Detection Analysis',
        'Live Monitoring',
        'Recommendations',
        'Risk Factors',
      ]) {
        await page.getByRole('heading', { name: heading }).waitFor();
      }
      if (expected.liquidityData.liquidityLocked && expected.liquidityData.liquidityLockTime) {
        expect(await page.getByTestId('liquidity-locked').textContent()).toMatch(/^Locked until /);
      }

      // The liquidity score opens its evidence.
      await page.getByTestId('liquidity-score').getByRole('button').click();
      expect(await page.getByTestId('liquidity-score').locator('li[data-outcome]').count()).toBe(
        expected.evidence.length,
      );

      // Polling: 15 s later the page has asked again and says when.
      const updated = page.getByTestId('updated-at');
      const before = await updated.textContent();
      await page.clock.fastForward(16_000);
      await expect.poll(() => requests.n, { timeout: DATA_TIMEOUT_MS }).toBeGreaterThanOrEqual(2);
      await expect.poll(() => updated.textContent(), { timeout: DATA_TIMEOUT_MS }).not.toBe(before);

      // Refresh: refetch and say so.
      const n = requests.n;
      await page.getByRole('button', { name: 'Refresh' }).click();
      const refreshed = page.locator('[data-variant="default"]').filter({ hasText: 'Refreshed' });
      await refreshed.waitFor();
      expect(await refreshed.textContent()).toContain('Liquidity analysis updated with latest data');
      expect(requests.n).toBeGreaterThan(n);

      await saveScreenshot(page, 'liquidity-scanner-desktop');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('marks a rugged pool in red and shows its warnings', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl, 'phone');
    try {
      const rugged = network.riskTokens?.rugged;
      if (!rugged) throw new Error('the scenario has no rugged token');
      const expected = await api<LiquidityResult>(`/api/liquidity/${rugged}?amount=1000`);
      await page.goto('/liquidity-scanner');
      await page.getByLabel('Token Address').fill(rugged);
      await page.getByRole('button', { name: 'Analyze Liquidity' }).click();
      await page.getByTestId('liquidity-results').waitFor({ timeout: DATA_TIMEOUT_MS });
      const warnings = page.getByTestId('liquidity-warnings');
      await warnings.waitFor();
      for (const w of expected.warnings) expect(await warnings.textContent()).toContain(w);
      const impact = page.getByTestId('price-impact');
      if ((expected.liquidityData.priceImpact ?? 0) > 15) {
        expect(await impact.getAttribute('class')).toContain('text-red-400');
      }
      // The page shows the rug level the server decided, in words (never a percentage).
      expect(await page.getByTestId('rug-risk-level').textContent()).toContain(
        expected.rugAnalysis.riskLevel,
      );
      expect(await page.getByTestId('rug-analysis').textContent()).toContain(
        String(expected.rugAnalysis.lpDrainEvents.count),
      );
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'liquidity-scanner-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the error with Retry', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.route('**/api/liquidity/**', (route) =>
        route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' }),
      );
      await page.goto('/liquidity-scanner');
      await page.getByLabel('Token Address').fill(token('AERO'));
      await page.getByRole('button', { name: 'Analyze Liquidity' }).click();
      const alert = page
        .getByRole('alert')
        .filter({ hasText: 'Failed to analyze liquidity with live Base blockchain data' });
      await alert.waitFor();
      expect(await alert.textContent()).toContain('500: boom');
      await page.unroute('**/api/liquidity/**');
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('liquidity-results').waitFor({ timeout: DATA_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });
});

describe('Token Health', () => {
  it('validates the address and disables the button while empty', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/token-health');
      await page.locator('h1', { hasText: 'Token Health' }).waitFor();
      const button = page.getByRole('button', { name: 'Analyze Health' });
      expect(await button.isDisabled()).toBe(true);
      await page.getByPlaceholder('Enter token contract address (0x...)').fill('0xabc');
      expect(await button.isEnabled()).toBe(true);
      await button.click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Please enter a valid Base token address (0x...)' })
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('analyses DEGEN from its popular button: overlay, the API scores, a price chart and 15 s polling', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const degen = token('DEGEN');
      await page.clock.install();
      const requests = countRequests(page, '/api/token-health/');
      const candles = countRequests(page, '/candles');
      await page.goto('/token-health');
      for (const symbol of ['DEGEN', 'BRETT', 'TOSHI', 'AERO', 'USDC', 'FLAB']) {
        const b = page.getByRole('button', { name: symbol, exact: true });
        await expect.poll(() => b.isEnabled()).toBe(true);
      }
      await page.getByRole('button', { name: 'DEGEN', exact: true }).click();
      await page.getByTestId('analysing-overlay').waitFor();
      expect(await page.getByPlaceholder('Enter token contract address (0x...)').inputValue()).toBe(degen);
      // The request starts with the overlay, not after it.
      await expect.poll(() => requests.n).toBe(1);
      expect(
        await page
          .getByRole('button', { name: /Analyz/ })
          .first()
          .isDisabled(),
      ).toBe(true);
      await page.clock.fastForward(2_100);
      await page.getByTestId('analysing-overlay').waitFor({ state: 'detached' });
      await page.getByTestId('health-results').waitFor({ timeout: DATA_TIMEOUT_MS });

      const expected = await api<TokenHealthResult>(`/api/token-health/${degen}`);
      const score = (id: string) => page.getByTestId(id).getByTestId('score-value').textContent();
      expect((await score('overall-score'))?.trim()).toBe(String(expected.overallScore));
      expect((await score('security-score'))?.trim()).toBe(String(expected.securityScore));
      expect((await score('liquidity-score'))?.trim()).toBe(String(expected.liquidityScore));
      expect((await score('community-score'))?.trim()).toBe(String(expected.communityScore));
      expect((await score('momentum-score'))?.trim()).toBe(String(expected.momentumScore));
      expect((await page.getByTestId('token-symbol').textContent())?.trim()).toBe(expected.symbol);
      expect((await page.getByTestId('metric-holders').textContent())?.trim()).toBe(
        expected.metrics.holders.toLocaleString('en-US'),
      );
      await page.getByRole('heading', { name: 'Indicators' }).waitFor();
      expect(await page.getByTestId('health-indicators').textContent()).toContain(expected.indicators.trend);

      // The community score opens its evidence.
      await page.getByTestId('community-score').getByRole('button').click();
      expect(await page.getByTestId('community-score').locator('li[data-outcome]').count()).toBe(
        expected.communityEvidence.length,
      );

      // The price chart from our candles.
      const chart = page.getByTestId('price-chart');
      await chart.locator('svg.recharts-surface').first().waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(candles.n).toBeGreaterThanOrEqual(1);
      await chart.getByRole('button', { name: '15m' }).click();
      await expect.poll(() => candles.n).toBeGreaterThanOrEqual(2);

      // Polling every 15 s, visible as a changed 'Updated' time.
      const updated = page.getByTestId('updated-at');
      const before = await updated.textContent();
      const n = requests.n;
      await page.clock.fastForward(15_500);
      await expect.poll(() => requests.n, { timeout: DATA_TIMEOUT_MS }).toBeGreaterThan(n);
      await expect.poll(() => updated.textContent(), { timeout: DATA_TIMEOUT_MS }).not.toBe(before);

      await chart.getByRole('button', { name: '1h' }).click();
      await saveScreenshot(page, 'token-health-desktop');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('renders a hostile token name as text and fits a phone', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl, 'phone');
    try {
      const flab = token('FLAB');
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs++;
        void d.dismiss();
      });
      await page.route('**/api/token-health/**', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as TokenHealthResult;
        await route.fulfill({ response: res, json: { ...body, name: HOSTILE_NAME } });
      });
      await page.goto('/token-health');
      await page.getByRole('button', { name: 'FLAB', exact: true }).click();
      expect(await page.getByPlaceholder('Enter token contract address (0x...)').inputValue()).toBe(flab);
      await page.getByTestId('health-results').waitFor({ timeout: DATA_TIMEOUT_MS });
      const name = page.getByTestId('token-name');
      expect(await name.textContent()).toBe(HOSTILE_NAME);
      expect(await name.locator('img').count()).toBe(0);
      expect(dialogs).toBe(0);
      await page.getByTestId('price-chart').locator('svg.recharts-surface').first().waitFor({
        timeout: DATA_TIMEOUT_MS,
      });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      await saveScreenshot(page, 'token-health-phone');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the error with Retry', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.route('**/api/token-health/**', (route) =>
        route.fulfill({
          status: 502,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'CHAIN_UNAVAILABLE', message: 'upstream failed' } }),
        }),
      );
      await page.goto('/token-health');
      await page.getByPlaceholder('Enter token contract address (0x...)').fill(token('TOSHI'));
      await page.getByRole('button', { name: 'Analyze Health' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch token health data' });
      await alert.waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(await alert.textContent()).toContain('502: upstream failed');
      await page.unroute('**/api/token-health/**');
      await alert.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('health-results').waitFor({ timeout: DATA_TIMEOUT_MS });
    } finally {
      await context.close();
    }
  });
});
