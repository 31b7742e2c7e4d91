/**
 * Which module renders each route. Every page is its own chunk (React.lazy in app.tsx), so the home
 * page's first load carries only the shell; `satisfies Record<RoutePath, …>` makes a route without a
 * page a compile error.
 */
import type { RoutePath } from '@shared/routes';
import type { ComponentType } from 'react';

export type PageModule = { default: ComponentType };

export const PAGE_LOADERS = {
  '/': () => import('./home-page'),
  '/about': () => import('./about-page'),
  '/gaming': () => import('./gaming-page'),
  '/portfolio': () => import('./portfolio-page'),
  '/yield': () => import('./yield-page'),
  '/security': () => import('./security-page'),
  '/airdrops': () => import('./airdrops-page'),
  '/pump-finder': () => import('./pump-finder-page'),
  '/trading-calls': () => import('./trading-calls-page'),
  '/token-health': () => import('./token-health-page'),
  '/token-analysis': () => import('./token-analysis-page'),
  '/whale-tracker': () => import('./whale-tracker-page'),
  '/trading-journal': () => import('./trading-journal-page'),
  '/liquidity-scanner': () => import('./liquidity-scanner-page'),
} satisfies Record<RoutePath, () => Promise<PageModule>>;

/** Starts loading a page's chunk early (on hover or focus of a link to it); harmless if repeated. */
export function prefetchPage(path: string): void {
  const load = (PAGE_LOADERS as Record<string, (() => Promise<PageModule>) | undefined>)[path];
  load?.().catch(() => {
    // A failed prefetch is retried by the real navigation, which shows the error if it fails again.
  });
}
