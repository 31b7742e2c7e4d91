/**
 * Trader tools end to end, against the built app in Chromium (issue 5): add trades and watch the
 * journal's stats change, export the CSV, post a trading call and see it listed, verify a
 * local test wallet (funded by the local faucet, signing in with Sign-In with Ethereum) and play
 * Target Hunter with scripted clicks until the clock runs out, and see a browser wallet without
 * FLAB play without leaderboard access. Screenshots at desktop and phone widths go to
 * test-results/screenshots/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NetworkInfo } from '@shared/network';
import { MESSAGES } from '@shared/trader-tools';
import type { Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { FAUCET_FLAB } from '../../src/server/trader-tools/local-faucet';
import { openPage, saveScreenshot, VIEWPORTS, waitForToast } from './browser';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 180_000;
const TEST_TIMEOUT_MS = 90_000;

/** A fresh wallet (no trades): the journal starts empty. */
const JOURNAL_WALLET = '0x00000000000000000000000000000000000a11ce';

let network: NetworkInfo | undefined;

const session = holdE2eSession(async ({ api }) => {
  network = await api<NetworkInfo>('/api/network');
  if (!network.flabToken) throw new Error('the scenario has no FLAB token');
}, HOOK_TIMEOUT_MS);

function ready() {
  const s = session();
  if (!network?.flabToken) throw new Error('the scenario has no FLAB token');
  return { ...s, flab: network.flabToken };
}

const statValue = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('[data-stat-value]').textContent();

/** '120000000' → '120,000,000' (as the page shows the balance). */
const grouped = (s: string) => {
  const [i = '0', f] = s.split('.');
  const g = i.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return f ? `${g}.${f.slice(0, 4)}` : g;
};

describe('trading journal', () => {
  it(
    'adds trades, updates the stats, exports the CSV and runs the row actions',
    async () => {
      const { baseUrl, browser, flab } = ready();
      const { context, page, errors } = await openPage(browser, baseUrl);
      try {
        await page.goto('/trading-journal');
        await page.getByRole('heading', { level: 1, name: 'Trading Journal' }).waitFor();
        const walletInput = page.getByLabel('Wallet Address');
        // Prefilled with the default wallet.
        expect(await walletInput.inputValue()).toMatch(/^0x[0-9a-fA-F]{40}$/);
        await walletInput.fill(JOURNAL_WALLET);
        await page.getByText('No Trades Found').waitFor();
        await page.getByText('Start tracking your trades by adding your first entry').waitFor();
        await expect.poll(() => statValue(page, 'stat-total-trades')).toBe('0');

        // An open buy of FLAB.
        await page.getByRole('button', { name: 'Add First Trade' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add New Trade' });
        await dialog.waitFor();
        await dialog.getByLabel('Token Symbol').fill('FLAB');
        await dialog.getByLabel('Token Name').fill('Flab <b>Token</b>');
        await dialog.getByLabel('Token Address').fill(flab);
        await dialog.getByLabel('Trade Type').selectOption('buy');
        await dialog.getByLabel('Quantity').fill('1000');
        await dialog.getByLabel('Entry Price').fill('0.01');
        await dialog.getByLabel('Strategy').selectOption('hold');
        await dialog.getByLabel('Timeframe').selectOption('1w');
        await dialog.getByRole('button', { name: 'Add Trade' }).click();
        await waitForToast(page, [MESSAGES.tradeAdded]);
        await dialog.waitFor({ state: 'hidden' });
        await expect.poll(() => statValue(page, 'stat-total-trades')).toBe('1');
        await expect.poll(() => statValue(page, 'stat-total-volume')).toBe('$10.00');
        // The name is text, not markup.
        await page.getByTestId('trades-table').getByText('Flab <b>Token</b>').waitFor();

        // A closed winning buy: 100 × (0.6 − 0.5) − 1 fee = +$9.
        await page.getByRole('button', { name: 'Add Trade', exact: true }).click();
        await dialog.waitFor();
        await dialog.getByLabel('Token Symbol').fill('DEGEN');
        await dialog.getByLabel('Token Name').fill('Degen');
        await dialog.getByLabel('Token Address').fill(network?.tokens.DEGEN ?? flab);
        await dialog.getByLabel('Quantity').fill('100');
        await dialog.getByLabel('Entry Price').fill('0.5');
        await dialog.getByLabel('Exit Price').fill('0.6');
        await dialog.getByLabel('Fees').fill('1');
        await dialog.getByLabel('Strategy').selectOption('swing');
        await dialog.getByRole('button', { name: 'Add Trade' }).click();
        await dialog.waitFor({ state: 'hidden' });
        await expect.poll(() => statValue(page, 'stat-total-trades')).toBe('2');
        await expect.poll(() => statValue(page, 'stat-win-rate')).toBe('100.0%');
        await expect.poll(() => statValue(page, 'stat-total-volume')).toBe('$60.00');
        await page.getByTestId('trade-row').nth(1).waitFor();
        await saveScreenshot(page, 'trading-journal-desktop', { scrollToTop: false });

        // Open and Closed tabs show the real filtered trades.
        await page.getByRole('tab', { name: 'Open Positions' }).click();
        await expect.poll(() => page.getByTestId('trade-row').count()).toBe(1);
        expect(await page.getByTestId('trade-row').first().textContent()).toContain('FLAB');
        await page.getByRole('tab', { name: 'Closed Trades' }).click();
        await expect.poll(() => page.getByTestId('trade-row').count()).toBe(1);
        expect(await page.getByTestId('trade-row').first().textContent()).toContain('DEGEN');
        expect(await page.getByTestId('trade-row').first().textContent()).toContain('+$9.00');

        // Analytics: metrics, equity curve and strategy performance from the trades.
        await page.getByRole('tab', { name: 'Analytics' }).click();
        const metrics = page.getByTestId('performance-metrics');
        await metrics.waitFor();
        expect(await metrics.textContent()).toContain('Profit Factor∞');
        expect(await metrics.textContent()).toContain('Best Trade+$9.00');
        await page.getByRole('img', { name: /Equity curve ending at/ }).waitFor();
        const strategies = await page.getByTestId('strategy-performance').textContent();
        expect(strategies).toContain('Swing Trading');
        expect(strategies).toContain('Hold');
        await saveScreenshot(page, 'trading-journal-analytics-desktop', { scrollToTop: false });

        // Export CSV: the server's file, formula-safe and complete.
        await page.getByRole('tab', { name: 'All Trades' }).click();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('link', { name: 'Export CSV' }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`trading-journal-${JOURNAL_WALLET}.csv`);
        // The browser runs as a shared server (tests/e2e/global-setup.ts): a remote download has no
        // local path, so save a copy.
        const csvPath = `${fs.mkdtempSync(path.join(os.tmpdir(), 'flab-csv-'))}/journal.csv`;
        await download.saveAs(csvPath);
        const csv = fs.readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, '');
        const lines = csv.trim().split(/\r?\n/);
        expect(lines[0]).toMatch(/^id,entry_date,token_symbol,token_name,token_address,type,quantity/);
        expect(lines).toHaveLength(3);
        expect(csv).toContain('Flab <b>Token</b>');
        expect(csv).toContain(flab);
        expect(lines.find((l) => l.includes('DEGEN'))).toMatch(/,closed,/);

        // Row action 1: close the open FLAB trade with an exit price.
        await page.getByRole('button', { name: 'Update FLAB trade' }).click();
        const update = page.getByRole('dialog', { name: 'Update Trade' });
        await update.getByLabel('Exit Price').fill('0.02');
        await update.getByRole('button', { name: 'Save Changes' }).click();
        await update.waitFor({ state: 'hidden' });
        // 1000 × (0.02 − 0.01) = +$10, so Total P&L = $19.
        await expect.poll(() => statValue(page, 'stat-total-pnl')).toBe('+$19.00');

        // Row action 2: delete, after confirming.
        await page.getByRole('button', { name: 'Delete DEGEN trade' }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete Trade' });
        await confirm.getByRole('button', { name: 'Delete Trade' }).click();
        await confirm.waitFor({ state: 'hidden' });
        await expect.poll(() => statValue(page, 'stat-total-trades')).toBe('1');
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('trading calls', () => {
  it(
    'posts a call and lists it, with stored likes and the missing-address toasts',
    async () => {
      const { baseUrl, browser, flab } = ready();
      const { context, page, errors } = await openPage(browser, baseUrl);
      try {
        await page.goto('/trading-calls');
        await page.getByText('No Trading Calls Yet').waitFor();
        await page.getByRole('button', { name: 'Create First Call' }).click();
        await page.getByLabel('Token Symbol').fill('FLAB');
        await page.getByLabel('Token Name').fill('Flab Token');
        await page.getByLabel('Contract Address').fill(flab);
        await page.getByLabel('Call Type').selectOption('long');
        expect(await page.getByLabel('Confidence (%)').inputValue()).toBe('80');
        expect(await page.getByLabel('Timeframe').inputValue()).toBe('24h');
        // The entry must be within 5% of the pool price when the call is posted (issue 24).
        const report = (await (await fetch(`${baseUrl}/api/tokens/${flab}/report`)).json()) as {
          facts: { pools: { priceUsd: number | null }[] };
        };
        const price = report.facts.pools[0]?.priceUsd ?? 0;
        expect(price).toBeGreaterThan(0.00005);
        await page.getByLabel('Entry Price').fill(price.toFixed(6));
        await page.getByLabel('Target Price').fill('0.002');
        await page.getByLabel('Stop Loss').fill('0.0001');
        await page.getByLabel('Reasoning').fill('Breakout above the range');
        await page.getByRole('button', { name: 'Post Call' }).click();
        await waitForToast(page, [MESSAGES.callCreated]);
        const card = page.getByTestId('call-card').filter({ hasText: 'FLAB' });
        await card.waitFor();
        expect(await card.textContent()).toContain('Breakout above the range');
        await expect.poll(() => statValue(page, 'stat-total-calls')).toBe('1');

        // Likes are stored by the server: the count survives a reload.
        await card.getByRole('button', { name: /^Like/ }).click();
        await expect.poll(() => card.getByTestId('likes').textContent()).toBe('1');
        await card.getByRole('button', { name: /Follow/ }).click();
        await expect.poll(() => card.getByTestId('followers').textContent()).toBe('1');
        await page.reload();
        await expect
          .poll(() => page.getByTestId('call-card').first().getByTestId('likes').textContent())
          .toBe('1');

        // A call without an address: chart and analysis are unavailable.
        await page.getByRole('button', { name: 'New Call' }).click();
        await page.getByLabel('Token Symbol').fill('NOADDR');
        await page.getByLabel('Call Type').selectOption('short');
        await page.getByLabel('Entry Price').fill('1');
        await page.getByLabel('Target Price').fill('0.5');
        await page.getByLabel('Stop Loss').fill('1.5');
        await page.getByRole('button', { name: 'Post Call' }).click();
        const noAddr = page.getByTestId('call-card').filter({ hasText: 'NOADDR' });
        await noAddr.waitFor();
        await noAddr.getByRole('button', { name: 'Chart NOADDR' }).click();
        await waitForToast(page, ['Contract address not available for NOADDR']);
        await noAddr.getByRole('button', { name: 'Analyse NOADDR' }).click();
        await waitForToast(page, ['Contract address not available for analysis']);
        await expect.poll(() => statValue(page, 'stat-total-calls')).toBe('2');
        await saveScreenshot(page, 'trading-calls-desktop', { scrollToTop: false });

        // Analyse with an address opens the analysis page for it.
        await card.getByRole('button', { name: 'Analyse FLAB' }).click();
        await page.waitForURL(`${baseUrl}/token-analysis?address=${flab}`);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('gaming arena', () => {
  it(
    'signs in with the local test wallet (faucet-funded), plays Target Hunter and posts the score',
    async () => {
      const { baseUrl, browser } = ready();
      const { context, page, errors } = await openPage(browser, baseUrl);
      try {
        await page.goto('/gaming');
        await page.getByRole('heading', { level: 1, name: 'Gaming Arena' }).waitFor();
        await page.getByTestId('achievements-legend').waitFor();
        await page.getByTestId('local-wallet-note').waitFor();

        // Validation (spec §5): the player name is required.
        await page.getByRole('button', { name: 'Use Local Test Wallet' }).click();
        await page.getByText('Please enter both wallet address and player name').waitFor();
        await page.getByLabel('Player Name').fill('<i>Local</i> One');

        // The faucet funds a key generated in this browser with real transfers, then the key signs
        // the server's Sign-In with Ethereum message.
        await page.getByRole('button', { name: 'Use Local Test Wallet' }).click();
        await page.getByText(MESSAGES.verified(grouped(FAUCET_FLAB))).waitFor({ timeout: 60_000 });
        await page.getByTestId('verified-banner').waitFor();
        const signed = await page.getByTestId('signed-wallet').inputValue();
        expect(signed).toMatch(/^0x[0-9a-fA-F]{40}$/);
        // The key never left the browser; the chain shows the faucet's FLAB at that address.
        const chainView = (await (await fetch(`${baseUrl}/api/verify-wallet/${signed}`)).json()) as {
          flabBalance: string;
        };
        expect(chainView.flabBalance).toBe(FAUCET_FLAB);

        const panel = page.getByTestId('game-panel');
        await panel.getByRole('button', { name: 'Start Game' }).click();
        // Level 1: three targets, 10 points each.
        await expect.poll(() => page.getByTestId('target').count()).toBe(3);
        for (let i = 0; i < 3; i++) await page.getByTestId('target').first().click();
        // Level 2: min(1 + 3, 8) = 4 targets, 20 points each; hit two of them.
        await expect.poll(() => page.getByTestId('target').count()).toBe(4);
        for (let i = 0; i < 2; i++) await page.getByTestId('target').first().click();
        await expect.poll(() => page.getByTestId('target').count()).toBe(2);
        // The targets stay inside x 10–90 %, y 20–80 %.
        const styles = await page
          .getByTestId('target')
          .evaluateAll((els) =>
            els.map((e) => [
              Number.parseFloat((e as HTMLElement).style.left),
              Number.parseFloat((e as HTMLElement).style.top),
            ]),
          );
        for (const [x, y] of styles) {
          expect(x).toBeGreaterThanOrEqual(10);
          expect(x).toBeLessThanOrEqual(90);
          expect(y).toBeGreaterThanOrEqual(20);
          expect(y).toBeLessThanOrEqual(80);
        }
        await saveScreenshot(page, 'gaming-playing-desktop', { scrollToTop: false });

        // 30 s + 5 s for the cleared round, on the real clock: the server checks the score against
        // the time it saw since it started the game.
        await page.getByTestId('game-over').waitFor({ timeout: 60_000 });
        expect(await page.getByTestId('final-score').textContent()).toBe('70');
        await waitForToast(page, [MESSAGES.scoreSubmitted]);
        const entry = page.getByTestId('leaderboard-entry').filter({ hasText: '<i>Local</i> One' });
        await entry.waitFor();
        expect(await entry.getByTestId('entry-score').textContent()).toBe('70');
        await saveScreenshot(page, 'gaming-desktop', { scrollToTop: false });

        // Play Again restarts at score 0, level 1, 3 targets, 30 s (a new server game).
        await page.getByRole('button', { name: 'Play Again' }).click();
        await expect.poll(() => page.getByTestId('target').count()).toBe(3);
        expect(await panel.textContent()).toContain('30s');
        // Targets are buttons: reachable and operable from the keyboard.
        await page.getByTestId('target').first().focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => page.getByTestId('target').count()).toBe(2);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'signs in a browser wallet (EIP-1193) without FLAB: practice play, no leaderboard access',
    async () => {
      const { baseUrl, browser } = ready();
      const { context, page, errors } = await openPage(browser, baseUrl);
      try {
        // A stand-in browser wallet: window.ethereum whose personal_sign is done by a key held here.
        const account = privateKeyToAccount(generatePrivateKey());
        await page.exposeFunction('__testWalletSign', (hex: string) =>
          account.signMessage({ message: { raw: hex as `0x${string}` } }),
        );
        await page.addInitScript((address: string) => {
          const w = window as unknown as {
            ethereum: unknown;
            __testWalletSign(hex: string): Promise<string>;
          };
          w.ethereum = {
            request: async ({ method, params }: { method: string; params?: unknown[] }) => {
              if (method === 'eth_requestAccounts') return [address];
              if (method === 'personal_sign') return w.__testWalletSign(String(params?.[0]));
              throw new Error(`unsupported ${method}`);
            },
          };
        }, account.address);
        await page.goto('/gaming');
        await page.getByLabel('Player Name').fill('Nobody');
        await page.getByRole('button', { name: 'Sign In with Wallet' }).click();
        await page.getByText(MESSAGES.noFlab).waitFor();
        expect(await page.getByTestId('signed-wallet').inputValue()).toBe(account.address);
        expect(await page.getByTestId('verified-banner').count()).toBe(0);
        await page.getByTestId('practice-note').waitFor();
        // The server agrees: signed in, and a score is refused for lack of FLAB.
        const session = await page.evaluate(async () => (await fetch('/api/auth/session')).json());
        expect(session).toMatchObject({ signedIn: true, walletAddress: account.address.toLowerCase() });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});

describe('phone layout', () => {
  it.each([
    ['/trading-journal', 'trading-journal'],
    ['/trading-calls', 'trading-calls'],
    ['/gaming', 'gaming'],
  ] as const)(
    '%s fits a phone screen',
    async (route, name) => {
      const { baseUrl, browser } = ready();
      const { context, page, errors } = await openPage(browser, baseUrl, 'phone');
      try {
        await page.goto(route);
        await page.locator('h1').waitFor();
        if (route === '/trading-journal') {
          await page.getByLabel('Wallet Address').fill(JOURNAL_WALLET);
          await page.getByTestId('trade-card').first().waitFor();
        }
        if (route === '/trading-calls') await page.getByTestId('call-card').first().waitFor();
        if (route === '/gaming') await page.getByTestId('leaderboard-entry').first().waitFor();
        // No horizontal scrolling of the page itself (wide tables scroll in their own box).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(overflow).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        await saveScreenshot(page, `${name}-phone`, { scrollToTop: false });
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    TEST_TIMEOUT_MS,
  );
});
