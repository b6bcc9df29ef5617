import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from '@/app/routes';
import { type PageLanguage, PageLanguageProvider } from '@/lib/page-language';

/**
 * The routing table with every lazy page already loaded, so a test sees the page on its first
 * render (the code splitting itself is exercised by the build and the end-to-end tests).
 */
const loadLazyRoutes = async (table: RouteObject[]): Promise<RouteObject[]> =>
  Promise.all(
    table.map(async (route) => {
      const { lazy, children, ...rest } = route;
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      return {
        ...rest,
        ...loaded,
        ...(children ? { children: await loadLazyRoutes(children) } : {}),
      } as RouteObject;
    }),
  );

const eagerRoutes = await loadLazyRoutes(routes);

/**
 * Renders the whole public app at `path`, with a fresh query cache and no retries; on a page of
 * `language` (`/de/…` with basename `/de`) when given.
 */
export const renderRoute = (path: string, language?: PageLanguage) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(eagerRoutes, {
    initialEntries: [path],
    ...(language?.basename ? { basename: language.basename } : {}),
  });
  const result = render(
    <PageLanguageProvider value={language ?? { tag: 'en', basename: '' }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PageLanguageProvider>,
  );
  return { ...result, router };
};
