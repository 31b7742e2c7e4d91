/** The app shell: providers, layout and the router built from the shared route list. */
import { documentTitle, findRoute, NOT_FOUND_TITLE, ROUTES } from '@shared/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { PageErrorBoundary } from './components/layout/page-error-boundary';
import { PageFallback } from './components/layout/page-fallback';
import { SiteLayout } from './components/layout/site-layout';
import { createQueryClient } from './lib/query-client';
import NotFoundPage from './pages/not-found-page';
import { PAGE_LOADERS } from './pages/registry';

const PAGES: Array<{ path: string; Page: ComponentType }> = ROUTES.map((r) => ({
  path: r.path,
  Page: lazy(PAGE_LOADERS[r.path]),
}));

/** Document title per route, and a fresh page starts at the top unless it targets a section. */
function useRouteEffects() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = documentTitle(findRoute(location)?.title ?? NOT_FOUND_TITLE);
    if (!window.location.hash) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location]);
}

function Routes() {
  useRouteEffects();
  const [location] = useLocation();
  return (
    // Keyed by location so an error on one page does not stick to the next.
    <PageErrorBoundary key={location}>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          {PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} component={Page} />
          ))}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PageErrorBoundary>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLayout>
        <Routes />
      </SiteLayout>
    </QueryClientProvider>
  );
}
