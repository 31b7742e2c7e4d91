/**
 * Issue 24 in the browser: one verdict, said plainly, in the first viewport of a token's analysis
 * at 390 × 844 and 1366 × 900, with no green sub-score on a risky token; FLAB and USDC read "No major
 * risk found" or "Caution" with a reason; a wallet is called a wallet; and no route of the spec is
 * wider than the viewport, with the scenario's honeypot, rug, high-tax and V3-honeypot tokens and the
 * Aerodrome honeypot (HONEYA), Aerodrome rug (RUGA) and V4 NoOp-hook honeypot (NOOP4).
 */
import type { TokenReport } from '@shared/analysis';
import type { NetworkInfo } from '@shared/network';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from './browser';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 300_000;
const DATA_TIMEOUT_MS = 60_000;
/** A test that walks many pages. */
const WALK_TIMEOUT_MS = 300_000;
const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 900 },
} as const;
type Size = keyof typeof SIZES;

/** The routes of spec §2. */
const ROUTES = [
  '/',
  '/about',
  '/gaming',
  '/portfolio',
  '/yield',
  '/security',
  '/airdrops',
  '/pump-finder',
  '/trading-calls',
  '/token-health',
  '/token-analysis',
  '/whale-tracker',
  '/trading-journal',
  '/liquidity-scanner',
] as const;

let network: NetworkInfo;
let risky: { name: string; address: string; verdicts: string[] }[] = [];
let wallet = '';

/** GET an API path of the shared app as JSON. */
const api = <T>(p: string): Promise<T> => ready().api<T>(p);

const ready = holdE2eSession(async ({ app, api }) => {
  network = await api<NetworkInfo>('/api/network');
  const r = network.riskTokens;
  const { HONEY3: honey3, HONEYA: honeyA, RUGA: rugA } = network.tokens;
  // The V4 launches are not among the network's tokens: found the way a user finds them, by symbol.
  const noop4 = (
    await api<{ matches: { address: string; symbol: string }[] }>('/api/tokens/search?q=NOOP4')
  ).matches.find((m) => m.symbol === 'NOOP4')?.address;
  if (!r?.honeypot || !r.rugged || !r.highTax || !honey3 || !honeyA || !rugA || !noop4)
    throw new Error('the scenario has no risk tokens');
  risky = [
    { name: 'honeypot', address: r.honeypot, verdicts: ['honeypot'] },
    { name: 'rugged', address: r.rugged, verdicts: ['rugged'] },
    { name: 'high tax', address: r.highTax, verdicts: ['dangerous'] },
    { name: 'V3 honeypot', address: honey3, verdicts: ['honeypot'] },
    { name: 'Aerodrome honeypot', address: honeyA, verdicts: ['honeypot'] },
    { name: 'Aerodrome rug', address: rugA, verdicts: ['rugged'] },
    { name: 'V4 NoOp-hook honeypot', address: noop4, verdicts: ['honeypot'] },
  ];
  // Warm the engine: the browser then measures the pages, not the first analysis.
  const reports = await Promise.all(
    [...risky.map((t) => t.address), network.tokens.FLAB, network.tokens.USDC].map((a) =>
      api<TokenReport>(`/api/tokens/${a}/report`),
    ),
  );
  wallet = reports[0]?.facts.deployer ?? '';
}, HOOK_TIMEOUT_MS);

async function open(size: Size): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
  const { baseUrl, browser } = ready();
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: SIZES[size],
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, errors, close: () => context.close() };
}

/** How much wider than the viewport the page is (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Settles a page: network quiet (polling pages get a bounded wait) and fonts laid out. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Issue 37: a honeypot's or rugged token's price chart says so over the plot and its change is no
 * green gain. The scenario's honeypot trades, so its chart has candles and must show the mark.
 */
async function expectChartCarriesVerdict(page: Page, name: string) {
  const verdict = await page.getByTestId('verdict-banner').getAttribute('data-verdict');
  if (verdict !== 'honeypot' && verdict !== 'rugged') return;
  const chart = page.getByTestId('price-chart');
  if ((await chart.count()) === 0) return;
  expect(await chart.getAttribute('data-verdict-mark'), name).toBe(verdict);
  if (name !== 'honeypot') return;
  const mark = page.getByTestId('chart-verdict-mark');
  await mark.waitFor({ timeout: DATA_TIMEOUT_MS });
  expect(await mark.textContent(), name).toContain('Honeypot — this price cannot be sold at');
  const change = page.getByTestId('chart-change');
  if ((await change.count()) > 0) expect(await change.getAttribute('class'), name).not.toContain('emerald');
}

describe('the verdict, first and plain', () => {
  for (const size of ['phone', 'desktop'] as const) {
    it(
      `risky tokens: the banner is in the first viewport and no sub-score is green (${size})`,
      async () => {
        const { page, close, errors } = await open(size);
        try {
          for (const t of risky) {
            await page.goto(`/token-analysis?address=${t.address}`);
            const banner = page.getByTestId('verdict-banner');
            await banner.waitFor({ timeout: DATA_TIMEOUT_MS });
            expect(t.verdicts, t.name).toContain(await banner.getAttribute('data-verdict'));
            const box = await banner.boundingBox();
            expect(box, t.name).not.toBeNull();
            // Entirely inside the first screen, without scrolling.
            expect((box?.y ?? 1e9) + (box?.height ?? 0), t.name).toBeLessThanOrEqual(SIZES[size].height);
            await page.getByTestId('score-flab').waitFor({ timeout: DATA_TIMEOUT_MS });
            await settle(page);
            const bands = await page.$$eval('[data-band]', (els) =>
              els.map((e) => e.getAttribute('data-band')),
            );
            expect(bands.length, t.name).toBeGreaterThan(0);
            expect(bands, `${t.name}: a green sub-score`).not.toContain('green');
            expect(await overflow(page), `${t.name}: page wider than the viewport`).toBeLessThanOrEqual(0);
            await expectChartCarriesVerdict(page, t.name);
            if (t.name === 'honeypot') await saveScreenshot(page, `verdict-honeypot-${size}`);
          }
          expect(errors).toEqual([]);
        } finally {
          await close();
        }
      },
      WALK_TIMEOUT_MS,
    );
  }

  it('FLAB and USDC read "No major risk found" or "Caution", with a reason', async () => {
    // USDC's USDC/USDbC Aerodrome pool is listed as a pool it does not price, and is no insider.
    const usdc = await api<TokenReport>(`/api/tokens/${network.tokens.USDC}/report`);
    const stable = usdc.whales.topHolders.filter((h) => h.walletType === 'Liquidity pool (not priced)');
    expect(stable.length).toBeGreaterThan(0);
    expect(usdc.rug.evidence.find((e) => e.check === 'insiders')?.outcome).toBe('pass');
    const { page, close } = await open('phone');
    try {
      for (const symbol of ['FLAB', 'USDC']) {
        // The test scenario's USDC is 20 days old with two dozen holders: it is not an established
        // stablecoin (30 days, 100 holders), but its peg, pool and harmlessness are measured, so its
        // owner's mint reads as Caution with that reason (ADR 0032); the full scenario's USDC is trusted.
        // Its USDC/USDbC Aerodrome pool is not priced (USDbC is no quote asset) but is a pool, never
        // a holder: it counts neither in the top 10 nor as an insider (ADR 0032, 6).
        await page.goto(`/token-analysis?address=${network.tokens[symbol]}`);
        const banner = page.getByTestId('verdict-banner');
        await banner.waitFor({ timeout: DATA_TIMEOUT_MS });
        const label = (await page.getByTestId('verdict-label').textContent())?.trim();
        const why = (await page.getByTestId('verdict-reason').textContent())?.trim();
        expect(['No major risk found', 'Caution'], `${symbol}: ${why}`).toContain(label);
        expect((await page.getByTestId('verdict-reason').textContent())?.length ?? 0, symbol).toBeGreaterThan(
          20,
        );
      }
    } finally {
      await close();
    }
  });

  it('a wallet address is called a wallet, not analysed as a token', async () => {
    expect(wallet).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const { page, close } = await open('phone');
    try {
      await page.goto(`/token-analysis?address=${wallet}`);
      const banner = page.getByTestId('verdict-banner');
      await banner.waitFor({ timeout: DATA_TIMEOUT_MS });
      expect(await banner.getAttribute('data-verdict')).toBe('wallet');
      expect(await page.getByTestId('verdict-label').textContent()).toBe('This is a wallet, not a token');
      await expect.poll(() => page.getByTestId('updated-at').textContent()).toBe('Not analysed');
      // No "N/A N/A" for a name and symbol a wallet does not have, and nothing wider than the phone.
      expect(await page.getByTestId('token-name').textContent()).toBe('Wallet');
      expect(await page.getByTestId('token-symbol').count()).toBe(0);
      expect(await overflow(page), 'wallet page wider than the viewport').toBeLessThanOrEqual(0);
    } finally {
      await close();
    }
  });
});

describe('no page is wider than the viewport', () => {
  for (const size of ['phone', 'desktop'] as const) {
    it(
      `every route of the spec fits at ${SIZES[size].width} px`,
      async () => {
        const { page, close } = await open(size);
        try {
          const wide: string[] = [];
          for (const route of ROUTES) {
            await page.goto(route);
            await settle(page);
            const o = await overflow(page);
            if (o > 0) wide.push(`${route} (+${o} px)`);
          }
          // The journal's Analytics tab, wide on phones once.
          await page.goto('/trading-journal');
          await page.getByRole('tab', { name: 'Analytics' }).click();
          await settle(page);
          const o = await overflow(page);
          if (o > 0) wide.push(`/trading-journal Analytics (+${o} px)`);
          expect(wide).toEqual([]);
        } finally {
          await close();
        }
      },
      WALK_TIMEOUT_MS,
    );
  }

  it(
    'the token tools fit at 390 px with the honeypot, rug, high-tax, V3, Aerodrome and V4 risky tokens',
    async () => {
      const { page, close } = await open('phone');
      try {
        const wide: string[] = [];
        for (const t of risky) {
          for (const route of ['/token-analysis', '/whale-tracker', '/liquidity-scanner', '/token-health']) {
            await page.goto(`${route}?address=${t.address}`);
            await page.getByTestId('verdict-banner').waitFor({ timeout: DATA_TIMEOUT_MS });
            await settle(page);
            const o = await overflow(page);
            if (o > 0) wide.push(`${route} ${t.name} (+${o} px)`);
          }
        }
        expect(wide).toEqual([]);
      } finally {
        await close();
      }
    },
    WALK_TIMEOUT_MS,
  );

  it('search by symbol lists the matches with addresses and verdicts', async () => {
    const { page, close } = await open('desktop');
    try {
      await page.goto('/');
      const input = page.getByTestId('token-search-input').first();
      await input.fill('FLAB');
      await input.press('Enter');
      const match = page.getByTestId('token-search-match').first();
      await match.waitFor({ timeout: DATA_TIMEOUT_MS });
      const text = await match.textContent();
      expect(text).toContain('FLAB');
      expect(text).toMatch(
        /No major risk found|Caution|Dangerous|Unknown|Honeypot|Rugged|verdict not available/,
      );
      await input.fill('NO-SUCH-TOKEN-XYZ');
      await input.press('Enter');
      await page.getByText('No indexed token has the symbol or name').first().waitFor();
    } finally {
      await close();
    }
  });
});
