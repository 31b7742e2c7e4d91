/**
 * Headless Chromium for the end-to-end tests: Debian's chromium (or CHROMIUM_PATH), driven by
 * playwright-core. Playwright's own browser download is not used, so tests need no network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

export type OpenPage = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A fresh context (cookies, storage) and page for one test, collecting uncaught page errors so a
 * test can assert the app rendered without throwing.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: keyof typeof VIEWPORTS = 'desktop',
): Promise<OpenPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * A full-page screenshot under test-results/screenshots. By default taken from the top, so the
 * sticky header is drawn once, above the page; `scrollToTop: false` leaves a page mid-interaction
 * (a running game) exactly as it is.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  opts: { scrollToTop?: boolean } = {},
): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  if (opts.scrollToTop !== false) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
