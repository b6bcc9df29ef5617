/**
 * Pre-renders the site at build time. Every page of the routing table is rendered to HTML as a
 * visitor's browser first draws it (layout, static text, skeletons where data will go), so the
 * page paints before any script has run; the browser then hydrates that markup. The server picks
 * the file for an address (crates/adapters-http/src/web.rs), `_` standing for any one segment.
 *
 * `scripts/prerender.mjs` runs this module's build in Node and writes the files.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { createQueryClient } from './app/query-client';
import { pageHandle, routes } from './app/routes';

/** Stands for a dynamic segment (`:slug`) in the path of a pre-rendered page. */
export const ANY_SEGMENT = '_';

/** The file the server sends for addresses no page matches (with status 404). */
export const NOT_FOUND_FILE = '404.html';

export interface PageToRender {
  /** An address showing the page. */
  path: string;
  /** Where its HTML goes, relative to the build folder. */
  file: string;
}

const joinPath = (parent: string, path: string) =>
  `${parent.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;

/** The routing table's pages: one per route, `_` standing for each dynamic segment. */
export const pagesToRender = (table: RouteObject[] = routes): PageToRender[] => {
  const paths: string[] = [];
  const visit = (list: RouteObject[], parent: string) => {
    for (const route of list) {
      if (route.path === '*') continue;
      const path = route.path === undefined ? parent : joinPath(parent, route.path);
      if (route.children) visit(route.children, path);
      else paths.push(path.replace(/:[^/]+/g, ANY_SEGMENT));
    }
  };
  visit(table, '/');
  return [
    ...paths.map((path) => ({ path, file: `pages${path === '/' ? '/index' : path}.html` })),
    { path: '/404', file: NOT_FOUND_FILE },
  ];
};

export interface RenderedPage {
  html: string;
  /** The page modules shown, as the build manifest names them. */
  modules: string[];
}

/** The markup of the page at `path` before any data has arrived. */
export async function renderPage(path: string, table: RouteObject[] = routes) {
  const { query, dataRoutes } = createStaticHandler(table);
  const context = await query(new Request(new URL(path, 'http://atelier.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}`);
  const router = createStaticRouter(dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const modules = context.matches.flatMap((match) => pageHandle(match.route)?.module ?? []);
  return { html, modules } satisfies RenderedPage;
}

/** A chunk of Vite's build manifest (`.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The script files `modules` need, their imports included, in a stable order. */
export const scriptsFor = (manifest: Record<string, ManifestChunk>, modules: string[]) => {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`The build manifest has no ${module}`);
    visit(module);
  }
  return [...files];
};

/**
 * `template` (the built index.html) with `page`'s markup in `#root` and its page scripts preloaded
 * beside the ones the template already loads, so no request waits for another.
 */
export const pageDocument = (template: string, html: string, scripts: string[]) => {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>')) {
    throw new Error('The template has no empty #root or no </head>');
  }
  const preloads = scripts
    .map((file) => `/${file}`)
    .filter((href) => !template.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    .join('');
  return template
    .replace('</head>', () => `${preloads}</head>`)
    .replace(root, () => `<div id="root">${html}</div>`);
};

/** Every pre-rendered page of the site, as files to write into the build folder. */
export async function renderSite(template: string, manifest: Record<string, ManifestChunk>) {
  return Promise.all(
    pagesToRender().map(async ({ path, file }) => {
      const { html, modules } = await renderPage(path);
      return { file, document: pageDocument(template, html, scriptsFor(manifest, modules)) };
    }),
  );
}
