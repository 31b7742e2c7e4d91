/**
 * Every route at a phone (390 px) and a desktop (1366 px) width, audited by axe-core in Chromium
 * (issue 21): no colour-contrast violation (small text at AA, ≥ 4.5:1) and no form control or
 * image without a label. axe-core is injected into the page from node_modules (no network).
 */
import { createRequire } from 'node:module';
import { ROUTES } from '@shared/routes';
import { describe, expect, it } from 'vitest';
import { holdE2eSession } from './session';

const HOOK_TIMEOUT_MS = 180_000;
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
/** axe rules the issue names: contrast, and every kind of missing label. */
const RULES = [
  'color-contrast',
  'label',
  'button-name',
  'link-name',
  'image-alt',
  'input-button-name',
  'select-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
];
const WIDTHS = [390, 1366] as const;

const ready = holdE2eSession(undefined, HOOK_TIMEOUT_MS);

type Violation = { id: string; nodes: { target: string[]; failureSummary?: string }[] };

describe('accessibility audit (axe-core)', () => {
  const cases = ROUTES.flatMap((r) => WIDTHS.map((w) => [r.path, w] as const));
  it.each(cases)('%s at %i px has no contrast or label violation', async (route, width) => {
    const { baseUrl, browser } = ready();
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width, height: 900 },
      reducedMotion: 'reduce',
      // axe is injected as an inline script, which the app's CSP rightly refuses; the CSP itself is
      // audited by content-security-policy.e2e.test.ts.
      bypassCSP: true,
    });
    try {
      const page = await context.newPage();
      await page.goto(route);
      await page.locator('h1').waitFor();
      // Let the first queries settle so the audit sees the page as a visitor does.
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.addScriptTag({ path: AXE_PATH });
      const violations = (await page.evaluate(async (rules) => {
        const axe = (
          window as unknown as { axe: { run: (...a: unknown[]) => Promise<{ violations: unknown[] }> } }
        ).axe;
        const r = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
        return r.violations;
      }, RULES)) as Violation[];
      const report = violations.flatMap((v) =>
        v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`),
      );
      expect(report).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
