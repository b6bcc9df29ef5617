//! The pages the build pre-renders: one per route of the routing table, and the not-found page.
import type { RouteObject } from 'react-router';
import { routes } from '../app/routes';

/** Stands for a dynamic segment (`:slug`) in the path of a pre-rendered page. */
export const ANY_SEGMENT = '_';

/** An address showing the route `pattern`: each `:name` segment becomes `_`. */
export const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, ANY_SEGMENT);

/** The file the server sends for addresses no page matches (with status 404). */
export const NOT_FOUND_FILE = '404.html';

export interface PageToRender {
  /** The route's pattern, e.g. `/blog/:slug`. */
  pattern: string;
  /** An address showing the page. */
  path: string;
  /** Where its HTML goes, relative to the build folder. */
  file: string;
}

const joinPath = (parent: string, path: string) =>
  `${parent.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;

/** The routing table's pages: one per route, `_` standing for each dynamic segment. */
export const pagesToRender = (table: RouteObject[] = routes): PageToRender[] => {
  const patterns: string[] = [];
  const visit = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const pattern = route.path === undefined ? parent : joinPath(parent, route.path);
      if (route.children) visit(route.children, pattern);
      else patterns.push(pattern);
    }
  };
  visit(table, '/');
  return [
    ...patterns.map((pattern) => {
      const path = addressOf(pattern);
      return { pattern, path, file: `pages${path === '/' ? '/index' : path}.html` };
    }),
    { pattern: '/404', path: '/404', file: NOT_FOUND_FILE },
  ];
};
