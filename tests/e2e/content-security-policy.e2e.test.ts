/**
 * The built app under its Content-Security-Policy (ADR 0034): Chromium loads every page — each
 * route, a token's full analysis, the API reference (/api/docs) and the badge — and reports no
 * violation. Violations are caught twice: the page's `securitypolicyviolation` events (installed
 * before any script runs) and Chromium's console messages about the policy.
 */

import type { NetworkInfo } from '@shared/network';
import { ROUTES } from '@shared/routes';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './browser';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 240_000;
const PAGE_TIMEOUT_MS = 60_000;
/** After the page settles, how long late work (polls, lazy chunks) may still trip the policy. */
const SETTLE_MS = 1_500;

let network: NetworkInfo;

const ready = holdE2eSession(async ({ app }) => {
  const res = await fetch(`${app.baseUrl}/api/network`);
  network = (await res.json()) as NetworkInfo;
}, HOOK_TIMEOUT_MS);

type Watched = { violations: string[] };

/** Records every CSP violation the page reports, from before its first script. */
async function watchViolations(page: Page): Promise<Watched> {
  const w: Watched = { violations: [] };
  await page.exposeFunction('__cspViolation', (v: string) => w.violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) w.violations.push(`console: ${m.text()}`);
  });
  return w;
}

async function visit(path: string, waitFor: (page: Page) => Promise<unknown>) {
  const { baseUrl, browser } = ready();
  const { context, page, errors } = await openPage(browser, baseUrl);
  try {
    const w = await watchViolations(page);
    const res = await page.goto(path);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res?.headers()['x-content-type-options']).toBe('nosniff');
    expect(res?.headers()['referrer-policy']).toBeTruthy();
    await waitFor(page);
    await page.waitForTimeout(SETTLE_MS);
    expect(w.violations).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

describe('Content-Security-Policy', () => {
  it.each(ROUTES.map((r) => r.path))(
    '%s loads with no violation',
    async (route) => {
      await visit(route, (page) => page.locator('h1').waitFor());
    },
    PAGE_TIMEOUT_MS,
  );

  it(
    'a token’s full analysis loads with no violation',
    async () => {
      const flab = network.tokens.FLAB as string;
      await visit(`/token-analysis?address=${flab}`, (page) =>
        page
          .getByText(/FLAB Score/i)
          .first()
          .waitFor({ timeout: PAGE_TIMEOUT_MS }),
      );
    },
    PAGE_TIMEOUT_MS * 2,
  );

  it(
    'the API reference (/api/docs) renders with no violation',
    async () => {
      await visit('/api/docs', (page) =>
        page.getByText('FLAB Hub API').first().waitFor({ timeout: PAGE_TIMEOUT_MS }),
      );
    },
    PAGE_TIMEOUT_MS * 2,
  );

  it(
    'the badge opens with no violation and cannot be framed',
    async () => {
      const flab = network.tokens.FLAB as string;
      await visit(`/badge/${flab}.svg`, (page) => page.locator('svg').first().waitFor());
    },
    PAGE_TIMEOUT_MS * 2,
  );
});
