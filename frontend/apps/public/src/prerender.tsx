/**
 * Pre-renders the site at build time. Every page of the routing table is rendered to HTML as a
 * visitor's browser first draws it (layout, static text, skeletons where data will go), so the
 * page paints before any script has run; the browser then hydrates that markup. The server picks
 * the file for an address (crates/adapters-http/src/web.rs), `_` standing for any one segment.
 *
 * `scripts/prerender.mjs` runs this module's build in Node and writes the files.
 */

import { type ManifestChunk, pageDocument, scriptsFor } from './prerender/page-document';
import { coverOf, type PageEntry, partsOf, previewOf, sharedParts } from './prerender/page-entries';
import { pageName, titleOf } from './prerender/page-names';
import { pagesToRender } from './prerender/pages';
import { renderPage } from './prerender/render-page';

export {
  COVER_PAINT_MS,
  COVER_WAIT_MS,
  type ManifestChunk,
  pageDocument,
  scriptsFor,
} from './prerender/page-document';
export {
  type PageEntry,
  partsOf,
  previewOf,
  sharedParts,
} from './prerender/page-entries';
export { pageName, titleOf } from './prerender/page-names';
export { ANY_SEGMENT, NOT_FOUND_FILE, type PageToRender, pagesToRender } from './prerender/pages';
export { type EarlyRequests, type RenderedPage, renderPage } from './prerender/render-page';

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
