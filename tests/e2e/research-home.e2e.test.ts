import type {
  FlabScoreResult,
  LiquidityResult,
  RugResult,
  ScannerResult,
  TokenReport,
  WhaleResult,
} from '@shared/analysis';
import { BADGE_WIDTH } from '@shared/badge';
import type { NetworkInfo } from '@shared/network';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, VIEWPORTS, waitForToast } from './browser';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 240_000;
const DATA_TIMEOUT_MS = 60_000;
const HOSTILE = '<img src=x onerror=alert(1)>';

let flab = '';

/** GET an API path of the shared app as JSON. */
const api = <T>(p: string): Promise<T> => ready().api<T>(p);

const ready = holdE2eSession(async ({ app, api }) => {
  const network = await api<NetworkInfo>('/api/network');
  if (!network.flabToken) throw new Error('the test scenario has no FLAB token');
  flab = network.flabToken;
  // Warm the engine so the browser tests do not each pay for the first analysis.
  await api<TokenReport>(`/api/tokens/${flab}/report`);
}, HOOK_TIMEOUT_MS);

describe('home utilities', () => {
  it('alerts on a blank input', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto('/');
      const messages: string[] = [];
      page.on('dialog', (d) => {
        messages.push(d.message());
        void d.dismiss();
      });
      const card = page.getByTestId('utility-scanner');
      await card.getByRole('button', { name: 'Scan Token' }).click();
      await expect.poll(() => messages).toEqual(['Please enter a token address or amount']);
      expect(page.url()).toBe(`${baseUrl}/`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the spec placeholders and redirects a 42-character address to the analysis page', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/');
      const liquidity = page.getByTestId('utility-liquidity').getByPlaceholder('Enter amount (e.g., 1000)');
      expect(await liquidity.getAttribute('placeholder')).toBe('Enter amount (e.g., 1000)');
      const input = page.getByTestId('utility-scanner').getByRole('textbox');
      expect(await input.getAttribute('placeholder')).toBe('Enter Base token address (0x...)');
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/scanner/')) calls.push(r.url());
      });
      await input.fill(flab);
      await input.press('Enter');
      await page.waitForURL(`${baseUrl}/token-analysis?address=${flab}`);
      await page.getByTestId('score-scanner').waitFor({ timeout: DATA_TIMEOUT_MS });
      // The redirect itself made no scanner call from the home card; the analysis page did.
      expect(calls.every((u) => u.includes(flab.toLowerCase()))).toBe(true);
    } finally {
      await context.close();
    }
  });

  // Issue 37: the card's token and amount arrive on the scanner (2,500 once arrived as 1,000 with the
  // token box empty), on a phone and on a desktop.
  for (const viewport of ['phone', 'desktop'] as const)
    it(`hands the liquidity card's token and amount to the liquidity scanner (${viewport})`, async () => {
      const { baseUrl, browser } = ready();
      const { context, page, errors } = await openPage(browser, baseUrl, viewport);
      try {
        await page.goto('/');
        const card = page.getByTestId('utility-liquidity');
        await card.getByTestId('utility-liquidity-token').fill(flab);
        await card.getByPlaceholder('Enter amount (e.g., 1000)').fill('2500');
        await card.getByRole('button', { name: 'Check Liquidity' }).click();
        await page.waitForURL(`${baseUrl}/liquidity-scanner?address=${flab}&amount=2500`);
        expect(await page.locator('#liquidity-amount').inputValue()).toBe('2500');
        expect(await page.locator('#liquidity-address').inputValue()).toBe(flab);
        if (viewport === 'phone') await saveScreenshot(page, 'liquidity-handoff-phone');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });

  it('shows an in-card result with the display limits, and an error with Retry on failure', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const whales = await api<WhaleResult>(`/api/whale-tracker/${flab}`);
      await page.goto('/');
      const card = page.getByTestId('utility-whale');
      // The example hint fills FLAB's address; a trailing space makes it 43 characters, so the card
      // calls the API itself instead of redirecting (spec §5: only exactly 42 characters redirect).
      await card.getByRole('button', { name: /^Use example address/ }).click();
      await card.getByRole('textbox').press('End');
      await card.getByRole('textbox').pressSequentially(' ');
      await card.getByRole('button', { name: 'Track Whales' }).click();
      const result = card.getByTestId('utility-result');
      await result.waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(await result.textContent()).toContain(String(whales.whaleCount));
      expect(await card.getByTestId('whale-bar').getAttribute('data-value')).toBe(
        String(Math.min(whales.whaleCount * 10, 100)),
      );
      expect(await result.locator('ul li').count()).toBeLessThanOrEqual(2);

      const scanner = page.getByTestId('utility-scanner');
      await scanner.getByRole('textbox').fill('not-an-address');
      await scanner.getByRole('button', { name: 'Scan Token' }).click();
      const alert = scanner.getByRole('alert');
      await alert.waitFor();
      // Not an address: where to look a symbol or name up, not the raw 400.
      expect(await alert.textContent()).toContain('is not a token address');
      expect(await alert.textContent()).toContain('search box');
      expect(await scanner.getByTestId('utility-result').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['desktop', 'phone'] as const)('captures home with a result at %s width', async (viewport) => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl, viewport);
    try {
      await page.goto('/');
      const card = page.getByTestId('utility-scanner');
      await card.getByRole('button', { name: /^Use example address/ }).click();
      await card.getByRole('textbox').press('End');
      await card.getByRole('textbox').pressSequentially(' ');
      await card.getByRole('button', { name: 'Scan Token' }).click();
      await card.getByTestId('utility-result').waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(
        await card.getByTestId('utility-result').locator('ul').first().locator('li').count(),
      ).toBeLessThanOrEqual(4);
      await page.locator('#community dl').waitFor();
      await saveScreenshot(page, `research-home-${viewport}`);
    } finally {
      await context.close();
    }
  });
});

describe('about', () => {
  it.each(['desktop', 'phone'] as const)('shows FLAB facts computed by the engine (%s)', async (viewport) => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl, viewport);
    try {
      // The facts are compared with the report the page itself was sent: a report fetched by the
      // test beforehand can be a different analysis (the market simulator keeps trading FLAB).
      const pageReport = page.waitForResponse(
        (r) => r.url().toLowerCase().includes(`/api/tokens/${flab.toLowerCase()}/report`) && r.ok(),
        { timeout: DATA_TIMEOUT_MS },
      );
      await page.goto('/about');
      const report = (await (await pageReport).json()) as TokenReport;
      const whales = page.getByTestId('fact-whales').locator('dd');
      await expect.poll(() => whales.textContent(), { timeout: DATA_TIMEOUT_MS }).toBe('6');
      expect(report.whales.whaleCount).toBe(6);
      expect(await page.getByTestId('fact-supply').locator('dd').textContent()).toBe('1B');
      expect(await page.getByTestId('fact-symbol').locator('dd').textContent()).toBe('FLAB');
      expect(await page.getByTestId('fact-security').locator('dd').textContent()).toBe(
        `${report.scanner.score}/100`,
      );
      expect(await page.getByTestId('fact-top5').locator('dd').textContent()).toBe(
        `${report.whales.concentration.topFivePercentage}%`,
      );
      for (const title of [
        'Our mission',
        'The utility suite',
        'Why choose FLAB Hub',
        'Platform statistics',
      ]) {
        await page.getByRole('heading', { name: title }).waitFor();
      }
      await saveScreenshot(page, `research-about-${viewport}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('token analysis', () => {
  it('shows the no-address state', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/token-analysis');
      await page
        .getByText('No token address provided. Please go back and enter a valid contract address.')
        .waitFor();
      await page.getByRole('link', { name: 'Go Back' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('shows 5 skeletons, then score cards equal to the API, and opens evidence by keyboard', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      const [scanner, rug, whales, liquidity, score] = await Promise.all([
        api<ScannerResult>(`/api/scanner/${flab}`),
        api<RugResult>(`/api/rug-detector/${flab}`),
        api<WhaleResult>(`/api/whale-tracker/${flab}`),
        api<LiquidityResult>(`/api/liquidity/${flab}?amount=1000`),
        api<FlabScoreResult>(`/api/flab-score/${flab}`),
      ]);
      // Hold the scanner answer back a moment so the loading state is observable.
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      await page.route('**/api/scanner/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`/token-analysis?address=${flab}`);
      await expect.poll(() => page.getByTestId('skeleton-card').count()).toBe(5);
      expect(await page.getByTestId('token-name').textContent()).toBe('Loading...');
      release();
      await page.getByTestId('score-scanner').waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(await page.getByTestId('skeleton-card').count()).toBe(0);
      const value = (id: string) => page.getByTestId(id).getByTestId('score-value').textContent();
      expect(await value('score-scanner')).toBe(String(scanner.score));
      expect(await value('score-rug')).toBe(String(Math.round(100 - rug.rugScore)));
      expect(await value('score-whales')).toBe(String(whales.whaleScore));
      expect(await value('score-liquidity')).toBe(String(liquidity.liquidityScore));
      expect(await value('score-flab')).toBe(String(score.flabScore));
      expect(await page.getByTestId('score-rug').textContent()).toContain(`${rug.riskLevel} Risk`);
      expect(await page.getByTestId('score-whales').textContent()).toContain(`${whales.whaleCount} Whales`);
      expect(await page.getByTestId('token-name').textContent()).toBe(scanner.details.name ?? 'N/A');
      expect(await page.getByTestId('panel-liquidity').textContent()).toContain('1.00e+9');
      const firstHash = whales.recentTransactions[0]?.hash;
      if (firstHash) {
        expect(await page.getByTestId('panel-whales').textContent()).toContain(
          `${firstHash.slice(0, 10)}...${firstHash.slice(-8)}`,
        );
      }
      await page.getByTestId('ai-recommendation').waitFor();

      // Keyboard: focus the scanner card's toggle and open its evidence with Enter.
      const toggle = page.getByTestId('score-scanner').getByRole('button');
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const lines = page.getByTestId('score-evidence').locator('li[data-outcome]');
      expect(await lines.count()).toBe(scanner.evidence.length);

      // On the local chain an outside chart site knows none of our tokens: View Chart goes to the
      // page's own chart (on Base it opens DexScreener in a new tab).
      const chart = page.getByRole('link', { name: 'View Chart' });
      expect(await chart.getAttribute('href')).toBe('#price-chart');
      expect(await chart.getAttribute('target')).toBeNull();
      expect(await page.locator('#price-chart').count()).toBe(1);

      // Embed: the badge loads and the snippet points at it and back at this page.
      const embed = page.getByTestId('embed-box');
      await embed.scrollIntoViewIfNeeded();
      const img = embed.locator('img');
      await expect
        .poll(() =>
          img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
        )
        .toBe(BADGE_WIDTH);
      const snippet = await embed.getByLabel('Embed HTML snippet').inputValue();
      expect(snippet).toContain(`${baseUrl}/badge/${flab.toLowerCase()}.svg`);
      expect(snippet).toContain(`${baseUrl}/token-analysis?address=${flab.toLowerCase()}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('toasts on Refresh All', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto(`/token-analysis?address=${flab}`);
      await page.getByTestId('score-scanner').waitFor({ timeout: DATA_TIMEOUT_MS });
      const refetched = page.waitForRequest((r) => r.url().includes(`/api/rug-detector/${flab}`));
      await page.getByRole('button', { name: 'Refresh All' }).click();
      // Asked of the page's record of toasts shown: the toast dismisses itself, so a look at the
      // screen can miss it on a busy machine.
      await waitForToast(page, ['Refreshing Data', 'All analysis data is being updated...']);
      await refetched;
    } finally {
      await context.close();
    }
  });

  it("polls every 30 s and shows the new 'Updated' time", async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.clock.install();
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/scanner/')) requests.push(r.url());
      });
      await page.goto(`/token-analysis?address=${flab}`);
      await page.getByTestId('score-scanner').waitFor({ timeout: DATA_TIMEOUT_MS });
      const updated = page.getByTestId('updated-at');
      const before = await updated.textContent();
      expect(before).toMatch(/^Updated \d{2}:\d{2}:\d{2}$/);
      const countBefore = requests.length;
      await page.clock.fastForward(31_000);
      await expect.poll(() => requests.length, { timeout: DATA_TIMEOUT_MS }).toBeGreaterThan(countBefore);
      await expect.poll(() => updated.textContent(), { timeout: DATA_TIMEOUT_MS }).not.toBe(before);
      expect(await updated.textContent()).toMatch(/^Updated \d{2}:\d{2}:\d{2}$/);
    } finally {
      await context.close();
    }
  });

  it('renders a hostile token name as text', async () => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      let dialogs = 0;
      page.on('dialog', (d) => {
        dialogs += 1;
        void d.dismiss();
      });
      await page.route('**/api/scanner/**', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as ScannerResult;
        body.details.name = HOSTILE;
        body.details.symbol = HOSTILE;
        await route.fulfill({ response: res, json: body });
      });
      await page.goto(`/token-analysis?address=${flab}`);
      await page.getByTestId('score-scanner').waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(await page.getByTestId('token-name').textContent()).toBe(HOSTILE);
      expect(await page.getByTestId('token-symbol').textContent()).toBe(HOSTILE);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      await page.waitForTimeout(300);
      expect(dialogs).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it.each(['desktop', 'phone'] as const)('captures the analysis page at %s width', async (viewport) => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl, viewport);
    try {
      await page.goto(`/token-analysis?address=${flab}`);
      await page.getByTestId('ai-recommendation').waitFor({ timeout: DATA_TIMEOUT_MS });
      await page.getByTestId('score-flab').getByRole('button').click();
      // No horizontal overflow on a phone.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(VIEWPORTS[viewport].width);
      await saveScreenshot(page, `research-analysis-${viewport}`);
    } finally {
      await context.close();
    }
  });
});
