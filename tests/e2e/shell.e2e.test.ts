import { documentTitle, NOT_FOUND_TITLE, ROUTES } from '@shared/routes';
import { describe, expect, it } from 'vitest';
import { openPage, saveScreenshot, waitForToast } from './browser';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 180_000;

const ready = holdE2eSession(undefined, HOOK_TIMEOUT_MS);

describe('web shell', () => {
  it.each(ROUTES.map((r) => [r.path, r.title] as const))('%s shows its heading', async (route, title) => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl);
    try {
      await page.goto(route);
      const h1 = page.locator('h1');
      await h1.waitFor();
      expect((await h1.textContent())?.trim()).toBe(title);
      await expect.poll(() => page.title()).toBe(documentTitle(title));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the 404 page for an unknown path', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      const res = await page.goto('/no-such-page');
      expect(res?.status()).toBe(404);
      await page.locator('h1').waitFor();
      expect(await page.locator('h1').textContent()).toBe(NOT_FOUND_TITLE);
      expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('asks for an address on the token analysis page without one, and goes back home', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/token-analysis');
      await page
        .getByText('No token address provided. Please go back and enter a valid contract address.')
        .waitFor();
      // A search box right there (issue 37): an address typed into it opens that token's analysis.
      const alert = page.getByRole('alert');
      const flab = ((await (await fetch(`${baseUrl}/api/network`)).json()) as { flabToken: string })
        .flabToken;
      await alert.getByTestId('token-search-input').fill(flab);
      await alert.getByTestId('token-search-input').press('Enter');
      await page.waitForURL((u) => u.search.includes(`address=${flab}`));
      await page.goBack();
      await page.getByRole('link', { name: 'Go Back' }).click();
      await page.waitForURL(`${baseUrl}/`);
      expect(await page.locator('h1').textContent()).toBe('FLAB Hub');
    } finally {
      await context.close();
    }
  });

  it('confirms Copy CA with a toast that F8 can reach', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      const address = '0x4200000000000000000000000000000000000006';
      await page.goto(`/token-analysis?address=${address}`);
      await page.getByRole('button', { name: 'Copy CA' }).click();
      await waitForToast(page, ['Copied', 'Contract Address copied to clipboard']);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
      // Spec §9: F8 moves focus to the notifications.
      await page.keyboard.press('F8');
      await expect
        .poll(() =>
          page.evaluate(() => document.activeElement?.closest('[aria-label^="Notifications"]') !== null),
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('says in the header that the app reads the local chain', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl);
    try {
      await page.goto('/');
      const badge = page
        .getByTestId('network-badge')
        .filter({ hasText: 'Local Base chain · simulated market' });
      await badge.waitFor({ timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  it('opens the mobile menu on a phone and navigates from it', async () => {
    const { baseUrl, browser } = ready();
    const { context, page } = await openPage(browser, baseUrl, 'phone');
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.locator('#mobile-menu');
      await menu.getByRole('link', { name: 'Gaming' }).click();
      await page.waitForURL(`${baseUrl}/gaming`);
      await page.locator('h1', { hasText: 'Gaming Arena' }).waitFor();
      expect(await menu.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it.each(['desktop', 'phone'] as const)('captures the home page at %s width', async (viewport) => {
    const { baseUrl, browser } = ready();
    const { context, page, errors } = await openPage(browser, baseUrl, viewport);
    try {
      await page.goto('/');
      await page.locator('#community').waitFor();
      // The badge is the last thing to settle (a network call); wait so the picture shows it.
      await page
        .getByTestId('network-badge')
        .filter({ hasText: /Local|Base|unavailable/ })
        .waitFor();
      await saveScreenshot(page, `home-${viewport}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
