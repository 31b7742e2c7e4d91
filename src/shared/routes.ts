/**
 * Every page of the web app (spec §2), in one list shared by the router, the header and the
 * end-to-end tests, so a page cannot be added to one of them and forgotten in the others.
 * `title` is the page's <h1> heading and the first part of the document title.
 */
export type AppRoute = {
  readonly path: string;
  readonly title: string;
  /** Short label for navigation links. */
  readonly navLabel: string;
  /** Whether the header links to it (spec §2, Home: the full-page links). */
  readonly inHeader: boolean;
};

export const APP_NAME = 'FLAB Hub';

export const ROUTES = [
  { path: '/', title: APP_NAME, navLabel: 'Home', inHeader: false },
  { path: '/airdrops', title: 'Airdrop Finder', navLabel: 'Airdrops', inHeader: true },
  { path: '/pump-finder', title: 'Pump Finder', navLabel: 'Pump Finder', inHeader: true },
  { path: '/trading-calls', title: 'Trading Calls', navLabel: 'Trading Calls', inHeader: true },
  { path: '/token-health', title: 'Token Health', navLabel: 'Token Health', inHeader: true },
  { path: '/portfolio', title: 'Portfolio Tracker', navLabel: 'Portfolio', inHeader: true },
  { path: '/yield', title: 'DeFi Yield Optimizer', navLabel: 'DeFi Yields', inHeader: true },
  { path: '/security', title: 'Security Alerts', navLabel: 'Security', inHeader: true },
  { path: '/gaming', title: 'Gaming Arena', navLabel: 'Gaming', inHeader: true },
  { path: '/about', title: 'About FLAB Hub', navLabel: 'About', inHeader: true },
  { path: '/token-analysis', title: 'Complete Token Analysis', navLabel: 'Token Analysis', inHeader: false },
  { path: '/whale-tracker', title: 'Whale Tracker', navLabel: 'Whale Tracker', inHeader: false },
  { path: '/trading-journal', title: 'Trading Journal', navLabel: 'Trading Journal', inHeader: false },
  {
    path: '/liquidity-scanner',
    title: 'Enhanced Liquidity Scanner',
    navLabel: 'Liquidity Scanner',
    inHeader: false,
  },
] as const satisfies readonly AppRoute[];

export type RoutePath = (typeof ROUTES)[number]['path'];

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function findRoute(path: string): AppRoute | undefined {
  return ROUTES.find((r) => r.path === path);
}

/** The heading of a known route; the type guarantees it exists. */
export function routeTitle(path: RoutePath): string {
  return findRoute(path)!.title;
}

/** `{title} · FLAB Hub`; the home page is just the name rather than 'FLAB Hub · FLAB Hub'. */
export function documentTitle(title: string): string {
  return title === APP_NAME ? APP_NAME : `${title} · ${APP_NAME}`;
}
