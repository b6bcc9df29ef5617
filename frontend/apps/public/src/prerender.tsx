/**
 * Pre-renders the site at build time. Every page of the routing table is rendered to HTML as a
 * visitor's browser first draws it (layout, static text, skeletons where data will go), so the
 * page paints before any script has run; the browser then hydrates that markup. The server picks
 * the file for an address (crates/adapters-http/src/web.rs), `_` standing for any one segment.
 *
 * `scripts/prerender.mjs` runs this module's build in Node and writes the files.
 */

import { PostPreview } from '@atelier/site/post-preview';
import { ProjectPreview } from '@atelier/site/project-preview';
import { starParts } from '@atelier/ui/star-rating';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  MemoryRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { homeParts } from './app/home-parts';
import { createPublicQueryClient } from './app/query-client';
import { type EarlyRequest, type PageHead, pageHandle, routes } from './app/routes';
import { CARD_IMAGE_SIZES, ListPreview } from './components/list-preview';
import { aboutParts } from './features/about/components/about-page';
import { BlogCardPreview } from './features/blog/components/blog-card';
import { footerParts } from './features/layout/components/footer-parts';
import { policyParts } from './features/policies/components/policy-page';
import { ProjectCardPreview } from './features/portfolio/components/project-card';
import { serviceCardParts } from './features/services/components/service-card-parts';
import { loadDeferred } from './lib/deferred';
import { EARLY_REQUESTS_KEY } from './lib/early-requests';
import { SERVER_DATA_ID } from './lib/server-data';
import { PREVIEW_SLOT } from './lib/server-preview';

/** Stands for a dynamic segment (`:slug`) in the path of a pre-rendered page. */
export const ANY_SEGMENT = '_';

/** An address showing the route `pattern`: each `:name` segment becomes `_`. */
const addressOf = (pattern: string) => pattern.replace(/:[^/]+/g, ANY_SEGMENT);

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

/** The API requests a page sends before its scripts arrive. */
export interface EarlyRequests {
  /** The route's pattern: its `:name` segments are read from the address. */
  pattern: string;
  /** The requests, `:name` standing for those segments in their paths. */
  requests: EarlyRequest[];
}

export interface RenderedPage {
  html: string;
  /** The page modules shown, as the build manifest names them. */
  modules: string[];
  early: EarlyRequests;
  /** What the page's route says about it (the innermost page's). */
  head: PageHead;
}

/** The markup of the page at `pattern` before any data has arrived. */
export async function renderPage(pattern: string, table: RouteObject[] = routes) {
  const path = addressOf(pattern);
  const { query, dataRoutes } = createStaticHandler(table);
  const context = await query(new Request(new URL(path, 'http://atelier.invalid')));
  if (context instanceof Response) throw new Error(`${path} answers ${context.status}`);
  // Sections that load apart in the browser (the page's module, loaded now, names them) are in
  // the HTML in full.
  await loadDeferred();
  const router = createStaticRouter(dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <QueryClientProvider client={createPublicQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  const handles = context.matches.flatMap((match) => pageHandle(match.route) ?? []);
  // Each parameter stands for itself (`:slug`), so the paths come out as patterns.
  const patternParams = Object.fromEntries(
    [...pattern.matchAll(/:([^/]+)/g)].map(([segment, name]) => [name, segment]),
  );
  const early = {
    pattern,
    requests: handles.flatMap((handle) => handle.early?.(patternParams) ?? []),
  };
  const head = handles.at(-1)?.head;
  if (!head) throw new Error(`${path} shows no page`);
  return {
    html,
    modules: handles.map((handle) => handle.module),
    early,
    head,
  } satisfies RenderedPage;
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

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** The longest the scripts of a page with a record's cover wait for the cover to be drawn. */
export const COVER_WAIT_MS = 2500;

/**
 * `template` (the built index.html) with the page's markup in `#root`. The page paints from its
 * HTML and stylesheet alone: its scripts (the template's and `scripts`) are requested together
 * once it has (and, on a page the server filled a preview into, once its first picture is drawn),
 * so they do not compete with the stylesheet and the cover for a slow connection.
 */
export const pageDocument = (
  template: string,
  html: string,
  scripts: string[],
  early: EarlyRequests = { pattern: '/', requests: [] },
  head?: { title: string; description: string },
) => {
  const root = '<div id="root"></div>';
  const entry = template.match(ENTRY_SCRIPT);
  if (!entry?.[1] || !template.includes(root) || !template.includes('</body>')) {
    throw new Error('The template has no entry script, no empty #root or no </body>');
  }
  const preloads = [...template.matchAll(MODULE_PRELOAD)].flatMap((match) => match[1] ?? []);
  const modules = [...new Set([...preloads, ...scripts.map((file) => `/${file}`)])];
  const loader = [
    '<script type="module">',
    ...(early.requests.length > 0 ? earlyRequestsScript(early) : []),
    `const entry = ${JSON.stringify(entry[1])};`,
    `const modules = ${JSON.stringify(modules)};`,
    'const start = () => requestAnimationFrame(() => setTimeout(() => {',
    '  for (const href of modules) {',
    "    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));",
    '  }',
    '  import(entry);',
    '}));',
    // A record's cover (a list's first card's picture) the server filled in is the largest thing
    // the page paints: it is drawn before the scripts compete with it, unless it takes longer than
    // COVER_WAIT_MS.
    `const cover = document.querySelector('[${PREVIEW_SLOT}=""] img');`,
    'if (!cover) start();',
    'else {',
    "  const drawn = 'decode' in cover ? cover.decode() : Promise.resolve();",
    `  Promise.race([drawn, new Promise((done) => setTimeout(done, ${COVER_WAIT_MS}))]).catch(() => {}).then(start);`,
    '}',
    '</script>',
  ].join('\n');
  const titled = head
    ? template
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
        .replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
          () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
        )
    : template;
  return titled
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(root, () => `<div id="root">${html}</div>`)
    .replace('</body>', () => `${loader}\n</body>`);
};

/**
 * Sends the page's first API requests at once and keeps them where the HTTP wrapper of
 * `@atelier/api-client/http` takes them from, so the data arrives while the scripts load; the
 * images an answer names are fetched as soon as it arrives.
 */
const earlyRequestsScript = (early: EarlyRequests) => [
  `const early = ${JSON.stringify(early).replaceAll('<', '\\u003c')};`,
  "const segments = location.pathname.split('/');",
  'const params = new Map();',
  "early.pattern.split('/').forEach((part, index) => {",
  "  if (!part.startsWith(':')) return;",
  "  try { params.set(part, decodeURIComponent(segments[index] ?? '')); } catch { params.set(part, ''); }",
  '});',
  // The answers the server embedded in the page (`lib/server-data.ts`) are not asked for again.
  'const embedded = new Set();',
  'try {',
  `  const data = JSON.parse(document.getElementById(${JSON.stringify(SERVER_DATA_ID)})?.textContent || '[]');`,
  '  for (const [key] of data) {',
  '    if (!Array.isArray(key) || typeof key[0] !== "string") continue;',
  // A key with parameters names the address its query asks for, as `@atelier/api-client` writes it.
  "    const query = key[1] && typeof key[1] === 'object' ? new URLSearchParams(Object.entries(key[1]).map(([name, value]) => [name, String(value)])).toString() : '';",
  "    embedded.add(query ? key[0] + '?' + query : key[0]);",
  '  }',
  '} catch {}',
  `window.${EARLY_REQUESTS_KEY} = new Map(early.requests.flatMap(({ path: pattern, images = [] }) => {`,
  '  const path = pattern.replace(/:[^/?]+/g, (name) => params.get(name) ?? name);',
  '  if (embedded.has(path)) return [];',
  "  const request = fetch('/api' + path, { headers: { Accept: 'application/json' } });",
  '  request',
  '    .then((response) => (response.ok && images.length > 0 ? response.clone().json() : {}))',
  '    .then((body) => {',
  '      for (const { field, sizes } of images) {',
  "        const href = typeof body[field] === 'string' ? body[field].trim() : '';",
  '        if (!href) continue;',
  // The server wrote the preload of the cover of the page it filled in: one link is enough.
  "        const written = document.head.querySelectorAll('link[rel=preload][as=image]');",
  "        if ([...written].some((link) => link.getAttribute('href') === href)) continue;",
  "        const link = document.createElement('link');",
  "        link.setAttribute('rel', 'preload');",
  "        link.setAttribute('as', 'image');",
  "        link.setAttribute('href', href);",
  "        link.setAttribute('fetchpriority', 'high');",
  // A library image: the WebP copy the page's srcset will pick, not the original.
  '        const library = (Array.isArray(body.images) ? body.images : []).find((image) =>',
  "          typeof image?.path === 'string' && (href === image.path || href.endsWith(image.path)));",
  "        const srcset = (library?.variants ?? []).map((copy) => copy.url + ' ' + copy.width + 'w').join(', ');",
  '        if (srcset) {',
  "          link.setAttribute('imagesrcset', srcset);",
  "          link.setAttribute('imagesizes', sizes);",
  '        }',
  '        document.head.append(link);',
  '      }',
  '    })',
  '    .catch(() => {});',
  '  return [[path, request]];',
  '}));',
];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const decodeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * The name a page gives itself: its route's title, else its one heading when that is known at
 * build time; the name of a page whose heading is data (a post) is its route's title.
 */
export const pageName = (head: PageHead, html: string): string | undefined => {
  if (head.title) return head.title;
  const headings = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)];
  const text =
    headings.length === 1 ? decodeHtml((headings[0]?.[1] ?? '').replace(/<[^>]*>/g, '')) : '';
  return text.trim() || undefined;
};

/** The title of a page called `name`: the site's name first on the home page, last elsewhere. */
export const titleOf = (pattern: string, name: string) =>
  pattern === '/' ? `${SITE_NAME} | ${name}` : `${name} | ${SITE_NAME}`;

/** The built-in name of the site, until the server fills in the settings' one. */
const SITE_NAME = 'Atelier';

/**
 * One page of the server's list of pre-rendered pages (`pages.json`): the server fills each page's
 * head from it and from the database (title with the settings' site name, description, canonical
 * address, link previews, structured data), and lists its address in the sitemap.
 */
export interface PageEntry {
  /** The route's pattern, e.g. `/blog/:slug`; `/404` for the not-found page. */
  pattern: string;
  file: string;
  /** The page's name, without the site's. */
  name: string;
  description: string;
  /** `false` for a page search engines are asked not to list; absent otherwise. */
  index?: false;
  /**
   * The `sizes` of the record's cover a page draws first (a post's, a project's; a list's first
   * card's): the server writes a preload link of the cover into the page, offering the same copies
   * as its `<img>`.
   */
  coverSizes?: string;
  /**
   * The preview the server fills in and puts into the page's preview slot: a post's and a
   * project's page, the record's; a list's page, the list's, with its first cards (`card`) where
   * it says `{{cards}}` (`@atelier/site/preview` says how).
   */
  preview?: string;
  /** A list's page: one card of its preview, filled in from each of the list's first records. */
  card?: string;
  /**
   * A page whose content the server writes (`/services`): the markup of the pictures it draws that
   * only the build can make (icons), by name.
   */
  parts?: Record<string, string>;
}

/** The pictures the server's content of a page takes from the build, by route pattern. */
const PARTS: Record<string, () => Record<string, ReactElement>> = {
  '/': homeParts,
  '/services': serviceCardParts,
  '/project/:slugOrId': starParts,
  '/about': () => ({ ...aboutParts(), ...starParts() }),
  '/privacy-policy': policyParts('privacy'),
  '/terms-of-service': policyParts('terms'),
  '/cookie-policy': policyParts('cookies'),
};

/** The markup of the parts the server's content of the page at `pattern` draws, when it has any. */
export const partsOf = (pattern: string): Pick<PageEntry, 'parts'> => {
  const parts = PARTS[pattern];
  if (!parts) return {};
  return { parts: markupOf(parts()) };
};

const markupOf = (parts: Record<string, ReactElement>) =>
  Object.fromEntries(
    Object.entries(parts).map(([name, element]) => [name, renderToStaticMarkup(element)]),
  );

/**
 * The pictures every page's footer draws that only the build can make (`footerParts`): `parts` of
 * `pages.json` itself, for the footer the server writes into every page.
 */
export const sharedParts = (): Record<string, string> => markupOf(footerParts());

/** What the server fills into a page's preview slot. */
interface Preview {
  preview: () => ReactElement;
  /** A list's card, filled in once per record. */
  card?: () => ReactElement;
  /** How wide a list's card draws its picture. */
  coverSizes?: string;
}

/** The previews of the pages the server fills in, by route pattern. */
const PREVIEWS: Record<string, Preview> = {
  '/blog/:slug': { preview: () => <PostPreview /> },
  '/project/:slugOrId': { preview: () => <ProjectPreview /> },
  '/blog': {
    preview: () => <ListPreview />,
    card: () => <BlogCardPreview />,
    coverSizes: CARD_IMAGE_SIZES,
  },
  '/portfolio': {
    preview: () => <ListPreview />,
    card: () => <ProjectCardPreview />,
    coverSizes: CARD_IMAGE_SIZES,
  },
};

/** The markup of the page's preview (and a list's card), placeholders and all, when it has one. */
export const previewOf = (pattern: string): Pick<PageEntry, 'preview' | 'card' | 'coverSizes'> => {
  const entry = PREVIEWS[pattern];
  if (!entry) return {};
  const markup = (element: ReactElement) =>
    renderToStaticMarkup(
      <MemoryRouter initialEntries={[addressOf(pattern)]}>{element}</MemoryRouter>,
    );
  return {
    preview: markup(entry.preview()),
    ...(entry.card ? { card: markup(entry.card()) } : {}),
    ...(entry.coverSizes ? { coverSizes: entry.coverSizes } : {}),
  };
};

/** The `sizes` of the first image a page's early requests name: the picture it draws first. */
const coverOf = (early: EarlyRequests): Pick<PageEntry, 'coverSizes'> => {
  const sizes = early.requests.flatMap((request) => request.images ?? [])[0]?.sizes;
  return sizes ? { coverSizes: sizes } : {};
};

/** The file the server reads the list of pre-rendered pages from. */
export const PAGES_FILE = 'pages.json';

/** Every pre-rendered page of the site, and the list of them, as files to write into the build folder. */
export async function renderSite(template: string, manifest: Record<string, ManifestChunk>) {
  const entries: PageEntry[] = [];
  const pages = await Promise.all(
    pagesToRender().map(async ({ pattern, file }) => {
      const { html, modules, early, head } = await renderPage(pattern);
      const name = pageName(head, html);
      if (!name) throw new Error(`${pattern} has neither a title nor one heading`);
      entries.push({
        pattern,
        file,
        name,
        description: head.description,
        ...(head.index === false ? { index: false as const } : {}),
        ...coverOf(early),
        ...previewOf(pattern),
        ...partsOf(pattern),
      });
      const document = pageDocument(template, html, scriptsFor(manifest, modules), early, {
        title: titleOf(pattern, name),
        description: head.description,
      });
      return { file, document };
    }),
  );
  const order = pagesToRender().map((page) => page.pattern);
  entries.sort((a, b) => order.indexOf(a.pattern) - order.indexOf(b.pattern));
  return [
    ...pages,
    {
      file: PAGES_FILE,
      document: `${JSON.stringify({ pages: entries, parts: sharedParts() }, null, 2)}\n`,
    },
  ];
}
