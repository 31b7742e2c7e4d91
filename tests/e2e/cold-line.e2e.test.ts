/**
 * Issue 38 item 2 in the browser: a token page follows the server's fair line. On an app of its own
 * with one cold slot, a short wait before the 202 and a small allowance, a new token's page says
 * "In line: N ahead, about N s" while others are analysed first, and one asked past the allowance
 * says "You can try again in N s" — both as a polite status, never an error or a status code — and
 * each page then shows its verdict by itself, without a click.
 */
import path from 'node:path';
import type { NetworkInfo } from '@shared/network';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, getAddress, http, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RunningApp, startApp } from './app-harness';
import { connectBrowser, saveScreenshot } from './browser';

const HOOK_TIMEOUT_MS = 240_000;
const TEST_TIMEOUT_MS = 180_000;
/** The allowance: cold analyses per minute from one address (the browser and this file share one). */
const RATE_PER_MIN = 6;

let app: RunningApp | undefined;
let browser: Browser | undefined;
let tokens: string[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({
      // The shared app's saved chain: this app restores and indexes it instead of building its own.
      seedChainDir: path.join(inject('e2eApp').dataDir, 'chain'),
      env: {
        COLD_CONCURRENCY: '1',
        COLD_QUEUE_WAIT_MS: '100',
        COLD_RATE_PER_MIN: String(RATE_PER_MIN),
      },
    }),
    connectBrowser(),
  ]);
  tokens = await neverSeenTokens(app.baseUrl);
}, HOOK_TIMEOUT_MS);

/**
 * ERC-20s nobody asked about: the app analyses the scenario's tokens as it starts, but not the
 * Uniswap V2 pairs, which are ERC-20s too (LP tokens), so each is a cold analysis. Read from the
 * factory on the chain, not through the API, so finding them spends none of the allowance.
 */
async function neverSeenTokens(baseUrl: string): Promise<string[]> {
  const network = (await (await fetch(`${baseUrl}/api/network`)).json()) as NetworkInfo;
  if (!network.rpcUrl) throw new Error('the app runs no embedded chain');
  const chain = createPublicClient({ transport: http(network.rpcUrl) });
  const factory = getAddress(network.contracts.uniswapV2Factory);
  const abi = parseAbi([
    'function allPairsLength() view returns (uint256)',
    'function allPairs(uint256) view returns (address)',
  ]);
  const n = await chain.readContract({ address: factory, abi, functionName: 'allPairsLength' });
  const pairs = await Promise.all(
    Array.from({ length: Math.min(Number(n), 20) }, (_, i) =>
      chain.readContract({ address: factory, abi, functionName: 'allPairs', args: [BigInt(i)] }),
    ),
  );
  return pairs.map((p) => p.toLowerCase());
}

afterAll(async () => {
  await Promise.allSettled([browser?.close(), app?.stop()]);
}, HOOK_TIMEOUT_MS);

const ask = (address: string) => fetch(`${app?.baseUrl}/api/tokens/${address}/report`);

async function openAnalysis(address: string): Promise<{ page: Page; close: () => Promise<void> }> {
  if (!browser || !app) throw new Error('app or browser did not start');
  const context = await browser.newContext({
    baseURL: app.baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(`/token-analysis?address=${address}`);
  return { page, close: () => context.close() };
}

/** The page's text never shows a wait as an error or a status code. */
async function expectNoRawWait(page: Page) {
  const body = (await page.locator('main').textContent()) ?? '';
  expect(body).not.toMatch(/\b(202|429|503)\b/);
  expect(await page.getByRole('alert').count()).toBe(0);
}

describe('a token page follows the fair line', () => {
  it(
    'says its place in line, then continues by itself',
    async () => {
      expect(tokens.length).toBeGreaterThanOrEqual(RATE_PER_MIN + 2);
      // Others' analyses first: the one slot is busy with them, so the page's token waits its turn.
      const ahead = tokens.slice(0, RATE_PER_MIN - 2);
      const pending = ahead.map((a) => ask(a).then((r) => r.body?.cancel()));
      const { page, close } = await openAnalysis(tokens[RATE_PER_MIN - 2] as string);
      try {
        const status = page.locator('[data-testid="wait-status"][data-wait="queued"]');
        await status.waitFor({ timeout: 30_000 });
        expect(await status.getAttribute('role')).toBe('status');
        expect(await page.getByTestId('wait-words').textContent()).toMatch(
          /^In line: (next|\d+ ahead), about \d+ s$/,
        );
        await expectNoRawWait(page);
        await saveScreenshot(page, 'cold-line-queued-phone');
        await page.getByTestId('verdict-banner').waitFor({ timeout: 60_000 });
        expect(await page.getByTestId('wait-status').count()).toBe(0);
      } finally {
        await close();
        await Promise.allSettled(pending);
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'past the allowance, says when the next analysis is allowed, counts down and asks again by itself',
    async () => {
      // Spend what is left of the allowance: a 429 that says "wait several seconds" marks a token
      // the page then asks for (a nearly refilled one is waited out and spent, so the page's ask
      // cannot find the allowance back).
      let refused: string | undefined;
      for (const a of tokens.slice(RATE_PER_MIN - 1)) {
        let res = await ask(a);
        await res.body?.cancel();
        const wait = Number(res.headers.get('retry-after'));
        if (res.status === 429 && wait >= 5) {
          refused = a;
          break;
        }
        if (res.status === 429) {
          await new Promise((r) => setTimeout(r, wait * 1000));
          res = await ask(a);
          await res.body?.cancel();
        }
      }
      expect(refused, 'the allowance was never spent').toBeDefined();
      const { page, close } = await openAnalysis(refused as string);
      try {
        const status = page.locator('[data-testid="wait-status"][data-wait="limited"]');
        await status.waitFor({ timeout: 30_000 });
        const first = await page.getByTestId('wait-words').textContent();
        expect(first).toMatch(/^You can try again in \d+ s$/);
        await expectNoRawWait(page);
        await saveScreenshot(page, 'cold-line-limited-phone');
        // The countdown moves, and the page gets its answer with no click once the time has come.
        await expect
          .poll(() => page.getByTestId('wait-words').textContent(), { timeout: 5_000 })
          .not.toBe(first);
        await page.getByTestId('verdict-banner').waitFor({ timeout: 90_000 });
      } finally {
        await close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
