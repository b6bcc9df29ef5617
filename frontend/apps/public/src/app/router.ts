import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { routes } from './routes';

/**
 * Loads the modules of the pages the address shows, then makes the browser's router. Its first
 * render is then the page itself, not a loading state: exactly the pre-rendered HTML it hydrates.
 * `basename` is where the page's language's addresses start (`/de`): the router reads `/de/blog/x`
 * as `/blog/x` and writes every link under `/de`.
 * `pageLoaded` is false when a module could not be loaded: the router then tries again on its
 * first render, and shows the route error if it fails again.
 */
export async function createSiteRouter(
  table: RouteObject[] = routes,
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  basename = '',
) {
  const matches = matchRoutes(table, location, basename || undefined) ?? [];
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
  const router = createBrowserRouter(table, basename ? { basename } : undefined);
  return { router, pageLoaded: loaded.every(Boolean) };
}

export type SiteRouter = Awaited<ReturnType<typeof createSiteRouter>>['router'];
