/**
 * The market pages with the chain stopped: each shows an error, never an empty state. On an app of
 * its own (restored from the shared app's saved chain, as cold-line's is), because freezing the
 * shared app's chain would fail whatever other e2e file runs beside this one.
 */
import path from 'node:path';
import type { DemoWallet } from '@shared/portfolio';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningApp, startApp } from './app-harness';
import { connectBrowser, openPage } from './browser';

const HOOK_TIMEOUT_MS = 240_000;
const TEST_TIMEOUT_MS = 240_000;
/** The first computation of a page's data reads the chain and the index: allow it some time. */
const DATA_TIMEOUT_MS = 60_000;

let app: RunningApp | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({ seedChainDir: path.join(inject('e2eApp').dataDir, 'chain') }),
    connectBrowser(),
  ]);
  // The pages' computations made once with the chain up, as on the shared app when this test ran
  // last in market-tools: the freeze is then met by the chain guard, not by a first computation.
  const demo = await api<DemoWallet>('/api/demo-wallet');
  await Promise.all([
    api(`/api/portfolio/${demo.address}`),
    api('/api/yield-opportunities'),
    api('/api/security-alerts'),
    api('/api/pump-opportunities?timeframe=24h&risk=all'),
    api('/api/airdrops?category=all&search='),
  ]);
}, HOOK_TIMEOUT_MS);

afterAll(async () => {
  await Promise.allSettled([browser?.close(), app?.stop()]);
}, HOOK_TIMEOUT_MS);

const ready = () => {
  if (!app || !browser) throw new Error('app or browser did not start');
  return { app, baseUrl: app.baseUrl, browser };
};

async function api<T>(p: string): Promise<T> {
  const res = await fetch(`${ready().baseUrl}${p}`);
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('Market pages with the chain stopped', () => {
  it(
    'each market page shows an error, never an empty state',
    async () => {
      const { app, baseUrl, browser } = ready();
      const demo = await api<DemoWallet>('/api/demo-wallet');
      const resume = app.pauseChain();
      const { context, page } = await openPage(browser, baseUrl);
      try {
        // The API says so first: 503 chain_unavailable, not an empty 200.
        for (const url of [
          `/api/portfolio/${demo.address}`,
          '/api/yield-opportunities',
          '/api/security-alerts',
          '/api/pump-opportunities?timeframe=24h&risk=all',
          '/api/airdrops?category=all&search=',
        ]) {
          // The guard trusts the last head until a read goes unanswered for 3 s (chain/liveness.ts),
          // so the first answers may still come from before the freeze; then every answer is 503.
          let body: unknown;
          await expect
            .poll(
              async () => {
                const res = await fetch(`${baseUrl}${url}`);
                body = await res.json();
                return res.status;
              },
              { timeout: 10_000, interval: 500, message: url },
            )
            .toBe(503);
          expect((body as { error: { code: string } }).error.code).toBe('chain_unavailable');
        }
        const sawError = async (path: string, empty: RegExp, act?: () => Promise<void>) => {
          await page.goto(path);
          await act?.();
          await page.getByText(/503/).first().waitFor({ timeout: DATA_TIMEOUT_MS });
          expect(await page.getByText(empty).count(), `${path} shows an empty state`).toBe(0);
        };
        await sawError('/portfolio', /You hold nothing|No holdings|No tokens found/i, async () => {
          await page.getByLabel('Wallet address').fill(demo.address);
          await page.getByRole('button', { name: 'Track', exact: true }).click();
        });
        await sawError('/yield', /No opportunities match/i);
        await sawError('/security', /All Clear!|Nothing watched yet/);
        await sawError('/pump-finder', /No Pump Opportunities Found/);
        await sawError('/airdrops', /No Airdrops Found/);
      } finally {
        resume();
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
