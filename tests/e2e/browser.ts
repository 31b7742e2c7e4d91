/**
 * Headless Chromium for the end-to-end tests: Debian's chromium (or CHROMIUM_PATH), driven by
 * playwright-core. Playwright's own browser download is not used, so tests need no network.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

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

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * The e2e project's one Chromium (tests/e2e/global-setup.ts). Closing the returned Browser only
 * disconnects this file from it.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('e2eBrowserWs'));
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
  await context.addInitScript(recordToasts);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors };
}

type ToastRecord = { text: string; variant: string | null };
type ToastWindow = { __toastsShown?: ToastRecord[] };

/**
 * Runs in every page before the app: keeps each toast's text (and variant) the moment React puts
 * it in the DOM. Waiting on the toast itself races its timers: it closes itself after 5 s, and
 * the screen-reader copy Radix adds (the only element with role="status") is gone after 1 s. On a
 * loaded machine the browser can be starved long enough for either to come and go between two
 * looks by a locator, so tests ask this record ("was it shown?") instead.
 */
function recordToasts() {
  const w = window as unknown as ToastWindow;
  const shown: ToastRecord[] = [];
  w.__toastsShown = shown;
  const recorded = new WeakMap<Element, string>();
  const scan = () => {
    // The toasts are the items of Radix's viewport list, inside the "Notifications (F8)" region.
    for (const el of document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')) {
      const text = el.textContent ?? '';
      if (!text || recorded.get(el) === text) continue;
      recorded.set(el, text);
      shown.push({ text, variant: el.getAttribute('data-variant') });
    }
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * Waits until the page (this document, since it loaded) has shown a toast containing every one
 * of `texts` (and of `variant`, when given), however briefly it stayed on screen.
 */
export async function waitForToast(
  page: Page,
  texts: string[],
  opts: { variant?: string; timeout?: number } = {},
): Promise<void> {
  await page.waitForFunction(
    ({ texts, variant }) =>
      ((window as unknown as ToastWindow).__toastsShown ?? []).some(
        (t) => texts.every((x) => t.text.includes(x)) && (variant === undefined || t.variant === variant),
      ),
    { texts, variant: opts.variant },
    // Polled on an interval, not on animation frames, which a starved renderer may not draw.
    { polling: 100, timeout: opts.timeout ?? 30_000 },
  );
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
