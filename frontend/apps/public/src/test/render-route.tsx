import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from '@/app/routes';

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

/** Renders the whole public app at `path`, with a fresh query cache and no retries. */
export const renderRoute = (path: string) => {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(eagerRoutes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router };
};
