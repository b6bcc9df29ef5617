import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * Loads the modules of the pages the address shows, then makes the browser's router. Its first
 * render is then the page itself, not a loading state: exactly the pre-rendered HTML it hydrates.
 * `pageLoaded` is false when a module could not be loaded: the router then tries again on its
 * first render, and shows the route error if it fails again.
 */
export async function createSiteRouter(
  table: RouteObject[] = routes,
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
) {
  const matches = matchRoutes(table, location) ?? [];
  const loaded = await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return true;
      try {
        Object.assign(route, await route.lazy());
      } catch {
        return false;
      }
      delete route.lazy;
      return true;
    }),
  );
  return { router: createBrowserRouter(table), pageLoaded: loaded.every(Boolean) };
}

export type SiteRouter = Awaited<ReturnType<typeof createSiteRouter>>['router'];
