import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * Loads the modules of the pages the address shows, then makes the browser's router. Its first
 * render is then the page itself, not a loading state: exactly the pre-rendered HTML it hydrates.
 */
export async function createSiteRouter(
  table: RouteObject[] = routes,
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
) {
  const matches = matchRoutes(table, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete route.lazy;
    }),
  );
  return createBrowserRouter(table);
}

export type SiteRouter = Awaited<ReturnType<typeof createSiteRouter>>;
