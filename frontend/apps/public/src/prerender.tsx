/**
 * Pre-renders the site at build time. Every page of the routing table is rendered to HTML as a
 * visitor's browser first draws it (layout, static text, skeletons where data will go), so the
 * page paints before any script has run; the browser then hydrates that markup. The server picks
 * the file for an address (crates/adapters-http/src/web.rs), `_` standing for any one segment.
 *
 * Every page is rendered in each language the interface has a catalogue for: English at the build
 * folder's top, every other language in a folder of its own (`de/pages/…`, `de/pages.json`), with
 * `<html lang>` saying it, so that the server can send a page in that language.
 *
 * Each language's `pages.json` also holds the server's own words in it (`words`, see
 * `@atelier/messages/server-words`): the texts the server writes into the pages itself.
 *
 * `scripts/prerender.mjs` runs this module's build in Node and writes the files.
 */

import { activateCatalogue, ENGLISH_CATALOGUE } from '@atelier/messages/intl';
import { loadWholeCatalogue } from '@atelier/messages/load';
import { CATALOGUE_LOCALES, type CatalogueLocale, DEFAULT_LOCALE } from '@atelier/messages/locale';
import { type ServerWords, serverWords } from '@atelier/messages/server-words';
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

/** The languages the build renders the site in: every one with a catalogue, the default first. */
export const SITE_LOCALES: readonly CatalogueLocale[] = CATALOGUE_LOCALES;

/** Where a language's files go in the build folder: the default's at its top, others in `<tag>/`. */
export const localeFolder = (locale: CatalogueLocale) =>
  locale === DEFAULT_LOCALE ? '' : `${locale}/`;

/**
 * Where the addresses of a language's pages start, so where its pre-rendered links point: the
 * default's at `/`, the others' under `/<tag>` (`/de/blog`), as the server sends `dist/de/…` at
 * `/de/…` (a `de-AT` page, sent from the same files, is drawn anew in the browser under its own).
 */
export const localeBasename = (locale: CatalogueLocale) =>
  locale === DEFAULT_LOCALE ? '' : `/${locale}`;

/** The template with `<html lang>` saying `locale`. */
const withLanguage = (template: string, locale: CatalogueLocale) =>
  /<html\b[^>]*\blang="/.test(template)
    ? template.replace(/(<html\b[^>]*\blang=")[^"]*"/, `$1${locale}"`)
    : template.replace(/<html\b/, `<html lang="${locale}"`);

/** The build manifest's name for a language's catalogue chunk, which the page loads at once. */
const catalogueModule = (manifest: Record<string, ManifestChunk>, locale: CatalogueLocale) =>
  Object.keys(manifest).filter((key) => key.endsWith(`messages/compiled/${locale}.json`));

/**
 * Every pre-rendered page of the site in `locale`, and the list of them, as files to write into
 * the build folder (under `localeFolder(locale)`).
 */
export async function renderSite(
  template: string,
  manifest: Record<string, ManifestChunk>,
  locale: CatalogueLocale = DEFAULT_LOCALE,
) {
  const messages = await loadWholeCatalogue(locale);
  activateCatalogue(locale, messages);
  try {
    return await renderSiteIn(template, manifest, locale, serverWords(locale, messages));
  } finally {
    activateCatalogue(DEFAULT_LOCALE, ENGLISH_CATALOGUE);
  }
}

async function renderSiteIn(
  template: string,
  manifest: Record<string, ManifestChunk>,
  locale: CatalogueLocale,
  words: ServerWords,
) {
  const folder = localeFolder(locale);
  const basename = localeBasename(locale);
  const page = withLanguage(template, locale);
  const catalogue = catalogueModule(manifest, locale);
  const entries: PageEntry[] = [];
  const pages = await Promise.all(
    pagesToRender().map(async ({ pattern, file }) => {
      const { html, modules, early, head } = await renderPage(pattern, undefined, {
        tag: locale,
        basename,
      });
      const name = pageName(head, html);
      if (!name) throw new Error(`${pattern} has neither a title nor one heading`);
      entries.push({
        pattern,
        file,
        name,
        description: head.description,
        ...(head.index === false ? { index: false as const } : {}),
        ...coverOf(early),
        ...previewOf(pattern, basename),
        ...partsOf(pattern),
      });
      const document = pageDocument(
        page,
        html,
        scriptsFor(manifest, [...modules, ...catalogue]),
        early,
        {
          title: titleOf(pattern, name),
          description: head.description,
        },
        basename,
      );
      return { file: `${folder}${file}`, document };
    }),
  );
  const order = pagesToRender().map((page) => page.pattern);
  entries.sort((a, b) => order.indexOf(a.pattern) - order.indexOf(b.pattern));
  return [
    ...pages,
    {
      file: `${folder}${PAGES_FILE}`,
      document: `${JSON.stringify({ pages: entries, parts: sharedParts(), words }, null, 2)}\n`,
    },
  ];
}
